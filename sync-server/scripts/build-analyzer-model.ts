// Trains the analyzer's document-type classifier and writes it to
// src/analyzer/classify/model/model.json. Deterministic: same seed, same model.
//   npx tsx sync-server/scripts/build-analyzer-model.ts [--seed 20250601] [--per-type 300]
// The training pages are made by our own generator (src/analyzer/classify/generator) plus the
// official catalogue's type names and descriptions and the extraction schemas' labels; nothing
// from the evaluation corpus is read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateDocuments } from '../src/analyzer/classify/generator/index.js';
import { HASH_BITS, featurize } from '../src/analyzer/classify/features.js';
import { TypeModel, toJson, train } from '../src/analyzer/classify/model.js';
import { officialCatalogue } from '../src/analyzer/catalogue.js';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '20250601' }, 'per-type': { type: 'string', default: '300' }, out: { type: 'string' }, threshold: { type: 'string', default: '0.1' }, 'min-df': { type: 'string', default: '8' }, l2: { type: 'string', default: '1e-6' } } });
const seed = Number(values.seed);
const perType = Number(values['per-type']);
const t0 = Date.now();

const { types, schemas } = officialCatalogue();
const docs = generateDocuments({ seed, perType });
const classes = [...new Set(docs.map((d) => d.docType))].sort();
const texts: string[] = [];
const ys: number[] = [];
for (const d of docs) {
  const y = classes.indexOf(d.docType);
  texts.push(d.pages.map((p) => p.join('\n')).join('\n'));
  ys.push(y);
  if (d.pages.length > 1) for (const p of d.pages) {
    texts.push(p.join('\n'));
    ys.push(y);
  }
}
// The catalogue's own words: each type's name, description and schema labels, a few times over.
for (const t of types) {
  const y = classes.indexOf(t.docType);
  if (y < 0) continue;
  const s = schemas.find((x) => x.docType === t.docType);
  const labels = (s?.fields ?? []).map((f) => `${f.label} ${f.name.replace(/([A-Z])/g, ' $1')}`).join('\n');
  for (let i = 0; i < 5; i++) {
    texts.push(`${t.name}\n${t.description}\n${labels}`);
    ys.push(y);
  }
}
const raw = texts.map(featurize);
// Features seen in fewer than `min-df` examples are names, numbers and noise: left out.
const df = new Map<number, number>();
for (const x of raw) for (const i of x.idx) df.set(i, (df.get(i) ?? 0) + 1);
const minDf = Number(values['min-df']);
const xs = raw.map((x) => {
  const keep = [...x.idx.keys()].filter((k) => (df.get(x.idx[k]!) ?? 0) >= minDf);
  return { idx: Int32Array.from(keep, (k) => x.idx[k]!), val: Float32Array.from(keep, (k) => x.val[k]!) };
});
console.error(`${docs.length} documents, ${xs.length} examples, ${classes.length} classes (${Date.now() - t0} ms)`);
const { bias, w } = train(xs, ys, classes.length, HASH_BITS, { epochs: 6, lr: 0.2, l2: Number(values.l2), seed });
const json = toJson(classes, HASH_BITS, seed, bias, w, Number(values.threshold));
console.error(`trained in ${Date.now() - t0} ms; ${Object.keys(json.weights).length} features kept`);

// A quick check on pages of another seed (also generated; the real measure is npm run eval).
const model = new TypeModel(json);
const test = generateDocuments({ seed: seed + 1, perType: 40 });
let right = 0;
const confusion = new Map<string, number>();
for (const d of test) {
  const p = model.predict(d.pages.map((x) => x.join('\n')).join('\n'));
  const got = classes[p.indexOf(Math.max(...p))]!;
  if (got === d.docType) right++;
  else confusion.set(`${d.docType}→${got}`, (confusion.get(`${d.docType}→${got}`) ?? 0) + 1);
}
console.error(`held-out generated accuracy ${(right / test.length).toFixed(4)}`, [...confusion].sort((a, b) => b[1] - a[1]).slice(0, 8));

const out = values.out ?? new URL('../src/analyzer/classify/model/model.json', import.meta.url).pathname;
mkdirSync(new URL('.', `file://${out}`).pathname, { recursive: true });
writeFileSync(out, JSON.stringify(json));
console.error(`wrote ${out}`);
