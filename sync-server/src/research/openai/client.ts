import { ResearchError, type Usage } from '../types.js';

/**
 * A small client of the OpenAI chat-completions API over the global `fetch`, for any compatible
 * server (OpenAI, Ollama, vLLM, LM Studio). No SDK: we need one endpoint, our own retry policy and
 * errors a person can read on a failed brief section (`ResearchError`).
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  /** Text, or (a user's message to a model that reads images) text and images in order. */
  content: string | ChatContentPart[];
}

/** A piece of a message in the chat-completions API's multi-part form; images as `data:image/png;base64,…` URLs. */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Asks for structured output (`response_format: json_schema`, strict) matching this schema. */
  schema?: { name: string; schema: Record<string, unknown> };
  temperature?: number;
  maxTokens?: number;
}

export interface ChatResult {
  content: string;
  usage: Usage;
  /** The model the server says answered (may differ from the one asked for, e.g. an alias). */
  model: string;
}

export interface OpenAiClientOptions {
  /** Up to `/v1`, without a trailing slash needed. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** How long one attempt may stay silent before it is abandoned (and retried). */
  timeoutMs: number;
  /** Retries after a 429, a 5xx, a timeout or a lost connection. */
  maxRetries: number;
  /** First backoff delay; doubles per failed attempt. Default 500 ms. */
  backoffMs?: number;
  /** Ceiling of one backoff delay, and of an honoured `Retry-After`. Default 30 s. */
  maxBackoffMs?: number;
  fetch?: typeof fetch;
  /** Jitter source in [0, 1); inject a constant for deterministic delays. */
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** Why one attempt failed, and whether another may succeed. */
interface AttemptFailure {
  kind: 'timeout' | 'network' | 'rate_limited' | 'server';
  detail: string;
  retryAfterMs?: number;
}

class RetryableFailure extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.detail);
  }
}

export class OpenAiClient {
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  private readonly random: () => number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(private readonly options: OpenAiClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
    this.random = options.random ?? Math.random;
    this.backoffMs = options.backoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
  }

  /** One completion, whole. Throws `ResearchError` once the retries are spent, or the caller's abort reason. */
  chat(req: ChatRequest, opts: CallOptions = {}): Promise<ChatResult> {
    return this.withRetries(opts.signal, async (signal) => {
      const res = await this.post(req, false, signal);
      const text = await res.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ResearchError(`The model server answered with something other than JSON: ${clip(text)}`, 'bad_response');
      }
      const b = body as { choices?: { message?: { content?: unknown } }[]; usage?: RawUsage; model?: unknown };
      const content = b.choices?.[0]?.message?.content;
      if (typeof content !== 'string') {
        throw new ResearchError(`The model server's answer has no message content: ${clip(text)}`, 'bad_response', toUsage(b.usage));
      }
      return { content, usage: toUsage(b.usage), model: typeof b.model === 'string' ? b.model : req.model };
    });
  }

  /**
   * One completion streamed (SSE): `onDelta` gets each piece of content in order. A failure before
   * the first piece is retried like `chat`; after it, retrying would repeat text already told, so
   * it ends the call. The time limit here is silence between pieces, not the whole answer.
   */
  streamChat(req: ChatRequest, opts: CallOptions & { onDelta: (text: string) => void }): Promise<ChatResult> {
    let told = false;
    return this.withRetries(opts.signal, async (signal, touch) => {
      const res = await this.post(req, true, signal);
      if (!res.body) throw new ResearchError('The model server sent an empty stream', 'bad_response');
      const decoder = new TextDecoder();
      let buffer = '';
      let content = '';
      let usage: Usage = { promptTokens: 0, completionTokens: 0 };
      let model = req.model;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        touch();
        buffer += decoder.decode(chunk, { stream: true });
        let nl: number;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') return { content, usage, model };
          let event: { choices?: { delta?: { content?: unknown } }[]; usage?: RawUsage; model?: unknown };
          try {
            event = JSON.parse(data);
          } catch {
            throw new ResearchError(`The model server sent a stream event that is not JSON: ${clip(data)}`, 'bad_response', usage);
          }
          if (event.usage) usage = toUsage(event.usage);
          if (typeof event.model === 'string') model = event.model;
          const piece = event.choices?.[0]?.delta?.content;
          if (typeof piece === 'string' && piece.length > 0) {
            content += piece;
            told = true;
            opts.onDelta(piece);
          }
        }
      }
      return { content, usage, model };
    }, () => told);
  }

  /**
   * Whether the server answers `GET /models` at all (any status below 500): a wrong key or a
   * server without that route is reachable, and the call itself will say what is wrong.
   */
  async ping(opts: CallOptions & { timeoutMs?: number } = {}): Promise<boolean> {
    const limit = AbortSignal.timeout(opts.timeoutMs ?? Math.min(this.options.timeoutMs, 5_000));
    const signal = opts.signal ? AbortSignal.any([opts.signal, limit]) : limit;
    try {
      const res = await this.fetch(`${this.baseUrl}/models`, { headers: this.headers(), signal });
      await res.body?.cancel().catch(() => undefined);
      return res.status < 500;
    } catch {
      return false;
    }
  }

  private headers(): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) h.authorization = `Bearer ${this.options.apiKey}`;
    return h;
  }

  /** Sends the request; a non-2xx status becomes a `RetryableFailure` or a final `ResearchError`. */
  private async post(req: ChatRequest, stream: boolean, signal: AbortSignal): Promise<Response> {
    const body: Record<string, unknown> = { model: req.model, messages: req.messages };
    if (req.schema) body.response_format = { type: 'json_schema', json_schema: { name: req.schema.name, strict: true, schema: req.schema.schema } };
    if (req.temperature !== undefined) body.temperature = req.temperature;
    if (req.maxTokens !== undefined) body.max_tokens = req.maxTokens;
    if (stream) Object.assign(body, { stream: true, stream_options: { include_usage: true } });
    const res = await this.fetch(`${this.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
    if (res.ok) return res;
    const message = serverMessage(await res.text().catch(() => ''));
    if (res.status === 429) {
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      throw new RetryableFailure({ kind: 'rate_limited', detail: message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
    }
    if (res.status >= 500) throw new RetryableFailure({ kind: 'server', detail: `HTTP ${res.status}${message ? `: ${message}` : ''}` });
    throw new ResearchError(`The model server refused the request (HTTP ${res.status})${message ? `: ${message}` : ''}`, 'refused');
  }

  /**
   * Runs `attempt` with a fresh time limit each time, combined with the caller's signal; `touch`
   * restarts the limit (streams). `mayRetry` says whether a failure may still be retried.
   */
  private async withRetries<T>(
    callerSignal: AbortSignal | undefined,
    attempt: (signal: AbortSignal, touch: () => void) => Promise<T>,
    hasTold: () => boolean = () => false,
  ): Promise<T> {
    const { timeoutMs, maxRetries } = this.options;
    for (let failed = 0; ; ) {
      callerSignal?.throwIfAborted();
      const controller = new AbortController();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const touch = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          controller.abort(new Error('time limit'));
        }, timeoutMs);
      };
      const onAbort = (): void => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', onAbort, { once: true });
      touch();
      let failure: AttemptFailure;
      try {
        return await attempt(controller.signal, touch);
      } catch (err) {
        if (callerSignal?.aborted) throw callerSignal.reason;
        if (err instanceof ResearchError) throw err;
        if (timedOut) failure = { kind: 'timeout', detail: `no answer within ${timeoutMs} ms` };
        else if (err instanceof RetryableFailure) failure = err.failure;
        else failure = { kind: 'network', detail: networkDetail(err) };
        if (hasTold()) throw finalError(failure, timeoutMs);
      } finally {
        clearTimeout(timer);
        callerSignal?.removeEventListener('abort', onAbort);
      }
      failed += 1;
      if (failed > maxRetries) throw finalError(failure, timeoutMs, undefined, failed, this.baseUrl);
      await sleep(this.delayMs(failed, failure), callerSignal);
    }
  }

  /** Equal jitter over exponential backoff: half the delay fixed, half random, so clients spread out. */
  private delayMs(failedAttempts: number, failure: AttemptFailure): number {
    if (failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, this.maxBackoffMs);
    const exp = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (failedAttempts - 1));
    return Math.round(exp / 2 + (exp / 2) * this.random());
  }
}

type RawUsage = { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined;

function toUsage(u: RawUsage): Usage {
  const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  return { promptTokens: n(u?.prompt_tokens), completionTokens: n(u?.completion_tokens) };
}

function finalError(f: AttemptFailure, timeoutMs: number, usage?: Usage, attempts?: number, baseUrl?: string): ResearchError {
  const tries = attempts && attempts > 1 ? ` (${attempts} attempts)` : '';
  switch (f.kind) {
    case 'timeout':
      return new ResearchError(`The model did not answer within ${formatSeconds(timeoutMs)} s${tries}`, 'timeout', usage);
    case 'rate_limited':
      return new ResearchError(`The model server kept refusing for rate limits (HTTP 429)${tries}${f.detail ? `: ${f.detail}` : ''}`, 'rate_limited', usage);
    case 'server':
      return new ResearchError(`The model server failed${tries}: ${f.detail}`, 'unreachable', usage);
    case 'network':
      return new ResearchError(`The model server${baseUrl ? ` at ${baseUrl}` : ''} could not be reached${tries}: ${f.detail}`, 'unreachable', usage);
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1);
}

/** `fetch` hides the socket error (ECONNREFUSED, ENOTFOUND…) in `cause`. */
function networkDetail(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** OpenAI-style `{ error: { message } }`, else the text itself, clipped. */
function serverMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'string') return clip(body.error);
    if (typeof body.error?.message === 'string') return clip(body.error.message);
    if (typeof body.message === 'string') return clip(body.message);
  } catch {
    // not JSON: the text is the message
  }
  return clip(text.trim());
}

/** Seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function clip(text: string, max = 300): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
