import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient, messageOf, ok, type ApiClient } from '@portal/shared/client';
import { API_TYPES_FILE } from '../../shared/scripts/api-types.js';
import { currentApiTypes } from '../../sync-server/scripts/generate-api-types.js';
import { buildTestApp, signUp, uniqueEmail, PASSWORD, type Session, type TestApp } from '../helper.js';

/** `fetch` with a caller's headers (its session cookie) added to every request. */
const as = (session: Session) => (request: Request) => {
  for (const [name, value] of Object.entries(session.headers)) request.headers.set(name, value);
  return fetch(request);
};

describe('the typed API client', () => {
  let t: TestApp;
  let serverUrl: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    serverUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(() => t?.close());

  it('is generated from the OpenAPI document the server serves now', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    // What `npm run contract:types` would write, compared whole but reported short: the file is thousands of lines.
    expect(committed === (await currentApiTypes()), 'shared/src/client/api-types.ts is stale: run `npm run contract:types`').toBe(true);
  });

  it('calls the operations by their documented paths and answers their data', async () => {
    const manager = await signUp(t.app, { orgName: 'Typed Client Lending' });
    const api: ApiClient = createApiClient(serverUrl, as(manager));

    expect((await ok(api.GET('/healthz'))).status).toBe('ok');
    expect((await ok(api.GET('/me'))).id).toBe(manager.user!.id);

    const bundle = await ok(api.POST('/document-bundles', { body: { name: 'Identity pack', members: ['passport', 'driving-licence'] } }));
    expect(bundle).toMatchObject({ name: 'Identity pack', members: ['passport', 'driving-licence'] });
    const renamed = await ok(
      api.PUT('/document-bundles/{bundleId}', { params: { path: { bundleId: bundle.id } }, body: { name: 'ID pack', members: ['passport'] } }),
    );
    expect(renamed.name).toBe('ID pack');
    expect((await ok(api.GET('/document-bundles'))).map((b) => b.name)).toEqual(['ID pack']);
    expect(await ok(api.DELETE('/document-bundles/{bundleId}', { params: { path: { bundleId: bundle.id } } }))).toBeUndefined();

    const ref = await ok(api.POST('/expected-doc-lists', { body: { name: 'Typed checklist' } }));
    const list = await ok(
      api.GET('/expected-doc-lists/{expectedDocListId}/{version}', { params: { path: { expectedDocListId: ref.id, version: ref.version }, query: { source: 'own' } } }),
    );
    expect(list).toMatchObject({ id: 'typed-checklist', version: 1, status: 'draft', source: 'own' });
  });

  it('turns a refusal into an ApiRequestError with the server’s sentence, and no answer into status 0', async () => {
    const api = createApiClient(serverUrl);
    const refused = ok(api.POST('/login', { body: { username: uniqueEmail('nobody'), password: PASSWORD } }));
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toMatchObject({ status: 401, message: 'Wrong email or password' });
    await expect(ok(api.GET('/me'))).rejects.toMatchObject({ status: 401 });

    const { error, response } = await api.POST('/document-bundles', { body: { name: '', members: [] } });
    expect(response.status).toBe(401);
    expect(messageOf(error)).toMatch(/sign/i);

    const nowhere = createApiClient('http://127.0.0.1:9');
    await expect(ok(nowhere.GET('/healthz'))).rejects.toMatchObject({ status: 0, message: expect.stringMatching(/could not be reached/) });
  });
});
