// `npm run eval [-- <corpus folders>] [--cv] [--ocr engine] [--pages-cache dir] [--json] [--details]`
// Analyzes every packet of each corpus (a folder with packets/ and truth.json; default the public
// ../shared/corpus, the real-document ../shared/corpus-real and the project's own real documents in
// test/eval/real), scores the predictions with the corpus's score.mjs (or ../shared/corpus/score.mjs),
// and prints one table: split F1, type accuracy, key fields F1 (text / scanned), pre-flight flags,
// the expected calibration error of the confidences the analyzer gives (types, boundaries, fields)
// and pages/s. --details adds the reliability tables and the most missed fields.
// --cv adds a cross-validated row per corpus: leave-one-source-out. Every learned part (the type
// model's real documents, the calibration curves) is fitted again without the documents of the
// sources of the packet under test (a source is a document's meta.source.repository; a corpus without
// sources is one source), so the row says what the analyzer does on documents it never learnt from.
// --fit analyzes with raw scores, fits the calibration curves on all the corpora given and writes
// them to src/analyzer/calibration-curves.ts (then run eval again to see the calibrated figures);
// with --cv, on the cross-validated raw scores.
// --write-real-documents writes the labelled real documents' page texts (as read) to
// src/analyzer/classify/model/real-documents.json, the real half of the model's training set
// (then `npx tsx sync-server/scripts/build-analyzer-model.ts`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type ConfidenceKind, type Curve, type Observation, expectedCalibrationError, fitIsotonic, reliabilityTable } from '../src/analyzer/calibration.js';
import { officialCatalogue } from '../src/analyzer/catalogue.js';
import { DocumentClassifier } from '../src/analyzer/classify/index.js';
import { TypeModel } from '../src/analyzer/classify/model.js';
import { DEFAULT_TRAINING, type LabelledDocument, generatedExamples, trainTypeModel } from '../src/analyzer/classify/training.js';
import { type AnalyzeFilesOptions, type FileReading, type Prediction, listPdfs, predictReading, readFiles } from '../src/analyzer/cli.js';
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
    cv: { type: 'boolean', default: false },
    'write-real-documents': { type: 'boolean', default: false },
    'real-weight': { type: 'string' },
    'real-min-sources': { type: 'string' },
    'real-fallback-weight': { type: 'string' },
  },
});
const defaults = [join(repo, '../shared/corpus'), join(repo, '../shared/corpus-real'), join(repo, 'test/eval/real')].filter((c) => existsSync(join(c, 'truth.json')));
const corpora = positionals.length ? positionals.map((p) => resolve(p)) : process.env.CORPUS_DIR ? [resolve(process.env.CORPUS_DIR)] : defaults;
// The training recipe's knobs, to try another setting under cross-validation before shipping it.
const training = {
  ...DEFAULT_TRAINING,
  ...(values['real-weight'] ? { realWeight: Number(values['real-weight']) } : {}),
  ...(values['real-min-sources'] ? { realMinSources: Number(values['real-min-sources']) } : {}),
  ...(values['real-fallback-weight'] ? { realFallbackWeight: Number(values['real-fallback-weight']) } : {}),
};
const ocr = (values.ocr ?? process.env.OCR_ENGINE ?? DEFAULT_OCR_ENGINE) as AnalyzeFilesOptions['ocr'];

interface TruthDoc {
  pages: number[];
  docType: string;
  scanned?: boolean;
  keyData?: Record<string, unknown>;
  meta?: { source?: { repository?: string }; fromSingle?: string };
}
interface Truth {
  packet: string;
  documents: TruthDoc[];
  flags?: { page: number; code: string }[];
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

type Observations = Record<ConfidenceKind, Observation[]>;
const noObservations = (): Observations => ({ type: [], boundary: [], field: [] });

/** Each confidence the analyzer gave for one packet, with whether it was right. */
function observations(t: Truth, p: Prediction): Observations {
  const out = noObservations();
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
  return out;
}

function merge(into: Observations, from: Observations): Observations {
  for (const k of ['type', 'boundary', 'field'] as const) into[k].push(...from[k]);
  return into;
}

const fitCurves = (o: Observations): Record<ConfidenceKind, Curve> => ({ type: fitIsotonic(o.type, 8), boundary: fitIsotonic(o.boundary, 8), field: fitIsotonic(o.field, 12) });

interface Packet {
  corpus: string;
  file: string;
  truth: Truth;
  reading: FileReading;
  /** The sources of its documents: what cross-validation holds out while it is under test. */
  sources: Set<string>;
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

// Read every corpus first (the pages cache makes a second eval cheap), then predict.
const packets: Packet[] = [];
const readSeconds = new Map<string, number>();
for (const corpus of corpora) {
  const truth = JSON.parse(readFileSync(join(corpus, 'truth.json'), 'utf8')) as Truth[];
  const byName = new Map(truth.map((t) => [basename(t.packet), t]));
  // Only labelled packets: a file being added to a corpus is not scored before it has its truth.
  const files = listPdfs([join(corpus, 'packets')]).filter((f) => byName.has(basename(f)));
  const t0 = performance.now();
  const readings = await readFiles(files, { ocr, pagesCache: values['pages-cache'], threads: values.threads ? Number(values.threads) : undefined });
  readSeconds.set(corpus, (performance.now() - t0) / 1000);
  files.forEach((file, i) => {
    const t = byName.get(basename(file)) ?? { packet: basename(file), documents: [] };
    const sources = new Set(t.documents.map((d) => d.meta?.source?.repository ?? `corpus:${basename(corpus)}`));
    if (!sources.size) sources.add(`corpus:${basename(corpus)}`);
    packets.push({ corpus, file, truth: t, reading: readings[i]!, sources });
  });
}

/** The labelled real documents (those with a source), each once (copies in built packets left out), with their pages as read. */
function realDocuments(): (LabelledDocument & { packet: Packet })[] {
  const out: (LabelledDocument & { packet: Packet })[] = [];
  for (const p of packets) {
    if ('error' in p.reading) continue;
    const byNumber = new Map(p.reading.pages.map((pg) => [pg.page, pg]));
    for (const d of p.truth.documents) {
      const source = d.meta?.source?.repository;
      if (!source || d.meta?.fromSingle) continue;
      out.push({ docType: d.docType, source, pages: d.pages.map((n) => (byNumber.get(n)?.lines ?? []).map((l) => l.text).join('\n')), packet: p });
    }
  }
  return out;
}

const { types } = officialCatalogue('generic');

/** Predictions of each packet by the shipped model and curves (calibrated, or raw for --fit). */
function inSample(): Map<Packet, Prediction> {
  const classifier = new DocumentClassifier(types, values.fit ? { curves: null } : {});
  return new Map(packets.map((p) => [p, predictReading(p.file, p.reading, { classifier, details: true, rawConfidence: values.fit })]));
}

/**
 * Leave-one-source-out: for each set of sources a packet holds, the model is trained without those
 * sources' documents and the packet analyzed with raw scores; then each packet's confidences are
 * calibrated by curves fitted on the raw observations of the packets that share none of its sources.
 */
function crossValidated(): { predictions: Map<Packet, Prediction>; raw: Observations } {
  const generated = generatedExamples();
  const docs = realDocuments();
  const folds = new Map<string, Packet[]>();
  for (const p of packets) {
    const k = [...p.sources].sort().join('|');
    folds.set(k, [...(folds.get(k) ?? []), p]);
  }
  const t0 = performance.now();
  // The split's page model learns no real document (classify/index.ts, loadPageModel): one for every fold.
  const pageModel = new TypeModel(trainTypeModel(generated, [], training));
  const models = new Map<string, TypeModel>();
  const raw = new Map<Packet, Prediction>();
  for (const [k, fold] of folds) {
    const held = fold[0]!.sources;
    const model = new TypeModel(trainTypeModel(generated, docs.filter((d) => !held.has(d.source)), training));
    models.set(k, model);
    const classifier = new DocumentClassifier(types, { model, pageModel, curves: null });
    for (const p of fold) raw.set(p, predictReading(p.file, p.reading, { classifier, details: true, rawConfidence: true }));
  }
  const rawObs = new Map([...raw].map(([p, pred]) => [p, observations(p.truth, pred)]));
  const out = new Map<Packet, Prediction>();
  for (const [k, fold] of folds) {
    const held = fold[0]!.sources;
    const fitOn = noObservations();
    for (const [p, o] of rawObs) if (![...p.sources].some((s) => held.has(s))) merge(fitOn, o);
    const curves = fitCurves(fitOn);
    const classifier = new DocumentClassifier(types, { model: models.get(k)!, pageModel, curves });
    for (const p of fold) out.set(p, predictReading(p.file, p.reading, { classifier, details: true, curves }));
  }
  console.error(`cross-validation: ${folds.size} folds over ${new Set(docs.map((d) => d.source)).size} sources of ${docs.length} real documents in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const outOfFold = noObservations();
  for (const o of rawObs.values()) merge(outOfFold, o);
  return { predictions: out, raw: outOfFold };
}

/** Scores the packets of one corpus, or of several as one set (the real development set). */
function score(corpus: string | string[], label: string, preds: Map<Packet, Prediction>, seconds: number): Row {
  const set = new Set([corpus].flat());
  const mine = packets.filter((p) => set.has(p.corpus));
  const dir = mkdtempSync(join(tmpdir(), 'analyzer-eval-'));
  const predictions = join(dir, 'predictions.json');
  writeFileSync(predictions, JSON.stringify(mine.map((p) => preds.get(p)!)));
  const first = [...set][0]!;
  const scorer = [join(first, 'score.mjs'), join(first, '../corpus/score.mjs'), join(repo, '../shared/corpus/score.mjs')].find((f) => existsSync(f));
  if (!scorer) throw new Error(`no score.mjs in ${first} nor in ../shared/corpus`);
  let truthFile = join(first, 'truth.json');
  if (set.size > 1) {
    truthFile = join(dir, 'truth.json');
    writeFileSync(truthFile, JSON.stringify(mine.map((p) => p.truth)));
  }
  const scored = spawnSync(process.execPath, [scorer, predictions, truthFile, '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (scored.status !== 0) {
    process.stderr.write(scored.stderr);
    process.exit(1);
  }
  const obs = noObservations();
  for (const p of mine) merge(obs, observations(p.truth, preds.get(p)!));
  const all = [...obs.type, ...obs.boundary, ...obs.field];
  if (!values.json) console.error(`${label}: ${mine.length} packets; predictions in ${predictions}`);
  return {
    corpus: label,
    packets: mine.length,
    pages: mine.reduce((s, p) => s + ('error' in p.reading ? 0 : p.reading.pages.length), 0),
    seconds,
    score: JSON.parse(scored.stdout),
    ece: { type: expectedCalibrationError(obs.type), boundary: expectedCalibrationError(obs.boundary), field: expectedCalibrationError(obs.field), all: expectedCalibrationError(all) },
    reliability: { type: reliabilityTable(obs.type), boundary: reliabilityTable(obs.boundary), field: reliabilityTable(obs.field) },
  };
}

const t1 = performance.now();
const shipped = inSample();
const understandSeconds = (performance.now() - t1) / 1000;
const understandShare = (corpus: string) => (understandSeconds * packets.filter((p) => p.corpus === corpus).length) / packets.length;
const crossed = values.cv ? crossValidated() : undefined;
const cv = crossed?.predictions;
const rows: Row[] = [];
for (const corpus of corpora) {
  const seconds = readSeconds.get(corpus)! + understandShare(corpus);
  rows.push(score(corpus, values.cv ? `${basename(corpus)} in-sample` : basename(corpus), shipped, seconds));
  if (cv) rows.push(score(corpus, `${basename(corpus)} cross-validated`, cv, seconds));
}
// The real development set: every corpus whose documents name their sources, scored as one.
const realCorpora = corpora.filter((c) => packets.some((p) => p.corpus === c && p.truth.documents.some((d) => d.meta?.source?.repository)));
if (realCorpora.length > 1) {
  const seconds = realCorpora.reduce((s, c) => s + readSeconds.get(c)! + understandShare(c), 0);
  rows.push(score(realCorpora, values.cv ? 'real development set in-sample' : 'real development set', shipped, seconds));
  if (cv) rows.push(score(realCorpora, 'real development set cross-validated', cv, seconds));
}

if (values.fit) {
  // With --cv the curves are fitted on the out-of-fold raw scores: what the model gives documents
  // it did not learn, the ones a reviewer brings (in-sample scores of a model that learnt the
  // real documents would teach the curves to trust it too much).
  const fitObs = noObservations();
  if (crossed) merge(fitObs, crossed.raw);
  else for (const [p, pred] of shipped) merge(fitObs, observations(p.truth, pred));
  const curves = fitCurves(fitObs);
  const file = join(repo, 'sync-server/src/analyzer/calibration-curves.ts');
  const body = readFileSync(file, 'utf8').replace(/export const CALIBRATION_CURVES[\s\S]*$/, `export const CALIBRATION_CURVES: { type: Curve; boundary: Curve; field: Curve } = ${JSON.stringify(curves)};\n`);
  writeFileSync(file, body);
  console.error(`calibration curves fitted on ${fitObs.type.length} types, ${fitObs.boundary.length} boundaries and ${fitObs.field.length} fields, written to ${file}; the table below is of raw scores`);
}

if (values['write-real-documents']) {
  const docs = realDocuments().map(({ packet, ...d }) => ({ ...d, packet: relative(repo, packet.file) }));
  const file = join(repo, 'sync-server/src/analyzer/classify/model/real-documents.json');
  writeFileSync(file, `${JSON.stringify({ note: 'Written by npm run eval -- --write-real-documents: labelled real documents (page texts as the analyzer read them, OCR engine ' + ocr + '), the real half of the type model\'s training set.', documents: docs })}\n`);
  console.error(`${docs.length} real documents of ${new Set(docs.map((d) => d.source)).size} sources written to ${file}`);
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
  if (values.cv) console.log('Cross-validated: leave-one-source-out (each packet analyzed by a model and calibration fitted without its sources\' documents).');
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
