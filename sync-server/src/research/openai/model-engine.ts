import {
  ResearchError,
  type CaseCorpus,
  type CaseLine,
  type Citation,
  type ResearchAnswer,
  type ResearchEngine,
  type ResearchOptions,
  type ResearchQuestion,
  type Usage,
} from '../types.js';
import type { ChatMessage, ChatResult, OpenAiClient } from './client.js';
import { replyObject } from './reply-json.js';

/**
 * Answers over a case with an OpenAI-compatible model: the case's lines go in numbered, the model
 * answers in JSON citing those numbers, and each number is mapped back to its page and line.
 *
 * A case longer than the prompt budget is narrowed, not map-reduced: the lines are ranked by
 * term overlap with the question (IDF-weighted, so a rare word like "overdraft" outweighs "pay")
 * and the best hits are kept with a few lines around each, in case order. One call keeps the cost
 * and latency of a section predictable and lets the model weigh all the evidence at once, which a
 * per-chunk answer then a combining call cannot (each chunk answers "no evidence" on its own).
 */

export interface ModelResearchEngineOptions {
  client: Pick<OpenAiClient, 'chat'>;
  model: string;
  /** The most prompt (in estimated tokens) sent in one call. Default 12 000. */
  maxPromptTokens?: number;
  log?: { warn(obj: object, msg: string): void };
}

/** What the model is asked to reply with (structured output, strict). */
export const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['answer', 'citations'],
  properties: {
    answer: { type: 'string' },
    citations: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['ref', 'quote'],
        properties: { ref: { type: 'string' }, quote: { type: 'string' } },
      },
    },
  },
} as const;

/** ~4 characters a token for English text: close enough to budget without a tokenizer. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

const SYSTEM = [
  "You answer questions about one applicant's case for a caseworker, using only the case text below:",
  "numbered lines of the case's pages, and key data read from its documents. Use no outside knowledge and do not guess.",
  'Cite every claim: for each fact in your answer give a citation with the reference of the line it came from (like "L17")',
  'and the exact words quoted from that line. A key data value shows the line it was read from; cite that line.',
  'A key data value marked "corrected by" was set by that person, not read: give it as corrected by them, and say what the cited line prints when it differs.',
  'Name documents as the case text does (their type and pages); never write the bracketed references, ids or keys except as citations.',
  'When the lines do not support an answer, answer "No evidence found" and give no citations.',
  'Reply with only a JSON object: {"answer": string, "citations": [{"ref": "L17", "quote": "exact words from that line"}]}.',
].join('\n');

const ANSWER_TYPE: Record<NonNullable<ResearchQuestion['answerType']>, string> = {
  text: 'a short answer in plain sentences',
  'yes-no': 'start with "Yes" or "No", then the reason in one sentence',
  amount: 'the amount with its currency, and its period when there is one (e.g. "£2,140.00 per month")',
  date: 'the date as YYYY-MM-DD',
  number: 'the number alone, then what it counts',
  list: 'the items one per line, each starting with "- "',
};

const NEIGHBOURS = 2;
const PARSE_ATTEMPTS = 2;
const STOPWORDS = new Set(
  'a an and are as at be by did do does for from has have he her his how in is it its of on or she that the their them they this to was were what when where which who whom why will with you your any all there been than then into about per'.split(' '),
);

interface Numbered {
  index: number;
  ref: string;
  line: CaseLine;
  /** The document holding it, as a reviewer names it: the model is shown no ids to repeat. */
  doc: string;
}

export class ModelResearchEngine implements ResearchEngine {
  private readonly maxPromptTokens: number;

  constructor(private readonly deps: ModelResearchEngineOptions) {
    this.maxPromptTokens = deps.maxPromptTokens ?? 12_000;
  }

  async answer(question: ResearchQuestion, corpus: CaseCorpus, options: ResearchOptions = {}): Promise<ResearchAnswer> {
    const docs = new Map(corpus.documents.map((d) => [d.address, `${d.docTypeName} “${d.title}”`]));
    const lines: Numbered[] = corpus.lines.map((line, index) => ({ index, ref: `L${index + 1}`, line, doc: (line.address && docs.get(line.address)) || 'no document' }));
    const byPlace = new Map(lines.map((n) => [placeKey(n.line.fileId, n.line.page, n.line.line), n]));
    const query = queryTerms(question);
    const scores = scoreLines(lines, query, question.answerType);

    const head = this.questionText(question, corpus.applicantName);
    const fixedTokens = estimateTokens(SYSTEM) + estimateTokens(head) + 32;
    const caseBudget = Math.max(0, this.maxPromptTokens - fixedTokens);

    const keyData = keyDataEntries(corpus, byPlace, query);
    const allLineTokens = lines.reduce((s, n) => s + estimateTokens(renderLine(n)) + 1, 0);
    const allKeyTokens = keyData.reduce((s, k) => s + k.tokens, 0);
    const narrowed = allLineTokens + allKeyTokens > caseBudget;
    // Key data is dense evidence, but may take at most a third of a narrowed budget.
    const keptKeys = narrowed ? pickKeyData(keyData, Math.floor(caseBudget / 3)) : keyData;
    const lineBudget = caseBudget - keptKeys.reduce((s, k) => s + k.tokens, 0);
    const sent = narrowed ? selectLines(lines, scores, lineBudget) : new Map(lines.map((n) => [n.index, scores[n.index] ?? 0]));

    const shown = [...sent.keys()].sort((a, b) => a - b).map((i) => lines[i]!);
    options.progress?.retrieved?.(
      shown.map((n) => ({ ...n.line, score: round(sent.get(n.index) ?? 0) })).sort((a, b) => b.score - a.score),
    );
    const citable = new Map<string, CaseLine>(shown.map((n) => [n.ref, n.line]));
    for (const k of keptKeys) if (k.at) citable.set(k.at.ref, k.at.line);

    const caseText = [
      'Case lines:',
      ...(shown.length ? shown.map(renderLine) : ['(none)']),
      ...(keptKeys.length ? ['', 'Key data of the documents:', ...keptKeys.map((k) => k.text)] : []),
    ].join('\n');
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `${head}\n\n${caseText}` },
    ];

    const usage: Usage = { promptTokens: 0, completionTokens: 0 };
    for (let attempt = 1; ; attempt++) {
      let result: ChatResult;
      try {
        result = await this.deps.client.chat(
          { model: this.deps.model, messages, schema: { name: 'case_answer', schema: ANSWER_SCHEMA } },
          { signal: options.signal },
        );
      } catch (err) {
        if (err instanceof ResearchError) throw new ResearchError(err.message, err.code, add(usage, err.usage));
        throw err;
      }
      add(usage, result.usage);
      const parsed = parseReply(result.content);
      if ('answer' in parsed) {
        const citations = toCitations(parsed.citations, citable);
        const answer = withoutIds(numberMarkers(parsed.answer, citations, citable), docs);
        if (answer) options.progress?.delta?.(answer);
        return { answer, citations, usage };
      }
      this.deps.log?.warn({ model: this.deps.model, attempt, reason: parsed.reason }, 'model reply is not the JSON asked for');
      if (attempt >= PARSE_ATTEMPTS) {
        throw new ResearchError(`The model ${this.deps.model} did not reply with the JSON asked for (${parsed.reason})`, 'bad_response', usage);
      }
      messages.push(
        { role: 'assistant', content: clip(result.content, 2_000) },
        {
          role: 'user',
          content: `That reply was not the JSON asked for (${parsed.reason}). Reply again with only a JSON object: {"answer": string, "citations": [{"ref": "L17", "quote": "exact words from that line"}]}.`,
        },
      );
    }
  }

  /** The question with its expected form, guidance and the conversation so far (oldest turns dropped past a quarter of the budget). */
  private questionText(q: ResearchQuestion, applicantName: string): string {
    const parts = [`Applicant: ${applicantName}`, `Question: ${q.prompt}`];
    if (q.answerType) parts.push(`Answer form: ${ANSWER_TYPE[q.answerType]}`);
    if (q.guidance) parts.push(`Guidance: ${q.guidance}`);
    const turns = (q.history ?? []).map((t) => `Q: ${t.question}\nA: ${t.answer}`);
    let budget = Math.floor(this.maxPromptTokens / 4);
    const kept: string[] = [];
    for (let i = turns.length - 1; i >= 0; i--) {
      budget -= estimateTokens(turns[i]!);
      if (budget < 0) break;
      kept.unshift(turns[i]!);
    }
    if (kept.length) parts.push(`Earlier in this conversation:\n${kept.join('\n')}`);
    return parts.join('\n');
  }
}

function renderLine(n: Numbered): string {
  const l = n.line;
  return `[${n.ref}] (${n.doc}, page ${l.page}, line ${l.line + 1}) ${l.text}`;
}

const placeKey = (fileId: string, page: number, line: number): string => `${fileId}\u0000${page}\u0000${line}`;

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((t) => !STOPWORDS.has(t) && (t.length > 1 || /\d/.test(t)))
    .map((t) => (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') ? t.slice(0, -1) : t));
}

function queryTerms(q: ResearchQuestion): Set<string> {
  const lastTurn = q.history?.at(-1)?.question ?? '';
  return new Set(terms(`${q.prompt} ${q.guidance ?? ''} ${lastTurn}`));
}

/** IDF-weighted overlap of each line with the question; lines of the asked form (money, dates) weigh a little more. */
function scoreLines(lines: Numbered[], query: Set<string>, answerType: ResearchQuestion['answerType']): number[] {
  const lineTerms = lines.map((n) => new Set(terms(n.line.text)));
  const df = new Map<string, number>();
  for (const set of lineTerms) for (const t of set) if (query.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const shape = answerType === 'amount' ? /[£$€]|\b\d[\d,]*\.\d{2}\b/ : answerType === 'date' ? /\b\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i : undefined;
  return lineTerms.map((set, i) => {
    let s = 0;
    for (const t of set) if (query.has(t)) s += Math.log(1 + lines.length / (df.get(t) ?? 1));
    return s > 0 && shape?.test(lines[i]!.line.text) ? s * 1.25 : s;
  });
}

/**
 * The best hits with their neighbourhoods on the same page, until the budget is spent; a
 * neighbour's score fades with its distance from the hit. Without any hit, the case from its start.
 */
function selectLines(lines: Numbered[], scores: number[], budget: number): Map<number, number> {
  const chosen = new Map<number, number>();
  let left = budget;
  const cost = (i: number): number => estimateTokens(renderLine(lines[i]!)) + 1;
  const hits = lines.map((n) => n.index).filter((i) => (scores[i] ?? 0) > 0).sort((a, b) => scores[b]! - scores[a]! || a - b);
  for (const hit of hits) {
    const l = lines[hit]!.line;
    const around: number[] = [];
    for (let i = Math.max(0, hit - NEIGHBOURS); i <= Math.min(lines.length - 1, hit + NEIGHBOURS); i++) {
      const o = lines[i]!.line;
      if (o.fileId === l.fileId && o.page === l.page && !chosen.has(i)) around.push(i);
    }
    const all = around.reduce((s, i) => s + cost(i), 0);
    const take = all <= left ? around : !chosen.has(hit) && cost(hit) <= left ? [hit] : [];
    for (const i of take) {
      chosen.set(i, Math.max(scores[i] ?? 0, scores[hit]! / (1 + Math.abs(i - hit))));
      left -= cost(i);
    }
  }
  if (hits.length === 0) {
    for (const n of lines) {
      if (cost(n.index) > left) break;
      chosen.set(n.index, 0);
      left -= cost(n.index);
    }
  }
  return chosen;
}

interface KeyEntry {
  text: string;
  tokens: number;
  score: number;
  order: number;
  at?: Numbered | undefined;
}

function keyDataEntries(corpus: CaseCorpus, byPlace: Map<string, Numbered>, query: Set<string>): KeyEntry[] {
  const out: KeyEntry[] = [];
  for (const doc of corpus.documents) {
    for (const kv of doc.keyData) {
      const at = byPlace.get(placeKey(kv.fileId, kv.page, kv.line));
      const value = clip(typeof kv.value === 'string' ? kv.value : JSON.stringify(kv.value) ?? String(kv.value), 300);
      const where = at ? `[${at.ref}]` : `(page ${kv.page}, line ${kv.line + 1})`;
      const corrected = kv.corrected ? ` (corrected by ${kv.corrected.by}${kv.corrected.onPage ? '' : '; not printed on the page: the cited line is where it was read'})` : '';
      const text = `- ${doc.docTypeName} "${doc.title}": ${kv.label} = ${value}${corrected} ${where}`;
      const score = terms(`${kv.label} ${doc.docTypeName} ${doc.title}`).filter((t) => query.has(t)).length;
      out.push({ text, tokens: estimateTokens(text) + 1, score, order: out.length, at });
    }
  }
  return out;
}

function pickKeyData(entries: KeyEntry[], budget: number): KeyEntry[] {
  let left = budget;
  const kept = [...entries]
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .filter((e) => (e.tokens <= left ? ((left -= e.tokens), true) : false));
  return kept.sort((a, b) => a.order - b.order);
}

type Parsed = { answer: string; citations: { ref: string; quote: string }[] } | { reason: string };

/** The reply's JSON, tolerating a code fence or words around the object (weaker local models add them). */
export function parseReply(content: string): Parsed {
  const reply = replyObject(content);
  if ('reason' in reply) return reply;
  const { value } = reply;
  const v = value as { answer?: unknown; citations?: unknown };
  if (typeof v.answer !== 'string') return { reason: '"answer" is not a string' };
  if (!Array.isArray(v.citations)) return { reason: '"citations" is not a list' };
  const citations: { ref: string; quote: string }[] = [];
  for (const c of v.citations as unknown[]) {
    const item = c as { ref?: unknown; quote?: unknown } | null;
    if (!item || typeof item !== 'object' || (typeof item.ref !== 'string' && typeof item.ref !== 'number')) {
      return { reason: 'a citation has no "ref"' };
    }
    citations.push({ ref: String(item.ref), quote: typeof item.quote === 'string' ? item.quote : '' });
  }
  return { answer: v.answer, citations };
}

/** "L17", "[L17]", "17" or "L17, L18" → the lines shown in the prompt; anything else is left out. */
function toCitations(raw: { ref: string; quote: string }[], citable: Map<string, CaseLine>): Citation[] {
  const out: Citation[] = [];
  const seen = new Set<string>();
  for (const c of raw) {
    const nums = /^\s*\d+\s*$/.test(c.ref) ? [c.ref.trim()] : [...c.ref.matchAll(/L\s*(\d+)/gi)].map((m) => m[1]!);
    for (const num of nums) {
      const ref = `L${Number(num)}`;
      const line = citable.get(ref);
      const key = `${ref}\u0000${c.quote}`;
      if (!line || seen.has(key)) continue;
      seen.add(key);
      out.push({ address: line.address, fileId: line.fileId, page: line.page, line: line.line, quote: c.quote });
    }
  }
  return out;
}

/**
 * A model may still write an id it read elsewhere (an earlier answer, a quoted line): a document
 * address becomes the document's name, any other id the server mints is left out (issue 38).
 */
function withoutIds(answer: string, docs: Map<string, string>): string {
  return answer
    .replace(/\b[a-z]{2,5}_[0-9a-z]{12,}:p(\d+)-(\d+)\b/g, (address, first: string, last: string) => docs.get(address) ?? (first === last ? `page ${first}` : `pages ${first}–${last}`))
    .replace(/\s?\(?\b[a-z]{2,5}_[0-9a-z]{12,}\b\)?/g, '')
    .trim();
}

/**
 * The line references a model writes in its answer (`[L17]`, `[L17, L18]`) as the numbers of the
 * citations they name (`[1]`), the form every engine answers in (`ResearchAnswer`); a reference
 * to a line it did not cite is left out.
 */
function numberMarkers(answer: string, citations: readonly Citation[], citable: Map<string, CaseLine>): string {
  return answer
    .replace(/\s?\[\s*(L\s*\d+(?:\s*[,;]\s*L\s*\d+)*)\s*\]/gi, (whole, refs: string) => {
      const numbers = [...refs.matchAll(/L\s*(\d+)/gi)]
        .map((m) => citable.get(`L${Number(m[1])}`))
        .map((line) => (line ? citations.findIndex((c) => c.fileId === line.fileId && c.page === line.page && c.line === line.line) : -1))
        .filter((i) => i >= 0)
        .map((i) => `[${i + 1}]`);
      return numbers.length > 0 ? `${whole.startsWith(' ') ? ' ' : ''}${numbers.join('')}` : '';
    })
    .trim();
}

function add(total: Usage, u: Usage): Usage {
  total.promptTokens += u.promptTokens;
  total.completionTokens += u.completionTokens;
  return total;
}

const round = (n: number): number => Math.round(n * 1000) / 1000;
const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);
