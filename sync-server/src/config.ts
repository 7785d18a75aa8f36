import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MAX_FILE_BYTES, MAX_FILES_PER_CALL } from '@portal/shared';
import type { PgliteSettings } from './db/pglite-settings.js';

const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../renderer/dist', import.meta.url));

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

export interface ThrottleLimit {
  max: number;
  windowMs: number;
}
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** A throttle written `N/<window>`: `10/1h` is ten per hour, `5/15m`, `100/30s`, `3/1d`. */
const throttle = (def: string) =>
  z
    .string()
    .default(def)
    .transform((v, ctx): ThrottleLimit => {
      const m = /^(\d+)\/(\d+)([smhd])$/.exec(v.trim());
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'expected N/<window>, for example 10/1h or 5/15m' });
        return z.NEVER;
      }
      return { max: Number(m[1]), windowMs: Number(m[2]) * UNIT_MS[m[3] as keyof typeof UNIT_MS] };
    });
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const MODEL_NAME = /^[A-Za-z0-9][\w.:/@+-]{0,127}$/;

/**
 * Every environment variable the server reads, with defaults that need nothing set. The README's
 * configuration table lists the same names; `describe` texts are what it says.
 */
export const ConfigSchema = z.object({
  PORT: int(8080).pipe(z.number().max(65535)).describe('TCP port to listen on.'),
  HOST: z.string().min(1).default('127.0.0.1').describe('Address to bind; 0.0.0.0 to accept connections from other machines.'),
  DATA_DIR: z.string().min(1).default('./data').describe('Where the embedded database (PGlite), blobs and the mail outbox live.'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()).describe('PostgreSQL connection string; when set, PostgreSQL replaces the embedded PGlite.'),
  PGLITE_SHARED_BUFFERS_MB: int(16, 1).describe(
    'Embedded database only: PostgreSQL shared buffers in MB. Kept small for a laptop (the operating system caches the files too); PGlite never returns memory it has touched, so this is held for the life of the process.',
  ),
  DATABASE_POOL_MAX: int(20, 1).describe(
    'PostgreSQL only: connections this instance keeps at most. Requests hold one for milliseconds, so 20 serve far more than one process can produce; instances × (this plus the four listening connections each keeps: changes, credentials, collaboration, webhooks) must stay under the server’s max_connections (100 by default).',
  ),
  DATABASE_POOL_WAIT_MS: int(2_000, 1).describe('PostgreSQL only: how long a request waits for a free connection before it is answered 503 with Retry-After (logged as a warning with the pool’s state).'),
  WORKERS: int(1).describe('Job workers started in this process; 0 makes an API-only node.'),
  ORG_RESERVE_SLOTS: int(1, 0).describe(
    'Fairness between organizations: every shared pool (job workers, each lane of jobs, the analyzer’s pre-flight and parse/OCR pools, webhook lanes) runs this many slots more than its size, which only another organization than the one holding the pool’s size may take; waiting work is served round-robin by organization. 0: no reserve (round-robin only).',
  ),
  ANALYZER_THREADS: int(1, 1).describe('Files one organization reads at once in each of the analyzer’s pools (pre-flight; parse and OCR); each pool runs ORG_RESERVE_SLOTS workers more, for other organizations.'),
  ANALYZER_READING_PROCESS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')).describe(
    'Whether the analyzer reads files (PDF parsing, rendering, OCR) in a child process of its own, started on the first file and ended 30 s after the last: what reading allocates goes back to the system with it, and a crash in native code costs the files being read, not the server. `false` reads in this process’s worker threads (a little less to start; memory they touched stays resident).',
  ),
  PREFLIGHT_FILE_TIMEOUT_MS: int(60_000, 100).describe('How long pre-flight (and reading an e-invoice or page images) may spend on one file; past it the file’s worker is stopped and the file is flagged unreadable, not the run call or the pool.'),
  PARSE_FILE_TIMEOUT_MS: int(180_000, 100).describe('How long parse (text and OCR) may spend on one file; past it the file’s worker is stopped and the run fails with why.'),
  EINVOICE_XML_MAX_TAG_CHARS: int(65_536, 64).describe('Longest start or end tag (name and attributes) in a PDF’s embedded e-invoice XML; a longer one makes the XML unread (a note), never a slow read.'),
  EINVOICE_XML_MAX_ATTR_VALUE_CHARS: int(16_384, 16).describe('Longest attribute value in an embedded e-invoice XML.'),
  EINVOICE_XML_MAX_ATTRS: int(256, 1).describe('Most attributes (namespace declarations included) on one element of an embedded e-invoice XML.'),
  HTTP: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')).describe('`false` makes a worker-only node: it runs jobs (runs, deliveries, retention) and serves nothing.'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level of the JSON logs on stdout.'),
  BODY_LIMIT_BYTES: int(1_048_576, 1).describe('Largest JSON request body accepted (413 above it).'),
  UPLOAD_LIMIT_BYTES: int(MAX_FILES_PER_CALL * MAX_FILE_BYTES + 1_048_576, 1).describe(
    'Largest multipart upload one call may send (POST /workflows/{id}/runs, POST /applications/{id}/files): by default what the contract allows a call (25 files at their 100 MB limit) plus 1 MB of form. A larger Content-Length is 413 before the body is read; each file past 100 MB is refused as it streams, and the connection closed.',
  ),
  BODY_IDLE_TIMEOUT_MS: int(10_000, 10).describe('A request body being read that sends nothing for this long is answered 408 and its connection closed.'),
  BODY_TIMEOUT_MS: int(600_000, 10).describe('A request body not complete this long after its request began is answered 408 and its connection closed, however it trickles.'),
  JOB_LEASE_MS: int(30_000, 100).describe('How long a worker holds a job without renewing its lease.'),
  JOB_POLL_MS: int(1_000, 10).describe('How often an idle worker looks for due jobs.'),
  SHUTDOWN_GRACE_MS: int(10_000, 0).describe('On SIGTERM/SIGINT, how long in-flight requests and jobs may take to finish.'),
  RENDERER_DIR: z.string().min(1).default(DEFAULT_RENDERER_DIR).describe('The built web app served at `/` (renderer/dist).'),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()).describe('The address people reach the server at, for links in mails; defaults to http://localhost:PORT.'),
  ALLOWED_ORIGINS: z.string().default('').describe('Comma-separated origins, besides the server’s own, allowed to make cookie-authenticated changes (the desktop app).'),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')).describe('Trust X-Forwarded-* from a reverse proxy (client address for throttles, https for Secure cookies).'),
  SESSION_TTL_HOURS: int(720, 1).describe('How long a session lasts after sign-in.'),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()).describe('SMTP server for mail (smtp:// or smtps://); without it mails are written as .eml files under DATA_DIR/outbox.'),
  MAIL_FROM: z.string().min(3).default('Compliance Portal <no-reply@localhost>').describe('Sender of every mail.'),
  CONTACT_INBOX: z.preprocess(emptyAsUndefined, z.string().email().optional()).describe('Where contact-form messages are mailed; they are stored either way.'),
  SIGNUP_THROTTLE: throttle('10/1h').describe('Sign-ups per client address.'),
  LOGIN_THROTTLE: throttle('10/15m').describe('Failed sign-ins per account and client address before 429.'),
  FORGOT_THROTTLE: throttle('5/1h').describe('Password-reset mails per address.'),
  LOGIN_ADDRESS_THROTTLE: throttle('100/15m').describe('Failed sign-ins per client address, whatever the account (429 past it): random emails cannot buy unbounded password checks.'),
  RESET_THROTTLE: throttle('50/15m').describe('Password-reset attempts (POST /password/reset) per client address (429 past it).'),
  INVITE_ORG_THROTTLE: throttle('30/1h').describe('Colleagues added (POST /users) and colleagues’ emails changed per organization (429 past it): each can mail a stranger.'),
  INVITE_MANAGER_THROTTLE: throttle('30/1h').describe('The same per Manager (429 past it).'),
  HASH_CONCURRENCY: int(2, 1).describe('Password hashes (scrypt, 32 MiB and ~60 ms each) computed at once by this process; the rest wait in a queue taken in turn per client address.'),
  HASH_QUEUE_PER_ADDRESS: int(4, 1).describe('Password hashes one client address may have waiting; past it its oldest waiting request is answered 429 with Retry-After.'),
  HASH_QUEUE_MAX: int(64, 1).describe('Password hashes waiting in all; past it a new one is answered 503 with Retry-After.'),
  CONTACT_THROTTLE: throttle('5/1h').describe('Contact messages per client address.'),
  GUEST_THROTTLE: throttle('5/1h').describe('Guest keys per client address.'),
  GUEST_RATE: throttle('10/1m').describe('Requests per guest key (spec: 10 a minute).'),
  BRIEF_THROTTLE: throttle('5/1d').describe('Intel briefs an instant account with no email yet may start (429 past it); accounts with an email are not limited by it.'),
  ANALYSIS_INGEST_MAX_BYTES: int(8_388_608, 1_024).describe(
    'Largest analysis ingest (POST …/files/{fileId}/analysis) kept, measured as stored: its page lines, documents and what was left out, as JSON. 413 above it, before anything is stored. The body itself may be up to 16 MiB (it may carry what is not kept: words, `content`).',
  ),
  ANALYSIS_INGESTS_PER_FILE: int(3, 1).describe('Analysis ingests kept per source file: the latest (the one a run takes) and those before it up to this many, as the record of what was sent; older ones are deleted when a new one is stored.'),
  ANALYSIS_INGEST_QUOTA: throttle('512/1d').describe('MiB of analysis ingests (as stored) an organization may send per window, every key and person together, written N/<window>: 429 with Retry-After past it.'),
  ANALYSIS_INGEST_THROTTLE: throttle('1000/1h').describe('Analysis ingests an organization may send per window, whatever their size (429 with Retry-After past it).'),
  INSTANT_ACCOUNT_DAYS: int(30, 1).describe('How long an instant account without an email is kept.'),
  GUEST_HOURS: int(24, 1).describe('How long a guest key and its sandbox live.'),
  GUEST_UPLOAD_PAGES: int(50, 1).describe('Pages a guest sandbox may upload.'),
  BLOB_STORE: z
    .enum(['fs', 'postgres', 's3'])
    .default('fs')
    .describe('Where source files and filed PDFs are kept: `fs` (DATA_DIR/blobs, one machine), `postgres` (in the database, every instance reads them) or `s3` (S3-compatible object storage).'),
  BLOB_VERIFY_HOURS: int(168, 1).describe('How often every blob is read whole and checked against its SHA-256 name (ranged reads are not); damaged ones are logged as errors.'),
  BLOB_CACHE_MB: int(2048, 16).describe('With `postgres` or `s3`: the most disk the local copies of blobs (DATA_DIR/blob-cache) may use.'),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.string().url().optional()).describe('With `s3`: the endpoint of an S3-compatible store (MinIO, Ceph RGW, R2); unset for AWS S3.'),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(3).optional()).describe('With `s3`: the bucket (created at start when missing).'),
  S3_REGION: z.string().min(1).default('us-east-1').describe('With `s3`: the region.'),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()).describe('With `s3`: the access key; unset to use the AWS SDK’s default credentials.'),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()).describe('With `s3`: the secret key.'),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('true')).describe('With `s3`: bucket in the path (MinIO and most self-hosted stores) rather than the host name.'),
  S3_PREFIX: z.string().default('blobs/').describe('With `s3`: the key prefix of blobs in the bucket.'),
  WEBHOOK_ALLOW_PRIVATE: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')).describe('Let webhooks deliver to loopback, private and link-local addresses (a receiver on this machine or the local network); refused otherwise.'),
  RETENTION_SWEEP_MS: int(3_600_000, 1_000).describe('How often expired accounts, sandboxes, sessions and tokens are purged.'),
  RESPONSE_VALIDATION: z
    .preprocess(emptyAsUndefined, z.enum(['off', 'strict']).optional())
    .describe('`strict` also checks every response body against its contract schema with zod (500 on a mismatch); on by default under tests (NODE_ENV=test or VITEST). Bodies are written by the compiled serializers either way.'),
  RESEARCH_PARALLEL: int(4, 1).describe('Brief questions and assistant turns answered at once by each process with job workers (they mostly wait for a model).'),
  MODEL_TIMEOUT_MS: int(60_000, 100).describe('How long one call to an OpenAI-compatible model may stay silent before it is abandoned (and retried).'),
  MODEL_RETRIES: int(3, 0).describe('Retries of a model call after a 429, a 5xx, a timeout or a lost connection, with exponential backoff.'),
  MODEL_MAX_PROMPT_TOKENS: int(12_000, 1_000).describe('The most case text (in estimated tokens) sent to a model in one call; a longer case is narrowed to the lines that bear on the question.'),
  OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()).describe('Base URL of an OpenAI-compatible API, up to `/v1`; defaults to https://api.openai.com/v1. Set it without OPENAI_API_KEY for a local server that needs no key (Ollama, vLLM, LM Studio).'),
  OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()).describe('Bearer key of that API; never logged nor returned.'),
  OPENAI_MODELS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const names = [...new Set(v.split(',').map((m) => m.trim()).filter(Boolean))];
      const bad = names.find((m) => !MODEL_NAME.test(m));
      if (bad) ctx.addIssue({ code: 'custom', message: `"${bad}" is not a model name (letters, digits and . _ - : / @ +, at most 128 characters)` });
      return names;
    })
    .describe('Comma-separated model names offered, besides the built-in engines, to every stage that can run on a language model (classify, extract, intel, assistant); a Manager chooses per stage. Empty: built-in engines only.'),
});

export type Env = z.infer<typeof ConfigSchema>;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL only: schema first on the search path (test isolation). */
  databaseSchema?: string | undefined;
  /** PostgreSQL only: the pool's size, and how long a request waits for one of its connections. */
  databasePool?: { max: number; waitMs: number } | undefined;
  /** Embedded database only: its memory settings. */
  pglite?: PgliteSettings | undefined;
  workers: number;
  /** Slots each shared pool runs beyond its size, for organizations other than the one holding it (fair-slots.ts). */
  orgReserveSlots: number;
  /** The embedded analyzer's pools and what one file may cost in them. */
  analyzer: {
    threads: number;
    /** Files are read in a child process ended when idle (reading-process.ts), else in this process's threads. */
    readingProcess?: boolean;
    preflightFileTimeoutMs: number;
    parseFileTimeoutMs: number;
    xmlLimits: { maxTagChars: number; maxAttrValueChars: number; maxAttrs: number };
  };
  /** False on a worker-only node: no HTTP listener. */
  http: boolean;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  /** The largest multipart upload of one call. */
  uploadLimitBytes: number;
  /** How long a request body may go silent while read, and take in all (408 past either). */
  bodyTimeouts: { idleMs: number; totalMs: number };
  jobLeaseMs: number;
  jobPollMs: number;
  shutdownGraceMs: number;
  rendererDir: string;
  publicUrl: string;
  allowedOrigins: string[];
  trustProxy: boolean;
  sessionTtlHours: number;
  smtpUrl?: string | undefined;
  mailFrom: string;
  contactInbox?: string | undefined;
  throttles: {
    signup: ThrottleLimit;
    login: ThrottleLimit;
    forgot: ThrottleLimit;
    loginAddress: ThrottleLimit;
    reset: ThrottleLimit;
    inviteOrg: ThrottleLimit;
    inviteManager: ThrottleLimit;
    contact: ThrottleLimit;
    guest: ThrottleLimit;
    guestRate: ThrottleLimit;
    brief: ThrottleLimit;
  };
  /** Analysis ingests: the largest kept (bytes as stored), how many are kept per file, and each organization's quota (MiB) and rate. */
  analysisIngests: { maxBytes: number; perFile: number; quotaMiB: ThrottleLimit; rate: ThrottleLimit };
  /** The password-hashing gate: hashes at once, waiting per client address, waiting in all. */
  passwordHashing: { concurrency: number; perAddress: number; queue: number };
  instantAccountDays: number;
  guestHours: number;
  guestUploadPages: number;
  retentionSweepMs: number;
  blobs: BlobConfig;
  /** Webhook deliveries may go to loopback and private addresses. */
  webhookAllowPrivate: boolean;
  /** `strict`: every response body is also zod-checked against its schema (tests). */
  responseValidation: 'off' | 'strict';
  /** OpenAI-compatible models offered per stage; undefined when none are configured. */
  research: { parallel: number; modelTimeoutMs: number; modelRetries: number; maxPromptTokens: number };
  openai?: OpenAiConfig | undefined;
}

export interface BlobConfig {
  driver: 'fs' | 'postgres' | 's3';
  cacheBytes: number;
  /** How often the recurring job reads every blob whole to check it. */
  verifyEveryMs: number;
  s3?: { endpoint?: string | undefined; bucket: string; region: string; accessKeyId?: string | undefined; secretAccessKey?: string | undefined; forcePathStyle: boolean; prefix: string } | undefined;
}

export interface OpenAiConfig {
  baseUrl: string;
  apiKey?: string | undefined;
  /** Model names, in the order configured; never empty. */
  models: string[];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.HTTP === 'false' && e.WORKERS === 0) throw new ConfigError('HTTP=false with WORKERS=0 would do nothing: a worker-only node needs WORKERS of 1 or more');
  if (e.BLOB_STORE === 's3' && !e.S3_BUCKET) throw new ConfigError('BLOB_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a store other than AWS S3)');
  if (e.OPENAI_MODELS.length > 0 && !e.OPENAI_API_KEY && !e.OPENAI_BASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  OPENAI_MODELS: needs OPENAI_API_KEY (for api.openai.com) or OPENAI_BASE_URL (for another OpenAI-compatible server)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    // Relative to where the person ran the command (npm sets INIT_CWD), not to the workspace npm
    // runs the server in: `npm start` at the top keeps its data in ./data there.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePool: { max: e.DATABASE_POOL_MAX, waitMs: e.DATABASE_POOL_WAIT_MS },
    pglite: { sharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB },
    workers: e.WORKERS,
    orgReserveSlots: e.ORG_RESERVE_SLOTS,
    analyzer: {
      threads: e.ANALYZER_THREADS,
      readingProcess: e.ANALYZER_READING_PROCESS === 'true',
      preflightFileTimeoutMs: e.PREFLIGHT_FILE_TIMEOUT_MS,
      parseFileTimeoutMs: e.PARSE_FILE_TIMEOUT_MS,
      xmlLimits: { maxTagChars: e.EINVOICE_XML_MAX_TAG_CHARS, maxAttrValueChars: e.EINVOICE_XML_MAX_ATTR_VALUE_CHARS, maxAttrs: e.EINVOICE_XML_MAX_ATTRS },
    },
    http: e.HTTP === 'true',
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadLimitBytes: e.UPLOAD_LIMIT_BYTES,
    bodyTimeouts: { idleMs: e.BODY_IDLE_TIMEOUT_MS, totalMs: e.BODY_TIMEOUT_MS },
    jobLeaseMs: e.JOB_LEASE_MS,
    jobPollMs: e.JOB_POLL_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    rendererDir: resolve(e.RENDERER_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
    sessionTtlHours: e.SESSION_TTL_HOURS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactInbox: e.CONTACT_INBOX,
    throttles: {
      signup: e.SIGNUP_THROTTLE,
      login: e.LOGIN_THROTTLE,
      forgot: e.FORGOT_THROTTLE,
      loginAddress: e.LOGIN_ADDRESS_THROTTLE,
      reset: e.RESET_THROTTLE,
      inviteOrg: e.INVITE_ORG_THROTTLE,
      inviteManager: e.INVITE_MANAGER_THROTTLE,
      contact: e.CONTACT_THROTTLE,
      guest: e.GUEST_THROTTLE,
      guestRate: e.GUEST_RATE,
      brief: e.BRIEF_THROTTLE,
    },
    analysisIngests: { maxBytes: e.ANALYSIS_INGEST_MAX_BYTES, perFile: e.ANALYSIS_INGESTS_PER_FILE, quotaMiB: e.ANALYSIS_INGEST_QUOTA, rate: e.ANALYSIS_INGEST_THROTTLE },
    passwordHashing: { concurrency: e.HASH_CONCURRENCY, perAddress: e.HASH_QUEUE_PER_ADDRESS, queue: e.HASH_QUEUE_MAX },
    research: {
      parallel: e.RESEARCH_PARALLEL,
      modelTimeoutMs: e.MODEL_TIMEOUT_MS,
      modelRetries: e.MODEL_RETRIES,
      maxPromptTokens: e.MODEL_MAX_PROMPT_TOKENS,
    },
    instantAccountDays: e.INSTANT_ACCOUNT_DAYS,
    guestHours: e.GUEST_HOURS,
    guestUploadPages: e.GUEST_UPLOAD_PAGES,
    retentionSweepMs: e.RETENTION_SWEEP_MS,
    blobs: {
      driver: e.BLOB_STORE,
      cacheBytes: e.BLOB_CACHE_MB * 1024 * 1024,
      verifyEveryMs: e.BLOB_VERIFY_HOURS * 3_600_000,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            prefix: e.S3_PREFIX,
          }
        : undefined,
    },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    responseValidation: e.RESPONSE_VALIDATION ?? (env.NODE_ENV === 'test' || env.VITEST ? 'strict' : 'off'),
    openai:
      e.OPENAI_MODELS.length > 0
        ? { baseUrl: (e.OPENAI_BASE_URL ?? 'https://api.openai.com/v1').replace(/\/$/, ''), apiKey: e.OPENAI_API_KEY, models: e.OPENAI_MODELS }
        : undefined,
  };
}
