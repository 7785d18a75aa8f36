import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback OpenAI-compatible server for tests: each chat completion is answered with the
 * behaviour the test scripts for it, so retries, time limits and bad replies are reproducible
 * without a model. node:http only, so the API tests can use it too.
 */

/** What the model "says": a JSON answer, raw text, an HTTP error, or silence. */
export type FakeBehaviour =
  | { json: unknown; usage?: FakeUsage; model?: string }
  | { raw: string; usage?: FakeUsage; model?: string }
  | { status: 429; retryAfter?: number; message?: string }
  | { status: number; message?: string }
  | { hang: true };

export interface FakeUsage {
  promptTokens: number;
  completionTokens: number;
}

/** The body of a chat completion request as the server parsed it. */
export interface FakeChatBody {
  model?: string;
  messages?: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body text, and its JSON when it parsed (undefined otherwise). */
  text: string;
  body: FakeChatBody | undefined;
}

export interface FakeOpenAiOptions {
  /** Called once per chat completion, `callIndex` counting from 0 (GET /models is not counted). */
  respond: (body: FakeChatBody, callIndex: number) => FakeBehaviour | Promise<FakeBehaviour>;
  /** Listed by `GET /v1/models`; default `['fake-model']`. */
  models?: string[];
}

export interface FakeOpenAi {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  /** Every request received, in order of arrival. */
  requests: FakeRequest[];
  /** The chat completion requests only. */
  chatRequests(): FakeRequest[];
  /** Stops listening and drops open connections (hanging calls included). */
  close(): Promise<void>;
}

/** Size of each piece of content in a streamed reply. */
const STREAM_PIECE = 8;

export async function startFakeOpenAi(options: FakeOpenAiOptions): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  let calls = 0;
  const models = options.models ?? ['fake-model'];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: FakeChatBody | undefined;
      try {
        body = text ? (JSON.parse(text) as FakeChatBody) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, text, body });

      if (req.method === 'GET' && path === '/v1/models') {
        return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) });
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        return sendJson(res, 404, { error: { message: `No route ${req.method} ${path}`, type: 'invalid_request_error' } });
      }
      if (!body) return sendJson(res, 400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
      const index = calls++;
      Promise.resolve(options.respond(body, index)).then(
        (behaviour) => answer(res, body, text, behaviour),
        (err: unknown) => sendJson(res, 500, { error: { message: `respond failed: ${String(err)}` } }),
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: ServerResponse, body: FakeChatBody, text: string, b: FakeBehaviour): void {
  if ('hang' in b) return; // never answers; close() drops the connection
  if ('status' in b) {
    const headers: Record<string, string> = {};
    if ('retryAfter' in b && b.retryAfter !== undefined) headers['retry-after'] = String(b.retryAfter);
    const type = b.status === 429 ? 'rate_limit_exceeded' : b.status >= 500 ? 'server_error' : 'invalid_request_error';
    return sendJson(res, b.status, { error: { message: b.message ?? `scripted ${b.status}`, type } }, headers);
  }
  const content = 'json' in b ? JSON.stringify(b.json) : b.raw;
  // Without a scripted usage, a deterministic estimate of what was sent and answered.
  const usage = b.usage ?? { promptTokens: Math.ceil(text.length / 4), completionTokens: Math.ceil(content.length / 4) };
  const rawUsage = { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens };
  const model = b.model ?? body.model ?? 'fake-model';
  const id = 'chatcmpl-fake';

  if (body.stream) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (data: unknown): boolean => res.write(`data: ${JSON.stringify(data)}\n\n`);
    event({ id, object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    for (let i = 0; i < content.length; i += STREAM_PIECE) {
      event({ id, object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: { content: content.slice(i, i + STREAM_PIECE) }, finish_reason: null }] });
    }
    event({ id, object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    if (body.stream_options?.include_usage) event({ id, object: 'chat.completion.chunk', model, choices: [], usage: rawUsage });
    res.end('data: [DONE]\n\n');
    return;
  }
  sendJson(res, 200, {
    id,
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: rawUsage,
  });
}

function sendJson(res: ServerResponse, status: number, data: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(data);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
