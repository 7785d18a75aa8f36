import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX, MAX_PATH_PARAM_CHARS } from '@portal/shared';
import { withoutInternalDetail } from '../../sync-server/src/worker-errors.js';
import { apiKeySession, buildTestApp, DRIVER, PASSWORD, signUp, type Session, type TestApp } from '../helper.js';

/**
 * What issue 27 found with Schemathesis, one test each: the server does what its OpenAPI
 * document says, and the document says what the server does. The contract fuzzer
 * (contract-fuzz.test.ts) looks for more of the same kind.
 */
describe(`the contract says what the server does, on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let doc: any;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app);
    key = await apiKeySession(t.app, manager);
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = manager.headers) => t.app.inject({ method: 'GET', url, headers });

  it('takes every path parameter the schema allows to its validator, and answers a longer one than the router takes with 414 { error }', async () => {
    // An address of 150 characters is within its 160: the validator answers, naming the rule.
    const address = await t.app.inject({ method: 'POST', url: `/api/applications/x/documents/${'a'.repeat(150)}/approve`, headers: manager.headers });
    expect(address.statusCode).toBe(400);
    expect(address.json().error).toMatch(/^path\.address: /);
    const workflow = await t.app.inject({ method: 'POST', url: `/api/workflows/${'w'.repeat(120)}/runs`, headers: manager.headers });
    expect(workflow.statusCode).not.toBe(414);
    const long = await get(`/api/applications/${'a'.repeat(MAX_PATH_PARAM_CHARS + 1)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: expect.stringContaining(`${MAX_PATH_PARAM_CHARS} characters`) });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.paths['/applications/{id}'].get.responses['414']).toBeDefined();
    const badEscape = await get('/api/applications/%zz');
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json().error).toMatch(/percent-encoding/);
  });

  it('states int4 ranges for versions and refuses a larger one with the schema’s 400, never the database’s message', async () => {
    expect(doc.paths['/expected-doc-lists/{expectedDocListId}/{version}'].get.parameters.find((p: any) => p.name === 'version').schema.maximum).toBe(INT4_MAX);
    expect(doc.paths['/workflows/{workflowId}/runs'].post.parameters.find((p: any) => p.name === 'version').schema.maximum).toBe(INT4_MAX);
    expect(doc.components.schemas.CreateApplicationInput.properties.version.maximum).toBe(INT4_MAX);
    expect(doc.components.schemas.WebhookReplayInput.properties.fromSeq.maximum).toBe(INT4_MAX);
    for (const url of ['/api/expected-doc-lists/tenancy-application/2147483648', '/api/workflows/standard-intake/1?source=official'.replace('/1', '/9007199254740991')]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/^path\.version: /);
      expect(res.body).not.toMatch(/out of range for type/);
    }
    const pinned = await t.app.inject({ method: 'POST', url: '/api/workflows/standard-intake/runs?version=2147483648', headers: key.headers });
    expect(pinned.statusCode).toBe(400);
    expect(pinned.json().error).toMatch(/^query\.version: /);
    const body = await t.app.inject({ method: 'POST', url: '/api/applications', headers: key.headers, payload: { expectedDocListId: 'tenancy-application', version: 2 ** 31, applicantName: 'A' } });
    expect(body.statusCode).toBe(400);
    expect(body.json().error).toMatch(/^body\.version: /);
    expect((await get('/api/expected-doc-lists/tenancy-application/2147483647')).statusCode).toBe(404);
  });

  it('declares the real media types of the answers that are not JSON', () => {
    const types = (path: string, status = '200') => Object.keys(doc.paths[path].get.responses[status].content);
    expect(types('/applications/{id}/events/export')).toEqual(['application/x-ndjson']);
    expect(types('/applications/{id}/text')).toEqual(['text/markdown']);
    expect(types('/applications/{id}/pages-pdf')).toEqual(['application/pdf']);
    expect(types('/applications/{id}/pages-pdf', '206')).toEqual(['application/pdf']);
    expect(types('/applications/{id}/approved-docs/{approvedDocId}/file').sort()).toEqual(['application/pdf', 'text/markdown']);
    for (const path of ['/applications/{id}/run/stream', '/sync/stream', '/sync/ledger/stream', '/applications/{applicationId}/assistant/conversations/{conversationId}/turns/{turnId}/stream']) {
      expect(types(path), path).toEqual(['text/event-stream']);
    }
  });

  it('answers a plain GET of the collaboration WebSocket with 426 Upgrade Required in the error shape', async () => {
    const res = await get('/api/collab/expected-doc-lists/tenancy-application/1');
    expect(res.statusCode).toBe(426);
    expect(res.headers.upgrade).toBe('websocket');
    expect(res.json().error).toMatch(/WebSocket/);
    expect(Object.keys(doc.paths['/collab/expected-doc-lists/{expectedDocListId}/{version}'].get.responses)).toContain('426');
  });

  it('answers an unknown method on a known path with 405 and Allow, in the error shape', async () => {
    const healthz = await t.app.inject({ method: 'DELETE', url: '/api/healthz' });
    expect(healthz.statusCode).toBe(405);
    expect(healthz.headers.allow).toBe('GET, HEAD');
    expect(healthz.json().error).toMatch(/DELETE/);
    const version = await t.app.inject({ method: 'PATCH', url: '/api/expected-doc-lists/some-list/1', headers: manager.headers });
    expect(version.statusCode).toBe(405);
    expect(version.headers.allow).toBe('GET, HEAD, PUT');
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });

  it('refuses an empty ?rev= (and other non-decimal numbers) on a sync pull instead of reading it as 0', async () => {
    for (const rev of ['', '0x10', '1e3', ' 1']) {
      const res = await get(`/api/sync/ledger/pull?rev=${encodeURIComponent(rev)}`);
      expect(res.statusCode, JSON.stringify(rev)).toBe(400);
      expect(res.json().error).toMatch(/^query\.rev: must be an integer in decimal digits/);
    }
    expect((await get('/api/sync/ledger/pull?rev=0')).statusCode).toBe(200);
    expect(doc.paths['/sync/ledger/pull'].get.parameters.find((p: any) => p.name === 'rev').description).toMatch(/empty/);
  });

  it('states in the schemas the rules the server enforces', async () => {
    const schemas = doc.components.schemas;
    expect(schemas.LoginInput.anyOf).toEqual([{ required: ['email'] }, { required: ['username'] }]);
    expect(schemas.SignupInput.dependentRequired).toEqual({ email: ['password'], password: ['email'] });
    expect(schemas.UpdateUserInput.minProperties).toBe(1);
    expect(schemas.WebhookReplayInput.anyOf).toBeDefined();
    const approve = doc.paths['/applications/{id}/documents/{address}/approve'].post.parameters.find((p: any) => p.name === 'address');
    expect(new RegExp(approve.schema.pattern).test('fil_1:p1-3')).toBe(true);
    expect(new RegExp(approve.schema.pattern).test('not an address')).toBe(false);
    const list = doc.paths['/expected-doc-lists/{expectedDocListId}/{version}'].get.parameters.find((p: any) => p.name === 'expectedDocListId');
    expect(list.schema.pattern).toBeDefined();
    expect(schemas.WorkflowRunInput.additionalProperties).toBe(false);
    // No NUL in any string of a request, nor in a property name: every string and object the document takes says so.
    expect(schemas.ContactInput.properties.message.pattern).toBe('^[^\\u0000]*$');
    expect(schemas.CreateApiKeyInput.propertyNames).toEqual({ pattern: '^[^\\u0000]*$' });
    // A name trimmed before its length is checked says so: whitespace alone is not a name (issue 37).
    const name = schemas.CreateApiKeyInput.properties.name;
    expect(name.description).toMatch(/trimmed/);
    expect(new RegExp(name.pattern, 'u').test('   ')).toBe(false);
    expect(new RegExp(name.pattern, 'u').test(' Key ')).toBe(true);
    // The email rule and `format: email` agree: a label ending in `-` is neither's.
    expect(new RegExp(schemas.ForgotPasswordInput.properties.email.pattern, 'u').test('a@b-.test')).toBe(false);
    expect((await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: 'a@b-.test' } })).statusCode).toBe(400);
    // And the server does what they say.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { password: PASSWORD } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${manager.user!.id}`, headers: manager.headers, payload: {} })).statusCode).toBe(400);
    expect((await get('/api/applications/x/pages-pdf?span=nope')).json().error).toMatch(/^query\.span/);
  });

  it('lets public operations ignore a bearer credential they do not need', async () => {
    for (const authorization of ['Bearer cpk_unknown_or_revoked', 'Basic dXNlcjpwYXNz']) {
      expect((await get('/api/healthz', { authorization })).statusCode, authorization).toBe(200);
      expect((await get('/api/openapi.json', { authorization })).statusCode, authorization).toBe(200);
      const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { authorization }, payload: { email: manager.user!.email, password: PASSWORD } });
      expect(login.statusCode, authorization).toBe(200);
    }
    // An operation that needs a credential still refuses it.
    expect((await get('/api/me', { authorization: 'Bearer cpk_unknown_or_revoked' })).statusCode).toBe(401);
  });

  it('never answers with a worker’s or the database’s own words', () => {
    expect(withoutInternalDetail('"a.pdf" cannot be accepted: it cannot be read as a PDF (Worker terminated due to reaching memory limit: JS heap out of memory); nothing of this call was kept')).toBe(
      '"a.pdf" cannot be accepted: it cannot be read as a PDF: the PDF is too complex to read within the memory limit (it may be damaged or built to exhaust readers); nothing of this call was kept',
    );
    expect(withoutInternalDetail('These pages cannot be cut: Worker terminated due to reaching memory limit: JS heap out of memory')).toBe(
      'These pages cannot be cut: the PDF is too complex to read within the memory limit (it may be damaged or built to exhaust readers)',
    );
    expect(withoutInternalDetail('body.name: must not be empty')).toBe('body.name: must not be empty');
  });

  it('sends X-Content-Type-Options: nosniff with every answer', async () => {
    for (const res of [
      await get('/api/healthz', {}),
      await get('/api/applications'),
      await get('/api/applications/nope'),
      await get('/api/nothing-here'),
      await t.app.inject({ method: 'POST', url: '/api/login', payload: '{' , headers: { 'content-type': 'application/json' } }),
    ]) {
      expect(res.headers['x-content-type-options'], `${res.statusCode} ${res.body.slice(0, 60)}`).toBe('nosniff');
    }
  });
});
