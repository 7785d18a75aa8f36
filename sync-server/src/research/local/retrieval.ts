/**
 * Okapi BM25 over a case's lines, for the built-in research engine. Own implementation: a case is
 * a few thousand short lines at most, and the engine must be deterministic and read nothing but
 * the case, so a plain in-memory index is enough.
 *
 * Each line is indexed with a little context: its neighbours on the same page count at a lower
 * weight, because documents print a label on one line and its value on the next ("Net pay" over
 * "£2,345.67"), and both should come up for a question about either.
 */
import { fold } from '../../analyzer/extract/doc.js';
import type { CaseLine, ResearchQuestion } from '../types.js';

export interface WeightedTerm {
  term: string;
  weight: number;
}

export type ScoredLine = CaseLine & { score: number };

export interface LineIndex {
  readonly lines: readonly CaseLine[];
  /** Tokens of each line's own text, after folding, stemming and stopwords. */
  readonly tokens: readonly (readonly string[])[];
  /** Every line's own tokens counted once: what the engine read. */
  readonly totalTokens: number;
  readonly postings: ReadonlyMap<string, readonly { index: number; tf: number }[]>;
  /** Length of each line with its context, in weighted tokens. */
  readonly lengths: readonly number[];
  readonly avgLength: number;
  /** Lines whose own text holds the term. */
  readonly df: ReadonlyMap<string, number>;
}

export interface IndexOptions {
  /** How much a token of the line above counts towards a line, against 1 for its own. */
  previousWeight?: number;
  /** How much a token of the line below counts towards a line. */
  nextWeight?: number;
}

const K1 = 1.2;
const B = 0.75;
// A value is printed after its label, on the next line more often than the line before it.
const PREVIOUS_WEIGHT = 0.5;
const NEXT_WEIGHT = 0.25;

// Weights of the sources of query terms: what is asked outweighs how it is to be answered.
const PROMPT_WEIGHT = 1;
const PROMPT_SYNONYM_WEIGHT = 0.6;
const EXTRA_WEIGHT = 0.4;
const GUIDANCE_WEIGHT = 0.3;
const GUIDANCE_SYNONYM_WEIGHT = 0.15;

/**
 * Common English words, plus the words every question of this domain uses ("applicant",
 * "document"), which would otherwise match form labels whatever was asked.
 */
const STOPWORDS = new Set(
  (
    'a an and are as at be been being but by can could did do does doe each either for from had has have he her his how i if in ' +
    'into is it its may me might more most must my no nor not of on one only or other our out over own per same say she should ' +
    'so some such than that the their them then there these they this those through to too under up upon us very was we were ' +
    'what when where whether which while who whom why will with within would you your yes any all also give cite citing each ' +
    'applicant applicants document documents case show shown state stated line lines please given s t'
  ).split(' '),
);

/**
 * Domain synonyms: a question's word or phrase (as tokens) and words the documents print for it.
 * Compact on purpose: the document types of DOC-TYPES.md and the official intel templates.
 */
const SYNONYMS: readonly (readonly [string, string])[] = [
  ['income', 'salary pay wage earnings net gross'],
  ['salary', 'pay wage income earnings net'],
  ['earnings', 'salary pay wage income'],
  ['net', 'take home pay'],
  ['outgoings', 'debit direct debit payment standing order rent mortgage loan repayment'],
  ['commitments', 'debit direct debit repayment loan finance mortgage rent'],
  ['expenditure', 'debit payment spending'],
  ['rent', 'landlord tenancy monthly rent'],
  ['mortgage', 'lender repayment monthly payment'],
  ['address', 'street road avenue lane postcode flat house'],
  ['lives', 'address resident residing'],
  ['date of birth', 'dob born birth'],
  ['birth', 'dob born'],
  ['name', 'surname forename given names full name'],
  ['gift', 'donor gifted gift letter'],
  ['donor', 'gift'],
  ['expiry', 'expires expiration valid until date of expiry'],
  ['employer', 'employed employment company ltd limited'],
  ['employment', 'employer employed contract start date job title'],
  ['funds', 'deposit savings balance transfer'],
  ['savings', 'balance deposit savings account'],
  ['contributing', 'deposit contribution purchase price'],
  ['stress', 'overdraft returned unpaid bounced payday gambling arrears collection'],
  ['tax', 'hmrc paye tax year'],
  ['identity', 'passport licence identity card nationality'],
];

/** Folded, lower-case tokens of a text: words and numbers, the numbers as written ("2345.67", "12/03/2025"). */
function rawTokens(text: string): string[] {
  const out: string[] = [];
  for (const m of fold(text).matchAll(/\d+(?:[.,/:-]\d+)*|[a-z]+/g)) {
    let t = m[0];
    // "2,345.67" and "2345.67" are the same amount; EU "2.345,67" stays as printed.
    if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(t)) t = t.replace(/,/g, '');
    out.push(t);
  }
  return out;
}

/** Light suffix stripping (plurals, -ing, -ed): the same word in a question and a document meets. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith('sses') || /(?:x|ch|sh|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      const base = w.slice(0, -suffix.length);
      if (!/[aeiouy]/.test(base)) continue;
      return /([^aeiouylsz])\1$/.test(base) ? base.slice(0, -1) : base;
    }
  }
  return w;
}

/** The index terms of a text: folded, stemmed, without stopwords and one-letter words. */
export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const t of rawTokens(text)) {
    if (STOPWORDS.has(t) || (t.length < 2 && !/\d/.test(t))) continue;
    out.push(stem(t));
  }
  return out;
}

/** Whether `phrase` occurs in `tokens` as consecutive terms. */
export function hasPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

const ANALYZED_SYNONYMS = SYNONYMS.map(([from, to]) => [analyze(from), analyze(to)] as const);

function synonymsOf(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const [from, to] of ANALYZED_SYNONYMS) if (hasPhrase(tokens, from)) out.push(...to);
  return out;
}

/**
 * The weighted terms of a question: its prompt's terms weigh most, then their domain synonyms,
 * extra terms (e.g. an earlier turn of the conversation), the guidance's terms and their synonyms.
 * A term keeps the highest weight any source gives it. Sorted by weight, then term.
 */
export function expandQuery(question: ResearchQuestion, extraTerms: readonly string[] = []): WeightedTerm[] {
  const weights = new Map<string, number>();
  const add = (terms: readonly string[], weight: number) => {
    for (const t of terms) if (weight > (weights.get(t) ?? 0)) weights.set(t, weight);
  };
  const prompt = analyze(question.prompt);
  const guidance = analyze(question.guidance ?? '');
  add(prompt, PROMPT_WEIGHT);
  add(synonymsOf(prompt), PROMPT_SYNONYM_WEIGHT);
  add(extraTerms.flatMap(analyze), EXTRA_WEIGHT);
  add(guidance, GUIDANCE_WEIGHT);
  add(synonymsOf(guidance), GUIDANCE_SYNONYM_WEIGHT);
  return [...weights]
    .map(([term, weight]) => ({ term, weight }))
    .sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
}

const samePage = (a: CaseLine | undefined, b: CaseLine) => a !== undefined && a.fileId === b.fileId && a.page === b.page;

/** Indexes lines in the order given (case order): a line's neighbours are the lines next to it on its page. */
export function buildIndex(lines: readonly CaseLine[], options: IndexOptions = {}): LineIndex {
  const near = [
    [-1, options.previousWeight ?? PREVIOUS_WEIGHT],
    [1, options.nextWeight ?? NEXT_WEIGHT],
  ] as const;
  const tokens = lines.map((l) => analyze(l.text));
  const df = new Map<string, number>();
  for (const own of tokens) for (const t of new Set(own)) df.set(t, (df.get(t) ?? 0) + 1);
  const postings = new Map<string, { index: number; tf: number }[]>();
  const lengths: number[] = [];
  let totalTokens = 0;
  lines.forEach((line, i) => {
    const own = tokens[i] ?? [];
    totalTokens += own.length;
    const tf = new Map<string, number>();
    const count = (ts: readonly string[], w: number) => {
      for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + w);
    };
    count(own, 1);
    let length = own.length;
    for (const [offset, weight] of near) {
      if (!samePage(lines[i + offset], line)) continue;
      const other = tokens[i + offset] ?? [];
      count(other, weight);
      length += weight * other.length;
    }
    lengths.push(length);
    for (const [t, n] of tf) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push({ index: i, tf: n });
    }
  });
  const avgLength = lengths.length ? lengths.reduce((s, n) => s + n, 0) / lengths.length : 0;
  return { lines, tokens, totalTokens, postings, lengths, avgLength, df };
}

/** The best `k` lines for the terms, by BM25 score, ties in case order. Lines scoring 0 are left out. */
export function search(index: LineIndex, terms: readonly WeightedTerm[], k: number): ScoredLine[] {
  const n = index.lines.length;
  const scores = new Float64Array(n);
  const avg = index.avgLength || 1;
  for (const { term, weight } of terms) {
    const list = index.postings.get(term);
    if (!list || weight <= 0) continue;
    const df = index.df.get(term) ?? 0;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (const { index: i, tf } of list) {
      const norm = K1 * (1 - B + (B * (index.lengths[i] ?? 0)) / avg);
      scores[i] = (scores[i] ?? 0) + (weight * idf * tf * (K1 + 1)) / (tf + norm);
    }
  }
  const hits: number[] = [];
  for (let i = 0; i < n; i++) if ((scores[i] ?? 0) > 0) hits.push(i);
  hits.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
  return hits.slice(0, Math.max(0, k)).map((i) => ({ ...(index.lines[i] as CaseLine), score: scores[i] ?? 0 }));
}
