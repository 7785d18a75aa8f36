import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';

/**
 * Every operation of the contract, called with malformed input by a signed-in Manager and by an
 * API key: whatever the answer, it is a 4xx (or a 2xx where the input happens to be fine) in the
 * error shape — never a 500. Bad input must never reach a code path that crashes.
 */
describe(`no operation answers bad input with a 500, on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let operations: { method: string; path: string }[];
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app);
    key = await apiKeySession(t.app, manager);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(() => t?.close());

  const fill = (path: string, value: string) => `/api${path.replace(/\{[^}]+\}/g, encodeURIComponent(value))}`;
  const isStream = (path: string) => path.endsWith('/stream') || path.startsWith('/collab/');
  const bodies: unknown[] = [
    '{"unterminated": ',
    [],
    { name: 12, email: false, sections: 'nope', members: [null], steps: {}, questions: 7 },
    { name: 'x'.repeat(5000), sections: [{ name: 3, lines: [{ docType: '../../etc' }] }] },
    'null',
  ];
  // With no query (to reach the handlers) and with a malformed one (to test query validation).
  const QUERIES = ['', '?version=abc&source=nope&limit=-5&kind=%ff&span=x:p9-1'];
  const segments = ['does-not-exist', '0', '-1', '%00', 'a'.repeat(300), "' OR 1=1 --", '9999999999999999999999'];

  it('covers the whole contract', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('answers every malformed request with something other than a 500', async () => {
    const failures: string[] = [];
    for (const { method, path } of operations) {
      if (isStream(path)) continue;
      for (const who of [manager, key]) {
        for (const segment of segments) {
          for (const [body, query] of (method === 'GET' || method === 'DELETE' ? [undefined] : bodies).flatMap((b) => QUERIES.map((q) => [b, q] as const))) {
            const payload = typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body);
            const res = await t.app.inject({
              method: method as 'GET',
              url: `${fill(path, segment)}${query}`,
              headers: { ...who.headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(payload !== undefined ? { payload } : {}),
            });
            if (res.statusCode >= 500) failures.push(`${method} ${path}${query} [${segment}] ${payload?.slice(0, 60)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            else if (res.statusCode >= 400 && !res.json().error) failures.push(`${method} ${path} → ${res.statusCode} without { error }`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

/**
 * Input past the bounds of every contract value (issue 17): a body nested 10,000 levels deep or
 * carrying a NUL character is a 400 naming where, at every operation that takes a body.
 */
describe(`bounded input at every operation, on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let operations: { method: string; path: string }[];
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch'].includes(m))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
  afterAll(() => t?.close());

  const fill = (path: string, value: string) => `/api${path.replace(/\{[^}]+\}/g, encodeURIComponent(value))}`;
  const isStream = (path: string) => path.endsWith('/stream') || path.startsWith('/collab/');

  it('refuses at every operation that takes a body one nested 10,000 levels deep, or a NUL character, with a 400 naming where', async () => {
    // Written as text: JSON.stringify itself recurses.
    const deep = `${'{"inner":'.repeat(10_000)}"bottom"${'}'.repeat(10_000)}`;
    const deepBody = `{"name":"Deep","sections":[{"id":"a","name":"A","lines":[],"note":${deep}}]}`;
    const nulBody = JSON.stringify({ name: 'Nul\u0000name', description: 'ok' });
    const failures: string[] = [];
    for (const { method, path } of operations) {
      if (isStream(path) || method === 'GET' || method === 'DELETE') continue;
      for (const [payload, expected] of [
        [deepBody, /^body\.sections\[0\]\.note(\.inner)+: nested deeper than 32 levels$/],
        [nulBody, /^body\.name: contains a NUL character/],
      ] as const) {
        const res = await t.app.inject({ method: method as 'POST', url: fill(path, 'x'), headers: { ...manager.headers, 'content-type': 'application/json' }, payload });
        if (res.statusCode !== 400 || !expected.test(res.json().error)) failures.push(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    const query = await t.app.inject({ method: 'GET', url: '/api/expected-doc-lists?source=own%00', headers: manager.headers });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toBe('query.source: contains a NUL character (\\u0000), which cannot be stored');
  }, 60_000);
});
