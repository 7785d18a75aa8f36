import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiKeySession, buildTestApp, DRIVER, PASSWORD, sessionCookie, signUp, tempDir, type Session, type TestApp } from '../helper.js';
import { cleanPacket } from './applications-helpers.js';
import { documentsDriver } from './documents-helpers.js';
import { ContractChecker, operationsOf, type Operation, type Outcome } from './contract-fuzz-checks.js';
import { SchemaData } from './contract-fuzz-schema.js';

/**
 * The contract fuzzer (issue 27): Schemathesis's checks, in our own suite, over every operation
 * of GET /api/openapi.json, with an API key and with a session cookie. For each operation it
 * sends requests the document allows (positive: params, query and body generated from their
 * schemas, with real ids of this organization in place of path parameters most of the time, so
 * deeper code is reached) and requests that break one constraint (negative), and checks:
 * no 5xx; the status is one the operation declares; the content type is one declared for it;
 * a JSON body validates against the declared schema (ajv, JSON Schema 2020-12); negative data
 * is refused with a 4xx; every answer carries `X-Content-Type-Options: nosniff`.
 *
 * Bounded for CI by a fixed seed and a number of cases per operation and credential:
 * CONTRACT_FUZZ_RUNS (default 3 positive, and as many negative), CONTRACT_FUZZ_SEED to explore
 * other data, CONTRACT_FUZZ_ONLY (a substring of `METHOD /path`) to aim at some operations,
 * CONTRACT_FUZZ_LOG=1 to print each operation as it starts.
 */
const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 3);
const SEED = Number(process.env.CONTRACT_FUZZ_SEED ?? 27);
const ONLY = process.env.CONTRACT_FUZZ_ONLY;
/** An answer slower than this is a failure of its own (and the run goes on). */
const ANSWER_WITHIN_MS = 20_000;

describe(`the contract fuzzer, on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let checker: ContractChecker;
  let operations: Operation[];
  let baseUrl: string;
  let doc: any;
  let webApp: Awaited<ReturnType<typeof tempDir>> | undefined;
  const pools: Record<string, (string | number)[]> = {};

  beforeAll(async () => {
    // As in production: webhook targets on loopback and private networks refused, and the web
    // app served beside the API (its wildcard route must not take an /api path).
    webApp = await tempDir('portal-fuzz-web-');
    await writeFile(join(webApp.path, 'index.html'), '<!doctype html><title>Compliance Portal</title>');
    t = await buildTestApp({ config: { webhookAllowPrivate: false, rendererDir: webApp.path } });
    // Event streams are read over a real socket: inject waits for an end that never comes.
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    manager = await signUp(t.app);
    key = await apiKeySession(t.app, manager, 'Fuzzer');
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    checker = new ContractChecker(doc);
    // Reads first and what ends things last, so the real ids stay real for as many operations as can use them.
    // Insights last: it counts what the others left (cases, decisions), and the requests drawn for every other operation stay those of before it existed.
    const order = (op: Operation) =>
      op.path.startsWith('/insights/') ? 4 : op.method === 'GET' ? 0 : op.method === 'DELETE' ? 3 : /\/(undo|junk|settle|cancel|logout|rotate-secret)$/.test(op.path) ? 2 : 1;
    operations = operationsOf(doc)
      .filter((op) => !ONLY || `${op.method} ${op.path}`.includes(ONLY))
      .sort((a, b) => order(a) - order(b));
    await seedRealIds();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await webApp?.remove();
  });

  const inject = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const created = async (s: Session, method: 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await inject(s, method, url, payload);
    if (res.statusCode >= 300) throw new Error(`seeding ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  /** Rows of this organization, so path parameters name things that exist. */
  async function seedRealIds() {
    const d = documentsDriver(() => t);
    const colleague = await created(manager, 'POST', '/api/users', { name: 'Fuzz Colleague', email: `fuzz-colleague-${Date.now()}@example.test`, role: 'Originator', temporaryPassword: PASSWORD });
    // A key of its own for DELETE /api-keys/{id}: revoking the fuzzer's key would end its run.
    const spare = await apiKeySession(t.app, manager, 'Spare');
    const list = await created(manager, 'POST', '/api/expected-doc-lists', { name: 'Fuzz list' });
    const bundle = await created(manager, 'POST', '/api/document-bundles', { name: 'Fuzz bundle', members: ['passport', 'payslip'] });
    const section = await created(manager, 'POST', '/api/saved-sections', { name: 'Fuzz section', lines: [{ docType: 'passport' }] });
    const webhook = await created(manager, 'POST', '/api/webhooks', { url: 'https://hooks.example.test/fuzz', events: [] });
    const app = await d.run(key, 'standard-intake', d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: await cleanPacket() }]));
    const docs = await d.documents(key, app.id);
    const approved = await d.decide(manager, app.id, docs[0]!.address, 'approve');
    const decision = approved.json();
    const conversation = await created(manager, 'POST', `/api/applications/${app.id}/assistant/conversations`, {});
    Object.assign(pools, {
      'applications/id': [app.id],
      applicationId: [app.id],
      fileId: app.files.map((f) => f.id),
      page: [1, 2],
      address: docs.map((x) => x.address),
      span: docs.map((x) => x.address),
      approvedDocId: [decision.decision?.approvedDocId ?? decision.document?.approval?.approvedDocId].filter(Boolean),
      decisionId: [decision.decision?.id].filter(Boolean),
      expectedDocListId: ['tenancy-application', list.id],
      version: [1],
      docType: ['passport', 'payslip'],
      workflowId: ['standard-intake'],
      templateId: ['affordability'],
      bundleId: [bundle.id],
      savedSectionId: [section.id],
      'users/id': [colleague.id],
      'api-keys/id': [spare.keyId],
      'webhooks/id': [webhook.id],
      conversationId: [conversation.id],
      expectedDocId: [],
    });
  }

  /** A credential the previous operation ended (logout, a revoked key) is made again. */
  async function keepCredentials() {
    if ((await t.app.inject({ method: 'GET', url: '/api/me', headers: manager.headers })).statusCode === 401) {
      const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: manager.user!.email, password: PASSWORD } });
      manager = { ...manager, headers: { cookie: sessionCookie(login) } };
    }
    if ((await t.app.inject({ method: 'GET', url: '/api/access-matrix', headers: key.headers })).statusCode === 401) key = await apiKeySession(t.app, manager, 'Fuzzer');
  }

  /** The answer, or a 599 with no body when none came in time (reported as a server error). */
  async function send(op: Operation, who: Session, request: { url: string; body?: { payload: string | Buffer; contentType: string } }): Promise<Outcome> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ status: 599, contentType: undefined, nosniff: 'nosniff', body: `no answer within ${ANSWER_WITHIN_MS} ms` }), ANSWER_WITHIN_MS);
    });
    try {
      return await Promise.race([answer(op, who, request), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function answer(op: Operation, who: Session, request: { url: string; body?: { payload: string | Buffer; contentType: string } }): Promise<Outcome> {
    const headers: Record<string, string> = { ...who.headers, ...(request.body ? { 'content-type': request.body.contentType } : {}) };
    if (op.streams) {
      const abort = new AbortController();
      const res = await fetch(`${baseUrl}${request.url}`, { method: op.method, headers, signal: abort.signal, ...(request.body ? { body: request.body.payload } : {}) });
      const contentType = res.headers.get('content-type') ?? undefined;
      // An open stream is judged by its head; anything else is read whole.
      const body = res.status === 200 && contentType?.startsWith('text/event-stream') ? '' : await res.text();
      abort.abort();
      return { status: res.status, contentType, nosniff: res.headers.get('x-content-type-options') ?? undefined, body };
    }
    const res = await t.app.inject({ method: op.method as 'GET', url: request.url, headers, ...(request.body ? { payload: request.body.payload } : {}) });
    const contentType = res.headers['content-type'];
    return { status: res.statusCode, contentType: typeof contentType === 'string' ? contentType : undefined, nosniff: res.headers['x-content-type-options'] as string | undefined, body: res.body };
  }

  it('finds no failure in any operation with either credential', async () => {
    const started = Date.now();
    const data = new SchemaData(checker.components);
    const pdf = Buffer.from(await cleanPacket('Fuzz Applicant'));
    let cases = 0;
    for (const op of operations) {
      for (const [who, session] of [['apiKey', () => key], ['cookie', () => manager]] as const) {
        if (process.env.CONTRACT_FUZZ_LOG) process.stderr.write(`${op.method} ${op.path} [${who}]\n`);
        const requests = checker.requests(op, data, { runs: RUNS, seed: SEED + cases, pools, pdf });
        for (const request of requests) {
          cases++;
          const outcome = await send(op, session(), request);
          checker.check(op, who, request, outcome);
        }
      }
      await keepCredentials();
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    // eslint-disable-next-line no-console
    const { positive, negative, positive2xx } = checker.counts;
    console.info(
      `contract fuzzer: ${operations.length} operations, ${cases} requests (${positive} positive, ${positive2xx} of them 2xx; ${negative} negative) in ${seconds} s (seed ${SEED}, ${RUNS} per kind); ` +
        `${checker.succeeded.size} operations answered 2xx at least once; ${checker.failures.length} failures`,
    );
    if (process.env.CONTRACT_FUZZ_LOG) console.info(`never 2xx: ${operations.filter((op) => !checker.succeeded.has(`${op.method} ${op.path}`)).map((op) => `${op.method} ${op.path}`).join(', ')}`);
    expect(checker.report(), checker.report()).toBe('');
    expect(operations.length).toBeGreaterThan(ONLY ? 0 : 100);
  }, 600_000);

  it('answers every method a path does not declare with 405, its Allow listing exactly the declared ones', async () => {
    // Node's parser takes any token as a method; these are the ones clients send (QUERY and
    // PROPFIND carry bodies of their own, so a body-type rule must not come before the 405).
    const TRIED = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY', 'PROPFIND'];
    const failures: string[] = [];
    let sent = 0;
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      if (ONLY && !path.includes(ONLY)) continue;
      const declared = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => item[m.toLowerCase()]);
      const allow = [...declared, ...(declared.includes('GET') ? ['HEAD'] : [])].sort().join(', ');
      // Real values where the seed has them (a literal segment beside a parameter is where templates overlap).
      const url = `/api${path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pools[name]?.[0] ?? pools[`${path.split('/')[1]}/${name}`]?.[0] ?? 'x')))}`;
      for (const method of TRIED.filter((m) => !declared.includes(m))) {
        sent++;
        const res = await t.app.inject({ method: method as 'GET', url, headers: key.headers });
        const got = `${res.statusCode} Allow: ${res.headers.allow ?? '(none)'}`;
        if (res.statusCode !== 405 || res.headers.allow !== allow) failures.push(`${method} ${url}: ${got}, expected 405 Allow: ${allow} — ${res.body.slice(0, 160)}`);
        else if (!/is not an operation/.test(res.json().error)) failures.push(`${method} ${url}: 405 without the error shape: ${res.body.slice(0, 160)}`);
      }
    }
    // eslint-disable-next-line no-console
    console.info(`contract fuzzer: ${sent} requests with undeclared methods; ${failures.length} failures`);
    expect(failures.join('\n'), failures.join('\n')).toBe('');
  }, 120_000);

  it('answers 414 to an over-long path parameter with every method, beside the web app', async () => {
    const long = 'a'.repeat(2_049);
    const failures: string[] = [];
    for (const length of [2_049, 5_000]) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'QUERY']) {
        const res = await t.app.inject({ method: method as 'GET', url: `/api/applications/${long.padEnd(length, 'a')}`, headers: { ...key.headers, accept: 'text/html' } });
        if (res.statusCode !== 414) failures.push(`${method} (${length}): ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures.join('\n'), failures.join('\n')).toBe('');
  });
});
