/**
 * Label/value extraction: find a field's label (most specific wording first), then its value
 * where documents put it — after the label on its line, in the next cell of its row, or on the
 * line below — read by the field's parser. Plus the helpers several types share: the letterhead
 * (who issued it), the addressee block, and value parsers for dates, money, names and addresses.
 */
import type { ExtractedField } from '../types.js';
import { type YearHint, findDates } from './dates.js';
import { type DocView, type LabelHit, type LabelPattern, type XLine, fold, wholeLine } from './doc.js';
import { AU_POSTCODE, type Money, findMoney } from './money.js';
import { looksLikeName, normaliseName, onlyHonorifics } from './names.js';

export type Where = 'after' | 'right' | 'below';

export interface Candidate<T> {
  value: T;
  confidence: number;
  page: number;
  line: number;
}

export type Parser<T> = (text: string, line: XLine, where?: Where) => T | null;

export interface LookupSpec<T> {
  labels: RegExp[];
  parse: Parser<T>;
  where?: Where[];
  /** Skip label hits this rejects (a label inside a sentence, a year-to-date column). */
  accept?: (hit: LabelHit, doc: DocView) => boolean;
  /** How many cells to the right to try. */
  rightCells?: number;
  belowLines?: number;
  /** Read the value from the label's line plus the lines that continue it (wrapped values). */
  wrap?: boolean;
  /**
   * The label is a field's number (`3`, `4d`): a lower-case word after it is its own label as OCR
   * misread it (`3 vos: 08/04/1968` for `3 DOB`), never a sentence going on.
   */
  numbered?: boolean;
}

export function toField<T>(c: Candidate<T> | null | undefined): ExtractedField | undefined {
  return c ? { value: c.value, confidence: +c.confidence.toFixed(3), page: c.page, line: c.line } : undefined;
}

export function candidate<T>(value: T, line: XLine, confidence: number): Candidate<T> {
  return { value, confidence: Math.max(0, Math.min(1, confidence * (line.conf < 1 ? 0.5 + line.conf / 2 : 1))), page: line.page, line: line.index };
}

/**
 * A later, less specific label wording costs confidence: about 0.035 for each of the first few,
 * levelling off at 0.3, so a long multilingual list of wordings still ranks its last ones.
 */
export function labelPenalty(pattern: number): number {
  return 0.3 * (1 - Math.exp(-pattern / 8));
}

/** The best value for a field: earlier label wordings win, then after > right > below. */
export function lookup<T>(doc: DocView, spec: LookupSpec<T>): Candidate<T> | null {
  const where = spec.where ?? ['after', 'right', 'below'];
  let best: (Candidate<T> & { score: number }) | null = null;
  const consider = (value: T | null, line: XLine, score: number) => {
    if (value === null || value === undefined || (typeof value === 'string' && !value)) return;
    if (!best || score > best.score) best = { ...candidate(value, line, score), score };
  };
  for (const hit of doc.findLabels(spec.labels)) {
    if (spec.accept && !spec.accept(hit, doc)) continue;
    const base = 1 - labelPenalty(hit.pattern) - doc.pageIndex(hit.line.page) * 0.03 - Math.min(hit.line.rank, 60) * 0.0003 - (hit.fuzzy ? 0.05 : 0);
    if (best && (best as { score: number }).score >= base) break;
    // A label inside prose ("The Landlord lets …", "The Landlord's obligations") is no label.
    if ((!spec.numbered && continuesSentence(doc.after(hit))) || /^['’]s\b/u.test(hit.line.text.slice(hit.end))) continue;
    // A label followed by its translation (`DATE DE NAISS / Date of birth`, `Landlord / Tenant`):
    // the rest of its line is more label, so its value can only be under it.
    const translated = /^\s*\/\s*\p{L}/u.test(hit.line.text.slice(hit.end));
    // Nor is the first word of a longer label (`Customer GSTIN : 29AAF…`): its value is that label's.
    if (/^\s+[\p{L}.\-]{2,20}\s*:/u.test(hit.line.text.slice(hit.end))) continue;
    if (where.includes('after') && !translated) {
      const rest = doc.after(hit);
      const text = spec.wrap ? [rest, ...doc.block(hit.line).slice(1).map((l) => l.text)].join(' ') : rest;
      if (rest) consider(spec.parse(text, hit.line), hit.line, base);
    }
    // A header row (`Employee | Employee ID | SSN | Filing Status`) has its values below, not beside.
    const row = doc.rightOf(hit);
    const header =
      row.length >= 2 && !/\d/.test(hit.line.text) && row.every((l) => !/\d/.test(l.text) && l.text.length < 30) && row.some((l) => /\b(id|no\.?|number|status|department|dept|date|code|type|rate|hours|amount|ssn|period|description|title|position|reference|ref)\b/i.test(l.text));
    if (where.includes('right') && !header && !translated) {
      row.slice(0, spec.rightCells ?? 2).forEach((l, k) => {
        // A cell that ends in a colon is another label (`For all other Enbridge Inquiries:`).
        if (doc.underRowLabel(l, row) || /:\s*$/.test(l.text)) return;
        const text = spec.wrap ? doc.block(l).map((x) => x.text).join(' ') : l.text;
        consider(spec.parse(text, l), l, base - 0.05 - k * 0.05);
      });
    }
    // A label the line goes on with in a capitalised word (`Customer Charge`, `Account Number` for
    // `Account`) is a longer label of another field: the line below holds that field's value. Two
    // letters are a scrap OCR read in a field's marker or pattern (`Prénoms Al`), not a word.
    const longerLabel = /^\p{Lu}\p{Ll}{2,}(?:\s|$)/u.test(hit.line.text.slice(hit.end).replace(/^\s+/, ''));
    if (where.includes('below') && !longerLabel) {
      // A label that ends a row of labels (`TOTAL VERSÉ  NET À PAYER`) heads the row's last column.
      const endsRow = hit.start > 3 && hit.line.norm.slice(hit.end).trim().length === 0;
      doc.below(hit, spec.belowLines ?? 2).forEach((l, k) => {
        // A table's currency column (`EUR` under `Neuer Kontostand`, its amount in the next cell):
        // the cell under the label is the currency of the figure beside it.
        const next = BARE_CURRENCY.test(l.text) ? doc.rightOf(wholeLine(l))[0] : undefined;
        const text = next ? `${l.text} ${next.text}` : spec.wrap ? doc.block(l).map((x) => x.text).join(' ') : l.text;
        // A row of labels over a row of values that OCR read each as one line (`DATE  PLEASE PAY
        // DUE DATE` over `31-12-2022  6,54,321.00  31-03-2023`): the value in the label's column first.
        const column = hit.start > 0 || hit.line.norm.slice(hit.end).trim() ? columnUnder(hit, l) ?? beforeNextField(hit, l) : null;
        if (column) consider(spec.parse(column, l, 'below'), l, base - 0.1 - k * 0.06);
        consider(spec.parse(text, l, 'below'), l, base - 0.12 - k * 0.06);
        const last = endsRow ? /(?:^|\s)((?:[-–(]?[$€£]?\s?\d{1,3}(?:[ .,\u00a0]\d{3})*[.,]\d{2}\)?\s?(?:€|eur|usd|gbp)?))\s*$/i.exec(l.text) : null;
        if (last && last[1]!.length < l.text.trim().length) consider(spec.parse(last[1]!, l, 'below'), l, base - 0.15 - k * 0.06);
      });
    }
  }
  return best;
}

const BARE_CURRENCY = /^\s*(?:[A-Z]{3}|[€$£¥₹]|CHF|Fr\.?)\s*$/;

/** Where a line's character stands, its characters taken as equally wide across its box (OCR gives no word boxes). */
const xOfChar = (line: XLine, index: number) => line.box.x + (index * line.box.w) / Math.max(1, line.text.length);

/** A line's words and where each starts and ends, by `xOfChar`. */
const wordsAcross = (line: XLine) => [...line.text.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: xOfChar(line, m.index), end: xOfChar(line, m.index + m[0].length) }));

/**
 * The words of a line under a label that stand in the label's column, where neither line's words
 * have boxes: each line's characters are taken as equally wide across its box. Null when the line
 * under is the label's column alone already, or nothing of it stands there.
 */
export function columnUnder(hit: LabelHit, under: XLine): string | null {
  const label = hit.line;
  if (under.text.length < 12 || !label.text.length) return null;
  const perCharUnder = under.box.w / under.text.length;
  const from = xOfChar(label, hit.start) - 3 * perCharUnder;
  const to = xOfChar(label, Math.max(hit.end, hit.start + 12)) + 3 * perCharUnder;
  const words = wordsAcross(under);
  const inside = words.filter((w) => (w.start + w.end) / 2 >= from && (w.start + w.end) / 2 <= to);
  // Only figures (dates, amounts, numbers) are cut out so, from a row holding several: a name's
  // words are too few to place, and a sentence's one number (`3.1 The deposit …`) is no row.
  if (!inside.length || inside.length === words.length || !inside.some((w) => /\d/.test(w.text)) || words.filter((w) => /\d/.test(w.text)).length < 2) return null;
  return inside.map((w) => w.text).join(' ');
}

/**
 * The part of the line under a form's numbered field that lies before the next numbered field of
 * the label's row (`1. To (Name and address of employer)  2. From (…)` over `Alejandro Rosalez
 * Carlos Salazar`): each line's characters taken as equally wide, as in `columnUnder`.
 */
export function beforeNextField(hit: LabelHit, under: XLine): string | null {
  const label = hit.line;
  const next = /\s\d{1,2}[a-z]?[.,]\s+\p{L}/u.exec(label.text.slice(hit.end));
  if (!next || !label.text.length || !under.text.length) return null;
  const cut = xOfChar(label, hit.end + next.index + 1);
  const perCharUnder = under.box.w / under.text.length;
  // …and after the field before it, when the label is not the row's first (`10. Present Position`).
  const start = hit.start > 10 ? xOfChar(label, hit.start - 4) : -Infinity;
  const words = wordsAcross(under);
  const inside = words.filter((w) => w.end <= cut + perCharUnder && w.start >= start - perCharUnder);
  return inside.length && inside.length < words.length ? inside.map((w) => w.text).join(' ') : null;
}

/**
 * A label followed by a lower-case word is prose ("Net pay distribution: …", "The Landlord will
 * redecorate …", "Employer pension"), not a label and its value — unless the word only leads to
 * the value ("Balance outstanding on 31.12.2024 €101.125,67").
 */
export function continuesSentence(rest: string): boolean {
  const m = /^([a-zà-ÿ][a-zà-ÿ'’]*)/.exec(rest);
  if (!m) return false;
  // A word of one or two letters before a number is such a word as OCR misread it (`ov 31 janvier` for `au`).
  if (/^[a-zà-ÿ]{1,2}\s+\d/.test(rest)) return false;
  return !/^(on|at|as|of|for|per|from|to|am|au|du|le|la|del|al|in|this|by|due|dated|no|nr|n|now)$/.test(m[1]!);
}

// ---------- value parsers ----------

export const dateParser =
  (doc: DocView, yearHint: YearHint = 'any'): Parser<string> =>
  (text) =>
    findDates(text, { region: doc.region, yearHint })[0]?.iso ?? null;

export function defaultCurrency(doc: DocView): string {
  return doc.currency ?? (doc.region === 'US' ? 'USD' : doc.region === 'EU' ? 'EUR' : 'GBP');
}

export const moneyParser =
  (doc: DocView, opts: { index?: number; allowBare?: boolean } = {}): Parser<Money> =>
  (text, _line, where) => {
    const all = findMoney(text, { currency: defaultCurrency(doc) }).filter((m) => m.strong || (opts.allowBare && /^\d{2,}$/.test(m.raw)));
    // Under a label, the amount stands alone: a table row (a date, several amounts) is not its value.
    if (where === 'below' && (all.length > 1 || findDates(text, { region: doc.region }).length > 0 || text.replace(/[^A-Za-zÀ-ÿ ]/g, ' ').trim().split(/\s+/).length > 6)) return null;
    const m = all[opts.index ?? 0];
    return m ? { amount: m.amount, currency: m.currency } : null;
  };

/** Cut a cell at the next label or a wide gap: `Lena Hoffmann Personnel no.` → `Lena Hoffmann`. */
export function cutAtLabel(text: string): string {
  return text
    .split(/\s{2,}| [·|•] | — (?=[A-Z])|_{3,}/)[0]!
    .replace(/\s+(?:account|acct|sort code|employee|payroll|personnel|staff|customer|member|policy|plan|reference|ref|date|no\.?|number|period|tax|nino?|ni number|iban|bic|page)\b.*$/i, '')
    .trim();
}

export const nameParser: Parser<string> = (text) => {
  const t = withoutFormLabels(cutAtLabel(text))
    .replace(/\(.*?\)/g, ' ')
    .replace(/[,;:]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const n = normaliseName(t);
  return looksLikeName(n) ? n : null;
};

/**
 * A form's instruction in brackets (`(Name & Address of Employer)`, `(circle one)`), which a
 * blank form prints where its value goes.
 */
const FORM_INSTRUCTION = /\((?:[^()]*\b(?:name|address|print|optional|circle|include|specify|enter|check|if any|if applicable)\b[^()]*)\)/gi;
/** What is left of a field's label: `Employer's Name`, `2. From`, `Date`. */
const BARE_LABEL = /^(?:\d{1,2}[a-z]?\.?\s*)?(?:to|from|re|title|number|no\.?|(?:[\p{L}'’]+\s+){0,3}(?:name|address|date|signature))\s*[:?]?$/iu;

/** A value as a blank or half-filled form prints it: its instructions dropped, nothing when only a label is left. */
export function withoutFormLabels(text: string): string {
  const t = text.replace(FORM_INSTRUCTION, ' ').replace(/\s+/g, ' ').trim();
  return BARE_LABEL.test(t) ? '' : t;
}

export const textParser: Parser<string> = (text) => {
  const t = withoutFormLabels(cutAtLabel(text)).replace(/[,;:]\s*$/, '').trim();
  // A question is a form's prompt (`WHEN WILL YOUR POSITION END?`), not its answer.
  return t.length >= 2 && !t.endsWith('?') ? t : null;
};

/**
 * OCR's usual slips in a UK postcode's outward code: `$10 2LT` is `S10 2LT`, `5W1A 1AA` is
 * `SW1A 1AA` (a postcode starts with a letter; the inward code is a digit and two letters).
 */
export function ocrPostcodes(text: string): string {
  return text.replace(/(^|[\s,])([$5])([A-Z]?\d{1,2}[A-Z]?) (\d[A-Z]{2})\b/g, (_, pre: string, _s: string, rest: string, inward: string) => `${pre}S${rest} ${inward}`);
}

/** OCR's `Lid` / `Ltd,` at the end of a company name is `Ltd` (`LTO` in capitals). */
export function ocrLegalForm(name: string): string {
  return name.replace(/\b(?:Lid|L1d|Ltd,)$/, 'Ltd').replace(/\bpic$/, 'plc').replace(/(\p{Lu}{2,}\s+)LTO$/u, '$1LTD');
}

/**
 * A name without the specks OCR read after it on a scan (`MICROSOFT LTD \ ~ wsesare`,
 * `THE TOBACCO INSTITUTE , *ee`): it ends before the first token that is only marks, or holds
 * one no name holds.
 */
export function withoutOcrTail(text: string): string {
  const words = text.trim().split(/\s+/);
  // …and a logo read as marks before it (`M@ Postbank`, `© EDF`): a short token holding one.
  while (words.length > 1 && words[0]!.length <= 3 && /[\\~*@|{}<>^_=»«©®,;‘’'"]/.test(words[0]!)) words.shift();
  // A dash between words is the name's own (`DEMO - Sliced Invoices`).
  const cut = words.findIndex((w, i) => i > 0 && ((/^[^\p{L}\p{N}&]+$/u.test(w) && !/^[-–—]$/.test(w)) || /[\\~*@|{}<>^_=»«]/.test(w)));
  return (cut < 0 ? words : words.slice(0, cut)).join(' ').replace(/[\s,;:]+$/, '');
}

/** An organization's name without the address printed after it: `Cedar Analytics LLP, 3 Queens Road, Derby`. */
export function orgName(text: string): string {
  const parts = ocrLegalForm(withoutOcrTail(text)).split(/,\s+/);
  let out = parts[0]!;
  for (const p of parts.slice(1)) {
    if (/\d/.test(p) || /\b(street|road|avenue|lane|house|cottage|court|drive|way|place|square|park|po box|floor|suite|unit)\b/i.test(p)) break;
    out += `, ${p}`;
  }
  return out.trim();
}

const EIRCODE = /\b[AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y0-9]{4}\b/;
const STREET_WORD = /\b(street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|close|crescent|terrace|square|gardens|grove|hill|walk|row|green|parade|quay|wharf|mews|rue|avenue|boulevard|place|calle|avenida|paseo|via|viale|corso|piazza|straße|strasse|str|weg|allee|platz|gasse|laan|straat|gracht|plein|ul|rua|apt|flat|unit|suite|apartment)\b\.?/i;
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b/;
export const US_ZIP = /\b[A-Z]{2},? \d{5}(?:-\d{4})?\b/;

/** An address read as printed, cut after its postcode when a label follows on the same line. */
const EU_POSTCODE_CITY = /\b(?:\d{4}\s?[A-Z]{2}|[A-Z]?\d{4,5}|[A-Z]\d{2}\s?[A-Z0-9]{4}|\d{2}-\d{3})\s+\p{Lu}[\p{L}'\-]+(?:[ \-](?:am|an|der|sur|en|de|del|di|la|le|im)[ \-]\p{Lu}[\p{L}\-]+)?/u;

/** A Canadian postcode (`N2H 5M5`), with its province when printed before it. */
const CA_POSTCODE = /\b(?:(?:ON|QC|BC|AB|MB|SK|NS|NB|NL|PE|YT|NT|NU),?\s+)?[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d\b/;
const STREET_THEN_LABEL = /^(\d+[A-Za-z]?\s+(?:[\p{L}'.\-]+\s+){0,4}?(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|crescent|terrace|square|parkway|circle|trail)\.?)\s+(?=[^,]*[#:])/iu;

export function cleanAddress(text: string): string {
  // A label read with its value (`Property Address: 305 …`, `Adresse : …`).
  let t = ocrPostcodes(text.replace(/\s+/g, ' ').trim().replace(/^(?:(?:property|service|supply|home|billing|mailing|postal|residential) )?(?:address|adresse|anschrift|direcci[oó]n|indirizzo|adres|morada)\s*[:：]\s*/i, ''));
  // A sentence after the address ends it: `69003 Lyon. Prepared on …`.
  t = t.replace(/\.\s+\p{Lu}\p{Ll}+ (?:on|in|at|by|the|of|to|for|with|and)\b.*$/u, '');
  // Another field's label beside a street with no postcode: `152 Louisa St Water Meter # 2004…`.
  const street = STREET_THEN_LABEL.exec(t);
  if (street) t = street[1]!;
  for (const re of [UK_POSTCODE, US_ZIP, CA_POSTCODE, AU_POSTCODE, EIRCODE, EU_POSTCODE_CITY]) {
    const m = re.exec(t);
    if (m) {
      t = t.slice(0, m.index + m[0].length);
      break;
    }
  }
  return t.replace(/^[\s,:;.\-–—]+|[\s,;:\-–—]+$/g, '');
}

const STREET = /\b(street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|close|crescent|terrace|square|parkway|highway|hwy|circle|trail)\.?\s*$/i;

/** A line longer than this is no postcode-and-city line (and the city's pattern costs its length cubed). */
const MAX_POSTCODE_LINE = 120;

export function isPostcodeLine(text: string): boolean {
  if (text.length > MAX_POSTCODE_LINE) return false;
  if (UK_POSTCODE.test(text) || US_ZIP.test(text) || CA_POSTCODE.test(text) || AU_POSTCODE.test(text) || /\b[A-Z]\d{2} ?[A-Z0-9]{4}\b/.test(text)) return true;
  // `10115 Berlin`, `1016 DZ Amsterdam`, `00-950 Warszawa` — but not a street line, `1290 Clarkson Street`.
  return /(?:^|,\s*)(?:[A-Z]{1,2}-)?(?:\d{4,5}|\d{2}-\d{3})(?:\s?[A-Z]{2})?\s+\p{Lu}[\p{L}\-']+(?:[ \-][\p{L}\-']+){0,2}$/u.test(text.trim()) && !STREET.test(text);
}

/**
 * `Label: value ` pairs at the start of a line, before a street number. A label does not start
 * with white space: when it could, the spaces between pairs could be split between the value
 * and the next label in as many ways as there are spaces, and a line of ten pairs that ends
 * without a street number was retried for each of those splits of each pair (hours, on the
 * server's main thread).
 */
const LABELLED_REFERENCES = /^\s*(?:[\p{L}'’.\-][\p{L}'’.\- ]{2,39}:\s*[\w\-]+\s+)+(?=\d+\s+\p{L})/u;

export const addressParser: Parser<string> = (text) => {
  // A labelled reference before the street (`Référence acheminement : 98765 12 Avenue …`) is not the address.
  const t = cleanAddress(cutAtLabel(text.replace(LABELLED_REFERENCES, '')));
  if (!/\d/.test(t) || !/[A-Za-z]{3}/.test(t) || t.length < 8 || t.split(/\s+/).length > 16) return null;
  // An address has a postcode or a street, not the shape of a sentence.
  const placeLike = UK_POSTCODE.test(t) || US_ZIP.test(t) || EIRCODE.test(t) || EU_POSTCODE_CITY.test(t) || STREET_WORD.test(t);
  return placeLike && !/\b(shall|will|may|must|agree|agrees|party|parties)\b/i.test(t) ? t : null;
};

// ---------- letterhead and addressee ----------

const ORG_STRONG =
  /\b(ltd|limited|plc|llp|l\.?l\.?c|l\.?p|inc|corp|corporation|gmbh|ag|kg|kgaa|ohg|a\.g\.|e\.v\.|e\.k\.|sas|sarl|s\.?a\.?|b\.?v\.?|n\.?v\.?|s\.r\.l|s\.p\.a|dac|bank|banque|banco|building society|credit union|council|trust|group|company|co\.)(?![a-z])/i;
const ORG_DOMAIN =
  /\b(energy|energie|electric|electricity|power|water|gas|broadband|fibre|telecom|pensions?|retirement|mortgages?|hypotheken|home loans|insurance|card services|card company|revenue|hmrc|partners|services|studio|solutions|holdings|associates|consulting|healthcare|university|school|academy|church|lettings|estates|property)\b/i;
const TITLE_WORDS =
  /\b(statement|payslip|pay slip|pay advice|earnings|invoice|rechnung|facture|factura|fattura|factuur|abrechnung|lohnabrechnung|gehaltsabrechnung|kontoauszug|bulletin de paie|bulletin de salaire|danfe|nota fiscal|nf-e|bill|certificate|agreement|lease|page \d|private|confidential|summary|notice|return|calculation|passport|licen[cs]e|identity|salary|your|dear|re:|verification|request for|application for|form)\b/i;

export interface Letterhead {
  text: string;
  line: XLine;
  score: number;
}

/** The issuer as printed at the top of the first page: an organization name, not a title or an address. */
export function letterhead(doc: DocView, opts: { page?: number; maxRank?: number } = {}): Letterhead | null {
  const page = opts.page ?? doc.pages[0]?.page ?? 1;
  const lines = doc.plain(page).filter((l) => l.rank < (opts.maxRank ?? 10));
  const height = doc.pages.find((p) => p.page === page)?.height ?? 842;
  const hs = lines.map((l) => l.box.h).sort((a, b) => a - b);
  const medianH = hs[Math.floor(hs.length / 2)] ?? 10;
  let best: Letterhead | null = null;
  let order = 0;
  // The top of what is printed, when a stub or a card photographed onto a page starts well down it.
  const printed = Math.min(...doc.plain(page).map((l) => l.box.y));
  const top = printed > height * 0.3 ? printed : 0;
  for (const l of lines) {
    if (l.box.y > top + height * 0.3) continue;
    let text = l.text.split(/\s{2,}| [·|•] | - (?=[A-Z0-9])/)[0]!.trim();
    // A title or a label sharing the line: `Copperline Marketing LLC INVOICE`, `… Plan number: 123`.
    text = text
      .replace(/\s+(?:(?:[A-Z][a-z]+\s+)?(?:number|no\.?|ref(?:erence)?|date|account)\b).*$/i, '')
      .replace(/\s+(?:tax invoice|invoice|rechnung|facture|factura|fattura|factuur|statement|payslip)\b.*$/i, '')
      .replace(/[,;:]+$/, '')
      .trim();
    if (text.length < 3 || /^\d/.test(text) || /\d{3,}/.test(text) || /^[a-z]/.test(text)) continue;
    // A label and its value (`Identifiant Internet : …`, `N° client : 1 234`) name a field, not the issuer.
    if (/^[^:]{2,40}:\s*\S/.test(text) || /\S@\S+\.\S/.test(text)) continue;
    // Whom the paper is addressed to (`To MICROSOFT LTD`), or a label awaiting its value (`PURCHASED BY`).
    if (/^(?:to|attn|attention|bill to|ship to|sold to|invoice to)\s+\S/i.test(text) || /\s(?:by|to|from|for)$/i.test(text)) continue;
    // A blank form's field (`TO: (Name & Address of Employer)`) is nobody's name.
    if (!withoutFormLabels(text) || /^(?:to|from|re)\s*:/i.test(text)) continue;
    // What is left of a title once its type word is cut (`ACCOUNT STATEMENT` → `ACCOUNT`) names nobody.
    if (/^(?:account|annual|monthly|quarterly|your|the|my|bank|consolidated|summary|customer|member|pension|retirement|savings|checking|current)$/i.test(text)) continue;
    // Nor does a section's heading (`Balance`, `Current charges`, `Payments received`).
    if (/^(?:(?:current|new|previous|other|total|recurring|monthly|one[- ]time|your)\s+)?(?:balance|charges|payments|credits|usage|activity|transactions|details|overview|remittance)(?:\s+(?:received|forward|summary|details))?$/i.test(text)) continue;
    // A form's part or section heading (`Part I — Request`, `Section 2`) is no issuer.
    if (/^(?:part|section|item|schedule|step)\b[\s|ivxl\d.:—–-]*(?:\s|$)/i.test(text) && text.split(/\s+/).length <= 3) continue;
    // A post-office box (`Postfach`, `PO Box 650`, `BP 12`) is where the issuer gets mail, not its name.
    if (/^(?:postfach|p\.?\s?o\.?\s?box|box\s+\d|post office box|bo[iî]te postale|b\.?p\.?\s*\d|apartado(?: de correos)?|casella postale|postbus|caixa postal)\b/i.test(text)) continue;
    // A section's heading (`Nous contacter`, `Contact us`) or OCR's reading of a logo (`€8b7z`) is none either.
    if (/^(?:contact(?:ez)?[- ]nous|nous contacter|contact us|contact|kontakt|contacto|contatti|contacte|customer service|service client)$/i.test(text)) continue;
    // Which copy this is (`Original for Recipient`, `Duplicate for Transporter` on an Indian GST
    // invoice; `Copy`, `Kopie`, `Duplicata`).
    if (/^(?:original|duplicate|triplicate|quadruplicate|extra|customer|office|merchant)\s+(?:for|copy)\b|^(?:copy|kopie|copie|duplicata|duplicado|copia|copia cliente)$/i.test(text)) continue;
    if ((text.match(/\p{L}/gu)?.length ?? 0) < text.replace(/\s/g, '').length * 0.75) continue;
    // A US federal form's control number line (`VA OMB Control No. 2900-0521`) names no issuer.
    if (/\bOMB\b/.test(l.text)) continue;
    // Nor a line with a sum on it (`Credits and one time charges ($95.80)`).
    if (/[$€£]\s?\d/.test(l.text)) continue;
    // Nor does a row of abbreviated column headings (`Ki.Frbtr. Konfession Freibetrag jährl.`).
    if ((text.match(/\p{L}{2,}\.(?!\p{L})/gu) ?? []).filter((w) => !/^(?:co|inc|ltd|corp|bros|plc|llc|st|mr|mrs|dr|jr|sr)\.$/i.test(w)).length >= 2) continue;
    // Nor a row of column headings (`Personal-Nr. Geburtsdatum StKl Faktor`).
    if (text.split(/\s+/).length > 2 && /(?:^|[\s-])(?:nr|no|datum|geburtsdatum|date|number|ref)\.?(?:\s|$)/i.test(text)) continue;
    // A field's label (`Account Name`, `Your details`) is no issuer either.
    if (/\b(?:name|number|details|address|date|period|reference|information|summary|overview|instructions)$/i.test(text)) continue;
    // A person named at the top and again elsewhere (an addressee block, "Account name: …") is
    // whom the document is about, not its issuer.
    if (looksLikeName(normaliseName(text)) && !ORG_STRONG.test(text) && !ORG_DOMAIN.test(text) && namedAgain(doc, l, text)) continue;
    if (onlyHonorifics(text) || /^(mr|mrs|ms|miss|dr)\b/i.test(text) || /\b(page|sheet|seite|blatt)\s*\d/i.test(text) || /^[-–\s]*\d+\s*(of|\/)?\s*\d*[-–\s]*$/.test(text)) continue;
    let score = 0;
    const strong = ORG_STRONG.test(text);
    if (strong) score += 2.5;
    else if (ORG_DOMAIN.test(text)) score += 1;
    if ((TITLE_WORDS.test(text) && !strong) || /council tax|bank statement|tax return/i.test(text)) score -= 2.5;
    score += order === 0 ? 1.5 : order === 1 ? 0.5 : 0;
    order++;
    if (l.box.h > medianH * 1.15) score += 0.7;
    if (text.split(/\s+/).length > 7) score -= 1.5;
    if (/[.!?]$/.test(text) && !/\b(co|inc|ltd|corp|s\.r\.l|s\.a|b\.v|n\.v|a\.g|e\.v|e\.k)\.$/i.test(text)) score -= 1;
    if (!best || score > best.score) best = { text, line: l, score };
  }
  if (!best || best.score <= 0) return null;
  // A name broken over two lines (`Kestrel Facilities` / `Management Ltd`): join the part above.
  const b = best.line;
  const above = lines.find((l) => l !== b && Math.abs(l.box.x - b.box.x) < 6 && l.box.y < b.box.y && b.box.y - (l.box.y + l.box.h) < b.box.h * 0.8 && !/\d/.test(l.text) && !TITLE_WORDS.test(l.text) && !ORG_STRONG.test(l.text));
  if (above && ORG_STRONG.test(best.text) && best.text.split(/\s+/).length <= 3) return { ...best, text: `${above.text.trim()} ${best.text}`, line: above };
  return best;
}

function namedAgain(doc: DocView, at: XLine, name: string): boolean {
  const want = name.toLowerCase().replace(/\s+/g, ' ').trim();
  return doc.plain(at.page).some((o) => {
    if (o === at) return false;
    const t = o.text.replace(/^[\p{L} ]{2,24}:\s*/u, '').toLowerCase().replace(/\s+/g, ' ').trim();
    return t === want || (t.startsWith(`${want} `) && !ORG_STRONG.test(o.text));
  });
}

/** The addressee block: a name line followed by address lines, near the top left of the first page. */
export function addressee(doc: DocView, page?: number): { name: string; nameLine: XLine; address: string[]; lines: XLine[] } | null {
  const p = page ?? doc.pages[0]?.page ?? 1;
  // Near the top: among the first lines, or in the top third when a header of many small cells
  // (a DATEV payslip's) comes first.
  const height = doc.pages.find((x) => x.page === p)?.height || 842;
  const lines = doc.plain(p).filter((l) => l.rank < 25 || l.box.y < height * 0.33);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    // One person, or two sharing the address (`Bram Visser and Sanne de Vries`).
    const joint = l.text.split(/\s+(?:and|&)\s+/);
    const name = nameParser(l.text, l) ?? (joint.length === 2 && joint.every((j) => nameParser(j, l)) ? joint.map((j) => nameParser(j, l)).join(' and ') : null);
    if (!name) continue;
    const below = lines.filter((o) => Math.abs(o.box.x - l.box.x) < 6 && o.box.y > l.box.y && o.box.y - l.box.y < l.box.h * 6).sort((a, b) => a.box.y - b.box.y);
    const addr: XLine[] = [];
    let prev = l;
    for (const o of below) {
      if (o.box.y - (prev.box.y + prev.box.h) > prev.box.h * 1.3) break;
      addr.push(o);
      prev = o;
      if (isPostcodeLine(o.text) || addr.length >= 5) break;
    }
    // Two or more lines ending in a postcode, or the whole address on one line (`6 Elm Road, Leeds, LS1 4AB`).
    const oneLine = addr.length >= 1 && /^\d+[A-Za-z]?\s+\S/.test(addr[0]!.text) && addr[0]!.text.includes(',') && (UK_POSTCODE.test(addr[0]!.text) || US_ZIP.test(addr[0]!.text) || /\b[A-Z]{2}\s+\d(?:\s?\d){4}\b/.test(addr[0]!.text) || EU_POSTCODE_CITY.test(addr[0]!.text));
    if (oneLine) addr.splice(1);
    if ((addr.length >= 2 || oneLine) && addr.some((a) => /\d/.test(a.text)) && addr.some((a) => isPostcodeLine(a.text) || oneLine)) {
      return { name, nameLine: l, address: addr.map((a) => cutAtLabel(a.text)), lines: addr };
    }
  }
  return null;
}

/**
 * A person named alone on a line near the top of the first page, under the issuer: the holder of
 * a statement that prints no address block (`JOSEPH PAULSON` under the card's name).
 */
export function loneName(doc: DocView, issuerLine?: XLine): { name: string; line: XLine } | null {
  const p = doc.pages[0];
  if (!p) return null;
  const h = p.height || 842;
  for (const l of doc.plain(p.page)) {
    if (l.box.y > h * 0.3 || l === issuerLine || l.rank > 15) continue;
    const t = l.text.trim();
    if (t.split(/\s+/).length > 5 || /\d|:/.test(t)) continue;
    const name = nameParser(t, l);
    if (name && normaliseName(t).length >= name.length - 1) return { name, line: l };
  }
  return null;
}

/** Whether a label hit stands at the start of its cell (not in the middle of a sentence). */
export function atCellStart(hit: LabelHit): boolean {
  const before = hit.line.norm.slice(0, hit.start);
  return !/[a-z]{2,}\s*$/.test(before) || before.trim().length === 0;
}

/** Folded regex helper: labels are written plain and matched on folded text at word boundaries. */
export function L(...words: string[]): LabelPattern[] {
  return words.map((w) => {
    const re: LabelPattern = new RegExp(`(?<![a-z])${fold(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s*').replace(/['’]/g, "['’ ]?")}(?![a-z])`);
    // Words alone (no punctuation to allow for): also matched near, on OCR lines.
    if (/^[a-z ]+$/.test(fold(w))) re.plain = fold(w);
    return re;
  });
}
