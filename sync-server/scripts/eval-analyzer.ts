// `npm run eval [-- <corpus folders>] [--ocr engine] [--pages-cache dir] [--json] [--details]`
// Analyzes every packet of each corpus (a folder with packets/ and truth.json; default the public
// ../shared/corpus and the real-document ../shared/corpus-real), scores the predictions with the
// corpus's score.mjs (or ../corpus/score.mjs beside it, as corpus-real expects), and prints one
// table: split F1, type accuracy, key fields F1 (text / scanned), pre-flight flags, the expected
// calibration error of the confidences the analyzer gives (types, boundaries, fields) and pages/s.
// --details adds the reliability tables and the most missed fields. CORPUS_DIR still names one corpus.
// --fit analyzes with raw scores, fits the calibration curves on all the corpora given and writes
// them to src/analyzer/calibration-curves.ts (then run eval again to see the calibrated figures).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type AnalyzeFilesOptions, analyzeFiles, listPdfs } from '../src/analyzer/cli.js';
import { type Observation, expectedCalibrationError, fitIsotonic, reliabilityTable } from '../src/analyzer/calibration.js';
import { DEFAULT_OCR_ENGINE } from '../src/analyzer/parse/ocr/engine.js';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    json: { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
    ocr: { type: 'string' },
    'pages-cache': { type: 'string' },
    threads: { type: 'string' },
    fit: { type: 'boolean', default: false },
  },
});
const corpora = positionals.length ? positionals.map((p) => resolve(p)) : process.env.CORPUS_DIR ? [resolve(process.env.CORPUS_DIR)] : [join(repo, '../shared/corpus'), join(repo, '../shared/corpus-real')];
const ocr = (values.ocr ?? process.env.OCR_ENGINE ?? DEFAULT_OCR_ENGINE) as AnalyzeFilesOptions['ocr'];

interface TruthDoc {
  pages: number[];
  docType: string;
  scanned?: boolean;
  keyData?: Record<string, unknown>;
}
interface Truth {
  packet: string;
  documents: TruthDoc[];
  flags?: { page: number; code: string }[];
}
interface PredDoc {
  pages: number[];
  docType: string;
  keyData: Record<string, unknown>;
  confidence: number;
  boundaryConfidence: number;
  fields?: Record<string, { confidence: number }>;
}
interface Pred {
  packet: string;
  documents: PredDoc[];
  boundaries?: { page: number; score: number; confidence: number }[];
}

// The scorer's own comparison (score.mjs, a script that runs on import, so not importable), for
// telling which confidences were right.
const norm = (s: unknown) => String(s ?? '').normalize('NFC').toLowerCase().replace(/[\s,.;:]+/g, ' ').trim();
const normAddr = (s: unknown) => String(s ?? '').normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
function sameValue(field: string, t: unknown, p: unknown): boolean {
  if (p === undefined || p === null || p === '') return false;
  if (Array.isArray(t)) return Array.isArray(p) && p.length === t.length && t.map(norm).sort().every((x, i) => x === p.map(norm).sort()[i]);
  if (t && typeof t === 'object') {
    const tm = t as { amount: string; currency: string };
    const pm = p as { amount?: string; currency?: string };
    return typeof p === 'object' && Math.abs(Number(tm.amount) - Number(String(pm.amount).replace(/,/g, ''))) < 0.005 && String(pm.currency).toUpperCase() === tm.currency;
  }
  if (/address/i.test(field)) return normAddr(t) === normAddr(p);
  if (/^\d{4}-\d{2}-\d{2}$/.test(String(t))) return String(p).trim() === t;
  return norm(t) === norm(p);
}

const key = (pages: number[]) => [...pages].sort((a, b) => a - b).join(',');

/** Each confidence the analyzer gave, with whether it was right. */
function observations(truth: Truth[], preds: Pred[]): Record<'type' | 'boundary' | 'field', Observation[]> {
  const out: Record<'type' | 'boundary' | 'field', Observation[]> = { type: [], boundary: [], field: [] };
  const byName = new Map(preds.map((p) => [basename(p.packet), p]));
  for (const t of truth) {
    const p = byName.get(basename(t.packet));
    if (!p) continue;
    const blank = new Set((t.flags ?? []).filter((f) => f.code === 'blank_page').map((f) => f.page));
    const starts = new Set(t.documents.map((d) => Math.min(...d.pages)));
    for (const b of p.boundaries ?? []) if (!blank.has(b.page)) out.boundary.push({ confidence: b.confidence, right: b.score > 0 === starts.has(b.page) });
    const tDocs = new Map(t.documents.map((d) => [key(d.pages), d]));
    for (const d of p.documents) {
      const td = tDocs.get(key(d.pages.filter((n) => !blank.has(n))));
      if (!td) continue;
      out.type.push({ confidence: d.confidence, right: td.docType === d.docType });
      if (td.docType !== d.docType) continue;
      for (const [f, v] of Object.entries(d.keyData ?? {})) {
        const c = d.fields?.[f]?.confidence;
        if (c !== undefined) out.field.push({ confidence: c, right: f in (td.keyData ?? {}) && sameValue(f, td.keyData![f], v) });
      }
    }
  }
  return out;
}

interface Row {
  corpus: string;
  packets: number;
  pages: number;
  seconds: number;
  score: {
    split: { f1: number };
    type: { accuracyOfFound: number; pageAccuracy: number };
    fields: { all: { f1: number }; text: { f1: number }; scanned: { f1: number } };
    flags: Record<string, { precision: number; recall: number }>;
    worstFields: [string, number][];
  };
  ece: Record<string, number>;
  reliability: Record<string, ReturnType<typeof reliabilityTable>>;
}

const rows: Row[] = [];
const fitObs: Record<'type' | 'boundary' | 'field', Observation[]> = { type: [], boundary: [], field: [] };
for (const corpus of corpora) {
  const files = listPdfs([join(corpus, 'packets')]);
  const t0 = performance.now();
  const preds = (await analyzeFiles(files, { ocr, pagesCache: values['pages-cache'], threads: values.threads ? Number(values.threads) : undefined, details: true, rawConfidence: values.fit })) as (Pred & { pageCount?: number })[];
  const seconds = (performance.now() - t0) / 1000;
  const dir = mkdtempSync(join(tmpdir(), 'analyzer-eval-'));
  const predictions = join(dir, 'predictions.json');
  writeFileSync(predictions, JSON.stringify(preds));
  const scorer = [join(corpus, 'score.mjs'), join(corpus, '../corpus/score.mjs')].find((f) => existsSync(f));
  if (!scorer) throw new Error(`no score.mjs in ${corpus} nor beside it`);
  const scored = spawnSync(process.execPath, [scorer, predictions, join(corpus, 'truth.json'), '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (scored.status !== 0) {
    process.stderr.write(scored.stderr);
    process.exit(1);
  }
  const truth = JSON.parse(readFileSync(join(corpus, 'truth.json'), 'utf8')) as Truth[];
  const obs = observations(truth, preds);
  const all = [...obs.type, ...obs.boundary, ...obs.field];
  for (const k of ['type', 'boundary', 'field'] as const) fitObs[k].push(...obs[k]);
  rows.push({
    corpus: basename(corpus),
    packets: files.length,
    pages: preds.reduce((s, p) => s + (p.pageCount ?? 0), 0),
    seconds,
    score: JSON.parse(scored.stdout),
    ece: { type: expectedCalibrationError(obs.type), boundary: expectedCalibrationError(obs.boundary), field: expectedCalibrationError(obs.field), all: expectedCalibrationError(all) },
    reliability: { type: reliabilityTable(obs.type), boundary: reliabilityTable(obs.boundary), field: reliabilityTable(obs.field) },
  });
  if (!values.json) console.error(`${basename(corpus)}: ${files.length} packets in ${seconds.toFixed(1)} s; predictions in ${predictions}`);
}

if (values.fit) {
  const curves = { type: fitIsotonic(fitObs.type, 8), boundary: fitIsotonic(fitObs.boundary, 8), field: fitIsotonic(fitObs.field, 12) };
  const file = join(repo, 'sync-server/src/analyzer/calibration-curves.ts');
  const body = readFileSync(file, 'utf8').replace(/export const CALIBRATION_CURVES[\s\S]*$/, `export const CALIBRATION_CURVES: { type: Curve; boundary: Curve; field: Curve } = ${JSON.stringify(curves)};\n`);
  writeFileSync(file, body);
  console.error(`calibration curves fitted on ${fitObs.type.length} types, ${fitObs.boundary.length} boundaries and ${fitObs.field.length} fields, written to ${file}; the table below is of raw scores`);
}

if (values.json) {
  console.log(JSON.stringify(rows, null, 2));
} else {
  const pct = (x: number | undefined) => (x === undefined ? '—' : `${(x * 100).toFixed(1)}%`);
  const flagCell = (r: Row, code: string, k: 'precision' | 'recall') => pct(r.score.flags[code]?.[k]);
  const header = ['corpus', 'split F1', 'type', 'type/page', 'fields F1', 'text', 'scanned', 'low_dpi R', 'blank P', 'dup R', 'ECE type', 'ECE bound.', 'ECE field', 'ECE all', 'pages/s'];
  const table = rows.map((r) => [
    r.corpus,
    pct(r.score.split.f1),
    pct(r.score.type.accuracyOfFound),
    pct(r.score.type.pageAccuracy),
    pct(r.score.fields.all.f1),
    pct(r.score.fields.text.f1),
    pct(r.score.fields.scanned.f1),
    flagCell(r, 'low_dpi', 'recall'),
    flagCell(r, 'blank_page', 'precision'),
    flagCell(r, 'duplicate_page', 'recall'),
    r.ece.type!.toFixed(3),
    r.ece.boundary!.toFixed(3),
    r.ece.field!.toFixed(3),
    r.ece.all!.toFixed(3),
    values['pages-cache'] ? `(cached) ${(r.pages / r.seconds).toFixed(1)}` : (r.pages / r.seconds).toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
  console.log(`OCR: ${ocr}. ECE: expected calibration error over 10 bins (0 = a confidence of 0.8 is right 80% of the time).`);
  if (values.details) {
    for (const r of rows) {
      console.log(`\n${r.corpus}: most missed ${r.score.worstFields.map(([f, n]) => `${f}×${n}`).join(' ')}`);
      for (const [kind, table] of Object.entries(r.reliability)) {
        console.log(`  reliability of ${kind} confidences (bin: count, mean confidence → share right)`);
        for (const b of table) if (b.count) console.log(`    ${b.from.toFixed(1)}–${b.to.toFixed(1)}: ${String(b.count).padStart(4)}  ${b.confidence.toFixed(2)} → ${b.accuracy.toFixed(2)}`);
      }
    }
  }
}
