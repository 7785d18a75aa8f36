/**
 * How the document-type model is trained, one recipe for the shipped model
 * (scripts/build-analyzer-model.ts) and for every fold of `npm run eval -- --cv`: pages made by our
 * generator, the official catalogue's own words, and labelled real documents (their page texts as
 * read, with where each came from). The generator teaches layouts and vocabulary in bulk; the real
 * documents teach how the world's documents say what they are.
 */
import { officialCatalogue } from '../catalogue.js';
import { HASH_BITS, type SparseVec, featurize } from './features.js';
import { generateDocuments } from './generator/index.js';
import { type ModelJson, toJson, train } from './model.js';

/** A labelled real document: its pages' texts, its type, and its source (held out together in cross-validation). */
export interface LabelledDocument {
  docType: string;
  /** Repository or publisher the document comes from: documents of one source are held out together. */
  source: string;
  pages: string[];
}

export interface TrainingSettings {
  seed: number;
  /** Generated documents per type. */
  perType: number;
  /** Weights under this (absolute) are left out of the stored model. */
  threshold: number;
  /** A generated feature is kept when it occurs in at least this many generated examples. */
  minDf: number;
  l2: number;
  /** How many times each real example is shown per epoch, against thousands of generated ones. */
  realWeight: number;
  /**
   * The same for real `fallback` documents: the kinds that are none of the types are many and
   * unlike one another (contracts, receipts, forms), and shown as often as the rest they teach
   * that a page of legal prose or a total is "anything else" — a lease's or a statement's too.
   */
  realFallbackWeight: number;
  /**
   * A feature only real documents have is kept when documents of this many sources have it: words
   * that several publishers use are the world's vocabulary; words of one sample (its names, its
   * numbers, its company) are what a model must not learn a type from.
   */
  realMinSources: number;
}

export const DEFAULT_TRAINING: TrainingSettings = { seed: 20250601, perType: 300, threshold: 0.1, minDf: 8, l2: 1e-6, realWeight: 2, realFallbackWeight: 2, realMinSources: 2 };

/** Longest page text used: a page's type shows long before its tenth thousand character. */
const PAGE_CHARS = 6000;

/** The generated half of the training set, made once and shared by every fold. */
export interface GeneratedExamples {
  classes: string[];
  xs: SparseVec[];
  ys: number[];
  /** Feature → number of generated examples that have it. */
  df: Map<number, number>;
}

export function generatedExamples(settings: Pick<TrainingSettings, 'seed' | 'perType'> = DEFAULT_TRAINING): GeneratedExamples {
  const { types, schemas } = officialCatalogue();
  const docs = generateDocuments({ seed: settings.seed, perType: settings.perType });
  const classes = [...new Set(docs.map((d) => d.docType))].sort();
  const texts: string[] = [];
  const ys: number[] = [];
  for (const d of docs) {
    const y = classes.indexOf(d.docType);
    texts.push(d.pages.map((p) => p.join('\n')).join('\n'));
    ys.push(y);
    if (d.pages.length > 1)
      for (const p of d.pages) {
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
  const xs = texts.map(featurize);
  const df = new Map<number, number>();
  for (const x of xs) for (const i of x.idx) df.set(i, (df.get(i) ?? 0) + 1);
  return { classes, xs, ys, df };
}

/** A real document's examples: the whole document, and each page of a longer one on its own (as the split asks per page). */
function realTexts(d: LabelledDocument): string[] {
  const pages = d.pages.map((p) => p.slice(0, PAGE_CHARS));
  return pages.length > 1 ? [pages.join('\n'), ...pages] : pages;
}

function keep(x: SparseVec, ok: (feature: number) => boolean): SparseVec {
  const at = [...x.idx.keys()].filter((k) => ok(x.idx[k]!));
  return { idx: Int32Array.from(at, (k) => x.idx[k]!), val: Float32Array.from(at, (k) => x.val[k]!) };
}

/**
 * Trains the model on the generated examples and the real documents given (in cross-validation,
 * those of every source but the ones under test). Deterministic: same inputs, same model.
 */
export function trainTypeModel(generated: GeneratedExamples, real: readonly LabelledDocument[], settings: TrainingSettings = DEFAULT_TRAINING): ModelJson {
  const { classes } = generated;
  const realXs: SparseVec[] = [];
  const realYs: number[] = [];
  const realReps: number[] = [];
  const sourcesOf = new Map<number, Set<string>>();
  const usable = real.filter((d) => classes.includes(d.docType) && d.pages.some((p) => p.trim()));
  for (const d of usable) {
    for (const text of realTexts(d)) {
      const x = featurize(text);
      realXs.push(x);
      realYs.push(classes.indexOf(d.docType));
      realReps.push(d.docType === 'fallback' ? settings.realFallbackWeight : settings.realWeight);
      for (const i of x.idx) {
        let s = sourcesOf.get(i);
        if (!s) sourcesOf.set(i, (s = new Set()));
        s.add(d.source);
      }
    }
  }
  const generatedFeature = (i: number) => (generated.df.get(i) ?? 0) >= settings.minDf;
  const xs = generated.xs.map((x) => keep(x, generatedFeature));
  const ys = [...generated.ys];
  for (let k = 0; k < realXs.length; k++) {
    const x = keep(realXs[k]!, (i) => generatedFeature(i) || (sourcesOf.get(i)?.size ?? 0) >= settings.realMinSources);
    for (let r = 0; r < realReps[k]!; r++) {
      xs.push(x);
      ys.push(realYs[k]!);
    }
  }
  const { bias, w } = train(xs, ys, classes.length, HASH_BITS, { epochs: 6, lr: 0.2, l2: settings.l2, seed: settings.seed });
  return toJson(classes, HASH_BITS, settings.seed, bias, w, settings.threshold);
}
