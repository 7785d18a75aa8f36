import { createHmac, randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SECRET_PREFIX } from '@portal/shared';
import { SERVER_VERSION } from '../version.js';
import { isPrivateAddress, isPrivateHostName } from './public-address.js';

/** Spec Part 6.4: the receiver answers 2xx within 15 seconds or the attempt failed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** At most this much of an answer is read; the rest is not waited for. */
export const WEBHOOK_MAX_ANSWER_BYTES = 64 * 1024;
/** What of the answer is kept and shown. */
export const WEBHOOK_EXCERPT_CHARS = 1_024;
export const WEBHOOK_USER_AGENT = `CompliancePortal-Webhooks/${SERVER_VERSION}`;

/** A new endpoint secret: `whsec_` and the base64 of 32 random bytes (spec Part 2 asks for 24 or more). */
export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** Signing keys decoded once per secret (a secret is used for every delivery of its endpoint). */
const KEYS = new Map<string, Buffer>();

/**
 * `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` keyed by the base64-decoded secret
 * (Standard Webhooks; spec Part 6.3).
 */
export function signature(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  let key = KEYS.get(secret);
  if (!key) {
    key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
    if (KEYS.size >= 1_000) KEYS.clear();
    KEYS.set(secret, key);
  }
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`, 'utf8').digest('base64')}`;
}

/** `webhook-signature`: one signature per secret, space-separated, during a rotation's overlap. */
function signatures(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): string {
  let value = signature(secrets[0]!, messageId, timestampSeconds, body);
  for (let i = 1; i < secrets.length; i++) value += ` ${signature(secrets[i]!, messageId, timestampSeconds, body)}`;
  return value;
}

/** The three Standard Webhooks headers. */
export function webhookHeaders(secrets: readonly string[], messageId: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return { 'webhook-id': messageId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures(secrets, messageId, timestamp, body) };
}

export class PrivateAddressError extends Error {
  readonly code = 'EWEBHOOKPRIVATE';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a loopback or private address; deliveries there are refused (WEBHOOK_ALLOW_PRIVATE=true allows them)`);
    this.name = 'PrivateAddressError';
  }
}

/** An endpoint URL as request options, parsed once. */
interface Target {
  secure: boolean;
  protocol: string;
  hostname: string;
  port: string | undefined;
  path: string;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** How long a host's checked addresses are reused for new connections (a retry burst, a reconnect). */
const LOOKUP_CACHE_MS = 10_000;
const resolved = new Map<string, { until: number; addresses?: LookupAddress[]; refused?: string }>();

/**
 * The resolver of every delivery connection: every address a name resolves to must be public, and
 * the connection goes to one of those very addresses, so a name that changes its answer between a
 * check and the connection (DNS rebinding) cannot reach a private one. Answers are kept for a few
 * seconds: the cached addresses are the checked ones, so reusing them keeps that guarantee, and a
 * receiver's reconnects do not each wait on the resolver's thread pool.
 */
function guardedLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void {
  const family = options.family ?? 0;
  const key = `${family}/${hostname}`;
  const answer = (addresses: LookupAddress[]) => {
    if (options.all) return callback(null, addresses.slice());
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const cached = resolved.get(key);
  if (cached && cached.until > performance.now()) {
    if (cached.refused !== undefined) return callback(new PrivateAddressError(hostname, cached.refused) as NodeJS.ErrnoException, '');
    return answer(cached.addresses!);
  }
  dnsLookup(hostname, { family, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (resolved.size >= 1_000) resolved.clear();
    resolved.set(key, bad ? { until: performance.now() + LOOKUP_CACHE_MS, refused: bad.address } : { until: performance.now() + LOOKUP_CACHE_MS, addresses });
    if (bad) return callback(new PrivateAddressError(hostname, bad.address) as NodeJS.ErrnoException, '');
    return answer(addresses);
  });
}

export interface SendInput {
  url: string;
  messageId: string;
  body: string;
  /** The signing secrets: the endpoint's, then the one a rotation replaced while it overlaps. */
  secrets: readonly string[];
}

export interface SendOutcome {
  /** 2xx within the time limit. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  bodyExcerpt: string | null;
  /** In words, for the delivery's history; null when ok. */
  error: string | null;
}

type Attempt = Omit<SendOutcome, 'durationMs'> & { retryStale?: boolean };

/** A retried-once connection failure of a kept-alive socket the receiver had just closed. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Sends signed deliveries over kept-alive connections. No redirect is followed (a 3xx is a
 * failed attempt), at most WEBHOOK_MAX_ANSWER_BYTES of an answer are read, and every attempt ends
 * within WEBHOOK_TIMEOUT_MS. Loopback and private addresses are refused unless `allowPrivate`.
 */
export class WebhookSender {
  private readonly agents: { http: http.Agent; https: https.Agent };
  private readonly timeoutMs: number;
  /** Endpoint URLs parsed and judged once (a handful per organization). */
  private readonly parsed = new Map<string, { url: Target; refusal?: string | undefined } | { url?: undefined; refusal: string }>();
  /** Requests in flight and when they must be cut; one sweeper for all instead of a timer each. */
  private readonly inFlight = new Map<http.ClientRequest, number>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: { allowPrivate: boolean; timeoutMs?: number; maxSockets?: number }) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, maxFreeSockets: 64, scheduling: 'lifo' as const };
    this.agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  }

  private parse(url: string) {
    let entry = this.parsed.get(url);
    if (!entry) {
      let u: URL | undefined;
      try {
        u = new URL(url);
      } catch {
        u = undefined;
      }
      if (!u) entry = { refusal: 'not a URL' };
      else if (u.protocol !== 'http:' && u.protocol !== 'https:') entry = { refusal: 'not an http(s) URL' };
      else if (!this.options.allowPrivate && isPrivateHostName(u.hostname)) {
        entry = { refusal: `${u.hostname} is a loopback or private address; deliveries there are refused (WEBHOOK_ALLOW_PRIVATE=true allows them)` };
      } else {
        entry = {
          url: { secure: u.protocol === 'https:', protocol: u.protocol, hostname: u.hostname.replace(/^\[|\]$/g, ''), port: u.port || undefined, path: `${u.pathname}${u.search}` },
        };
      }
      if (this.parsed.size >= 1_000) this.parsed.clear();
      this.parsed.set(url, entry);
    }
    return entry;
  }

  /** Why `url` may not receive deliveries under this sender's rules; undefined when it may. */
  refusal(url: string): string | undefined {
    return this.parse(url).refusal;
  }

  private track(request: http.ClientRequest, deadline: number): void {
    this.inFlight.set(request, deadline);
    this.sweeper ??= setInterval(() => {
      const now = performance.now();
      for (const [req, until] of this.inFlight) {
        if (until <= now) {
          this.inFlight.delete(req);
          req.destroy(new Error(`no answer within ${Math.round(this.timeoutMs / 1000)} s`));
        }
      }
      if (this.inFlight.size === 0) {
        clearInterval(this.sweeper);
        this.sweeper = undefined;
      }
    }, Math.min(250, Math.max(10, this.timeoutMs / 10)));
  }

  async send(input: SendInput, now = Date.now()): Promise<SendOutcome> {
    const started = performance.now();
    const target = this.parse(input.url);
    if (target.refusal || !target.url) return { ok: false, statusCode: null, durationMs: 0, bodyExcerpt: null, error: target.refusal ?? 'not a URL' };
    const timestamp = Math.floor(now / 1000);
    // Built once per delivery (a stale-socket retry sends the same bytes), in one literal.
    const headers = {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      'webhook-id': input.messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatures(input.secrets, input.messageId, timestamp, input.body),
      'content-length': String(Buffer.byteLength(input.body, 'utf8')),
    };
    const deadline = started + this.timeoutMs;
    let outcome = await this.attempt(target.url, headers, input.body, deadline, false);
    if (outcome.retryStale) outcome = await this.attempt(target.url, headers, input.body, deadline, true);
    return { ok: outcome.ok, statusCode: outcome.statusCode, durationMs: Math.round(performance.now() - started), bodyExcerpt: outcome.bodyExcerpt, error: outcome.error };
  }

  private attempt(target: Target, headers: Record<string, string>, body: string, deadline: number, fresh: boolean): Promise<Attempt> {
    const secure = target.secure;
    return new Promise((resolve) => {
      let settled = false;
      let statusCode: number | null = null;
      let chunks: Buffer[] | undefined;
      let size = 0;
      const finish = (r: Attempt) => {
        if (settled) return;
        settled = true;
        this.inFlight.delete(request);
        resolve(r);
      };
      // What was read of the answer (nothing, for most receivers) is its excerpt.
      const answered = () => {
        if (settled) return;
        const excerpt = chunks === undefined ? '' : Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_EXCERPT_CHARS);
        finish(judge(statusCode, excerpt));
      };
      const request = (secure ? https : http).request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          path: target.path,
          method: 'POST',
          headers,
          agent: fresh ? false : secure ? this.agents.https : this.agents.http,
          lookup: this.options.allowPrivate ? undefined : (guardedLookup as unknown as typeof dnsLookup),
        },
        (res) => {
          statusCode = res.statusCode ?? null;
          res.on('data', (chunk: Buffer) => {
            if (size >= WEBHOOK_MAX_ANSWER_BYTES) return;
            (chunks ??= []).push(chunk.subarray(0, WEBHOOK_MAX_ANSWER_BYTES - size));
            size += chunk.length;
            // Enough read: the rest of a long answer is not waited for (the socket is dropped).
            if (size >= WEBHOOK_MAX_ANSWER_BYTES) {
              res.destroy();
              answered();
            }
          });
          res.on('end', answered);
          res.on('error', answered);
          res.on('close', answered);
        },
      );
      this.track(request, deadline);
      request.on('error', (err: NodeJS.ErrnoException) => {
        // The answer's status had come: what was read of its body is what there is.
        if (statusCode !== null) return answered();
        const stale = !fresh && request.reusedSocket && STALE_SOCKET.has(err.code ?? '');
        finish({ ok: false, statusCode: null, bodyExcerpt: null, error: describeError(err), retryStale: stale });
      });
      request.end(body, 'utf8');
    });
  }

  close(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    for (const req of this.inFlight.keys()) req.destroy();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

function judge(statusCode: number | null, excerpt: string | null): Omit<SendOutcome, 'durationMs'> {
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  let error: string | null = null;
  if (!ok) {
    error =
      statusCode !== null && statusCode >= 300 && statusCode < 400
        ? `answered ${statusCode}: redirects are not followed; register the final URL`
        : `answered ${statusCode ?? 'nothing'}`;
  }
  return { ok, statusCode, bodyExcerpt: excerpt, error };
}

function describeError(err: NodeJS.ErrnoException): string {
  if (err instanceof PrivateAddressError) return err.message;
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${err.code})`;
    case 'ECONNRESET':
      return 'connection reset by the receiver';
    default:
      return err.code ? `${err.message} (${err.code})` : err.message;
  }
}
