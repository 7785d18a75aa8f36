import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../sync-server/src/http-error.js';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';

const OFFICIAL_IDS = ['affordability', 'identity-consistency', 'source-of-funds'];
const questions = [
  { prompt: 'What is the applicant’s net monthly income?', answerType: 'amount', guidance: 'Cite each payslip’s net pay line.' },
  { prompt: 'Is the employer named on the payslips the same as on the contract?', answerType: 'yes-no' },
];

describe(`intel templates on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let other: Session;
  /** The /api scope, where the template library a brief would use is decorated. */
  let api: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({
      routes: async (scope) => {
        api = scope;
      },
    });
    manager = await signUp(t.app, { orgName: 'Harbour Lending' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
  });
  afterAll(() => t?.close());
  const as = (s: Session, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }) });

  async function create(name: string): Promise<string> {
    const res = await as(manager, 'POST', '/api/intel-templates', { name });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  it('publishes three official templates, each with guided questions', async () => {
    const res = await as(key, 'GET', '/api/intel-templates');
    expect(res.statusCode).toBe(200);
    const official = res.json().filter((r: { source: string }) => r.source === 'official');
    expect(official.map((r: { id: string }) => r.id)).toEqual(OFFICIAL_IDS);
    for (const row of official) {
      expect(row).toMatchObject({ version: 1, status: 'active' });
      expect(row.questionCount).toBeGreaterThanOrEqual(5);
      const template = (await as(key, 'GET', `/api/intel-templates/${row.id}/1`)).json();
      expect(template.description.length).toBeGreaterThan(80);
      for (const q of template.questions) {
        expect(q.prompt).toMatch(/\?$/);
        expect(q.answerType).toEqual(expect.any(String));
        // Every question says what evidence to cite.
        expect(q.guidance).toMatch(/\bcit(e|ing)\b/i);
      }
    }
    expect((await as(key, 'GET', '/api/intel-templates/affordability/1')).json().name).toBe('Affordability');
  });

  it('creates v1 drafts with no questions; 400 for a name without a usable id, 409 for an existing id', async () => {
    const res = await as(key, 'POST', '/api/intel-templates', { name: 'Employment check', description: 'Is the job real?' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 'employment-check', version: 1, name: 'Employment check', status: 'draft', source: 'own' });
    const read = (await as(manager, 'GET', '/api/intel-templates/employment-check/1')).json();
    expect(read).toMatchObject({ questions: [], description: 'Is the job real?', derivedFrom: null });

    expect((await as(manager, 'POST', '/api/intel-templates', { name: 'Employment   CHECK' })).statusCode).toBe(409);
    const unusable = await as(manager, 'POST', '/api/intel-templates', { name: '#1' });
    expect(unusable.statusCode).toBe(400);
    expect(unusable.json().error).toMatch(/no usable id/);
    expect((await as(manager, 'POST', '/api/intel-templates', { name: 'Fallback' })).statusCode).toBe(400);
    expect((await as(manager, 'POST', '/api/intel-templates', {})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/intel-templates', payload: { name: 'Anon' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/intel-templates' })).statusCode).toBe(401);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/intel-templates', headers: { ...manager.headers, origin: 'https://evil.example' }, payload: { name: 'Planted' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('saves drafts, with 400 for invalid questions and 404 for unknown versions', async () => {
    const id = await create('Payslip review');
    const saved = await as(manager, 'PUT', `/api/intel-templates/${id}/1`, { questions: [{ ...questions[0], prompt: '  What is the applicant’s net monthly income?  ' }, questions[1]] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().questions).toEqual(questions);

    const cases: [unknown, RegExp][] = [
      [{ questions: [{ prompt: '' }] }, /body\.questions\.0\.prompt/],
      [{ questions: [{ prompt: 'Why?', answerType: 'essay' }] }, /body\.questions\.0\.answerType/],
      [{ questions: [questions[0], { prompt: 'what is the applicant’s   NET monthly income?' }] }, /body\.questions\.1\.prompt: repeats question 1/],
      [{ questions: Array.from({ length: 41 }, (_, i) => ({ prompt: `Question ${i}?` })) }, /at most 40 questions/],
      [{ name: 'Other name', questions }, /body\.name/],
      [{ id: 'elsewhere', questions }, /body\.id/],
      [{ description: 'no questions field' }, /body\.questions/],
    ];
    for (const [payload, message] of cases) {
      const res = await as(manager, 'PUT', `/api/intel-templates/${id}/1`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await as(manager, 'PUT', `/api/intel-templates/${id}/2`, { questions })).statusCode).toBe(404);
    expect((await as(manager, 'GET', `/api/intel-templates/${id}/2`)).statusCode).toBe(404);
    expect((await as(manager, 'GET', '/api/intel-templates/unknown-template/1')).statusCode).toBe(404);
    expect((await as(manager, 'GET', `/api/intel-templates/${id}/zero`)).statusCode).toBe(400);
  });

  it('activates a draft with questions only; active versions are immutable; the previous active becomes superseded', async () => {
    const id = await create('Lifecycle');
    const empty = await as(manager, 'POST', `/api/intel-templates/${id}/1/activate`);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toMatch(/no questions/);

    await as(manager, 'PUT', `/api/intel-templates/${id}/1`, { questions });
    const v1 = await as(manager, 'POST', `/api/intel-templates/${id}/1/activate`);
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json()).toMatchObject({ status: 'active', version: 1 });
    expect((await as(manager, 'POST', `/api/intel-templates/${id}/1/activate`)).statusCode).toBe(409);
    const immutable = await as(manager, 'PUT', `/api/intel-templates/${id}/1`, { questions: [] });
    expect(immutable.statusCode).toBe(409);

    const v2 = await as(manager, 'POST', `/api/intel-templates/${id}/1/new-version`);
    expect(v2.statusCode).toBe(201);
    expect(v2.json()).toMatchObject({ version: 2, status: 'draft' });
    // Only the active version is a source, and only when no newer version exists.
    const fromDraft = await as(manager, 'POST', `/api/intel-templates/${id}/2/new-version`);
    expect(fromDraft.statusCode).toBe(409);
    expect(fromDraft.json().error).toMatch(/only be made from an active version/);
    const stale = await as(manager, 'POST', `/api/intel-templates/${id}/1/new-version`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/Version 2 already exists/);

    await as(manager, 'PUT', `/api/intel-templates/${id}/2`, { questions: [...questions, { prompt: 'Is there a second income?', answerType: 'yes-no' }] });
    const activated = await as(manager, 'POST', `/api/intel-templates/${id}/2/activate`);
    expect(activated.statusCode).toBe(200);
    const rows = (await as(manager, 'GET', '/api/intel-templates')).json().filter((r: { id: string }) => r.id === id);
    expect(rows.map((r: { version: number; status: string; questionCount: number }) => [r.version, r.status, r.questionCount])).toEqual([
      [2, 'active', 3],
      [1, 'superseded', 2],
    ]);
    const superseded = await as(manager, 'POST', `/api/intel-templates/${id}/1/new-version`);
    expect(superseded.statusCode).toBe(409);
    expect((await as(manager, 'POST', `/api/intel-templates/${id}/1/activate`)).statusCode).toBe(409);
    expect((await as(manager, 'PUT', `/api/intel-templates/${id}/1`, { questions })).statusCode).toBe(409);
    expect((await as(manager, 'POST', `/api/intel-templates/${id}/3/activate`)).statusCode).toBe(404);
    expect((await as(manager, 'POST', `/api/intel-templates/${id}/3/new-version`)).statusCode).toBe(404);
    expect((await as(manager, 'POST', `/api/intel-templates/${id}/0/new-version`)).statusCode).toBe(400);
    expect((await as(manager, 'POST', `/api/intel-templates/${id}/two/activate`)).statusCode).toBe(400);

    const brief = await api.library.intelTemplates.activeForBrief(t.app.db, manager.organizationId, id);
    expect(brief).toMatchObject({ version: 2, status: 'active' });
  });

  it('copies an official template into an activatable draft of your own', async () => {
    const readOnly = await as(manager, 'PUT', '/api/intel-templates/affordability/1', { questions });
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json().error).toMatch(/official content, read-only/);

    const copy = await as(manager, 'POST', '/api/intel-templates/affordability/1/new-version');
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toEqual({ id: 'affordability', version: 1, name: 'Affordability', status: 'draft', source: 'own' });
    const mine = (await as(manager, 'GET', '/api/intel-templates/affordability/1')).json();
    const official = (await as(manager, 'GET', '/api/intel-templates/affordability/1?source=official')).json();
    expect(mine).toMatchObject({ source: 'own', status: 'draft', derivedFrom: { id: 'affordability', version: 1, source: 'official' } });
    expect(mine.questions).toEqual(official.questions);

    // Tailor it, then activate it.
    const tailored = await as(manager, 'PUT', '/api/intel-templates/affordability/1', {
      questions: [...mine.questions, { prompt: 'Does the applicant receive child benefit or other state support?', answerType: 'amount', guidance: 'Cite the award letter.' }],
    });
    expect(tailored.statusCode, tailored.body).toBe(200);
    const activated = await as(manager, 'POST', '/api/intel-templates/affordability/1/activate');
    expect(activated.statusCode, activated.body).toBe(200);

    const again = await as(manager, 'POST', '/api/intel-templates/affordability/1/new-version?source=official');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already have the intel template "affordability"/);
    const listing = (await as(manager, 'GET', '/api/intel-templates')).json();
    expect(listing.filter((r: { id: string }) => r.id === 'affordability')).toEqual([expect.objectContaining({ source: 'own', status: 'active', questionCount: mine.questions.length + 1 })]);
    // Another organization still sees the official one, untouched.
    const theirs = (await as(other, 'GET', '/api/intel-templates/affordability/1')).json();
    expect(theirs).toMatchObject({ source: 'official', status: 'active' });
    expect(theirs.questions).toEqual(official.questions);
    expect(await api.library.intelTemplates.activeForBrief(t.app.db, other.organizationId, 'identity-consistency')).toMatchObject({ source: 'official', version: 1 });
  });

  it('refuses a brief on a template without an active version (409) and an unknown one (404)', async () => {
    const id = await create('Never activated');
    const err = await api.library.intelTemplates.activeForBrief(t.app.db, manager.organizationId, id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(409);
    const unknown = await api.library.intelTemplates.activeForBrief(t.app.db, manager.organizationId, 'nope').catch((e: unknown) => e);
    expect((unknown as HttpError).status).toBe(404);
  });

  it('answers 404 for another organization’s templates', async () => {
    const id = await create('Private research');
    await as(manager, 'PUT', `/api/intel-templates/${id}/1`, { questions });
    const calls: [InjectOptions['method'], string, unknown?][] = [
      ['GET', `/api/intel-templates/${id}/1`],
      ['PUT', `/api/intel-templates/${id}/1`, { questions }],
      ['POST', `/api/intel-templates/${id}/1/activate`],
      ['POST', `/api/intel-templates/${id}/1/new-version`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await as(other, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await as(other, 'GET', '/api/intel-templates')).json().map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await as(manager, 'GET', `/api/intel-templates/${id}/1`)).json().status).toBe('draft');
  });
});
