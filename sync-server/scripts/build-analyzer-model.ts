// Trains the analyzer's document-type classifier and writes it to
// src/analyzer/classify/model/model.json. Deterministic: same seed, same inputs, same model.
//   npx tsx sync-server/scripts/build-analyzer-model.ts [--seed 20250601] [--per-type 300] [--real-weight 3]
// The training set (classify/training.ts): pages made by our own generator
// (src/analyzer/classify/generator), the official catalogue's type names, descriptions and schema
// labels, and the labelled real documents of classify/model/real-documents.json (page texts as the
// analyzer read them, written by `npm run eval -- --write-real-documents`). `npm run eval -- --cv`
// measures this recipe with each source's documents held out of its training.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { TypeModel } from '../src/analyzer/classify/model.js';
import { DEFAULT_TRAINING, type LabelledDocument, generatedExamples, trainTypeModel } from '../src/analyzer/classify/training.js';
import { generateDocuments } from '../src/analyzer/classify/generator/index.js';

const d = DEFAULT_TRAINING;
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(d.seed) },
    'per-type': { type: 'string', default: String(d.perType) },
    out: { type: 'string' },
    threshold: { type: 'string', default: String(d.threshold) },
    'min-df': { type: 'string', default: String(d.minDf) },
    l2: { type: 'string', default: String(d.l2) },
    'real-weight': { type: 'string', default: String(d.realWeight) },
    real: { type: 'string', default: new URL('../src/analyzer/classify/model/real-documents.json', import.meta.url).pathname },
  },
});
const settings = { ...d, seed: Number(values.seed), perType: Number(values['per-type']), threshold: Number(values.threshold), minDf: Number(values['min-df']), l2: Number(values.l2), realWeight: Number(values['real-weight']) };
const t0 = Date.now();
const generated = generatedExamples(settings);
const real = existsSync(values.real) ? (JSON.parse(readFileSync(values.real, 'utf8')) as { documents: LabelledDocument[] }).documents : [];
console.error(`${generated.xs.length} generated examples, ${real.length} real documents of ${new Set(real.map((r) => r.source)).size} sources, ${generated.classes.length} classes (${Date.now() - t0} ms)`);
const json = trainTypeModel(generated, real, settings);
console.error(`trained in ${Date.now() - t0} ms; ${Object.keys(json.weights).length} features kept`);

// A quick check on pages of another seed (also generated; the real measure is npm run eval -- --cv).
const model = new TypeModel(json);
const test = generateDocuments({ seed: settings.seed + 1, perType: 40 });
let right = 0;
const confusion = new Map<string, number>();
for (const doc of test) {
  const p = model.predict(doc.pages.map((x) => x.join('\n')).join('\n'));
  const got = json.classes[p.indexOf(Math.max(...p))]!;
  if (got === doc.docType) right++;
  else confusion.set(`${doc.docType}→${got}`, (confusion.get(`${doc.docType}→${got}`) ?? 0) + 1);
}
console.error(`held-out generated accuracy ${(right / test.length).toFixed(4)}`, [...confusion].sort((a, b) => b[1] - a[1]).slice(0, 8));

const out = values.out ?? new URL('../src/analyzer/classify/model/model.json', import.meta.url).pathname;
mkdirSync(new URL('.', `file://${out}`).pathname, { recursive: true });
writeFileSync(out, JSON.stringify(json));
console.error(`wrote ${out}`);
// The split's page model: the same recipe without the real documents (classify/index.ts, loadPageModel).
const pages = real.length ? trainTypeModel(generated, [], settings) : json;
const pagesOut = out.replace(/model\.json$/, 'page-model.json');
writeFileSync(pagesOut, JSON.stringify(pages));
console.error(`wrote ${pagesOut}`);
