/**
 * Where a layout prints a field, learned from people's corrections. A corrected value found on
 * its page gives an anchor: the label the value follows on its line, or the label line to its
 * left or above it, and where on the page it sits. A later document of the same layout (its
 * layout vector close to the example's) is read at the same anchor: the label found again, the
 * value read beside it by the field's type; failing the label, the line at the same place.
 * Several examples that agree make a surer reading.
 */
import { cosine, fold, labelWords, layoutVector, type LearnPage, type Vec } from './features.js';
import { findInLine, readValue, sameValue, valueTypeOf, type DateOrder, type FieldSpec } from './values.js';

/** How the value sits against its label. */
export type Relation = 'inline' | 'right' | 'below' | 'none';

/** One corrected value, as learned (stored per organization as `learning_examples.example`). */
export interface FieldAnchor {
  docType: string;
  field: string;
  /** The field's type when it was corrected. */
  type: string;
  layout: Vec;
  /** 0-based page of the document the value was found on. */
  page: number;
  /** The label's words (letters only), empty when there is none. */
  label: string[];
  relation: Relation;
  /** Where the value's line sits: its box's top-left corner over the page's size. */
  at: { x: number; y: number };
  /** Numeric dates: the order the page prints them in. */
  order?: DateOrder;
  /** Money: the currency, for pages that print amounts without one. */
  currency?: string;
  /** The reader had another value, or none: on this layout the learned reading is to be preferred. */
  readerWrong: boolean;
  /** Not stored with the anchor: its row, and whether a second person or a Manager confirmed it (learning/), attached when read. */
  id?: string;
  confirmed?: boolean;
}

export interface LocatedValue {
  page: number;
  line: number;
}

/** Where a value is printed in a document's pages (0-based page index, line index), or null. */
export function locateValue(pages: readonly LearnPage[], spec: FieldSpec, value: unknown): LocatedValue | null {
  for (const [p, page] of pages.entries()) {
    for (const [l, line] of page.lines.entries()) if (findInLine(spec, value, line.text)) return { page: p, line: l };
  }
  return null;
}

const centre = (b: { y: number; h: number }) => b.y + b.h / 2;
const sameRow = (a: { y: number; h: number }, b: { y: number; h: number }) => Math.abs(centre(a) - centre(b)) <= Math.max(a.h, b.h) * 0.6;

/**
 * The anchor of a value a person gave, or null when it is not printed on the document's pages (a
 * value the page does not print teaches nothing about where to read it).
 */
export function anchorOf(
  pages: readonly LearnPage[],
  o: { docType: string; field: string; spec: FieldSpec; value: unknown; readerValue: unknown },
): FieldAnchor | null {
  if (o.value === null || o.value === undefined || valueTypeOf(o.spec.type) === 'boolean') return null;
  let hit: { p: number; l: number; start: number } | null = null;
  for (const [p, page] of pages.entries()) {
    for (const [l, line] of page.lines.entries()) {
      const f = findInLine(o.spec, o.value, line.text);
      if (f) {
        hit = { p, l, start: f.start };
        break;
      }
    }
    if (hit) break;
  }
  if (!hit) return null;
  const page = pages[hit.p]!;
  const line = page.lines[hit.l]!;
  const found = findInLine(o.spec, o.value, line.text);
  let label: string[] = labelWords(line.text.slice(0, hit.start)).slice(-6);
  let relation: Relation = label.length ? 'inline' : 'none';
  if (!label.length) {
    const left = page.lines
      .filter((x) => x !== line && sameRow(x.box, line.box) && x.box.x + x.box.w <= line.box.x + 2 && labelWords(x.text).length)
      .sort((a, b) => b.box.x - a.box.x)[0];
    if (left) {
      label = labelWords(left.text).slice(-6);
      relation = 'right';
    }
  }
  if (!label.length) {
    const above = page.lines
      .filter((x) => x.box.y + x.box.h <= line.box.y + 1 && line.box.y - x.box.y < 4 * Math.max(line.box.h, 8) && labelWords(x.text).length)
      .filter((x) => x.box.x < line.box.x + line.box.w && line.box.x < x.box.x + x.box.w + 40)
      .sort((a, b) => b.box.y - a.box.y)[0];
    if (above) {
      label = labelWords(above.text).slice(-6);
      relation = 'below';
    }
  }
  const money = valueTypeOf(o.spec.type) === 'money' ? (o.value as { currency?: string }).currency : undefined;
  return {
    docType: o.docType,
    field: o.field,
    type: o.spec.type,
    layout: layoutVector(pages),
    page: hit.p,
    label,
    relation,
    at: { x: +(line.box.x / (page.width || 1)).toFixed(4), y: +(line.box.y / (page.height || 1)).toFixed(4) },
    ...(found?.order ? { order: found.order } : {}),
    ...(money ? { currency: money } : {}),
    readerWrong: !sameValue(o.readerValue ?? null, o.value),
  };
}

/** The label's words found in a line: where they end in its text, or -1. The label must start the line's words or end just before the value. */
function labelEnd(text: string, label: readonly string[]): number {
  const words = [...fold(text).matchAll(/[a-z]+/g)];
  for (let i = 0; i + label.length <= words.length; i++) {
    if (label.every((w, k) => words[i + k]![0] === w)) {
      const last = words[i + label.length - 1]!;
      return last.index! + last[0].length;
    }
  }
  return -1;
}

/** What one anchor reads on a document's pages: the value and where, and whether by its label. */
function readAt(pages: readonly LearnPage[], anchor: FieldAnchor, spec: FieldSpec): { value: unknown; page: number; line: number; byLabel: boolean } | null {
  const hints = { order: anchor.order, currency: anchor.currency };
  const page = pages[anchor.page];
  if (!page) return null;
  if (anchor.label.length && anchor.relation !== 'none') {
    for (const [l, line] of page.lines.entries()) {
      const end = labelEnd(line.text, anchor.label);
      if (end < 0) continue;
      if (anchor.relation === 'inline') {
        const v = readValue(spec, line.text.slice(end), hints);
        if (v !== null) return { value: v, page: anchor.page, line: l, byLabel: true };
        continue;
      }
      // Beside or under the label line, nearest first.
      const beside = page.lines
        .map((x, i) => ({ x, i }))
        .filter(({ x }) => x !== line && (anchor.relation === 'right' ? sameRow(x.box, line.box) && x.box.x >= line.box.x + line.box.w - 2 : x.box.y >= line.box.y + line.box.h - 1 && x.box.y - line.box.y < 4 * Math.max(line.box.h, 8)))
        .sort((a, b) => (anchor.relation === 'right' ? a.x.box.x - b.x.box.x : a.x.box.y - b.x.box.y));
      for (const { x, i } of beside.slice(0, 3)) {
        const v = readValue(spec, x.text, hints);
        if (v !== null) return { value: v, page: anchor.page, line: i, byLabel: true };
      }
    }
  }
  // No label (or it moved): the line printed where the value was, within a little of it.
  const near = page.lines
    .map((x, i) => ({ i, d: Math.hypot(x.box.x / (page.width || 1) - anchor.at.x, x.box.y / (page.height || 1) - anchor.at.y) }))
    .filter((c) => c.d < 0.03)
    .sort((a, b) => a.d - b.d)[0];
  if (!near) return null;
  const v = readValue(spec, page.lines[near.i]!.text, hints);
  return v === null ? null : { value: v, page: anchor.page, line: near.i, byLabel: false };
}

/** Least layout similarity for an example to speak for a document: the same template, not merely the same kind of document. */
export const FIELD_LAYOUT_MIN = 0.5;

export interface LearnedField {
  value: unknown;
  confidence: number;
  /** The page's number (`LearnPage.page`, else 1-based within the document) and the line's index on it. */
  page: number;
  line: number;
  /** Examples that read this value. */
  examples: number;
  /** Whether those examples say the base reader gets this field wrong on this layout. */
  readerWrong: boolean;
  /** The anchors (`id`) that read this value, and whether one of them is confirmed. */
  from: string[];
  confirmed: boolean;
}

/**
 * The fields the examples read on a document of `docType`: for each field of `fields` with
 * examples of a close enough layout, the value most of them read, with a confidence that grows
 * with how close the layout is, how many examples agree, and whether the label was found.
 */
export function readLearned(pages: readonly LearnPage[], docType: string, fields: Readonly<Record<string, FieldSpec>>, anchors: readonly FieldAnchor[]): Record<string, LearnedField> {
  const mine = anchors.filter((a) => a.docType === docType && fields[a.field]);
  if (mine.length === 0 || pages.length === 0) return {};
  const layout = layoutVector(pages);
  const out: Record<string, LearnedField> = {};
  const byField = new Map<string, { a: FieldAnchor; s: number }[]>();
  for (const a of mine) {
    const s = cosine(layout, a.layout);
    if (s < FIELD_LAYOUT_MIN) continue;
    byField.set(a.field, [...(byField.get(a.field) ?? []), { a, s }]);
  }
  for (const [field, close] of byField) {
    const spec = fields[field]!;
    const votes = new Map<string, { value: unknown; page: number; line: number; weight: number; n: number; s: number; byLabel: boolean; wrong: number; from: string[]; confirmed: boolean }>();
    for (const { a, s } of close.sort((x, y) => y.s - x.s).slice(0, 7)) {
      const r = readAt(pages, a, spec);
      if (!r) continue;
      const k = JSON.stringify(r.value);
      const v = votes.get(k) ?? { value: r.value, page: r.page, line: r.line, weight: 0, n: 0, s: 0, byLabel: false, wrong: 0, from: [], confirmed: false };
      v.weight += s * (r.byLabel ? 1 : 0.6);
      v.n += 1;
      v.s = Math.max(v.s, s);
      v.byLabel ||= r.byLabel;
      v.wrong += a.readerWrong ? 1 : 0;
      if (a.id) v.from.push(a.id);
      v.confirmed ||= a.confirmed === true;
      votes.set(k, v);
    }
    const ranked = [...votes.values()].sort((x, y) => y.weight - x.weight);
    const best = ranked[0];
    if (!best) continue;
    const total = ranked.reduce((t, v) => t + v.weight, 0);
    // Calibrated: one example found by its label on the same layout is a fair guess (~0.7), three
    // agreeing examples a sure one (~0.9); disagreement and a weaker layout match take from it.
    const support = 1 - 0.5 ** (best.n + 1);
    const layoutFit = Math.min(1, (best.s - 0.3) / 0.5);
    const confidence = (best.byLabel ? 0.97 : 0.75) * support * layoutFit * (best.weight / total);
    out[field] = { value: best.value, confidence: +confidence.toFixed(3), page: pages[best.page]?.page ?? best.page + 1, line: best.line, examples: best.n, readerWrong: best.wrong * 2 > best.n, from: best.from, confirmed: best.confirmed };
  }
  return out;
}

export interface ReaderField {
  value: unknown;
  confidence: number;
  page: number;
  line: number;
}

/**
 * What a learned value not yet confirmed may be read at, at most: under the "needs review"
 * threshold (0.7, shared/review.ts) and above the default least confidence a run keeps (0.5), so
 * it is shown, marked for a person, until a second person or a Manager confirms what taught it.
 */
export const UNCONFIRMED_MAX = 0.6;
/** The base reader's confidence from which its reading is one it stands behind (shared/review.ts `NEEDS_REVIEW_BELOW`). */
export const VALIDATED_FROM = 0.7;

/** The other reading of a field both readers read differently, kept beside the value shown. */
export interface DisputedReading {
  value: unknown;
  confidence: number;
  page: number;
  line: number;
  /** Whose it is: the built-in reader's (`reader`) or the organization's learned one (`learned`). */
  by: 'reader' | 'learned';
  /** learned: how many examples read it, and whether one of them is confirmed. */
  examples?: number;
  confirmed?: boolean;
}

/**
 * The base reader's fields with the learned ones laid over. A learned value fills a field the
 * reader missed, and replaces the reader's value when the examples say the reader gets it wrong
 * on this layout or when it is surer, with two bounds (issue 37: one reviewer must not teach the
 * whole organization silently):
 * - examples no second person or Manager confirmed read at `UNCONFIRMED_MAX` at most, so what
 *   they give is marked for review;
 * - against a reading the base reader stands behind (`VALIDATED_FROM` and up: its field's checks
 *   passed, validate.ts), a learned value wins only when confirmed, and never silently: the two
 *   readings disagree, so the value shown keeps the other as `disputed` (the field needs review).
 * `learned` names the fields whose value came from the examples.
 */
export function mergeLearned<F extends ReaderField>(
  base: Readonly<Record<string, F>>,
  learned: Readonly<Record<string, LearnedField>>,
): { fields: Record<string, F | ReaderField>; learned: Record<string, { examples: number; confirmed: boolean; from: string[] }>; disputed: Record<string, DisputedReading> } {
  const fields: Record<string, F | ReaderField> = { ...base };
  const used: Record<string, { examples: number; confirmed: boolean; from: string[] }> = {};
  const disputed: Record<string, DisputedReading> = {};
  for (const [name, l] of Object.entries(learned)) {
    const b = base[name];
    const confidence = l.confirmed ? l.confidence : Math.min(l.confidence, UNCONFIRMED_MAX);
    const mine = { value: l.value, confidence, page: l.page, line: l.line };
    if (!b || b.value === null || b.value === undefined) {
      fields[name] = mine;
      used[name] = { examples: l.examples, confirmed: l.confirmed, from: l.from };
      continue;
    }
    if (sameValue(b.value, l.value)) continue;
    const validated = b.confidence >= VALIDATED_FROM;
    const take = (l.readerWrong || confidence > b.confidence) && (l.confirmed || !validated);
    if (take) {
      fields[name] = mine;
      used[name] = { examples: l.examples, confirmed: l.confirmed, from: l.from };
      disputed[name] = { value: b.value, confidence: b.confidence, page: b.page, line: b.line, by: 'reader' };
    } else {
      disputed[name] = { ...mine, by: 'learned', examples: l.examples, confirmed: l.confirmed };
    }
  }
  return { fields, learned: used, disputed };
}
