import type { CatalogueType, ParsedPage } from '../../analyzer/types.js';
import { ResearchError, type Usage } from '../types.js';
import type { ChatContentPart, ChatMessage, ChatResult, OpenAiClient } from './client.js';
import { estimateTokens } from './model-engine.js';
import { replyObject } from './reply-json.js';

/**
 * A file's pages split into documents and typed by an OpenAI-compatible model (the `classify`
 * stage): the pages go in with their lines (and, for a page without a text layer, its image when
 * the caller sends one), the catalogue's types with their descriptions, and the model answers
 * with runs of pages, each with a type and a confidence. A reply is used only whole: every page
 * that shows anything in exactly one document, pages ascending, types from the catalogue.
 * Anything else is a `bad_response` (after one retry), and the caller reads the file with the
 * built-in splitter and classifier instead: half a model's split mixed with half of ours would
 * be nobody's reading.
 */

export interface ModelClassifierOptions {
  client: Pick<OpenAiClient, 'chat'>;
  model: string;
  /** The most prompt text (in estimated tokens) sent in one call. Default 12 000. */
  maxPromptTokens?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface ModelDocument {
  pages: number[];
  docType: string;
  confidence: number;
}

export interface ModelClassification {
  documents: ModelDocument[];
  usage: Usage;
}

/** What the model is asked to reply with (structured output, strict). */
export const CLASSIFY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['documents'],
  properties: {
    documents: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['pages', 'docType', 'confidence'],
        properties: {
          pages: { type: 'array', items: { type: 'integer' } },
          docType: { type: 'string' },
          confidence: { type: 'number' },
        },
      },
    },
  },
} as const;

const SYSTEM = [
  'You sort the pages of one file an applicant sent into the documents it contains, for a caseworker.',
  'A file may hold one document or several (a passport, three payslips, a bank statement…); a document is a run of consecutive pages.',
  'For each document give its pages (page numbers in order), its type (one id from the list of types; "fallback" when none fits) and your confidence from 0 to 1.',
  'Every page that shows anything belongs to exactly one document; a blank page may be left out. Two documents of one type (two months of payslips) are two documents.',
  'Use only what the pages show. Reply with only a JSON object: {"documents": [{"pages": [1, 2], "docType": "payslip", "confidence": 0.9}]}.',
].join('\n');

const PARSE_ATTEMPTS = 2;

export class ModelClassifier {
  private readonly maxPromptTokens: number;

  constructor(private readonly deps: ModelClassifierOptions) {
    this.maxPromptTokens = deps.maxPromptTokens ?? 12_000;
  }

  /**
   * The documents of one file. `images` are PNGs of pages without a text layer, by page number,
   * sent only when given (the caller knows whether its model reads images). Throws `ResearchError`:
   * `bad_response` when no usable reply came after one retry, or the client's error when the model
   * did not answer.
   */
  async classify(
    pages: readonly ParsedPage[],
    catalogue: readonly CatalogueType[],
    options: { images?: ReadonlyMap<number, Uint8Array> | undefined; signal?: AbortSignal | undefined } = {},
  ): Promise<ModelClassification> {
    const usage: Usage = { promptTokens: 0, completionTokens: 0 };
    const types = [...catalogue.map((t) => t.docType), 'fallback'];
    const head = ['Types:', ...catalogue.map((t) => `- ${t.docType}: ${t.name}${t.description ? ` — ${clip(t.description.replace(/\s+/g, ' '), 240)}` : ''}`), '- fallback: none of these'].join('\n');
    // Each page gets an equal share of what the prompt budget leaves: a long file is read by its beginnings of pages.
    const budget = this.maxPromptTokens - estimateTokens(SYSTEM) - estimateTokens(head) - 64;
    const share = Math.max(40, Math.floor(budget / Math.max(1, pages.length)));
    const parts: ChatContentPart[] = [{ type: 'text', text: `${head}\n\nThe file has ${pages.length} page${pages.length === 1 ? '' : 's'}.` }];
    for (const p of pages) {
      const lines: string[] = [];
      let left = share;
      for (const l of p.lines) {
        const text = l.text.replace(/\s+/g, ' ').trim();
        if (!text) continue;
        const cost = estimateTokens(text) + 1;
        if (cost > left) break;
        left -= cost;
        lines.push(text);
      }
      const image = options.images?.get(p.page);
      const said = lines.length ? lines.join('\n') : image ? '(no text layer: its image follows)' : '(no text)';
      parts.push({ type: 'text', text: `\n=== Page ${p.page} ===\n${said}` });
      if (image) parts.push({ type: 'image_url', image_url: { url: `data:image/png;base64,${Buffer.from(image).toString('base64')}` } });
    }
    // A model that reads text only gets one string, the form every compatible server takes.
    const content: ChatMessage['content'] = parts.some((x) => x.type === 'image_url') ? parts : parts.map((x) => (x.type === 'text' ? x.text : '')).join('\n');
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content },
    ];
    const showing = new Set(pages.filter((p) => p.lines.length > 0 || p.images.length > 0).map((p) => p.page));
    const known = new Set(pages.map((p) => p.page));
    for (let attempt = 1; ; attempt++) {
      let result: ChatResult;
      try {
        result = await this.deps.client.chat({ model: this.deps.model, messages, schema: { name: 'documents', schema: CLASSIFY_SCHEMA }, temperature: 0 }, { signal: options.signal });
      } catch (err) {
        if (err instanceof ResearchError) throw new ResearchError(err.message, err.code, add(usage, err.usage));
        throw err;
      }
      add(usage, result.usage);
      const parsed = parseClassifyReply(result.content, { known, showing, types: new Set(types) });
      if ('documents' in parsed) return { documents: parsed.documents, usage };
      this.deps.log?.warn({ model: this.deps.model, attempt, reason: parsed.reason }, 'classify model reply is not a usable split');
      if (attempt >= PARSE_ATTEMPTS) throw new ResearchError(`The model ${this.deps.model} did not reply with a usable split (${parsed.reason})`, 'bad_response', usage);
      messages.push(
        { role: 'assistant', content: clip(result.content, 2_000) },
        { role: 'user', content: `That reply was not usable (${parsed.reason}). Reply again with only a JSON object: {"documents": [{"pages": [1, 2], "docType": "<type id>", "confidence": number}]}.` },
      );
    }
  }
}

/**
 * The reply's documents when the whole reply is usable: pages known and ascending, none in two
 * documents, every page that shows anything placed, types from the list. Otherwise why not.
 */
export function parseClassifyReply(
  content: string,
  o: { known: ReadonlySet<number>; showing: ReadonlySet<number>; types: ReadonlySet<string> },
): { documents: ModelDocument[] } | { reason: string } {
  const reply = replyObject(content);
  if ('reason' in reply) return reply;
  const { value } = reply;
  const list = (value as { documents?: unknown } | null)?.documents;
  if (!Array.isArray(list) || list.length === 0) return { reason: '"documents" is not a non-empty list' };
  const placed = new Set<number>();
  const documents: ModelDocument[] = [];
  for (const item of list as unknown[]) {
    const d = item as { pages?: unknown; docType?: unknown; confidence?: unknown } | null;
    if (!d || typeof d !== 'object' || !Array.isArray(d.pages) || d.pages.length === 0) return { reason: 'a document has no pages' };
    const pages = d.pages as unknown[];
    if (!pages.every((p): p is number => typeof p === 'number' && Number.isInteger(p) && o.known.has(p))) return { reason: 'a page that is not in the file' };
    if (pages.some((p, i) => i > 0 && p <= pages[i - 1]!)) return { reason: 'pages out of order' };
    if (pages.some((p) => placed.has(p))) return { reason: 'a page in two documents' };
    for (const p of pages) placed.add(p);
    if (typeof d.docType !== 'string' || !o.types.has(d.docType)) return { reason: `type "${String(d.docType).slice(0, 40)}" is not one of the list` };
    const confidence = typeof d.confidence === 'number' && Number.isFinite(d.confidence) ? Math.min(1, Math.max(0, d.confidence)) : NaN;
    if (Number.isNaN(confidence)) return { reason: 'a confidence that is not a number' };
    documents.push({ pages: pages as number[], docType: d.docType, confidence });
  }
  const missing = [...o.showing].filter((p) => !placed.has(p));
  if (missing.length) return { reason: `page${missing.length === 1 ? '' : 's'} ${missing.slice(0, 5).join(', ')} in no document` };
  return { documents: documents.sort((a, b) => a.pages[0]! - b.pages[0]!) };
}

function add(total: Usage, u: Usage): Usage {
  total.promptTokens += u.promptTokens;
  total.completionTokens += u.completionTokens;
  return total;
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);
