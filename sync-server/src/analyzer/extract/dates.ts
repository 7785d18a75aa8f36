/**
 * Our own date reading. Generic parsers misread these documents: `12.03.2025` is 12 March (never
 * 3 December), `03/12/2025` is 12 March only on a US document, and a passport's `12 MAR /MARS 85`
 * is 1985, not 2085. Every style DOC-TYPES.md lists is read here, plus the month names of the EU
 * languages the documents use.
 */

export type Region = 'UK' | 'US' | 'EU';

/** Which way a two-digit year leans: a birth date is in the past, an expiry may be years ahead. */
export type YearHint = 'past' | 'future' | 'any';

export interface DateOptions {
  region?: Region;
  yearHint?: YearHint;
  /** The year two-digit years are judged against (the current year by default). */
  refYear?: number;
}

export interface FoundDate {
  iso: string;
  /** Where the date's text starts and ends in the searched string. */
  index: number;
  end: number;
  raw: string;
}

const MONTHS: Record<string, number> = {};
const addMonths = (names: string[][]) => names.forEach((alts, i) => alts.forEach((n) => (MONTHS[n] = i + 1)));
addMonths([
  ['january', 'jan', 'janvier', 'janv', 'januar', 'jänner', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'stycznia', 'styczeń', 'sty', 'janeiro', 'jän'],
  ['february', 'feb', 'febr', 'février', 'fevrier', 'fév', 'fev', 'févr', 'februar', 'febrero', 'febbraio', 'februari', 'lutego', 'luty', 'lut', 'fevereiro'],
  ['march', 'mar', 'mars', 'märz', 'marz', 'mär', 'marzo', 'maart', 'mrt', 'marca', 'marzec', 'março'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile', 'kwietnia', 'kwiecień', 'kwi'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maja', 'maj', 'maio'],
  ['june', 'jun', 'juin', 'juni', 'junio', 'giugno', 'giu', 'czerwca', 'czerwiec', 'cze', 'junho'],
  ['july', 'jul', 'juillet', 'juil', 'juli', 'julio', 'luglio', 'lug', 'lipca', 'lipiec', 'lip', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus', 'sierpnia', 'sierpień', 'sie'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set', 'września', 'wrzesień', 'wrz', 'setembro'],
  ['october', 'oct', 'octobre', 'oktober', 'okt', 'octubre', 'ottobre', 'ott', 'października', 'październik', 'paź', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'listopada', 'listopad', 'lis', 'novembro'],
  ['december', 'dec', 'décembre', 'decembre', 'déc', 'dezember', 'dez', 'diciembre', 'dic', 'dicembre', 'grudnia', 'grudzień', 'gru', 'dezembro'],
]);

export function monthNumber(word: string): number | undefined {
  const w = word.toLowerCase().replace(/\.$/, '');
  return MONTHS[w];
}

const MONTH_RE = '[A-Za-zÀ-ÿłńśźżąęó]{3,10}\\.?';
const pad = (n: number) => String(n).padStart(2, '0');

function valid(y: number, m: number, d: number): boolean {
  if (!(y >= 1900 && y <= 2100 && m >= 1 && m <= 12 && d >= 1)) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function toIso(y: number, m: number, d: number): string | null {
  return valid(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** A two-digit year made four: births lean past, expiries may be ahead. */
export function fullYear(yy: number, hint: YearHint = 'any', refYear = new Date().getUTCFullYear()): number {
  if (yy >= 100) return yy;
  const century = Math.floor(refYear / 100) * 100;
  const ref2 = refYear % 100;
  if (hint === 'past') return yy <= ref2 ? century + yy : century - 100 + yy;
  if (hint === 'future') return yy <= ref2 + 20 ? century + yy : century - 100 + yy;
  return yy <= ref2 + 15 ? century + yy : century - 100 + yy;
}

interface Pattern {
  re: RegExp;
  read: (m: RegExpExecArray, o: Required<DateOptions>) => string | null;
}

const year = (s: string, o: Required<DateOptions>) => (s.length <= 2 ? fullYear(Number(s), o.yearHint, o.refYear) : Number(s));

const PATTERNS: Pattern[] = [
  // 2025-03-12, 2025/03/12, 2025.03.12
  { re: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g, read: (m) => toIso(+m[1]!, +m[2]!, +m[3]!) },
  // 12 March 2025, 12th March 2025, 12 Mar 2025, 12-Mar-2025, 12. März 2025, 12 MAR /MARS 85, 1er mars 2025
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er|e|\\.)?(?:\\s*(?:of\\s+|de\\s+)?|[-/ ])(${MONTH_RE})(?:\\s*/\\s*(?:${MONTH_RE}))?(?:\\s+de)?[-/,. ]\\s*'?(\\d{4}|\\d{2})\\b`, 'giu'),
    read: (m, o) => {
      const mon = monthNumber(m[2]!);
      return mon ? toIso(year(m[3]!, o), mon, +m[1]!) : null;
    },
  },
  // March 12, 2025, Mar. 12, 2025, March 12th 2025
  {
    re: new RegExp(`\\b(${MONTH_RE})\\s*(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'giu'),
    read: (m, o) => {
      const mon = monthNumber(m[1]!);
      return mon ? toIso(year(m[3]!, o), mon, +m[2]!) : null;
    },
  },
  // A passport's `01 JUL /JUIL 17` as OCR reads it: the French month mangled (`UIL`, `JAOUT`).
  {
    re: /\b(\d{1,2})\s+([A-Z]{3,4})\s*[/|\[(]?\s*[A-Z]{2,5}\.?\s+(\d{2}|\d{4})\b/g,
    read: (m, o) => {
      const mon = monthNumber(m[2]!);
      return mon ? toIso(year(m[3]!, o), mon, +m[1]!) : null;
    },
  },
  // `04. 09.2021` as OCR spaces it.
  { re: /\b(\d{1,2})\.\s(\d{1,2})\.\s?(\d{4})\b/g, read: (m) => toIso(+m[3]!, +m[2]!, +m[1]!) },
  // 12.03.2025 — always day first; 12/03/2025 and 12-03-2025 by region; two-digit years too
  {
    re: /\b(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})\b/g,
    read: (m, o) => {
      const a = +m[1]!;
      const b = +m[3]!;
      const y = year(m[4]!, o);
      const usOrder = m[2] !== '.' && o.region === 'US';
      if (usOrder) return a > 12 && b <= 12 ? toIso(y, b, a) : toIso(y, a, b);
      return b > 12 && a <= 12 ? toIso(y, a, b) : toIso(y, b, a);
    },
  },
];

/** Every date in a text, in order of where it starts. Overlapping readings keep the first, longest. */
export function findDates(text: string, opts: DateOptions = {}): FoundDate[] {
  const o: Required<DateOptions> = { region: opts.region ?? 'UK', yearHint: opts.yearHint ?? 'any', refYear: opts.refYear ?? new Date().getUTCFullYear() };
  const hits: FoundDate[] = [];
  for (const p of PATTERNS) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(text); m; m = p.re.exec(text)) {
      const iso = p.read(m, o);
      // A date of the past (a birth, an issue, a statement) is not years ahead: an OCR misreading.
      if (iso && o.yearHint === 'past' && Number(iso.slice(0, 4)) > o.refYear + 1) continue;
      if (iso) hits.push({ iso, index: m.index, end: m.index + m[0].length, raw: m[0] });
    }
  }
  hits.sort((a, b) => a.index - b.index || b.end - a.end);
  const out: FoundDate[] = [];
  for (const h of hits) if (!out.some((k) => h.index < k.end && k.index < h.end)) out.push(h);
  return out;
}

/** The single date a text holds (the first one), or null. */
export function parseDate(text: string, opts: DateOptions = {}): string | null {
  return findDates(text, opts)[0]?.iso ?? null;
}

/** An MRZ date, YYMMDD. */
export function parseMrzDate(s: string, hint: YearHint, refYear?: number): string | null {
  if (!/^\d{6}$/.test(s)) return null;
  return toIso(fullYear(+s.slice(0, 2), hint, refYear), +s.slice(2, 4), +s.slice(4, 6));
}

const SHARED_YEAR_PERIOD = new RegExp(`\\b(\\d{1,2})(?:er|re|st|nd|rd|th|°|º|\\.)?\\s*(?:(${MONTH_RE})\\s*)?(?:au|to|bis|al|tot|a|-|–|—)\\s*(\\d{1,2})(?:er|st|nd|rd|th|\\.)?\\s+(${MONTH_RE})\\s+(\\d{4})\\b`, 'iu');

/**
 * A period whose first day shares the second's month and year (`du 1er au 28 février 2002`,
 * `1–28 February 2002`, `vom 1. bis 31. März 2024`), or its month too given (`1 January to 31
 * March 2024`): findDates reads only the second date of such a period.
 */
export function sharedYearPeriod(text: string): { start: string; end: string; index: number } | null {
  const m = SHARED_YEAR_PERIOD.exec(text);
  if (!m) return null;
  const endMonth = monthNumber(m[4]!);
  const startMonth = m[2] ? monthNumber(m[2]) : endMonth;
  if (!endMonth || !startMonth) return null;
  const year = Number(m[5]);
  const start = toIso(startMonth > endMonth ? year - 1 : year, startMonth, Number(m[1]));
  const end = toIso(year, endMonth, Number(m[3]));
  return start && end && start < end ? { start, end, index: m.index } : null;
}

