/**
 * Classifying a document into a type of the organization's catalogue: the trained model's
 * probabilities (over the official types it knows) restricted to the catalogue, the catalogue's
 * coined types by how close the document's words are to their names and descriptions, and rules
 * where they are certain (a machine-readable zone is a passport or an identity card).
 */
import { readFileSync } from 'node:fs';
import { findMrz } from '../extract/mrz.js';
import type { CatalogueType, Classification, ParsedPage, TypeGuess } from '../types.js';
import { CALIBRATION_CURVES } from '../calibration-curves.js';
import { type ConfidenceKind, type Curve, confidenceOf } from '../calibration.js';
import { isContinental } from '../language.js';
import { cueEvidence, languageEvidence } from './cues.js';
import { featurize } from './features.js';
import { type ModelJson, TypeModel } from './model.js';

export { TypeModel } from './model.js';

/** How long a model stays loaded after its last use: a run reuses it, an idle server lets it go. */
const MODEL_KEEP_MS = 30_000;

/**
 * A model read from its file on first use and kept while it is used. The two models are 6 MB of
 * tables (70 ms to read); a server between runs gives them back, as its reading process does.
 */
function keptWhileUsed(file: string): () => TypeModel {
  let model: TypeModel | undefined;
  let timer: NodeJS.Timeout | undefined;
  return () => {
    model ??= new TypeModel(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as ModelJson);
    clearTimeout(timer);
    timer = setTimeout(() => (model = undefined), MODEL_KEEP_MS);
    timer.unref();
    return model;
  };
}

const documentModel = keptWhileUsed('./model/model.json');
const pageModel = keptWhileUsed('./model/page-model.json');

/**
 * The document model built by scripts/build-analyzer-model.ts: generated pages, the catalogue's
 * words and the labelled real documents.
 */
export function loadTypeModel(): TypeModel {
  return documentModel();
}

/**
 * The model the split asks about single pages: the same recipe without the real documents. The
 * split's rules weigh a page's type against its neighbours' by this model's probabilities; taught by
 * real documents (a third of them "anything else", many of those contracts and long forms), the
 * document model reads a lease's or a statement's inner page as fallback, and cross-validation cut
 * multi-page documents apart (split 93 → 84 % on corpus-real) where this one keeps them.
 */
export function loadPageModel(): TypeModel {
  return pageModel();
}

const FALLBACK = 'fallback';

/** A model probability from which the cues are not consulted. */
const SURE_MODEL = 0.97;
/** Logits per unit of cue evidence (cues.ts), tuned on the development corpora. */
const CUE_WEIGHT = 0.7;
/** A title cue's evidence (twice its weight) that names a type outright: `Employment Verification`, `Kontoauszug`. */
const TITLE_NAMES_TYPE = 6;

function cosine(a: ReturnType<typeof featurize>, b: ReturnType<typeof featurize>): number {
  const m = new Map<number, number>();
  for (let i = 0; i < a.idx.length; i++) m.set(a.idx[i]!, a.val[i]!);
  let s = 0;
  for (let i = 0; i < b.idx.length; i++) s += (m.get(b.idx[i]!) ?? 0) * b.val[i]!;
  return s;
}

export interface ClassifierOptions {
  model?: TypeModel;
  /** The model the split asks about single pages (default `model`). */
  pageModel?: TypeModel;
  /** Calibration curves for the type's confidence (default the shipped ones; null: the probability). */
  curves?: Record<ConfidenceKind, Curve> | null;
  /** Extra words per type (schema labels), for coined types. */
  typeWords?: Record<string, string>;
}

export class DocumentClassifier {
  private readonly model: TypeModel;
  private readonly pageModel: TypeModel;
  /** Every catalogue type's own words (name, description, labels), for coined types to be found by. */
  private readonly words: Map<string, ReturnType<typeof featurize>>;
  private readonly coined: string[];
  /** The types the organization's chain offers (official ones it does not offer count as fallback). */
  private readonly offered: Set<string>;

  private readonly curves: Record<ConfidenceKind, Curve> | null;

  constructor(catalogue: CatalogueType[], opts: ClassifierOptions = {}) {
    this.model = opts.model ?? loadTypeModel();
    this.pageModel = opts.pageModel ?? opts.model ?? loadPageModel();
    this.curves = opts.curves === undefined ? CALIBRATION_CURVES : opts.curves;
    const known = new Set(this.model.classes);
    this.words = new Map(catalogue.map((t) => [t.docType, featurize(`${t.name}\n${t.name}\n${t.description}\n${opts.typeWords?.[t.docType] ?? ''}`)]));
    this.coined = catalogue.filter((t) => !known.has(t.docType) && t.docType !== FALLBACK).map((t) => t.docType);
    this.offered = new Set(catalogue.map((t) => t.docType));
  }

  /** Probabilities over the catalogue's types (plus fallback) for a text. */
  probabilities(text: string, model: TypeModel = this.model): Record<string, number> {
    // Features once: the model and the coined types' words both read them.
    const v = featurize(text);
    const p = model.predictVec(v);
    const inCatalogue = this.offered;
    const out: Record<string, number> = {};
    let fallback = 0;
    this.model.classes.forEach((c, i) => {
      // An official type the organization's chain does not offer is "anything else" to it.
      if (c === FALLBACK || !inCatalogue.has(c)) fallback += p[i]!;
      else out[c] = p[i]!;
    });
    out[FALLBACK] = fallback;
    if (this.coined.length && text.trim()) {
      // A coined type wins what the model proposes when the document shares clearly more of the
      // coined type's words than of the proposed type's own description.
      const sim = (t: string) => (this.words.has(t) ? cosine(v, this.words.get(t)!) : 0);
      const best = this.coined.map((t) => ({ t, s: sim(t) })).sort((a, b) => b.s - a.s)[0]!;
      const [top] = Object.entries(out).sort((a, b) => b[1] - a[1])[0]!;
      const simTop = top === FALLBACK ? 0.08 : sim(top);
      if (best.s >= 0.1 && best.s > simTop) {
        const share = Math.min(0.95, ((best.s - simTop) / best.s) * 1.5);
        for (const k of Object.keys(out)) out[k]! *= 1 - share;
        out[best.t] = share;
      }
    }
    return out;
  }

  /**
   * The model's probabilities moved by what the pages say they are (cues.ts): each type's logit
   * gains `CUE_WEIGHT` per unit of its evidence. The model knows our generator's layouts well and
   * the world's little; the cues know the world's words for each type and nothing of layout.
   */
  withCues(pages: ParsedPage[], probs: Record<string, number>): Record<string, number> {
    // A model this sure is reading a layout it learnt (ours, in English): the words would only agree,
    // unless the document's title names another type (a form headed `Employment Verification`
    // that the model, knowing other forms, is sure is none of the types).
    const { score, title } = cueEvidence(pages);
    const [sure, top] = Object.entries(probs).reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
    if (top >= SURE_MODEL && !Object.entries(title).some(([type, w]) => type !== sure && w >= TITLE_NAMES_TYPE)) return probs;
    // The model learnt from our generator, mostly English: on a page in another language its
    // probabilities say little, and the page's own words say more.
    // A title that names a type outright (`Tenancy Agreement`) says more than a model that never
    // saw the layout: its voice is halved beside it, as on a continental page.
    const titled = Object.values(title).some((w) => w >= TITLE_NAMES_TYPE);
    const trust = isContinental(languageEvidence(pages)) ? 0.4 : titled ? 0.5 : 1;
    const logits: Record<string, number> = {};
    for (const [type, p] of Object.entries(probs)) logits[type] = trust * Math.log(p + 1e-4) + CUE_WEIGHT * (score[type] ?? 0);
    // Evidence of an official type the chain does not offer is evidence of "anything else" to it.
    for (const [type, s] of Object.entries(score)) if (!(type in probs)) logits[FALLBACK] = Math.max(logits[FALLBACK] ?? -Infinity, trust * Math.log((probs[FALLBACK] ?? 0) + 1e-4) + CUE_WEIGHT * s);
    const m = Math.max(...Object.values(logits));
    let sum = 0;
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(logits)) sum += out[k] = Math.exp(v - m);
    for (const k of Object.keys(out)) out[k]! /= sum;
    return out;
  }

  /**
   * Each model's probabilities of one page, kept beside it: the split asks the page model, a
   * one-page document the document model (the same one when a single model is given).
   */
  private readonly pageProbs = new Map<TypeModel, WeakMap<ParsedPage, Record<string, number>>>();

  private pageProbsOf(page: ParsedPage, model: TypeModel): Record<string, number> {
    let byPage = this.pageProbs.get(model);
    if (!byPage) this.pageProbs.set(model, (byPage = new WeakMap()));
    let p = byPage.get(page);
    if (!p) byPage.set(page, (p = this.probabilities(page.lines.map((l) => l.text).join('\n'), model)));
    return p;
  }

  private modelOf(pages: ParsedPage[]): Record<string, number> {
    if (pages.length === 1) return this.pageProbsOf(pages[0]!, this.model);
    return this.probabilities(pages.map((p) => p.lines.map((l) => l.text).join('\n')).join('\n'));
  }

  pageTypes(page: ParsedPage): Record<string, number> {
    return this.withCues([page], this.pageProbsOf(page, this.pageModel));
  }

  classify(pages: ParsedPage[]): Classification {
    const probs = this.withCues(pages, { ...this.modelOf(pages) });
    const offered = this.offered;
    // Certain rules: a machine-readable zone with validating check digits is a passport or an ID card.
    for (const p of pages) {
      const mrz = findMrz(p.lines);
      // A visa's zone (`V<UTO…`, TD3 or TD2 in size) is printed in a passport but is no passport.
      if (!mrz || mrz.documentType.startsWith('V')) continue;
      const ok = Object.values(mrz.checks).filter(Boolean).length;
      // TD3 is the passport's size; a TD2 or TD1 zone is a card's, unless its type says passport.
      const rule = mrz.format === 'TD3' || mrz.documentType.startsWith('P') ? 'passport' : 'national-id-card';
      // Two check digits of five validate by chance in one OCR'd page of garbage in a dozen: a
      // zone alone needs three, two need the page to say it is an identity document too.
      const says = (probs.passport ?? 0) + (probs['national-id-card'] ?? 0) + (probs['driving-licence'] ?? 0) > 0.2;
      if ((ok >= 3 || (ok >= 2 && says)) && offered.has(rule)) {
        probs[rule] = Math.max(probs[rule] ?? 0, 0.97);
        const sum = Object.values(probs).reduce((a, b) => a + b, 0);
        for (const k of Object.keys(probs)) probs[k]! /= sum;
      }
      break;
    }
    const ranked: TypeGuess[] = Object.entries(probs)
      .map(([docType, confidence]) => ({ docType, confidence: +confidence.toFixed(4) }))
      .sort((a, b) => b.confidence - a.confidence);
    const [best, ...rest] = ranked;
    // The chosen type's confidence is calibrated (the share of such choices that are right); the
    // runners-up keep their probabilities, for ordering the alternatives offered to a person.
    const chosen = best ? { ...best, confidence: confidenceOf('type', best.confidence, this.curves) } : { docType: FALLBACK, confidence: 0 };
    return { ...chosen, runnersUp: rest.slice(0, 3) };
  }
}
