import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Application, GateRefused } from '@portal/shared';
import { AnalyzerUnavailableError, type AnalyzerPort } from '../../sync-server/src/runs/analyzer-port.js';
import { addColleague, apiKeySession, buildTestApp, drainJobs, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { A4, makePdf, payslipLines, scanPage } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { cleanPacket, duplicatePagePacket, form, lowDpiPacket, textPdf, type FormPart } from './applications-helpers.js';

describe(`runs and the gate on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let person: Session;
  let other: Session;
  let clean: Uint8Array;
  let lowDpi: Uint8Array;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    person = await addColleague(t.app, manager, 'Originator');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    clean = await cleanPacket();
    lowDpi = await lowDpiPacket();
  }, 60_000);
  afterAll(() => t?.close());

  const RUN = '/api/workflows/standard-intake/runs';
  const run = (s: Session, parts: FormPart[], url = RUN) => {
    const body = form(parts);
    return t.app.inject({ method: 'POST', url, headers: { ...s.headers, ...body.headers }, payload: body.payload });
  };
  const newPacket = (content: Uint8Array, extra: FormPart[] = []): FormPart[] => [
    { name: 'applicant', value: 'Sarah Whitcombe' },
    { name: 'expectedDocList', value: 'tenancy-application' },
    ...extra,
    { name: 'files', filename: 'packet.pdf', content },
  ];
  const get = async (s: Session, id: string) => Application.parse((await t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: s.headers })).json());
  const post = (s: Session, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: s.headers, ...(payload ? { payload } : {}) });
  const actions = async (s: Session, id: string) =>
    ((await t.app.inject({ method: 'GET', url: `/api/applications/${id}/events`, headers: s.headers })).json() as { action: string }[]).map((e) => e.action).reverse();
  const counts = async () => {
    const q = async (table: string) => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
    return { applications: await q('applications'), files: await q('application_files'), runs: await q('runs'), ledger: await q('ledger'), jobs: await q('jobs') };
  };
  /** Runs queued jobs until the case's run moves to its next state (the test app starts no workers). */
  const step = async (s: Session, id: string) => {
    const from = (await get(s, id)).run.state;
    for (let i = 0; i < 10 && (await t.app.jobs.runOnce('test-step')); i++) if ((await get(s, id)).run.state !== from) return;
  };

  describe('a clean packet', () => {
    it('is previewed, read, filed and reported, with every step in the ledger', async () => {
      const res = await run(key, newPacket(clean));
      expect(res.statusCode, res.body).toBe(201);
      const created = Application.parse(res.json());
      expect(created.run).toMatchObject({ state: 'previewing', kind: 'parse', number: 1, decidedBy: 'Loan system', workflow: { id: 'standard-intake', version: 1 } });
      expect(created.run.authenticatedAs).toMatch(/^apiKey:/);
      expect(created.run.progress).toMatchObject({ stage: 'previewing', pagesTotal: 4 });
      expect(created.files).toEqual([expect.objectContaining({ name: 'packet.pdf', pageCount: 4, readByRun: null })]);

      await step(key, created.id);
      expect((await get(key, created.id)).run.state).toBe('inventory');
      await step(key, created.id);
      expect((await get(key, created.id)).run.state).toBe('running');
      await step(key, created.id);
      const after = await get(key, created.id);
      expect(after.run).toMatchObject({ state: 'report', progress: null, number: 1 });
      expect(after.run.lastRunError).toBeUndefined();
      expect(after.files[0]!.readByRun).toBe(1);

      // Part 1's third step, as the integrator makes it: the documents, with the same key.
      const listed = await t.app.inject({ method: 'GET', url: `/api/applications/${created.id}/documents`, headers: key.headers });
      expect(listed.statusCode).toBe(200);
      const docs = listed.json() as { address: string; spans: unknown; expectedDocId?: string; document: { docType: string; extractKeyData: Record<string, unknown>; keyFields: Record<string, { page: number; line: number }> } }[];
      const fileId = after.files[0]!.id;
      expect(docs.map((d) => [d.address, d.document.docType, d.expectedDocId])).toEqual([
        [`${fileId}:p1-1`, 'payslip', 'payslips'],
        [`${fileId}:p2-2`, 'payslip', 'payslips'],
        [`${fileId}:p3-3`, 'payslip', 'payslips'],
        [`${fileId}:p4-4`, 'bank-statement', 'bank-statements'],
      ]);
      expect(docs[0]!.spans).toEqual([{ fileId, pages: [1] }]);
      expect(docs[1]!.document.extractKeyData).toMatchObject({ payDate: '2025-04-28', employeeName: 'Sarah Whitcombe' });
      expect(docs[1]!.document.keyFields.payDate).toMatchObject({ page: 2, line: expect.any(Number) });

      const trail = await actions(key, created.id);
      expect(trail).toEqual([
        'application.created',
        'file.received',
        'run.started',
        'run.stage',
        'run.stage',
        'document.proposed',
        'document.proposed',
        'document.proposed',
        'document.proposed',
        'run.reported',
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/api/applications/${created.id}/events/verify`, headers: key.headers })).json().ok).toBe(true);

      // Three payslips satisfy their line; one statement does not satisfy its three.
      const listing = (await t.app.inject({ method: 'GET', url: '/api/applications', headers: key.headers })).json();
      expect(listing.find((r: { id: string }) => r.id === created.id)).toMatchObject({ docsFiled: 1, docsTotal: 7 });

      // Nothing new to read: a run on the case refuses, writing nothing.
      const before = await counts();
      const again = await run(key, [{ name: 'applicationId', value: created.id }]);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(/Nothing new to read/);
      expect(await counts()).toEqual(before);
    }, 60_000);

    it('records the user’s name as decidedBy by default, and the given decidedBy otherwise', async () => {
      const byUser = await run(person, newPacket(clean));
      expect(byUser.json().run).toMatchObject({ decidedBy: 'Originator Colleague', authenticatedAs: expect.stringMatching(/^user:/) });
      const named = await run(key, newPacket(clean, [{ name: 'decidedBy', value: 'Jo Underwriter' }]));
      expect(named.json().run).toMatchObject({ decidedBy: 'Jo Underwriter', authenticatedAs: expect.stringMatching(/^apiKey:/) });
      await drainJobs(t.app);
    }, 60_000);

    it('covers only what no run has read when run again on the case with new files', async () => {
      const first = Application.parse((await run(key, newPacket(clean))).json());
      await drainJobs(t.app);
      const more = await textPdf([['Northbank plc', 'Current account statement', 'Account holder: Sarah Whitcombe', 'Statement period 1 May 2025 to 31 May 2025', 'Closing balance 3,010.50']]);
      const second = await run(key, [
        { name: 'applicationId', value: first.id },
        { name: 'files', filename: 'may.pdf', content: more },
      ]);
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().run).toMatchObject({ number: 2, state: 'previewing', progress: { pagesTotal: 1 } });
      await drainJobs(t.app);
      const after = await get(key, first.id);
      expect(after.run).toMatchObject({ number: 2, state: 'report' });
      expect(after.files.map((f) => f.readByRun)).toEqual([1, 2]);
      const docs = await t.app.db.query<{ run_n: number }>('SELECT run_n FROM application_documents WHERE application_id = $1 ORDER BY run_n', [first.id]);
      expect(docs.rows.map((r) => r.run_n)).toEqual([1, 1, 1, 1, 2]);
    }, 60_000);
  });

  describe('refusals before the case exists write nothing', () => {
    it('400: no files, no applicant, no list, a malformed id, both kinds of case, a file that is not a PDF', async () => {
      const pdf = clean;
      const cases: [string, FormPart[], RegExp][] = [
        ['no files', [{ name: 'applicant', value: 'A' }, { name: 'expectedDocList', value: 'tenancy-application' }], /files/],
        ['no applicant', [{ name: 'expectedDocList', value: 'tenancy-application' }, { name: 'files', filename: 'a.pdf', content: pdf }], /applicant/],
        ['no list', [{ name: 'applicant', value: 'A' }, { name: 'files', filename: 'a.pdf', content: pdf }], /expectedDocList/],
        ['bad list id', [{ name: 'applicant', value: 'A' }, { name: 'expectedDocList', value: 'Not An Id!' }, { name: 'files', filename: 'a.pdf', content: pdf }], /expectedDocList/],
        ['both', [{ name: 'applicant', value: 'A' }, { name: 'applicationId', value: 'app_x' }, { name: 'files', filename: 'a.pdf', content: pdf }], /not both/],
        ['not a PDF', newPacket(Buffer.from('<html>no</html>')), /"packet.pdf" is not a PDF/],
        ['unknown field', [...newPacket(pdf), { name: 'colour', value: 'red' }], /colour/],
      ];
      const before = await counts();
      for (const [what, parts, message] of cases) {
        const res = await run(key, parts);
        expect(res.statusCode, what).toBe(400);
        expect(res.json().error, what).toMatch(message);
      }
      expect(await counts()).toEqual(before);
    });

    it('400 names every refused file of the call, each with why (refusedFiles), and keeps none', async () => {
      const parts: FormPart[] = [
        { name: 'applicant', value: 'Refused Twice' },
        { name: 'expectedDocList', value: 'tenancy-application' },
        { name: 'files', filename: 'packet.pdf', content: clean },
        { name: 'files', filename: 'notes.txt', content: 'no PDF header at all' },
        { name: 'files', filename: 'photo.jpg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]) },
      ];
      const before = await counts();
      const res = await run(manager, parts);
      expect(res.statusCode, res.body).toBe(400);
      const body = GateRefused.parse(res.json());
      expect(body.refusedFiles?.map((f) => f.name)).toEqual(['notes.txt', 'photo.jpg']);
      expect(body.refusedFiles?.every((f) => /PDF/.test(f.reason))).toBe(true);
      expect(body.error).toMatch(/notes\.txt.*photo\.jpg/s);
      expect(await counts()).toEqual(before);
    });

    it('404: unknown workflow, version, list or application, and another organization’s', async () => {
      const theirs = Application.parse((await post(other, '/api/applications', { expectedDocListId: 'tenancy-application', applicantName: 'X' })).json());
      const ownWorkflow = (await post(other, '/api/workflows', { name: 'Their flow' })).json().id;
      const before = await counts();
      const cases: [string, FormPart[], string][] = [
        ['workflow', newPacket(clean), '/api/workflows/no-such-flow/runs'],
        ['their workflow', newPacket(clean), `/api/workflows/${ownWorkflow}/runs`],
        ['version', newPacket(clean), `${RUN}?version=9`],
        ['list', [{ name: 'applicant', value: 'A' }, { name: 'expectedDocList', value: 'no-such-list' }, { name: 'files', filename: 'a.pdf', content: clean }], RUN],
        ['list version', [{ name: 'applicant', value: 'A' }, { name: 'expectedDocList', value: 'tenancy-application/4' }, { name: 'files', filename: 'a.pdf', content: clean }], RUN],
        ['application', [{ name: 'applicationId', value: 'app_nosuchcase' }, { name: 'files', filename: 'a.pdf', content: clean }], RUN],
        ['their application', [{ name: 'applicationId', value: theirs.id }, { name: 'files', filename: 'a.pdf', content: clean }], RUN],
      ];
      for (const [what, parts, url] of cases) {
        const res = await run(key, parts, url);
        expect(res.statusCode, what).toBe(404);
        expect(GateRefused.parse(res.json()).applicationId, what).toBeUndefined();
      }
      expect(await counts()).toEqual(before);
    });

    it('409: a draft version pinned, or no active version', async () => {
      const draft = await post(manager, '/api/workflows/standard-intake/1/new-version');
      expect(draft.statusCode, draft.body).toBe(201);
      const fresh = (await post(manager, '/api/workflows', { name: 'Never activated' })).json().id;
      const before = await counts();
      const pinned = await run(key, newPacket(clean), `${RUN}?version=2`);
      expect(pinned.statusCode).toBe(409);
      expect(pinned.json().error).toMatch(/draft/);
      const inactive = await run(key, newPacket(clean), `/api/workflows/${fresh}/runs`);
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().error).toMatch(/no active version/);
      expect(await counts()).toEqual(before);
    });

    it('413: 26 files, naming the limit', async () => {
      const before = await counts();
      const parts: FormPart[] = [
        { name: 'applicant', value: 'A' },
        { name: 'expectedDocList', value: 'tenancy-application' },
        ...Array.from({ length: 26 }, (_, i) => ({ name: 'files', filename: `f${i + 1}.pdf`, content: clean })),
      ];
      const res = await run(key, parts);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatch(/At most 25 files/);
      expect(await counts()).toEqual(before);
    });

    it('401 without credentials, 415 without multipart', async () => {
      expect((await t.app.inject({ method: 'POST', url: RUN })).statusCode).toBe(401);
      expect((await post(key, RUN, { applicant: 'A' })).statusCode).toBe(415);
    });
  });

  describe('the gate', () => {
    it('403 emailRequired for an instant account: the case exists and waits at the gate with its files', async () => {
      const signup = await t.app.inject({ method: 'POST', url: '/api/signup' });
      const cookie = signup.cookies.find((c) => c.name === 'portal_session')!;
      const instant: Session = { headers: { cookie: `portal_session=${cookie.value}` }, organizationId: signup.json().organizationId };
      const res = await run(instant, newPacket(clean));
      expect(res.statusCode).toBe(403);
      const body = GateRefused.parse(res.json());
      expect(body).toMatchObject({ emailRequired: true, applicationId: expect.any(String) });
      const held = await get(instant, body.applicationId!);
      expect(held.run).toMatchObject({ state: 'gated', gateReason: 'emailRequired', number: 1 });
      expect(held.files).toHaveLength(1);
      expect(await actions(instant, held.id)).toEqual(['application.created', 'file.received', 'gate.refused']);
    });

    it('409 with flags for a low-DPI scan: the case waits with its files, and a person bypasses it', async () => {
      const res = await run(key, newPacket(lowDpi));
      expect(res.statusCode, res.body).toBe(409);
      const body = GateRefused.parse(res.json());
      expect(body.flags).toEqual([expect.objectContaining({ page: 2, code: 'low_dpi', note: expect.any(String) })]);
      expect(body.error).toMatch(/bypassed/);
      const held = await get(key, body.applicationId!);
      expect(held.run).toMatchObject({ state: 'gated', gateReason: 'flags', flags: body.flags, number: 1 });
      expect(body.flags![0]!.fileId).toBe(held.files[0]!.id);
      expect(await actions(key, held.id)).toEqual(['application.created', 'file.received', 'gate.refused']);

      // Never on the caller's behalf: an API key cannot bypass; a run sent again is held again.
      expect((await post(key, `/api/applications/${held.id}/run/bypass`)).statusCode).toBe(403);
      const again = await run(key, [{ name: 'applicationId', value: held.id }]);
      expect(again.statusCode).toBe(409);
      expect(again.json().flags).toHaveLength(1);

      const bypass = await post(person, `/api/applications/${held.id}/run/bypass`, { decidedBy: 'Pat Reviewer' });
      expect(bypass.statusCode, bypass.body).toBe(200);
      expect(bypass.json().run).toMatchObject({ state: 'previewing', decidedBy: 'Pat Reviewer', authenticatedAs: expect.stringMatching(/^user:/), flags: [] });
      expect((await post(person, `/api/applications/${held.id}/run/bypass`)).statusCode).toBe(409);
      await drainJobs(t.app);
      const done = await get(key, held.id);
      expect(done.run.state).toBe('report');
      const trail = await actions(key, held.id);
      expect(trail.slice(0, 6)).toEqual(['application.created', 'file.received', 'gate.refused', 'gate.refused', 'gate.bypassed', 'run.started']);
      expect(trail.at(-1)).toBe('run.reported');
    }, 120_000);

    it('409 with a duplicate_page flag for a packet that repeats a page', async () => {
      const res = await run(key, newPacket(await duplicatePagePacket()));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().flags).toEqual([expect.objectContaining({ page: 3, code: 'duplicate_page' })]);
    });

    it('removes a file no run has read, and refuses to remove one a run has read', async () => {
      const res = await run(key, newPacket(lowDpi));
      const id = res.json().applicationId;
      const added = await run(key, [
        { name: 'applicationId', value: id },
        { name: 'files', filename: 'clean.pdf', content: clean },
      ]);
      expect(added.statusCode).toBe(409);
      const held = await get(key, id);
      const [scan, text] = held.files;
      expect(held.run.flags.map((f) => f.fileId)).toEqual([scan!.id]);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/applications/${id}/files/${scan!.id}`, headers: other.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/applications/${id}/files/fil_nosuchfile`, headers: person.headers })).statusCode).toBe(404);
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/applications/${id}/files/${scan!.id}?decidedBy=Pat`, headers: person.headers });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().files.map((f: { id: string }) => f.id)).toEqual([text!.id]);
      expect(removed.json().run).toMatchObject({ state: 'gated', flags: [], gateReason: null });
      // Nothing holds the case now: a run reads what is left.
      const go = await run(key, [{ name: 'applicationId', value: id }]);
      expect(go.statusCode, go.body).toBe(201);
      await drainJobs(t.app);
      const read = await t.app.inject({ method: 'DELETE', url: `/api/applications/${id}/files/${text!.id}`, headers: person.headers });
      expect(read.statusCode).toBe(409);
      expect(read.json().error).toMatch(/was read by run/);
      expect((await actions(key, id)).filter((a) => a === 'file.removed')).toHaveLength(1);
    }, 120_000);
  });

  describe('cancel', () => {
    it('refuses during the preview, stops a paid run in flight, and 409 when nothing is in flight', async () => {
      const created = Application.parse((await run(key, newPacket(clean))).json());
      const url = `/api/applications/${created.id}/run/cancel`;
      const preview = await post(key, url);
      expect(preview.statusCode).toBe(409);
      expect(preview.json().error).toMatch(/preview cannot be stopped/);
      expect((await post(other, url)).statusCode).toBe(404);
      await step(key, created.id);
      expect((await get(key, created.id)).run.state).toBe('inventory');
      await step(key, created.id);
      expect((await get(key, created.id)).run.state).toBe('running');
      const cancelled = await post(key, url);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().run).toMatchObject({ state: 'gated', gateReason: 'cancelled', lastRunError: expect.stringMatching(/Cancelled by Loan system during running/) });
      // The stage queued before the cancel finds the run moved on and does nothing.
      await drainJobs(t.app);
      const after = await get(key, created.id);
      expect(after.run.state).toBe('gated');
      expect(after.files[0]!.readByRun).toBeNull();
      expect((await t.app.db.query('SELECT 1 FROM application_documents WHERE application_id = $1', [created.id])).rows).toEqual([]);
      expect((await post(key, url)).statusCode).toBe(409);
      expect((await actions(key, created.id)).at(-1)).toBe('run.cancelled');
      // The files a cancelled run covered are read by the next run.
      expect((await run(key, [{ name: 'applicationId', value: created.id }])).statusCode).toBe(201);
      await drainJobs(t.app);
      expect((await get(key, created.id)).run).toMatchObject({ state: 'report', number: 2 });
    }, 60_000);

    it('409 for a second run while one is in flight, writing nothing', async () => {
      const created = Application.parse((await run(key, newPacket(clean))).json());
      const before = await counts();
      const second = await run(key, [
        { name: 'applicationId', value: created.id },
        { name: 'files', filename: 'more.pdf', content: await textPdf([['more']]) },
      ]);
      expect(second.statusCode).toBe(409);
      expect(second.json().error).toMatch(/in flight/);
      expect(await counts()).toEqual(before);
      await drainJobs(t.app);
    }, 60_000);
  });

  describe('the analyzer failing', () => {
    const wrap = (patch: Partial<AnalyzerPort>) => {
      const real = t.api.runs.analyzer;
      t.api.runs.useAnalyzer({ ...real, ...patch, close: real.close });
      return () => t.api.runs.useAnalyzer(real);
    };

    it('shows how far the gate is while the run call checks the files, and clears it as the run starts', async () => {
      // The second file's pre-flight waits until the test has looked at the case.
      const real = t.api.runs.analyzer;
      let calls = 0;
      let seen: (() => void) | undefined;
      const looked = new Promise<void>((resolve) => (seen = resolve));
      let reached: (() => void) | undefined;
      const second = new Promise<void>((resolve) => (reached = resolve));
      const restore = wrap({
        preflight: async (bytes, o) => {
          if (++calls === 2) {
            reached!();
            await looked;
          }
          return real.preflight(bytes, o);
        },
      });
      try {
        const answer = run(key, [...newPacket(clean), { name: 'files', filename: 'second.pdf', content: await textPdf([['A second file']]) }]);
        await second;
        const listed = (await t.app.inject({ method: 'GET', url: '/api/applications', headers: key.headers })).json() as Application[];
        const checking = listed.find((a) => a.run.preflight !== undefined)!;
        expect(checking.run).toMatchObject({
          state: 'gated',
          number: null,
          preflight: { step: 'preflight', fileName: 'second.pdf', filesDone: 1, filesTotal: 2, pagesDone: 4, pagesTotal: 5 },
        });
        expect((await get(key, checking.id)).run.preflight).toMatchObject({ filesDone: 1, fileName: 'second.pdf' });
        seen!();
        const res = await answer;
        expect(res.statusCode, res.body).toBe(201);
        const started = Application.parse(res.json());
        expect(started.id).toBe(checking.id);
        expect(started.run.state).toBe('previewing');
        expect(started.run.preflight).toBeUndefined();
        // A check left by a server that stopped is cleared by the recovery job.
        await t.app.db.query(`UPDATE applications SET preflight = $2::jsonb WHERE id = $1`, [checking.id, JSON.stringify({ ...checking.run.preflight, updatedAt: '2026-01-01T00:00:00.000Z' })]);
        expect((await get(key, checking.id)).run.preflight).toBeDefined();
        await t.api.runs.engine.recover();
        expect((await get(key, checking.id)).run.preflight).toBeUndefined();
      } finally {
        seen?.();
        restore();
        await drainJobs(t.app);
      }
    }, 60_000);

    it('502 when it cannot be reached: the case waits at the gate with its files and applicationId', async () => {
      const restore = wrap({ preflight: async () => Promise.reject(new AnalyzerUnavailableError('connection refused')) });
      try {
        const res = await run(key, newPacket(clean));
        expect(res.statusCode).toBe(502);
        const body = GateRefused.parse(res.json());
        const held = await get(key, body.applicationId!);
        expect(held.run).toMatchObject({ state: 'gated', gateReason: 'analyzerUnreachable', lastRunError: expect.stringMatching(/connection refused/) });
        expect(held.files).toHaveLength(1);
      } finally {
        restore();
      }
    });

    it('a stage past its time limit lands the case at the gate with lastRunError', async () => {
      // The low-DPI packet has a scan, which parse reads (here: never answers).
      const held = (await run(key, newPacket(lowDpi))).json().applicationId;
      expect((await post(person, `/api/applications/${held}/run/bypass`)).statusCode).toBe(200);
      const restore = wrap({ parse: (_bytes, o) => new Promise((_, reject) => o.signal?.addEventListener('abort', () => reject(new Error('aborted')))) });
      t.api.runs.setLimits({ stageTimeoutMs: 300 });
      try {
        await drainJobs(t.app);
        const after = await get(key, held);
        expect(after.run).toMatchObject({ state: 'gated', gateReason: 'failed', lastRunError: expect.stringMatching(/inventory stage did not finish within .* went silent/) });
        expect((await actions(key, held)).at(-1)).toBe('run.failed');
      } finally {
        restore();
        t.api.runs.setLimits({ stageTimeoutMs: 20 * 60_000 });
      }
    }, 60_000);

    it('a stage that fails lands the case at the gate saying why', async () => {
      const created = Application.parse((await run(key, newPacket(clean))).json());
      const restore = wrap({
        extract: () => {
          throw new Error('the extractor broke');
        },
      });
      try {
        await drainJobs(t.app);
        const after = await get(key, created.id);
        expect(after.run).toMatchObject({ state: 'gated', gateReason: 'failed', lastRunError: expect.stringMatching(/running stage failed: the extractor broke/) });
        expect(after.files[0]!.readByRun).toBeNull();
      } finally {
        restore();
      }
    }, 60_000);
  });

  describe('after a server stops', () => {
    it('returns a run no job will move on to the gate, saying why', async () => {
      const created = Application.parse((await run(key, newPacket(clean))).json());
      // Every attempt's worker died: the queue gave the stage up.
      await t.app.db.query(`UPDATE jobs SET status = 'failed' WHERE kind = 'run.stage' AND payload->>'applicationId' = $1`, [created.id]);
      expect(await t.api.runs.engine.recover()).toBe(1);
      const after = await get(key, created.id);
      expect(after.run).toMatchObject({ state: 'gated', gateReason: 'interrupted', lastRunError: expect.stringMatching(/server stopped while the run was in previewing/) });
      expect((await actions(key, created.id)).at(-1)).toBe('run.failed');
      expect(await t.api.runs.engine.recover()).toBe(0);
    });

    it('takes a stage up again when its worker lost the lease, and says so in the ledger', async () => {
      const created = Application.parse((await run(key, newPacket(clean))).json());
      // A worker claimed the stage and died: its lease runs out.
      await t.app.db.query(
        `UPDATE jobs SET status = 'running', attempts = 1, locked_by = 'dead-worker', lease_until = now() - interval '1 second'
          WHERE kind = 'run.stage' AND payload->>'applicationId' = $1`,
        [created.id],
      );
      await drainJobs(t.app);
      expect((await get(key, created.id)).run.state).toBe('report');
      expect(await actions(key, created.id)).toContain('run.resumed');
    }, 60_000);
  });

  it('does not hold consecutive scans of one template as duplicates: their text tells them apart', async () => {
    const months = ['March', 'April'];
    const scans = await Promise.all(
      months.map((m, i) => scanPage(A4, 200, payslipLines({ period: `${m} 2025`, paid: `28 ${m} 2025`, gross: '3,250.00', tax: '412.40', net: '2,568.20', ytd: `${(i + 1) * 3250}.00` }), 21 + i)),
    );
    const res = await run(key, newPacket(await makePdf(scans)));
    expect(res.statusCode, res.body).toBe(201);
    // Read by OCR at the gate, so inventory has nothing left to read.
    await drainJobs(t.app);
    const after = await get(key, res.json().id);
    expect(after.run.state).toBe('report');
  }, 120_000);

  it('gives each guest sandbox the sample case, already at its report with documents to review', async () => {
    const guest = (await t.app.inject({ method: 'POST', url: '/api/guest' })).json();
    const g: Session = { headers: { authorization: `Bearer ${guest.key}` }, organizationId: guest.organizationId };
    const cases = (await t.app.inject({ method: 'GET', url: '/api/applications', headers: g.headers })).json();
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ sample: true, applicantName: 'Sarah Whitcombe', run: { state: 'report', number: 1 }, fileCount: 1, pageCount: 6, docsTotal: 7 });
    expect(cases[0].docsFiled).toBeGreaterThanOrEqual(1);
    const docs = await t.app.db.query<{ doc_type: string; expected_doc_id: string | null }>('SELECT doc_type, expected_doc_id FROM application_documents WHERE application_id = $1 ORDER BY first_page', [cases[0].id]);
    expect(docs.rows.filter((d) => d.expected_doc_id === 'payslips')).toHaveLength(3);
    // The bill is a document of the kind the list's proof-of-address line asks for.
    expect(docs.rows).toContainEqual({ doc_type: 'utility-bill', expected_doc_id: 'proof-of-address' });
    expect(docs.rows.length).toBeGreaterThanOrEqual(5);
    expect((await t.app.inject({ method: 'GET', url: `/api/applications/${cases[0].id}/events/verify`, headers: g.headers })).json().ok).toBe(true);
    expect((await actions(g, cases[0].id)).at(-1)).toBe('run.reported');
    // Its pages are not the guest's uploads: the whole quota is left.
    const fifty = await textPdf(Array.from({ length: 50 }, (_, i) => [`Page ${i + 1}`]));
    const upload = form([{ name: 'files', filename: 'fifty.pdf', content: fifty }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/applications/${cases[0].id}/files`, headers: { ...g.headers, ...upload.headers }, payload: upload.payload });
    expect(res.statusCode, res.body).toBe(201);
    // Other organizations get none.
    const fresh = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/applications', headers: fresh.headers })).json()).toEqual([]);
  });

  it('answers 404 for another organization’s case on every run operation', async () => {
    const created = Application.parse((await run(key, newPacket(clean))).json());
    expect((await post(other, `/api/applications/${created.id}/run/cancel`)).statusCode).toBe(404);
    expect((await post(other, `/api/applications/${created.id}/run/bypass`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/applications/${created.id}/files/${created.files[0]!.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await run(other, [{ name: 'applicationId', value: created.id }])).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/applications/${created.id}/events`, headers: other.headers })).statusCode).toBe(404);
    await drainJobs(t.app);
  }, 60_000);
});
