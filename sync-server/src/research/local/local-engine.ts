/**
 * The built-in research engine: extractive, deterministic, and nothing leaves the server. It does
 * not reason; it states the documents' key values that bear on the question, each cited to the
 * line it was read from, then quotes the lines BM25 retrieval ranks best. Every figure it writes
 * was read from a document, except a clearly labelled average of payslips' net pay.
 */
import { NO_EVIDENCE_ANSWER } from '../citations.js';
import type {
  CaseCorpus,
  CaseDocument,
  CaseKeyValue,
  CaseLine,
  Citation,
  ResearchAnswer,
  ResearchEngine,
  ResearchOptions,
  ResearchQuestion,
} from '../types.js';
import { analyze, buildIndex, expandQuery, hasPhrase, search, type ScoredLine } from './retrieval.js';

export interface LocalEngineOptions {
  /** Most lines quoted from retrieval (key values are cited on top of these). Default 6. */
  maxCitations?: number;
  /** Most key values stated. Default 12. */
  maxKeyValues?: number;
}

export const YES_NO_DISCLAIMER = 'The built-in engine does not judge this; the lines below are the evidence found.';

// A line is quoted only when it scores this share of the best line, and matches what the prompt
// asks (its words or their synonyms), not only the guidance's long list of things to look for.
const RELATIVE_THRESHOLD = 0.25;
const STRONG_WEIGHT = 0.6;
const MIN_STRONG_SCORE = 0.5;
const MAX_QUOTE = 200;

const NAME_FIELDS = [
  'fullName', 'employeeName', 'accountHolder', 'cardholderName', 'taxpayerName', 'customerName', 'residentName',
  'tenantNames', 'borrowerName', 'jointBorrower', 'memberName', 'subjectName',
];

/** What a question asks about (its words, as phrases) → the key fields of DOC-TYPES.md that answer it. */
const TOPICS: readonly { triggers: string[]; fields: string[] }[] = [
  { triggers: ['income', 'salary', 'earnings', 'wage', 'pay', 'payslip'], fields: ['netPay', 'grossPay', 'employerName', 'payDate', 'annualSalary', 'totalPay', 'totalIncome'] },
  { triggers: ['employer', 'employment', 'employed', 'job', 'contract'], fields: ['employerName', 'jobTitle', 'startDate', 'annualSalary'] },
  { triggers: ['date of birth', 'dob', 'born', 'birth'], fields: ['dateOfBirth'] },
  { triggers: ['name', 'surname', 'forename', 'person'], fields: NAME_FIELDS },
  { triggers: ['address', 'lives', 'resident', 'residence'], fields: ['address', 'serviceAddress', 'propertyAddress'] },
  { triggers: ['expiry', 'expire', 'expires', 'valid', 'validity'], fields: ['expiryDate', 'issueDate', 'documentNumber'] },
  { triggers: ['outgoings', 'commitments', 'expenditure', 'rent', 'mortgage', 'repayment', 'bills'], fields: ['monthlyRent', 'monthlyPayment', 'minimumPayment', 'annualCharge', 'amountDue'] },
  { triggers: ['funds', 'savings', 'balance', 'contributing', 'contribution', 'deposit'], fields: ['closingBalance', 'openingBalance', 'deposit', 'totalValue'] },
  { triggers: ['tax'], fields: ['totalTax', 'totalIncome', 'taxYear', 'taxYearEnd', 'nationalInsuranceNumber'] },
  { triggers: ['nationality', 'citizenship'], fields: ['nationality'] },
];

/** Words for kinds of documents beyond the catalogue names themselves. */
const IDENTITY_TYPES = ['passport', 'national-id-card', 'driving-licence'];
const DOC_ALIASES: readonly (readonly [string, string[]])[] = [
  ['identity', IDENTITY_TYPES],
  ['id', IDENTITY_TYPES],
  ['pay slip', ['payslip']],
  ['licence', ['driving-licence']],
  ['license', ['driving-licence']],
];

const ANALYZED_TOPICS = TOPICS.map((t) => ({ triggers: t.triggers.map(analyze), fields: t.fields }));
const ANALYZED_ALIASES = DOC_ALIASES.map(([phrase, types]) => [analyze(phrase), types] as const);

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lineKey = (fileId: string, page: number, line: number) => `${fileId}\u0000${page}\u0000${line}`;

/** "2345.67" → "2,345.67"; anything not a plain decimal is left as written. */
function groupThousands(amount: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(amount.trim());
  if (!m) return amount;
  return `${m[1]}${(m[2] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

interface Money {
  amount: string;
  currency?: string | null;
}
const isMoney = (v: unknown): v is Money =>
  typeof v === 'object' && v !== null && 'amount' in v && (typeof v.amount === 'string' || typeof v.amount === 'number');

/** A key value as a person reads it: money "GBP 2,345.67", dates as given (ISO), lists joined. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(formatValue).filter(Boolean).join(', ');
  if (isMoney(value)) {
    const amount = groupThousands(String(value.amount));
    return value.currency ? `${value.currency} ${amount}` : amount;
  }
  return JSON.stringify(value);
}

/** Amount in cents when it is a plain decimal with at most two places, so sums are exact. */
function cents(amount: string): number | undefined {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) return undefined;
  const n = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -n : n;
}

function formatCents(n: number): string {
  const abs = Math.abs(n);
  return `${n < 0 ? '-' : ''}${groupThousands(`${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`)}`;
}

/**
 * The line's text, whitespace collapsed, cut to a window around `needle` when long. Always a
 * substring of the collapsed line, so the citation checker finds it.
 */
function quoteOf(text: string, needles: readonly string[]): string {
  const line = collapse(text);
  if (line.length <= MAX_QUOTE) return line;
  const lower = line.toLowerCase();
  const at = needles.map((n) => lower.indexOf(n.toLowerCase())).find((i) => i >= 0) ?? 0;
  let start = Math.max(0, at - 60);
  let end = Math.min(line.length, start + MAX_QUOTE);
  if (start > 0) start = line.indexOf(' ', start) + 1 || start;
  if (end < line.length) end = line.lastIndexOf(' ', end) > start ? line.lastIndexOf(' ', end) : end;
  return line.slice(start, end).trim();
}

/** A document as the case page lists it ("Payslip, page 4 of m04.pdf"): never its address. */
function docLabel(d: CaseDocument): string {
  return capitalize(d.title || d.docTypeName);
}

/**
 * One stated value with its citation. A corrected value says so, and, when the cited line does
 * not print it, what the line does print: the claim and its evidence never contradict.
 */
function statedValue(p: Picked, n: number | undefined, quote: string | undefined): string {
  const value = `${capitalize(p.kv.label)} ${formatValue(p.kv.value)}`;
  const by = p.kv.corrected;
  if (!by) return `${value} [${n}]`;
  if (by.onPage) return `${value} (corrected by ${by.by}) [${n}]`;
  return `${value} (corrected by ${by.by}; the page prints “${quote ?? ''}”) [${n}]`;
}

interface Picked {
  doc: CaseDocument;
  kv: CaseKeyValue;
  line: CaseLine;
}

/**
 * The key values that answer the prompt: the fields of the topics it names, and fields whose own
 * words all appear in it ("monthly rent"); limited to the kinds of document it names, if any
 * (all of their fields when it names no topic).
 */
function pickKeyValues(prompt: string, corpus: CaseCorpus, lineAt: Map<string, CaseLine>, max: number): Picked[] {
  const tokens = analyze(prompt);
  const words = new Set(tokens);
  const topicFields: string[] = [];
  for (const t of ANALYZED_TOPICS) if (t.triggers.some((p) => hasPhrase(tokens, p))) topicFields.push(...t.fields);
  const named = new Set<string>();
  for (const d of corpus.documents) if (hasPhrase(tokens, analyze(d.docTypeName || d.docType))) named.add(d.docType);
  for (const [phrase, types] of ANALYZED_ALIASES) if (hasPhrase(tokens, phrase)) for (const t of types) named.add(t);

  const out: Picked[] = [];
  for (const doc of corpus.documents) {
    if (named.size > 0 && !named.has(doc.docType)) continue;
    const wanted = (kv: CaseKeyValue) => {
      if (topicFields.includes(kv.field)) return true;
      const own = analyze(kv.label);
      if (own.length > 0 && own.every((w) => words.has(w))) return true;
      return topicFields.length === 0 && named.size > 0;
    };
    const rank = (kv: CaseKeyValue) => {
      const i = topicFields.indexOf(kv.field);
      return i < 0 ? topicFields.length : i;
    };
    const kvs = doc.keyData.filter(wanted).sort((a, b) => rank(a) - rank(b));
    for (const kv of kvs) {
      const line = lineAt.get(lineKey(kv.fileId, kv.page, kv.line));
      // A value is stated only with the line it was read from, so it can be checked.
      if (!line || collapse(line.text).length < 3 || formatValue(kv.value) === '') continue;
      out.push({ doc, kv, line });
      if (out.length >= max) return out;
    }
  }
  return out;
}

function valueNeedles(value: unknown): string[] {
  if (isMoney(value)) return [groupThousands(String(value.amount)), String(value.amount)];
  return [formatValue(value)];
}

/** The average of several payslips' net pay in one currency: the one sum this engine states. */
function averageNetPay(picked: readonly Picked[], citeOf: Map<Picked, number>): string | undefined {
  const net = picked.filter((p) => p.kv.field === 'netPay' && p.doc.docType === 'payslip');
  if (net.length < 2) return undefined;
  const values = net.map((p) => (isMoney(p.kv.value) ? { c: cents(String(p.kv.value.amount)), cur: p.kv.value.currency } : undefined));
  const currency = values[0]?.cur;
  if (!currency || values.some((v) => v?.c === undefined || v.cur !== currency)) return undefined;
  const total = values.reduce((s, v) => s + (v?.c ?? 0), 0);
  const avg = Math.round(total / values.length);
  const refs = net.map((p) => `[${citeOf.get(p)}]`).join('');
  return `Average net pay of ${net.length} payslips (arithmetic on the figures above): ${currency} ${formatCents(avg)} ${refs}.`;
}

/** The answer in pieces that concatenate to it, split after sentence and list separators. */
function chunks(answer: string): string[] {
  return answer.split(/(?<=[.;:] )/).filter((c) => c.length > 0);
}

const MONEY_OR_NUMBER = /\d[\d,]*\.\d{2}\b|[£$€]\s?\d/;

/**
 * BM25 favours short lines, and a statement's column headers ("Payments", "Deductions") are the
 * shortest lines that hold a question's words; they are evidence of nothing. A line of one word
 * with no figure weighs less; for questions answered with a figure, a line holding one weighs more.
 * Ties keep case order, so the answer stays deterministic.
 */
function rerank(hits: ScoredLine[], answerType: ResearchQuestion['answerType']): ScoredLine[] {
  const wantsFigure = answerType === 'amount' || answerType === 'number' || answerType === 'list';
  return hits
    .map((h, order) => {
      const figure = MONEY_OR_NUMBER.test(h.text);
      const words = h.text.split(/\s+/).filter((w) => /\p{L}{2,}/u.test(w)).length;
      const factor = (words <= 1 && !figure ? 0.4 : 1) * (wantsFigure && figure ? 1.6 : 1);
      return { hit: { ...h, score: h.score * factor }, order };
    })
    .sort((a, b) => b.hit.score - a.hit.score || a.order - b.order)
    .map((r) => r.hit);
}

export class LocalResearchEngine implements ResearchEngine {
  private readonly maxCitations: number;
  private readonly maxKeyValues: number;

  constructor(options: LocalEngineOptions = {}) {
    this.maxCitations = Math.max(0, options.maxCitations ?? 6);
    this.maxKeyValues = Math.max(0, options.maxKeyValues ?? 12);
  }

  async answer(question: ResearchQuestion, corpus: CaseCorpus, options: ResearchOptions = {}): Promise<ResearchAnswer> {
    options.signal?.throwIfAborted();
    const lineAt = new Map(corpus.lines.map((l) => [lineKey(l.fileId, l.page, l.line), l]));
    const picked = pickKeyValues(question.prompt, corpus, lineAt, this.maxKeyValues);

    // The last turn's question keeps a follow-up ("and the gross?") on its subject; the amounts
    // read bring up the statement lines that repeat them (a salary credit of the net pay).
    const lastTurn = question.history?.at(-1)?.question;
    const amounts = picked.flatMap((p) => (isMoney(p.kv.value) ? [String(p.kv.value.amount)] : []));
    const terms = expandQuery(question, [...(lastTurn ? [lastTurn] : []), ...amounts]);
    const index = buildIndex(corpus.lines);
    const strong = new Map(
      search(index, terms.filter((t) => t.weight >= STRONG_WEIGHT), corpus.lines.length).map((h) => [lineKey(h.fileId, h.page, h.line), h.score]),
    );
    const candidates = rerank(
      search(index, terms, corpus.lines.length).filter((h) => (strong.get(lineKey(h.fileId, h.page, h.line)) ?? 0) >= MIN_STRONG_SCORE),
      question.answerType,
    );
    const best = candidates[0]?.score ?? 0;
    const retrieved = candidates.filter((h) => h.score >= best * RELATIVE_THRESHOLD).slice(0, Math.max(this.maxCitations * 3, 10));
    options.progress?.retrieved?.(retrieved);
    options.signal?.throwIfAborted();

    // Two values read from one line share its citation: the checker would collapse the
    // duplicate and shift the numbers after it.
    const citations: Citation[] = [];
    const cited = new Set<string>();
    const numberOf = new Map<string, number>();
    const cite = (line: CaseLine, quote: string): number => {
      const key = `${lineKey(line.fileId, line.page, line.line)}\u0000${quote}`;
      const known = numberOf.get(key);
      if (known !== undefined) return known;
      citations.push({ address: line.address, fileId: line.fileId, page: line.page, line: line.line, quote });
      cited.add(lineKey(line.fileId, line.page, line.line));
      numberOf.set(key, citations.length);
      return citations.length;
    };

    const citeOf = new Map<Picked, number>();
    for (const p of picked) citeOf.set(p, cite(p.line, quoteOf(p.line.text, valueNeedles(p.kv.value))));

    const evidence: { hit: ScoredLine; n: number }[] = [];
    // The same words on several pages (a column header, a repeated total) are quoted once.
    const quoted = new Set<string>();
    for (const hit of retrieved) {
      if (evidence.length >= this.maxCitations) break;
      const words = collapse(hit.text).toLowerCase();
      if (cited.has(lineKey(hit.fileId, hit.page, hit.line)) || words.length < 3 || quoted.has(words)) continue;
      quoted.add(words);
      const needles = terms.filter((t) => t.weight >= STRONG_WEIGHT).map((t) => t.term);
      evidence.push({ hit, n: cite(hit, quoteOf(hit.text, needles)) });
    }

    const sentences: string[] = [];
    if (citations.length > 0 && question.answerType === 'yes-no') sentences.push(YES_NO_DISCLAIMER);
    if (picked.length > 0) {
      sentences.push('From the documents:');
      const byDoc = new Map<CaseDocument, Picked[]>();
      for (const p of picked) byDoc.set(p.doc, [...(byDoc.get(p.doc) ?? []), p]);
      for (const [doc, ps] of byDoc) {
        const values = ps.map((p) => statedValue(p, citeOf.get(p), citations[(citeOf.get(p) ?? 0) - 1]?.quote));
        sentences.push(`${docLabel(doc)}: ${values.join('; ')}.`);
      }
      const average = averageNetPay(picked, citeOf);
      if (average) sentences.push(average);
    }
    if (evidence.length > 0) {
      const quoted = evidence.map(({ n }) => `“${citations[n - 1]?.quote}” [${n}]`);
      sentences.push(`Lines that bear on the question: ${quoted.join('; ')}.`);
    }
    const answer = citations.length > 0 ? sentences.join(' ') : NO_EVIDENCE_ANSWER;
    for (const c of chunks(answer)) options.progress?.delta?.(c);

    return {
      answer,
      citations,
      // The engine reads every line of the case: promptTokens counts the index terms of all of
      // them plus the question's; completionTokens counts the answer's whitespace-separated words.
      usage: {
        promptTokens: index.totalTokens + analyze(`${question.prompt} ${question.guidance ?? ''}`).length,
        completionTokens: answer.split(/\s+/).filter(Boolean).length,
      },
    };
  }
}
