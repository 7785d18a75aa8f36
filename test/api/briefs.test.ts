import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Application, IntelBrief, IntelBriefListing } from '@portal/shared';
import { loadConfig } from '../../sync-server/src/config.js';
import { apiKeySession, buildTestApp, signUp, type Session, type TestApp } from '../helper.js';
import { fold, researchDriver } from './briefs-helpers.js';

describe('intel briefs over a case, with the built-in engine', () => {
  let t: TestApp;
  const d = researchDriver(() => t);
  let manager: Session;
  let stranger: Session;
  let packet: Application;

  beforeAll(async () => {
    t = await buildTestApp({ config: { throttles: { ...loadConfig({}).throttles, brief: { max: 2, windowMs: 86_400_000 } } } });
    manager = await signUp(t.app);
    stranger = await signUp(t.app, { orgName: 'Other Lending' });
    packet = await d.corpusCase(manager, 'p01.pdf', 'Niamh Holloway');
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the official Affordability template: a ready brief whose every citation is a real line', async () => {
    const started = await d.startBrief(manager, packet.id, { templateId: 'affordability' });
    expect(started.statusCode, started.body).toBe(202);
    const running = started.json() as IntelBrief;
    expect(running.status).toBe('running');
    expect(running.template).toMatchObject({ id: 'affordability', version: 1, name: 'Affordability' });
    expect(running.model).toMatchObject({ id: 'local', provider: 'local' });
    expect(running.sections).toHaveLength(6);
    expect(running.sections.every((s) => s.status === 'pending' && s.answer === null)).toBe(true);

    await d.drainResearch();
    const ready = await d.brief(manager, packet.id, running.id);
    expect(ready.status).toBe('ready');
    expect(ready.readyAt).not.toBeNull();
    expect(ready.sections.map((s) => s.status)).toEqual(Array(6).fill('done'));
    expect(ready.sectionsDone).toBe(6);

    const lines = await d.storedLines(packet.id);
    const documents = await d.documents(manager, packet.id);
    let cited = 0;
    for (const s of ready.sections) {
      expect(s.usage!.promptTokens).toBeGreaterThan(0);
      expect(s.model).toMatchObject({ id: 'local' });
      if (s.noEvidence) {
        expect(s.citations).toEqual([]);
        expect(s.answer).toMatch(/no evidence found/i);
      }
      for (const c of s.citations) {
        const text = lines.get(`${c.fileId}:${c.page}`)?.[c.line];
        expect(text, `${c.fileId} p${c.page} l${c.line}`).toBeDefined();
        expect(fold(text!)).toContain(fold(c.quote));
        const listing = documents.find((doc) => doc.spans.some((sp) => sp.fileId === c.fileId && sp.pages.includes(c.page)));
        expect(c.address).toBe(listing?.address ?? null);
        cited++;
      }
    }
    expect(cited).toBeGreaterThan(3);

    // The income question answers from the payslips' extracted net pay, citing the line it was read from.
    const income = ready.sections[0]!;
    expect(income.noEvidence).toBe(false);
    const payslips = documents.filter((doc) => doc.document.docType === 'payslip');
    expect(payslips.length).toBeGreaterThan(0);
    const netPay = payslips.map((p) => ({ value: p.document.extractKeyData.netPay as { amount: number } | undefined, where: p.document.keyFields.netPay })).filter((p) => p.value && p.where);
    expect(netPay.length).toBeGreaterThan(0);
    for (const p of netPay) {
      expect(income.citations.some((c) => c.fileId === p.where!.fileId && c.page === p.where!.page && c.line === p.where!.line)).toBe(true);
    }
    const amount = Number(netPay[0]!.value!.amount).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    expect(income.answer).toContain(amount);

    // Deterministic: the same case and template give the same brief.
    const again = (await d.startBrief(manager, packet.id, { templateId: 'affordability' })).json() as IntelBrief;
    await d.drainResearch();
    const second = await d.brief(manager, packet.id, again.id);
    expect(second.sections.map((s) => [s.answer, s.citations, s.usage])).toEqual(ready.sections.map((s) => [s.answer, s.citations, s.usage]));

    // Newest first, and in the ledger.
    const listed = (await d.inject(manager, 'GET', `/api/applications/${packet.id}/intel-briefs`)).json() as IntelBriefListing[];
    expect(listed.map((b) => b.id).slice(0, 2)).toEqual([again.id, running.id]);
    expect(listed[1]).toMatchObject({ status: 'ready', sectionCount: 6, sectionsDone: 6, sectionsFailed: 0 });
    expect(listed[1]!.usage.promptTokens).toBe(ready.sections.reduce((n, s) => n + s.usage!.promptTokens, 0));
    const events = await d.events(manager, packet.id);
    const started1 = events.find((e) => e.action === 'brief.started' && e.target === `brief:${running.id}`);
    const ready1 = events.find((e) => e.action === 'brief.ready' && e.target === `brief:${running.id}`);
    expect(started1?.detail).toMatchObject({ template: { id: 'affordability', version: 1 }, sections: 6 });
    expect(ready1?.detail).toMatchObject({ sectionsDone: 6, sectionsFailed: 0, droppedCitations: 0 });
    expect(events.indexOf(ready1!)).toBeGreaterThan(events.indexOf(started1!));
  });

  it('answers a pinned version, and an API key may start one', async () => {
    const key = await apiKeySession(t.app, manager);
    const res = await d.startBrief(key, packet.id, { templateId: 'identity-consistency', version: 1 });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().createdBy).toBe('Integration');
    await d.drainResearch();
    const b = await d.brief(key, packet.id, res.json().id);
    expect(b.status).toBe('ready');
    // The name question finds the passport's name.
    expect(fold(b.sections[0]!.answer!)).toContain('holloway');
  });

  it('refuses a bad body (400), an unknown case or template (404), and other organizations’ cases (404)', async () => {
    for (const body of [{}, { templateId: '' }, { templateId: 'affordability', version: 0 }, { templateId: 'affordability', extra: 1, version: 'x' }]) {
      const res = await d.startBrief(manager, packet.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/templateId|version/);
    }
    expect((await d.startBrief(manager, 'app_nosuchcase', { templateId: 'affordability' })).statusCode).toBe(404);
    const unknown = await d.startBrief(manager, packet.id, { templateId: 'no-such-template' });
    expect(unknown.statusCode).toBe(404);
    expect((await d.startBrief(manager, packet.id, { templateId: 'affordability', version: 9 })).statusCode).toBe(404);
    // Someone else's case does not exist for them, nor do its briefs.
    expect((await d.startBrief(stranger, packet.id, { templateId: 'affordability' })).statusCode).toBe(404);
    const mine = (await d.inject(manager, 'GET', `/api/applications/${packet.id}/intel-briefs`)).json() as IntelBriefListing[];
    expect((await d.inject(stranger, 'GET', `/api/applications/${packet.id}/intel-briefs`)).statusCode).toBe(404);
    expect((await d.inject(stranger, 'GET', `/api/applications/${packet.id}/intel-briefs/${mine[0]!.id}`)).statusCode).toBe(404);
    expect((await d.inject(manager, 'GET', `/api/applications/${packet.id}/intel-briefs/brf_nosuchbrief`)).statusCode).toBe(404);
  });

  it('refuses (409) a template with no active version, a pinned draft, a case with no parsed pages, and the sample case', async () => {
    const created = await d.inject(manager, 'POST', '/api/intel-templates', { name: 'Quick check' });
    expect(created.statusCode, created.body).toBe(201);
    await d.inject(manager, 'PUT', '/api/intel-templates/quick-check/1', { questions: [{ prompt: 'Who is the employer?' }] });
    const draft = await d.startBrief(manager, packet.id, { templateId: 'quick-check' });
    expect(draft.statusCode).toBe(409);
    expect(draft.json().error).toMatch(/no active version/);
    const pinned = await d.startBrief(manager, packet.id, { templateId: 'quick-check', version: 1 });
    expect(pinned.statusCode).toBe(409);
    expect(pinned.json().error).toMatch(/draft/);

    const empty = await d.inject(manager, 'POST', '/api/applications', { applicantName: 'Nobody Yet', expectedDocListId: 'tenancy-application' });
    expect(empty.statusCode, empty.body).toBe(201);
    const noPages = await d.startBrief(manager, empty.json().id, { templateId: 'affordability' });
    expect(noPages.statusCode).toBe(409);
    expect(noPages.json().error).toMatch(/no parsed pages/);

    const guest = (await t.app.inject({ method: 'POST', url: '/api/guest' })).json();
    const g: Session = { headers: { authorization: `Bearer ${guest.key}` }, organizationId: guest.organizationId };
    const sample = ((await d.inject(g, 'GET', '/api/applications')).json() as { id: string }[])[0]!;
    const refused = await d.startBrief(g, sample.id, { templateId: 'affordability' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/sample case/);
  });

  // Last: it turns the organization into an instant account.
  it('limits briefs of a workspace with no email yet (429), and only those', async () => {
    const before = ((await d.inject(manager, 'GET', `/api/applications/${packet.id}/intel-briefs`)).json() as unknown[]).length;
    // With an email, the limit (2 here) does not apply: the tests above started more.
    expect(before).toBeGreaterThan(2);
    await t.app.db.query('UPDATE organizations SET instant = true WHERE id = $1', [manager.organizationId]);
    expect((await d.startBrief(manager, packet.id, { templateId: 'affordability' })).statusCode).toBe(202);
    expect((await d.startBrief(manager, packet.id, { templateId: 'affordability' })).statusCode).toBe(202);
    const over = await d.startBrief(manager, packet.id, { templateId: 'affordability' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(/no email/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(((await d.inject(manager, 'GET', `/api/applications/${packet.id}/intel-briefs`)).json() as unknown[]).length).toBe(before + 2);
  });
});
