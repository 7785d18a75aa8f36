import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../sync-server/src/http-error.js';
import { seedOfficialContent } from '../../sync-server/src/library/official/seed.js';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';

const TOOL_IDS = ['preview', 'parse', 'classify-and-file', 'extract-key-data', 'expiry-check', 'applicant-name-match', 'completeness-report'];
const spine = [
  { tool: 'preview', settings: {} },
  { tool: 'parse', settings: {} },
];

describe(`workflows on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let originator: Session;
  let key: Session;
  let other: Session;
  /** The /api scope, where the workflow library the run engine uses is decorated. */
  let api: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({
      routes: async (scope) => {
        api = scope;
      },
    });
    manager = await signUp(t.app, { orgName: 'Harbour Lending' });
    originator = await addColleague(t.app, manager, 'Originator');
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
  });
  afterAll(() => t?.close());
  const inject = (o: InjectOptions) => t.app.inject(o);
  const as = (s: Session, method: InjectOptions['method'], url: string, payload?: unknown) =>
    inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });

  /** Creates a workflow as the Manager; its id. */
  async function create(name: string): Promise<string> {
    const res = await as(manager, 'POST', '/api/workflows', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  async function activate(id: string, version: number) {
    const res = await as(manager, 'POST', `/api/workflows/${id}/${version}/activate`);
    expect(res.statusCode, res.body).toBe(200);
  }

  it('lists the spine first, then every registered tool with its settings schema and defaults', async () => {
    for (const s of [manager, originator, key]) {
      const res = await as(s, 'GET', '/api/workflow-tools');
      expect(res.statusCode).toBe(200);
      expect(res.json().map((o: { id: string }) => o.id)).toEqual(TOOL_IDS);
    }
    const tools = (await as(key, 'GET', '/api/workflow-tools')).json();
    expect(tools.map((o: { spine: boolean }) => o.spine)).toEqual([true, true, false, false, false, false, false]);
    const byId = Object.fromEntries(tools.map((o: { id: string }) => [o.id, o]));
    expect(byId['expiry-check']).toMatchObject({
      name: 'Expiry check',
      requires: ['extract-key-data'],
      defaultSettings: { graceDays: 0, warnWithinDays: 30, checkIdentityDocuments: true, checkCertificates: true, flagMissingDate: true },
    });
    expect(byId['expiry-check'].settingsSchema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { graceDays: { type: 'integer', minimum: 0, maximum: 365, default: 0 } },
    });
    expect(byId['applicant-name-match'].settingsSchema.properties.fuzzyThreshold).toMatchObject({ default: 0.85, minimum: 0.5, maximum: 1 });
    expect(byId['classify-and-file'].defaultSettings).toEqual({ minConfidence: 0.6, settleAbove: null, followSplits: true, pageImages: false });
    expect(byId.preview.settingsSchema).toMatchObject({ type: 'object', properties: {}, additionalProperties: false });
    for (const o of tools) expect(o.description.length).toBeGreaterThan(40);
    expect((await inject({ method: 'GET', url: '/api/workflow-tools' })).statusCode).toBe(401);
  });

  it('gives a new organization its own active copy of standard-intake as the default', async () => {
    const res = await as(manager, 'GET', '/api/workflows');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    const own = rows.filter((r: { source: string }) => r.source === 'own');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ id: 'standard-intake', name: 'Standard intake', isDefault: true, runsVersion: 1 });
    expect(own[0].versions).toEqual([expect.objectContaining({ version: 1, status: 'active', complete: true, stepCount: 6 })]);
    // Yours shadows the official one of the same id.
    expect(rows.filter((r: { id: string }) => r.id === 'standard-intake')).toHaveLength(1);

    const copy = (await as(manager, 'GET', '/api/workflows/standard-intake/1')).json();
    const official = (await as(manager, 'GET', '/api/workflows/standard-intake/1?source=official')).json();
    expect(official).toMatchObject({ source: 'official', status: 'active', isDefault: false, problems: [] });
    expect(copy).toMatchObject({ source: 'own', status: 'active', isDefault: true, problems: [], derivedFrom: { id: 'standard-intake', version: 1, source: 'official' } });
    expect(copy.steps).toEqual(official.steps);
    expect(copy.steps.map((s: { tool: string }) => s.tool)).toEqual(['preview', 'parse', 'classify-and-file', 'extract-key-data', 'expiry-check', 'applicant-name-match']);
  });

  it('gives instant accounts and guest sandboxes their default workflow too', async () => {
    const instant = await inject({ method: 'POST', url: '/api/signup' });
    expect(instant.statusCode).toBe(201);
    const cookie = instant.cookies.find((c) => c.name === 'portal_session')!;
    const rows = (await inject({ method: 'GET', url: '/api/workflows', headers: { cookie: `portal_session=${cookie.value}` } })).json();
    expect(rows.find((r: { isDefault: boolean }) => r.isDefault)).toMatchObject({ id: 'standard-intake', source: 'own', runsVersion: 1 });

    const guest = await inject({ method: 'POST', url: '/api/guest' });
    expect(guest.statusCode).toBe(201);
    const guestRows = (await inject({ method: 'GET', url: '/api/workflows', headers: { authorization: `Bearer ${guest.json().key}` } })).json();
    expect(guestRows.find((r: { isDefault: boolean }) => r.isDefault)).toMatchObject({ id: 'standard-intake', source: 'own' });
  });

  it('seeds the official workflow and intel templates once, however often the server starts', async () => {
    const count = async () =>
      (
        await t.app.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM library_versions v JOIN organizations o ON o.id = v.org_id AND o.is_official
            WHERE v.family_kind IN ('workflow', 'intel-template')`,
        )
      ).rows[0]!.n;
    expect(await count()).toBe(4);
    const again = await seedOfficialContent(t.app.db);
    expect(again.published).toEqual([]);
    expect(await count()).toBe(4);
  });

  it('creates v1 drafts holding the spine; 400 for a name without a usable id, 409 for an existing id', async () => {
    const res = await as(originator, 'POST', '/api/workflows', { name: 'Mortgage intake', description: 'For residential mortgages' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 'mortgage-intake', version: 1, name: 'Mortgage intake', status: 'draft', source: 'own' });
    const read = (await as(manager, 'GET', '/api/workflows/mortgage-intake/1')).json();
    expect(read).toMatchObject({ description: 'For residential mortgages', problems: [], isDefault: false, activatedAt: null });
    expect(read.steps).toEqual(spine);

    const dup = await as(manager, 'POST', '/api/workflows', { name: 'MORTGAGE   intake!' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatch(/mortgage-intake.*already exists/);
    // Ids are per organization.
    expect((await as(other, 'POST', '/api/workflows', { name: 'Mortgage intake' })).statusCode).toBe(201);

    const unusable = await as(manager, 'POST', '/api/workflows', { name: '2024 !!!' });
    expect(unusable.statusCode).toBe(400);
    expect(unusable.json().error).toMatch(/body\.name: .*no usable id/);
    const reserved = await as(manager, 'POST', '/api/workflows', { name: 'Default' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error).toMatch(/reserved/);
    const empty = await as(manager, 'POST', '/api/workflows', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/body\.name/);
    expect((await inject({ method: 'POST', url: '/api/workflows', payload: { name: 'Anonymous' } })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/workflows' })).statusCode).toBe(401);
    // A session cookie riding on another site's request changes nothing.
    const foreign = await inject({ method: 'POST', url: '/api/workflows', headers: { ...manager.headers, origin: 'https://evil.example' }, payload: { name: 'Planted' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('reads a version; 404 for an unknown workflow or version, 400 for a version that is not a positive integer', async () => {
    expect((await as(key, 'GET', '/api/workflows/standard-intake/1')).statusCode).toBe(200);
    const missing = await as(manager, 'GET', '/api/workflows/no-such-flow/1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/no-such-flow/);
    expect((await as(manager, 'GET', '/api/workflows/standard-intake/7')).statusCode).toBe(404);
    expect((await as(manager, 'GET', '/api/workflows/standard-intake/0')).statusCode).toBe(400);
    expect((await as(manager, 'GET', '/api/workflows/standard-intake/latest')).statusCode).toBe(400);
    expect((await as(manager, 'GET', '/api/workflows/standard-intake/1?source=elsewhere')).statusCode).toBe(400);
  });

  it('saves drafts, incomplete ones too, with the problems that block activation', async () => {
    const id = await create('Quick check');
    const body = {
      steps: [...spine, { tool: 'expiry-check', settings: { graceDays: 400, colour: 'red' } }, { tool: 'ocr-magic' }],
    };
    const res = await as(manager, 'PUT', `/api/workflows/${id}/1`, body);
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.steps[2]).toEqual({ tool: 'expiry-check', settings: { graceDays: 400, colour: 'red' } });
    expect(saved.steps[3]).toEqual({ tool: 'ocr-magic', settings: {} });
    expect(saved.problems).toEqual([
      'step 3 (expiry-check): needs Extract key data (extract-key-data) earlier in the workflow',
      expect.stringMatching(/^step 3 \(expiry-check\): settings\.graceDays: .*365.*unknown setting "colour"/),
      'step 4 (ocr-magic): unknown tool; GET /workflow-tools lists the tools',
    ]);
    const listed = (await as(manager, 'GET', '/api/workflows')).json().find((r: { id: string }) => r.id === id);
    expect(listed.versions[0]).toMatchObject({ version: 1, status: 'draft', complete: false, stepCount: 4 });

    // The server's own fields may be sent back as read; they are ignored.
    const roundTrip = await as(manager, 'PUT', `/api/workflows/${id}/1`, { ...saved, description: 'Identity only', steps: spine });
    expect(roundTrip.statusCode, roundTrip.body).toBe(200);
    expect(roundTrip.json()).toMatchObject({ description: 'Identity only', problems: [], status: 'draft' });
  });

  it('refuses malformed saves with 400 naming the field', async () => {
    const id = await create('Malformed');
    const cases: [unknown, RegExp][] = [
      [{}, /body\.steps/],
      [{ steps: 'preview,parse' }, /body\.steps/],
      [{ steps: [{ settings: {} }] }, /body\.steps\.0\.tool/],
      [{ steps: [{ tool: 'preview', settings: 'fast' }] }, /body\.steps\.0\.settings/],
      [{ steps: Array.from({ length: 21 }, () => ({ tool: 'parse' })) }, /at most 20 steps/],
      [{ id: 'other', steps: spine }, /body\.id/],
      [{ version: 2, steps: spine }, /body\.version/],
      [{ name: 'Renamed', steps: spine }, /body\.name: a version never changes its name/],
    ];
    for (const [payload, message] of cases) {
      const res = await as(manager, 'PUT', `/api/workflows/${id}/1`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await as(manager, 'PUT', `/api/workflows/${id}/2`, { steps: spine })).statusCode).toBe(404);
    expect((await as(manager, 'PUT', '/api/workflows/nothing-here/1', { steps: spine })).statusCode).toBe(404);
  });

  it('validates tool settings at activation: 409 naming the step and setting, then activates once valid', async () => {
    const id = await create('Identity screen');
    const steps = [
      ...spine,
      { tool: 'classify-and-file', settings: { minConfidence: 0.8, settleAbove: 0.5 } },
      { tool: 'extract-key-data', settings: {} },
      { tool: 'expiry-check', settings: { graceDays: -1, checkIdentityDocuments: false, checkCertificates: false } },
      { tool: 'applicant-name-match', settings: { fuzzyThreshold: '0.9', exemptDocTypes: ['Company Certificate'] } },
    ];
    expect((await as(manager, 'PUT', `/api/workflows/${id}/1`, { steps })).statusCode).toBe(200);
    const refused = await as(manager, 'POST', `/api/workflows/${id}/1/activate`);
    expect(refused.statusCode).toBe(409);
    const error: string = refused.json().error;
    expect(error).toMatch(/not complete enough/);
    expect(error).toMatch(/step 3 \(classify-and-file\): settings\.settleAbove: must not be below minConfidence/);
    expect(error).toMatch(/step 5 \(expiry-check\): settings\.graceDays: /);
    expect(error).toMatch(/step 6 \(applicant-name-match\): settings\.fuzzyThreshold: .*number/);
    expect(error).toMatch(/settings\.exemptDocTypes\.0: must be a document type id/);
    expect((await as(manager, 'GET', `/api/workflows/${id}/1`)).json().status).toBe('draft');

    // A refinement across settings is checked too, once the fields themselves are valid.
    const fixedButOneRule = steps.map((s) => (s.tool === 'expiry-check' ? { ...s, settings: { checkIdentityDocuments: false, checkCertificates: false } } : s));
    await as(manager, 'PUT', `/api/workflows/${id}/1`, { steps: fixedButOneRule });
    expect((await as(manager, 'POST', `/api/workflows/${id}/1/activate`)).json().error).toMatch(/check identity documents, certificates or both/);

    const valid = [
      ...spine,
      { tool: 'classify-and-file', settings: { minConfidence: 0.8, settleAbove: 0.95 } },
      { tool: 'extract-key-data' },
      { tool: 'expiry-check', settings: { graceDays: 14, checkCertificates: false } },
      { tool: 'applicant-name-match', settings: { fuzzyThreshold: 0.9, exemptDocTypes: ['company-certificate'] } },
      { tool: 'completeness-report' },
    ];
    const saved = await as(manager, 'PUT', `/api/workflows/${id}/1`, { steps: valid });
    expect(saved.json().problems).toEqual([]);
    // Defaults are filled in, so what runs is explicit and stays so when defaults change.
    expect(saved.json().steps[4].settings).toEqual({ graceDays: 14, warnWithinDays: 30, checkIdentityDocuments: true, checkCertificates: false, flagMissingDate: true });
    const activated = await as(originator, 'POST', `/api/workflows/${id}/1/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', version: 1, problems: [] });
    expect(activated.json().activatedAt).toEqual(expect.any(String));
  });

  it('refuses activating an incomplete draft (spine missing, unknown tool) and an active version (409)', async () => {
    const id = await create('Broken order');
    await as(manager, 'PUT', `/api/workflows/${id}/1`, { steps: [{ tool: 'parse' }, { tool: 'preview' }, { tool: 'ocr-magic' }] });
    const res = await as(manager, 'POST', `/api/workflows/${id}/1/activate`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/step 1 must be Preview/);
    expect(res.json().error).toMatch(/unknown tool/);

    const again = await as(manager, 'POST', '/api/workflows/standard-intake/1/activate');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/active/);
    expect((await as(manager, 'POST', '/api/workflows/standard-intake/9/activate')).statusCode).toBe(404);
    expect((await as(manager, 'POST', '/api/workflows/unheard-of/1/activate')).statusCode).toBe(404);
  });

  it('keeps active versions immutable (409) and makes new versions from the latest only', async () => {
    const put = await as(manager, 'PUT', '/api/workflows/standard-intake/1', { steps: spine });
    expect(put.statusCode).toBe(409);
    expect(put.json().error).toMatch(/immutable/);

    const v2 = await as(manager, 'POST', '/api/workflows/standard-intake/1/new-version');
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json()).toEqual({ id: 'standard-intake', version: 2, name: 'Standard intake', status: 'draft', source: 'own' });
    const draft = (await as(manager, 'GET', '/api/workflows/standard-intake/2')).json();
    expect(draft.steps).toEqual((await as(manager, 'GET', '/api/workflows/standard-intake/1')).json().steps);
    expect(draft.derivedFrom).toEqual({ id: 'standard-intake', version: 1, source: 'own' });

    const stale = await as(manager, 'POST', '/api/workflows/standard-intake/1/new-version');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/Version 2 already exists/);
    // A draft is edited in place, never versioned again (spec Part 3 starts new-version at active).
    expect((await as(manager, 'POST', '/api/workflows/standard-intake/2/new-version')).statusCode).toBe(409);
    expect((await as(manager, 'POST', '/api/workflows/standard-intake/8/new-version')).statusCode).toBe(404);
    expect((await as(manager, 'POST', '/api/workflows/standard-intake/-1/new-version')).statusCode).toBe(400);
    expect((await as(manager, 'POST', '/api/workflows/standard-intake/1.5/activate')).statusCode).toBe(400);
    expect((await as(manager, 'POST', '/api/workflows/standard-intake/set-default?source=theirs')).statusCode).toBe(400);
    expect((await as(manager, 'POST', '/api/workflows/unheard-of/1/new-version')).statusCode).toBe(404);
  });

  it('activates one-way without superseding: every activated version stays active, runs take the highest', async () => {
    const id = await create('Layered');
    await activate(id, 1);
    expect((await as(manager, 'POST', `/api/workflows/${id}/1/new-version`)).statusCode).toBe(201);
    await as(manager, 'PUT', `/api/workflows/${id}/2`, { steps: [...spine, { tool: 'classify-and-file' }] });
    await activate(id, 2);
    const row = (await as(manager, 'GET', '/api/workflows')).json().find((r: { id: string }) => r.id === id);
    expect(row.versions.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'active'],
      [1, 'active'],
    ]);
    expect(row.runsVersion).toBe(2);
  });

  it('treats official workflows as read-only: 409 on save and activate, 404 for their hidden drafts', async () => {
    const save = await as(manager, 'PUT', '/api/workflows/standard-intake/1?source=official', { steps: spine });
    expect(save.statusCode).toBe(409);
    expect(save.json().error).toMatch(/official content, read-only/);
    expect((await as(manager, 'POST', '/api/workflows/standard-intake/1/activate?source=official')).statusCode).toBe(409);
    expect((await as(manager, 'PUT', '/api/workflows/standard-intake/5?source=official', { steps: spine })).statusCode).toBe(404);
    // Copying the official workflow under an id you already have is a conflict.
    const copy = await as(manager, 'POST', '/api/workflows/standard-intake/1/new-version?source=official');
    expect(copy.statusCode).toBe(409);
    expect(copy.json().error).toMatch(/already have the workflow "standard-intake"/);
  });

  it('lets an organization created before workflows existed use and copy the official standard-intake', async () => {
    const legacy = await signUp(t.app, { orgName: 'Founded Earlier' });
    // Such organizations have no workflow of their own (no backfill), which is what this recreates.
    await t.app.db.query(`DELETE FROM library_families WHERE org_id = $1 AND family_kind = 'workflow'`, [legacy.organizationId]);
    const rows = (await as(legacy, 'GET', '/api/workflows')).json();
    const official = rows.find((r: { id: string }) => r.id === 'standard-intake');
    expect(official).toMatchObject({ source: 'official', isDefault: false, runsVersion: 1 });
    expect(rows.filter((r: { source: string }) => r.source === 'own')).toEqual([]);

    const run = await api.library.workflows.resolveForRun(t.app.db, legacy.organizationId, 'standard-intake');
    expect(run).toMatchObject({ id: 'standard-intake', version: 1, source: 'official' });

    // The official one can be the default as it is…
    const setDefault = await as(legacy, 'POST', '/api/workflows/standard-intake/set-default');
    expect(setDefault.statusCode).toBe(200);
    expect(setDefault.json().find((r: { id: string }) => r.id === 'standard-intake').isDefault).toBe(true);

    // …or copied: an own v1 draft, which activates. While the copy is a draft the official one
    // stays listed, the default and what runs follow (issue 38); once the copy is active the id
    // names it, default included.
    const copy = await as(legacy, 'POST', '/api/workflows/standard-intake/1/new-version');
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toEqual({ id: 'standard-intake', version: 1, name: 'Standard intake', status: 'draft', source: 'own' });
    const afterCopy = (await as(legacy, 'GET', '/api/workflows')).json().filter((r: { id: string }) => r.id === 'standard-intake');
    expect(afterCopy).toEqual([
      expect.objectContaining({ source: 'own', isDefault: false, runsVersion: null }),
      expect.objectContaining({ source: 'official', isDefault: true, runsVersion: 1 }),
    ]);
    expect(await api.library.workflows.resolveForRun(t.app.db, legacy.organizationId, 'standard-intake')).toMatchObject({ source: 'official', version: 1 });
    const activated = await as(legacy, 'POST', '/api/workflows/standard-intake/1/activate');
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ source: 'own', status: 'active', isDefault: true, derivedFrom: { source: 'official', id: 'standard-intake', version: 1 } });
    const afterActivation = (await as(legacy, 'GET', '/api/workflows')).json().filter((r: { id: string }) => r.id === 'standard-intake');
    expect(afterActivation).toEqual([expect.objectContaining({ source: 'own', isDefault: true, runsVersion: 1 })]);
    expect(await api.library.workflows.resolveForRun(t.app.db, legacy.organizationId, 'standard-intake')).toMatchObject({ source: 'own', version: 1 });
    const again = await as(legacy, 'POST', '/api/workflows/standard-intake/1/new-version?source=official');
    expect(again.statusCode).toBe(409);
  });

  it('sets the default only on a workflow with an active version, and keeps exactly one', async () => {
    const draftOnly = await create('Not yet');
    const refused = await as(manager, 'POST', `/api/workflows/${draftOnly}/set-default`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/no active version/);
    expect((await as(manager, 'POST', '/api/workflows/never-made/set-default')).statusCode).toBe(404);

    const id = await create('Commercial intake');
    await activate(id, 1);
    const res = await as(originator, 'POST', `/api/workflows/${id}/set-default`);
    expect(res.statusCode).toBe(200);
    const defaults = res.json().filter((r: { isDefault: boolean }) => r.isDefault);
    expect(defaults.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await as(manager, 'GET', `/api/workflows/${id}/1`)).json().isDefault).toBe(true);
    expect((await as(manager, 'GET', '/api/workflows/standard-intake/1')).json().isDefault).toBe(false);
    // Setting it again is harmless.
    expect((await as(manager, 'POST', `/api/workflows/${id}/set-default`)).statusCode).toBe(200);
  });

  it('keeps exactly one default when set-default calls race', async () => {
    const ids: string[] = [];
    for (const name of ['Race alpha', 'Race bravo', 'Race charlie', 'Race delta', 'Race echo', 'Race foxtrot']) {
      const id = await create(name);
      await activate(id, 1);
      ids.push(id);
    }
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all(ids.map((id) => as(manager, 'POST', `/api/workflows/${id}/set-default`)));
      expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
      const listing = (await as(manager, 'GET', '/api/workflows')).json();
      const defaults = listing.filter((r: { isDefault: boolean }) => r.isDefault);
      expect(defaults).toHaveLength(1);
      expect(ids).toContain(defaults[0].id);
      const { rows } = await t.app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM library_defaults WHERE org_id = $1 AND family_kind = 'workflow' AND NOT deleted`,
        [manager.organizationId],
      );
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('resolves the version a run follows, before writing anything', async () => {
    const id = await create('Resolution');
    const resolve = (workflowId: string, pinned?: number, orgId = manager.organizationId) => api.library.workflows.resolveForRun(t.app.db, orgId, workflowId, pinned);
    const refusal = async (p: Promise<unknown>) => {
      const err = await p.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(HttpError);
      return err as HttpError;
    };

    // Nothing active yet.
    const none = await refusal(resolve(id));
    expect(none.status).toBe(409);
    expect(none.message).toMatch(/no active version/);

    await activate(id, 1);
    await as(manager, 'POST', `/api/workflows/${id}/1/new-version`);
    await as(manager, 'PUT', `/api/workflows/${id}/2`, { steps: [...spine, { tool: 'classify-and-file' }] });
    await activate(id, 2);
    await as(manager, 'POST', `/api/workflows/${id}/2/new-version`);

    const { rows: before } = await t.app.db.query<{ rev: number }>('SELECT max(rev)::bigint AS rev FROM library_versions');
    expect(await resolve(id)).toMatchObject({ id, version: 2, status: 'active' });
    expect((await resolve(id)).steps.map((s) => s.tool)).toEqual(['preview', 'parse', 'classify-and-file']);
    expect(await resolve(id, 1)).toMatchObject({ version: 1, status: 'active' });

    const draft = await refusal(resolve(id, 3));
    expect(draft.status).toBe(409);
    expect(draft.message).toMatch(/Version 3 .* is a draft/);
    expect((await refusal(resolve(id, 4))).status).toBe(404);
    expect((await refusal(resolve('no-such-workflow'))).status).toBe(404);
    // Another organization's workflow is unknown, whatever its state.
    expect((await refusal(resolve(id, 1, other.organizationId))).status).toBe(404);
    const { rows: after } = await t.app.db.query<{ rev: number }>('SELECT max(rev)::bigint AS rev FROM library_versions');
    expect(after[0]!.rev).toBe(before[0]!.rev);
  });

  it('answers 404 for another organization’s workflows on every operation', async () => {
    const id = await create('Private flow');
    await activate(id, 1);
    const calls: [InjectOptions['method'], string, unknown?][] = [
      ['GET', `/api/workflows/${id}/1`],
      ['PUT', `/api/workflows/${id}/1`, { steps: spine }],
      ['POST', `/api/workflows/${id}/1/new-version`],
      ['POST', `/api/workflows/${id}/1/activate`],
      ['POST', `/api/workflows/${id}/set-default`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await as(other, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const otherList = (await as(other, 'GET', '/api/workflows')).json();
    expect(otherList.map((r: { id: string }) => r.id)).not.toContain(id);
    // The other organization's own default is untouched by all of this.
    expect(otherList.find((r: { isDefault: boolean }) => r.isDefault).id).toBe('standard-intake');
  });
});
