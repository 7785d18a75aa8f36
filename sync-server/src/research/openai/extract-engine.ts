import type { AnalyzerSchema } from '../../analyzer/catalogue.js';
import { countryCode } from '../../analyzer/extract/countries.js';
import type { ExtractedField, ParsedPage } from '../../analyzer/types.js';
import { ResearchError, type Usage } from '../types.js';
import type { ChatMessage, ChatResult, OpenAiClient } from './client.js';
import { estimateTokens } from './model-engine.js';
import { replyObject } from './reply-json.js';

/**
 * Key data of one document read by an OpenAI-compatible model: the document's lines go in
 * numbered, the model answers each schema field with a value and the number of the line it read
 * it on, and every value is checked against its field's type (DOC-TYPES.md value conventions)
 * before it is kept. What does not fit is dropped, never repaired into a guess: a run proposes
 * values a person relies on, and a missing value is visible where a wrong one is not.
 */

/** A schema field as extraction takes it; `options` when the library's field is an enum. */
type Field = AnalyzerSchema['fields'][number] & { options?: readonly string[] };

export interface ModelExtractorOptions {
  client: Pick<OpenAiClient, 'chat'>;
  model: string;
  /** The most prompt (in estimated tokens) sent in one call. Default 12 000. */
  maxPromptTokens?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface ModelExtraction {
  fields: Record<string, ExtractedField>;
  usage: Usage;
  /** Lines of the document left out because the prompt budget was spent (0 when all were sent). */
  linesLeftOut: number;
}

/** What the model is asked to reply with (structured output, strict). */
export const EXTRACT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['fields'],
  properties: {
    fields: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'value', 'ref', 'confidence'],
        properties: {
          field: { type: 'string' },
          value: {
            anyOf: [
              { type: 'string' },
              { type: 'number' },
              { type: 'boolean' },
              {
                type: 'object',
                additionalProperties: false,
                required: ['amount', 'currency'],
                properties: { amount: { type: 'number' }, currency: { type: 'string' } },
              },
              { type: 'null' },
            ],
          },
          ref: { type: 'string' },
          confidence: { type: 'number' },
        },
      },
    },
  },
} as const;

const SYSTEM = [
  'You read the key data of one document for a caseworker, from the numbered lines of its pages below. Use only those lines; do not guess.',
  'For each field asked for that the document prints, give one entry: the field id, its value, the reference of the line you read it on (like "L12"), and your confidence from 0 to 1.',
  'Leave out a field the document does not print. For a field that is a list, give one entry per value.',
  'Write values as follows:',
  '- date: ISO YYYY-MM-DD with the four-digit year (a UK passport prints "12 MAR /MARS 85"; read two-digit years sensibly).',
  '- money: {"amount": number, "currency": ISO 4217 code such as "GBP", "USD", "EUR"}; the amount without thousands separators, negative for a debit or overdrawn balance (printed "45.20 OD", "2,157.92 DR" or "(45.20)").',
  '- name: given names first, surname last, without honorifics (Mr, Mrs, Ms, Miss, Dr); keep initials as printed.',
  '- country: ISO 3166-1 alpha-3 code (GBR, USA, IRL, DEU, FRA…).',
  '- address: the printed lines joined with ", ".',
  '- number: a JSON number. boolean: true or false. enum: one of the options listed.',
  '- text and other fields: as printed.',
  'Reply with only a JSON object: {"fields": [{"field": "netPay", "value": {"amount": 2140.5, "currency": "GBP"}, "ref": "L12", "confidence": 0.9}]}.',
].join('\n');

const PARSE_ATTEMPTS = 2;

interface Numbered {
  ref: string;
  page: number;
  line: number;
  text: string;
}

export class ModelExtractor {
  private readonly maxPromptTokens: number;

  constructor(private readonly deps: ModelExtractorOptions) {
    this.maxPromptTokens = deps.maxPromptTokens ?? 12_000;
  }

  /**
   * The fields of `schema` the model read on `pages`. Throws `ResearchError`: `bad_response`
   * when the reply was not the JSON asked for after one retry (the caller decides what reads the
   * document instead), or the client's error when the model did not answer.
   */
  async extract(docType: string, pages: ParsedPage[], schema: AnalyzerSchema | undefined, options: { signal?: AbortSignal | undefined } = {}): Promise<ModelExtraction> {
    const usage: Usage = { promptTokens: 0, completionTokens: 0 };
    const fields = (schema?.fields ?? []) as Field[];
    const lines: Numbered[] = pages.flatMap((p) => p.lines.map((l, line) => ({ page: p.page, line, text: l.text.replace(/\s+/g, ' ').trim() })).filter((l) => l.text)).map((l, i) => ({ ...l, ref: `L${i + 1}` }));
    // Nothing to ask, or nothing to read it from: no call is spent.
    if (fields.length === 0 || lines.length === 0) return { fields: {}, usage, linesLeftOut: 0 };

    const head = [`Document type: ${docType}`, 'Fields to read:', ...fields.map(describeField)].join('\n');
    let budget = this.maxPromptTokens - estimateTokens(SYSTEM) - estimateTokens(head) - 32;
    const sent: Numbered[] = [];
    for (const l of lines) {
      const cost = estimateTokens(renderLine(l)) + 1;
      if (cost > budget) break;
      budget -= cost;
      sent.push(l);
    }
    const linesLeftOut = lines.length - sent.length;
    if (linesLeftOut > 0) this.deps.log?.warn({ model: this.deps.model, docType, linesLeftOut }, 'document longer than the prompt budget: its last lines were not sent');
    const byRef = new Map(sent.map((l) => [l.ref, l]));

    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `${head}\n\nDocument lines:\n${sent.map(renderLine).join('\n') || '(none)'}` },
    ];
    for (let attempt = 1; ; attempt++) {
      let result: ChatResult;
      try {
        result = await this.deps.client.chat({ model: this.deps.model, messages, schema: { name: 'key_data', schema: EXTRACT_SCHEMA }, temperature: 0 }, { signal: options.signal });
      } catch (err) {
        if (err instanceof ResearchError) throw new ResearchError(err.message, err.code, add(usage, err.usage));
        throw err;
      }
      add(usage, result.usage);
      const parsed = parseExtractReply(result.content);
      if ('entries' in parsed) return { fields: toFields(parsed.entries, fields, byRef), usage, linesLeftOut };
      this.deps.log?.warn({ model: this.deps.model, docType, attempt, reason: parsed.reason }, 'model reply is not the JSON asked for');
      if (attempt >= PARSE_ATTEMPTS) {
        throw new ResearchError(`The model ${this.deps.model} did not reply with the JSON asked for (${parsed.reason})`, 'bad_response', usage);
      }
      messages.push(
        { role: 'assistant', content: clip(result.content, 2_000) },
        {
          role: 'user',
          content: `That reply was not the JSON asked for (${parsed.reason}). Reply again with only a JSON object: {"fields": [{"field": string, "value": ..., "ref": "L12", "confidence": number}]}.`,
        },
      );
    }
  }
}

const renderLine = (l: Numbered): string => `[${l.ref}] p${l.page} l${l.line} ${l.text}`;

function describeField(f: Field): string {
  const parts = [`- ${f.name}`, `label "${f.label || f.name}"`, `type ${f.type}${f.multiple ? ' (list)' : ''}`];
  if (f.options?.length) parts.push(`options: ${f.options.join(', ')}`);
  if (f.description) parts.push(clip(f.description.replace(/\s+/g, ' '), 400));
  return parts.join('; ');
}

export interface ReplyEntry {
  field: string;
  value: unknown;
  ref: string;
  confidence: unknown;
}

/** The reply's entries, tolerating a code fence or words around the object (weaker local models add them). */
export function parseExtractReply(content: string): { entries: ReplyEntry[] } | { reason: string } {
  const reply = replyObject(content);
  if ('reason' in reply) return reply;
  const { value } = reply;
  const list = (value as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(list)) return { reason: '"fields" is not a list' };
  const entries: ReplyEntry[] = [];
  for (const item of list as unknown[]) {
    const e = item as { field?: unknown; value?: unknown; ref?: unknown; confidence?: unknown } | null;
    if (!e || typeof e !== 'object' || typeof e.field !== 'string') return { reason: 'an entry has no "field"' };
    entries.push({ field: e.field, value: e.value, ref: typeof e.ref === 'string' || typeof e.ref === 'number' ? String(e.ref) : '', confidence: e.confidence });
  }
  return { entries };
}

/**
 * The entries as extracted fields: only fields of the schema, each value checked against its
 * type, each ref mapped to the page and line it names (an unknown ref drops the value). A field
 * answered twice keeps its most confident value; a list field gathers its values in order and is
 * placed at its first one.
 */
export function toFields(entries: readonly ReplyEntry[], fields: readonly Field[], byRef: ReadonlyMap<string, { page: number; line: number }>): Record<string, ExtractedField> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out: Record<string, ExtractedField> = {};
  for (const e of entries) {
    const f = byName.get(e.field);
    if (!f) continue;
    const at = byRef.get(refKey(e.ref));
    if (!at) continue;
    const confidence = typeof e.confidence === 'number' && Number.isFinite(e.confidence) ? Math.min(1, Math.max(0, e.confidence)) : 0;
    const raw = f.multiple && Array.isArray(e.value) ? e.value : [e.value];
    const values = raw.map((v) => checkValue(f, v)).filter((v) => v !== undefined);
    if (values.length === 0) continue;
    const prev = out[f.name];
    if (f.multiple) {
      if (prev) {
        const list = prev.value as unknown[];
        for (const v of values) if (!list.some((x) => JSON.stringify(x) === JSON.stringify(v))) list.push(v);
        prev.confidence = Math.min(prev.confidence, confidence);
      } else {
        out[f.name] = { value: values, confidence, page: at.page, line: at.line };
      }
    } else if (!prev || confidence > prev.confidence) {
      out[f.name] = { value: values[0], confidence, page: at.page, line: at.line };
    }
  }
  return out;
}

/** "L12", "[L12]", "l12" or "12" → "L12". */
function refKey(ref: string): string {
  const m = /^\s*\[?\s*L?\s*(\d+)\s*\]?\s*$/i.exec(ref);
  return m ? `L${Number(m[1])}` : '';
}

const HONORIFIC = /^(?:mr|mrs|ms|miss|mx|dr)\.?\s+/i;

/** The value in the form its field's type stores it, or undefined when it does not fit the type. */
export function checkValue(f: Pick<Field, 'type' | 'options'>, v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  switch (f.type) {
    case 'date':
      return typeof v === 'string' && isIsoDate(v.trim()) ? v.trim() : undefined;
    case 'money':
      return money(v);
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v) ? Number(v) : NaN;
      return Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : undefined;
    case 'country': {
      if (typeof v !== 'string') return undefined;
      const t = v.trim().toUpperCase();
      return /^[A-Z]{3}$/.test(t) ? t : countryCode(t);
    }
    case 'name': {
      if (typeof v !== 'string') return undefined;
      // Only a leading honorific is dropped: the model was asked for the name in order, and
      // reordering its words again would undo that (the analyzer's normaliser reads raw print).
      const name = v.replace(/\s+/g, ' ').trim().replace(HONORIFIC, '');
      return name || undefined;
    }
    case 'enum': {
      if (typeof v !== 'string') return undefined;
      if (!f.options?.length) return v.trim() || undefined;
      return f.options.find((o) => o.toLowerCase() === v.trim().toLowerCase());
    }
    default: {
      // text, address, identifiers: as printed; a number the model wrote unquoted is its digits.
      const s = typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
      return s || undefined;
    }
  }
}

function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * `{ amount: "1234.56", currency: "GBP" }`, the form every extractor stores money in (a decimal
 * string, two decimals), from the model's `{ amount: number, currency }`; a numeric string amount
 * is taken too. Without an amount or an ISO 4217 currency it is not money.
 */
function money(v: unknown): { amount: string; currency: string } | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const { amount, currency } = v as { amount?: unknown; currency?: unknown };
  const n = typeof amount === 'number' ? amount : typeof amount === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(amount) ? Number(amount) : NaN;
  if (!Number.isFinite(n)) return undefined;
  const code = typeof currency === 'string' ? currency.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(code)) return undefined;
  const fixed = n.toFixed(2);
  return { amount: fixed === '-0.00' ? '0.00' : fixed, currency: code };
}

function add(total: Usage, u: Usage): Usage {
  total.promptTokens += u.promptTokens;
  total.completionTokens += u.completionTokens;
  return total;
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);
