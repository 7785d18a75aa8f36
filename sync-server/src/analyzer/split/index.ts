/**
 * Splitting a packet's page stream into documents, with no separator sheets. Between the document
 * being read and the next page, evidence is weighed: page numbers (a "Page 1 of N" starts one, a
 * "Page 2 of 3" after "Page 1 of 3" continues it), a change of type by the page classifier, a
 * repeated template (the same single-page layout again with other values: consecutive payslips),
 * continuation words and shared identifiers. Blank pages belong to no document; a duplicate stays
 * with the page it copies.
 */
import { CALIBRATION_CURVES } from '../calibration-curves.js';
import { type ConfidenceKind, type Curve, confidenceOf } from '../calibration.js';
import { titleCue } from '../classify/cues.js';
import type { ParsedPage, PreflightFlag, SplitDocument } from '../types.js';
import { type PageNumber, hasContinuationWords, headerShapes, identifiers, jaccard, pageNumber, sameText, shapes } from './cues.js';

export type PageTypes = Record<string, number>;

export interface SplitOptions {
  flags?: PreflightFlag[];
  /** Type probabilities of one page's text. */
  classifyPage?: (page: ParsedPage) => PageTypes;
  /**
   * The key fields one page yields read as a document of a type (values only), and how many the
   * type has: two pages that each carry their own full set, with different people, numbers or
   * dates, are two documents even when nothing else tells them apart.
   */
  keyFields?: (page: ParsedPage, docType: string) => { values: Record<string, unknown>; size: number };
  /** Calibration curves for the boundary confidence (default the shipped ones; null: the raw score). */
  curves?: Record<ConfidenceKind, Curve> | null;
}

export interface Boundary {
  /** The page that starts the next document. */
  page: number;
  score: number;
  confidence: number;
  reasons: string[];
}

export interface SplitResult {
  documents: SplitDocument[];
  /** Every decision between consecutive content pages, kept or not, for review and tuning. */
  boundaries: Boundary[];
}

interface Profile {
  page: ParsedPage;
  pn: PageNumber | undefined;
  types: PageTypes;
  top: string;
  topConf: number;
  shapes: Set<string>;
  ids: Set<string>;
  header: string[];
  cont: boolean;
  empty: boolean;
  /** Word pairs of the letterhead (the top lines), lower-cased: an issuer named again on a later page. */
  letterhead: string[];
  /** The page's text, lower-cased, words separated by single spaces. */
  text: string;
  /** The type its title names ("Bank statement", "Facture"), when it has one. */
  title: { docType: string; score: number; names: string[] } | null;
  /** Identifiers in its running header (the top lines): an account or reference number repeated on every page. */
  headerIds: Set<string>;
  /** What the page is on: how it was read and its size (a scan among printed pages, Letter after A4). */
  medium: string;
  /** A salutation in its upper half ("Dear Sir", "Madame,", "Sehr geehrte"): a letter begins here. */
  opensLetter: boolean;
}

const SALUTATION = /^\s*(?:dear|to whom it may concern|madame|monsieur|sehr geehrte|liebe|geachte|beste|estimad[oa]s?|muy señor|gentil[ei]|egregi[oa]|caro|cara|prezad[oa]s?|exm[oa]s?)\b/i;

/**
 * How often a type runs over several pages: a statement or an agreement continues onto pages
 * that name nothing, a payslip or a card rarely does.
 */
const MULTI_PAGE: Record<string, number> = {
  'tenancy-agreement': 0.95,
  'bank-statement': 0.85,
  'credit-card-statement': 0.85,
  'mortgage-statement': 0.7,
  'pension-statement': 0.6,
  'tax-return': 0.6,
  'company-registration-certificate': 0.5,
  'utility-bill': 0.5,
  invoice: 0.4,
  'employment-letter': 0.3,
  'reference-letter': 0.3,
  payslip: 0.15,
  p60: 0.1,
  'council-tax-bill': 0.4,
};

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

function argmax(t: PageTypes): [string, number] {
  let best: [string, number] = ['fallback', 0];
  for (const [k, v] of Object.entries(t)) if (v > best[1]) best = [k, v];
  return best;
}

const GENERIC = new Set(['page', 'statement', 'account', 'number', 'date', 'your', 'the', 'and', 'for', 'with', 'from', 'name', 'address', 'total', 'balance', 'period', 'bank', 'card', 'tax', 'bill', 'agreement', 'certificate', 'plc', 'ltd', 'limited', 'inc', 'llc', 'gmbh', 'united', 'kingdom', 'states', 'america', 'of', 'to', 'in', 'on', 'at', 'a', 'an', 'no', 'ref', 'reference', 'tel', 'phone', 'email', 'www', 'com']);
const words = (t: string) => t.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[a-z]+/g) ?? [];

function letterheadPairs(page: ParsedPage): string[] {
  const top = [...page.lines].sort((a, b) => a.box.y - b.box.y).slice(0, 2);
  const out: string[] = [];
  for (const l of top) {
    // A name is written with capitals (`Tata Motors`, `INTERNAL REVENUE SERVICE`): a sentence's
    // words at the top of a page (`each of the following areas`) name no issuer.
    const named = l.text.match(/[\p{L}]+/gu) ?? [];
    for (let i = 0; i + 1 < named.length; i++) {
      if (!/^\p{Lu}/u.test(named[i]!) || !/^\p{Lu}/u.test(named[i + 1]!)) continue;
      const [a, b] = [words(named[i]!)[0] ?? '', words(named[i + 1]!)[0] ?? ''];
      if ((a.length >= 5 && !GENERIC.has(a)) || (b.length >= 5 && !GENERIC.has(b))) out.push(` ${a} ${b} `);
    }
  }
  return out;
}


function profile(page: ParsedPage, classify?: (p: ParsedPage) => PageTypes): Profile {
  const types = page.lines.length && classify ? classify(page) : {};
  const [top, topConf] = argmax(types);
  return {
    page,
    pn: pageNumber(page),
    types,
    top,
    topConf,
    shapes: shapes(page),
    ids: identifiers(page),
    header: headerShapes(page),
    cont: hasContinuationWords(page),
    // Nothing read, or a few characters OCR was unsure of in a picture (a card's back: `penn nas`).
    empty: page.lines.length === 0 || (page.source === 'ocr' && page.lines.every((l) => l.confidence < 0.6) && page.lines.map((l) => l.text).join('').replace(/[^\p{L}\p{N}]/gu, '').length < 20),
    letterhead: letterheadPairs(page),
    text: ` ${words(page.lines.map((l) => l.text).join(' ')).join(' ')} `,
    // Asked only when the type changes: most pages never need it.
    get title() {
      // Asked again for each pair the page is in: worked out once.
      Object.defineProperty(this, 'title', { value: titleCue(page) });
      return this.title;
    },
    medium: page.source === 'ocr' ? 'scan' : 'print',
    opensLetter: page.lines.some((l) => l.box.y < (page.height || 842) * 0.5 && SALUTATION.test(l.text)),
    headerIds: identifiers({ ...page, lines: page.lines.filter((l) => l.box.y < (page.height || 842) * 0.15) }),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a).toLowerCase().replace(/[^a-z0-9]/g, '') === JSON.stringify(b).toLowerCase().replace(/[^a-z0-9]/g, '');

/** Positive: the next page starts a new document. */
function score(doc: Profile[], next: Profile, keys?: (p: Profile, type: string) => { values: Record<string, unknown>; size: number }): { score: number; reasons: string[] } {
  const prev = doc[doc.length - 1]!;
  const first = doc[0]!;
  const namesIssuer = first.letterhead.some((g) => next.text.includes(g));
  const reasons: string[] = [];
  let s = 0;
  const add = (v: number, why: string) => {
    s += v;
    reasons.push(`${why} ${v > 0 ? '+' : ''}${v}`);
  };
  if (next.empty) {
    // No text (an image page nobody read): nothing to go on, it stays with what came before.
    add(-2, 'no text');
    return { score: s, reasons };
  }
  // Page numbers.
  if (next.pn) {
    // "Page 1 of 5" after "Page 2 of 5" under the same running header is a numbering slip, not a new document.
    if (next.pn.k === 1 && prev.pn?.n && prev.pn.k < prev.pn.n && prev.pn.n === next.pn.n && sharesHeaderId(doc, next)) add(1, 'page 1 again under the same header');
    else if (next.pn.k === 1) add(6, 'page 1');
    else if (prev.pn && prev.pn.k === next.pn.k - 1 && (prev.pn.n === next.pn.n || !prev.pn.n || !next.pn.n)) add(-7, 'next page number');
    else if (prev.pn && prev.pn.k === next.pn.k && prev.pn.n === next.pn.n) add(-2, 'same page number');
    else if (!prev.pn) add(-2.5, `page ${next.pn.k}`);
    else add(1, 'page numbers do not follow');
  }
  if (prev.pn?.n && prev.pn.k === prev.pn.n && !(next.pn && next.pn.k > 1 && next.pn.k === prev.pn.k + 1)) add(3, 'previous page was the last');
  if (prev.pn?.n && prev.pn.k < prev.pn.n && !next.pn) add(-2.5, 'previous page announced more');

  // Type: what the classifier makes of the next page against the document so far.
  const docTypes = doc.length > 1 ? mergeTypes(doc) : first.types;
  const [docTop] = argmax(docTypes);
  if (next.top !== docTop) {
    // How likely the next page is still of this document's type: a page the model finds half
    // "anything else" and half this type (a pension's projection page) is not a new document.
    const pSame = next.types[docTop] ?? 0;
    const change = Math.max(-1, Math.min(4, 4 * (1 - pSame / 0.35)));
    // A page whose title names no other type, after a document that runs on (several pages so
    // far, a type that usually does, or pages announced), is its next page: only a start starts one.
    // Another sheet (a scan after printed pages, another paper size) read confidently as another type is a start too.
    const otherSheet = !sameSheet(prev, next) && next.top !== 'fallback' && (next.topConf >= 0.5 || pSame < 0.05);
    const title = next.title;
    const starts = (title !== null && title.docType !== docTop) || next.opensLetter || otherSheet;
    // A page the model finds none of the types after a typed one (a payslip's notes, an invoice's
    // terms) that names the document's issuer again is read as its next page when nothing on it
    // starts a document; without the issuer it is as likely another paper (a letter after a bill).
    const runsOn = doc.length > 1 || (MULTI_PAGE[docTop] ?? 0) >= 0.5 || (prev.pn?.n !== undefined && prev.pn.k < prev.pn.n) || (next.top === 'fallback' && namesIssuer);
    if (!starts && runsOn && docTop !== 'fallback') add(+Math.min(change, 0.5).toFixed(2) - 1, `type ${docTop}→${next.top} (${pSame.toFixed(2)}) but nothing starts a document`);
    else add(+change.toFixed(2), `type ${docTop}→${next.top} (${pSame.toFixed(2)})${starts ? (title ? ` titled ${title.docType}` : next.opensLetter ? ' opens a letter' : ' on another sheet') : ''}`);
  } else add(-1, `same type ${docTop}`);

  // A repeated template: the next page has the same shape as this document's first page.
  const tpl = Math.max(jaccard(first.shapes, next.shapes), jaccard(prev.shapes, next.shapes));
  const sameHeader = first.header.length > 0 && first.header.join('|') === next.header.join('|');
  if (next.top === docTop && tpl >= 0.55 && !next.pn && !prev.pn) add(4.5, `same template (${tpl.toFixed(2)})`);
  else if (next.top === docTop && sameHeader && tpl >= 0.35 && !next.pn && !prev.pn) add(3, `same header (${tpl.toFixed(2)})`);

  // Same type, each page a whole document of its own: their key values say whether it is the same one.
  if (keys && next.top === docTop && docTop !== 'fallback' && !(next.pn && next.pn.k > 1)) {
    const a = keys(first, docTop);
    const b = keys(next, docTop);
    const complete = (k: { values: Record<string, unknown>; size: number }) => k.size > 0 && Object.keys(k.values).length / k.size >= 0.6;
    if (complete(a) && complete(b)) {
      let agree = 0;
      let differ = 0;
      for (const [f, v] of Object.entries(b.values)) {
        if (!(f in a.values)) continue;
        if (same(v, a.values[f])) agree++;
        else differ++;
      }
      if (differ > 0 && differ >= agree / 2) add(+(2 + 3 * (differ / (agree + differ))).toFixed(2), `own key data (${differ} differ, ${agree} agree)`);
      else if (agree >= 2 && differ === 0) add(-1, `same key data (${agree})`);
    }
  }

  // "Anything else" followed by "anything else": a change of subject (a cover letter, then a recipe).
  if (docTop === 'fallback' && next.top === 'fallback') {
    // Forms that each name themselves (`Form W-2`, then `Form 1099-INT`) are one each, when each
    // names what the other does not: a guide's page that adds a form's name to the guide's own
    // title (`Guide to` → `Guide to`, `Closing Disclosure`), or names none, is the guide going on.
    const own = next.title;
    const before = prev.title;
    const apart = own && before && own.names.some((n) => !before.names.includes(n)) && before.names.some((n) => !own.names.includes(n));
    if (apart && own.docType === 'fallback' && before.docType === 'fallback' && own.score >= 3.5 && !(next.pn && next.pn.k > 1) && !sharesHeaderId(doc, next)) add(3, `titled as a paper of its own (${own.names.join(', ')})`);
    const a = new Set(first.text.split(' ').filter((w) => w.length >= 4));
    const b = new Set(next.text.split(' ').filter((w) => w.length >= 4));
    let inter = 0;
    for (const w of b) if (a.has(w)) inter++;
    const jac = a.size && b.size ? inter / (a.size + b.size - inter) : 1;
    if (jac < 0.06) add(1.5, `another subject (${jac.toFixed(2)})`);
  }

  // Continuation evidence.
  if (next.cont) add(-1.5, 'continuation words');
  if (tpl < 0.55 && namesIssuer) add(-1.5, 'names the issuer');
  if (sharesHeaderId(doc, next)) add(-2, 'same identifier in the running header');
  // Pages of one document come on one kind of sheet: a scan among printed pages, or a page of
  // another size, is a hint of another document, unless its number says it follows.
  if (!sameSheet(prev, next) && !(next.pn && next.pn.k > 1)) add(1.5, 'another sheet');
  let shared = 0;
  for (const id of next.ids) if (doc.some((d) => d.ids.has(id))) shared++;
  if (shared && tpl < 0.55) add(-Math.min(2, shared), 'shared identifiers');
  return { score: s, reasons };
}

/** Read the same way (scan or print) and of the same size, to within 5 %. */
function sameSheet(a: Profile, b: Profile): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= 0.05 * Math.max(x, y, 1);
  return a.medium === b.medium && close(a.page.width, b.page.width) && close(a.page.height, b.page.height);
}

function sharesHeaderId(doc: Profile[], next: Profile): boolean {
  for (const id of next.headerIds) if (doc.some((d) => d.headerIds.has(id))) return true;
  return false;
}

function mergeTypes(doc: Profile[]): PageTypes {
  const out: PageTypes = {};
  for (const p of doc) for (const [k, v] of Object.entries(p.types)) out[k] = (out[k] ?? 0) + v / doc.length;
  return out;
}

export function splitPages(pages: ParsedPage[], opts: SplitOptions = {}): SplitResult {
  const flags = opts.flags ?? [];
  const blank = new Set(flags.filter((f) => f.code === 'blank_page').map((f) => f.page));
  const dupOf = new Map(flags.filter((f) => f.code === 'duplicate_page' && f.duplicateOf).map((f) => [f.page, f.duplicateOf!]));
  const documents: SplitDocument[] = [];
  const boundaries: Boundary[] = [];
  let doc: Profile[] = [];
  let docConf = 1;
  const keyCache = new Map<string, { values: Record<string, unknown>; size: number }>();
  const keys = opts.keyFields
    ? (p: Profile, type: string) => {
        const k = `${p.page.page}:${type}`;
        let v = keyCache.get(k);
        if (!v) keyCache.set(k, (v = opts.keyFields!(p.page, type)));
        return v;
      }
    : undefined;
  const flush = () => {
    if (doc.length) documents.push({ pages: doc.map((p) => p.page.page), confidence: +docConf.toFixed(3) });
    doc = [];
  };
  for (const page of pages) {
    if (blank.has(page.page)) continue;
    const prof = profile(page, opts.classifyPage);
    if (!doc.length) {
      doc = [prof];
      docConf = 1;
      continue;
    }
    const prev = doc[doc.length - 1]!;
    const original = dupOf.get(page.page);
    if ((original !== undefined && doc.some((d) => d.page.page === original)) || sameText(prev.page, page)) {
      // A copy of a page of this document stays with it.
      doc.push(prof);
      continue;
    }
    const { score: s, reasons } = score(doc, prof, keys);
    const confidence = confidenceOf('boundary', +sigmoid(Math.abs(s)).toFixed(3), opts.curves === undefined ? CALIBRATION_CURVES : opts.curves);
    boundaries.push({ page: page.page, score: +s.toFixed(2), confidence, reasons });
    if (s > 0) {
      flush();
      doc = [prof];
      docConf = confidence;
    } else {
      doc.push(prof);
    }
  }
  flush();
  return { documents, boundaries };
}
