import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseExpectedDocs, type Application, type ApplicationListing } from '@portal/shared';
import { addColleague, apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { cleanPacket, form } from './applications-helpers.js';
import { documentsDriver, passportPdf } from './documents-helpers.js';

/**
 * Spec tag `sets` ("set expected documents"): what a case is checked against. Another list or
 * version, lines waived, added and cleared by hand for one case, with their ledger rows, and
 * their effect on the documents list and on completeness (the case listing's counts, the
 * completeness view, the run's own report).
 */
describe(`set expected documents on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let originator: Session;
  let key: Session;
  let other: Session;
  let flow: string;
  let packet: Uint8Array;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    originator = await addColleague(t.app, manager, 'Originator');
    key = await apiKeySession(t.app, manager, 'Lettings system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    flow = await d.workflow(manager, 'Follow splits', true);
    packet = await cleanPacket();
  }, 60_000);
  afterAll(() => t?.close());

  const expected = async (s: Session, id: string): Promise<CaseExpectedDocs> => {
    const res = await d.inject(s, 'GET', `/api/applications/${id}/expected-docs`);
    expect(res.statusCode, res.body).toBe(200);
    return CaseExpectedDocs.parse(res.json());
  };
  const setLine = (s: Session, id: string, line: string, body: unknown) => d.inject(s, 'PUT', `/api/applications/${id}/expected-docs/${line}`, body);
  const clearLine = (s: Session, id: string, line: string) => t.app.inject({ method: 'DELETE', url: `/api/applications/${id}/expected-docs/${line}`, headers: s.headers });
  const setList = (s: Session, id: string, body: unknown) => d.inject(s, 'PUT', `/api/applications/${id}/expected-doc-list`, body);
  const listing = async (s: Session, id: string): Promise<ApplicationListing> => (await d.inject(s, 'GET', '/api/applications')).json().find((c: { id: string }) => c.id === id);
  const line = (docs: CaseExpectedDocs, id: string) => docs.completeness.lines.find((l) => l.expectedDocId === id)!;

  /** A case with the clean packet filed: three payslips against `payslips`, one statement against `bank-statements`. */
  const filedCase = () => d.run(manager, flow, d.newCase('Sarah Whitcombe', [{ name: 'packet.pdf', content: packet }]));

  it('waives a line, adds one, and clears them: completeness, the case listing and the ledger follow', async () => {
    const app = await filedCase();
    const start = await expected(originator, app.id);
    expect(start.expectedDocList).toMatchObject({ id: 'tenancy-application', source: 'official' });
    expect(start.expectedDocs.map((l) => [l.id, l.origin, l.override])).toEqual([
      ['photo-id', 'list', null],
      ['proof-of-address', 'list', null],
      ['current-tenancy', 'list', null],
      ['payslips', 'list', null],
      ['employment-letter', 'list', null],
      ['bank-statements', 'list', null],
      ['landlord-reference', 'list', null],
    ]);
    expect(start.completeness).toMatchObject({ satisfied: 1, total: 7 });
    expect(line(start, 'bank-statements')).toMatchObject({ have: 1, need: 3, missing: true, waived: false });
    expect(await listing(manager, app.id)).toMatchObject({ docsFiled: 1, docsTotal: 7 });

    // Waived: the line counts in neither the satisfied lines nor the total, and is not missing.
    const waived = await setLine(manager, app.id, 'bank-statements', { kind: 'waived', reason: 'Paid in cash: the landlord reference covers it' });
    expect(waived.statusCode, waived.body).toBe(200);
    const afterWaive = CaseExpectedDocs.parse(waived.json());
    expect(afterWaive.completeness).toMatchObject({ satisfied: 1, total: 6 });
    expect(line(afterWaive, 'bank-statements')).toMatchObject({ have: 1, missing: false, waived: true, origin: 'list' });
    expect(afterWaive.expectedDocs.find((l) => l.id === 'bank-statements')!.override).toMatchObject({
      kind: 'waived',
      reason: 'Paid in cash: the landlord reference covers it',
      decidedBy: manager.user!.name,
      authenticatedAs: expect.stringMatching(/^user:/),
    });
    expect(await listing(manager, app.id)).toMatchObject({ docsFiled: 1, docsTotal: 6 });
    // The case resource (and so its replicated copy) carries the case's lines.
    const read = (await d.get(manager, app.id)) as Application;
    expect(read.expectedDocs.find((l) => l.id === 'bank-statements')?.override?.kind).toBe('waived');
    // The same again changes nothing and records nothing.
    const rows = (await d.events(manager, app.id)).length;
    expect((await setLine(manager, app.id, 'bank-statements', { kind: 'waived', reason: 'Paid in cash: the landlord reference covers it' })).statusCode).toBe(200);
    expect((await d.events(manager, app.id)).length).toBe(rows);

    // Added: a line of this case alone, filed against like a list line.
    const added = await setLine(manager, app.id, 'guarantor-statement', { kind: 'added', docType: 'bank-statement', name: 'Guarantor’s bank statement', reason: 'A guarantor stands in for the missing income' });
    expect(added.statusCode, added.body).toBe(200);
    const afterAdd = CaseExpectedDocs.parse(added.json());
    expect(afterAdd.expectedDocs.at(-1)).toMatchObject({ id: 'guarantor-statement', docType: 'bank-statement', origin: 'case', requirement: 'required', minCount: 1, maxCount: null, override: { kind: 'added' } });
    expect(afterAdd.completeness).toMatchObject({ satisfied: 1, total: 7 });
    expect(line(afterAdd, 'guarantor-statement')).toMatchObject({ have: 0, missing: true, origin: 'case' });

    const docs = await d.documents(manager, app.id);
    const statement = docs.find((e) => e.expectedDocId === 'bank-statements')!;
    const approved = await d.decide(originator, app.id, statement.address, 'approve', { expectedDocId: 'guarantor-statement' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await listing(manager, app.id)).toMatchObject({ docsFiled: 2, docsTotal: 7 });

    // Cleared: the added line is gone; the document filed against it is listed unmatched, waiting for a person.
    const cleared = await clearLine(manager, app.id, 'guarantor-statement');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(CaseExpectedDocs.parse(cleared.json()).completeness).toMatchObject({ satisfied: 1, total: 6, unmatched: [statement.address] });
    const orphan = (await d.documents(manager, app.id)).find((e) => e.address === statement.address)!;
    expect(orphan.expectedDocId).toBeUndefined();
    expect(orphan.settled).toBe(false);
    expect(orphan.approval).toMatchObject({ outcome: 'approved', expectedDocId: 'guarantor-statement' });
    expect(orphan.document.findings).toContainEqual(expect.objectContaining({ check: 'expected-docs', code: 'line_removed' }));
    // Re-filing it: undo the approval, then approve it against a line of the case.
    const undo = await d.inject(manager, 'POST', `/api/applications/${app.id}/decisions/${orphan.approval!.decisionId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await d.documents(manager, app.id)).find((e) => e.address === statement.address)?.expectedDocId).toBe('bank-statements');

    // Cleared again: the waived line counts again.
    expect((await clearLine(manager, app.id, 'bank-statements')).statusCode).toBe(200);
    expect((await expected(manager, app.id)).completeness).toMatchObject({ satisfied: 1, total: 7 });
    expect((await clearLine(manager, app.id, 'bank-statements')).statusCode).toBe(404);

    const events = await d.events(manager, app.id);
    const of = (action: string) => events.filter((e) => e.action === action);
    expect(of('line.waived')).toEqual([
      expect.objectContaining({ target: 'line:bank-statements', detail: expect.objectContaining({ reason: 'Paid in cash: the landlord reference covers it', decidedBy: manager.user!.name }) }),
    ]);
    expect(of('line.added')[0]).toMatchObject({ target: 'line:guarantor-statement', detail: { docType: 'bank-statement', minCount: 1, maxCount: null } });
    expect(of('line.cleared').map((e) => [e.target, e.detail.kind, e.detail.unmatched])).toEqual([
      ['line:guarantor-statement', 'added', [statement.address]],
      ['line:bank-statements', 'waived', undefined],
    ]);
    expect(of('case.completeness').filter((e) => e.detail.because).map((e) => [e.detail.because, e.detail.satisfied, e.detail.total])).toEqual([
      ['line.waived', 1, 6],
      ['line.added', 1, 7],
      ['line.cleared', 1, 6],
      ['line.cleared', 1, 7],
    ]);
  }, 90_000);

  it('files a run’s documents against a line added for the case, and leaves a waived line out of the run’s report', async () => {
    const created = await d.inject(manager, 'POST', '/api/applications', { expectedDocListId: 'tenancy-application', applicantName: 'Niamh Holloway' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await setLine(manager, id, 'guarantor-passport', { kind: 'added', docType: 'passport', reason: 'The guarantor’s identity' })).statusCode).toBe(200);
    expect((await setLine(manager, id, 'landlord-reference', { kind: 'waived', reason: 'First tenancy: no landlord yet' })).statusCode).toBe(200);
    const upload = form([{ name: 'files', filename: 'passport.pdf', content: await passportPdf(new Date(Date.UTC(2031, 6, 1))) }]);
    const sent = await t.app.inject({ method: 'POST', url: `/api/applications/${id}/files`, headers: { ...manager.headers, ...upload.headers }, payload: upload.payload });
    expect(sent.statusCode, sent.body).toBe(201);
    await d.run(manager, flow, [{ name: 'applicationId', value: id }]);
    const docs = await d.documents(manager, id);
    expect(docs.map((e) => [e.document.docType, e.expectedDocId])).toEqual([['passport', 'guarantor-passport']]);
    const report = (await d.events(manager, id)).filter((e) => e.action === 'case.completeness' && !e.detail.because).at(-1)!;
    expect(report.detail).toMatchObject({ total: 7 });
    const missing = (report.detail.missing as { expectedDocId: string }[]).map((m) => m.expectedDocId);
    expect(missing).not.toContain('landlord-reference');
    expect(missing).not.toContain('guarantor-passport');
    expect(await listing(manager, id)).toMatchObject({ docsFiled: 1, docsTotal: 7 });
  }, 90_000);

  it('checks a case against another list: filings against lines it lacks are listed unmatched, overrides that no longer apply are dropped', async () => {
    const app = await filedCase();
    expect((await setLine(manager, app.id, 'bank-statements', { kind: 'waived', reason: 'Cash income' })).statusCode).toBe(200);
    expect((await setLine(manager, app.id, 'registration', { kind: 'added', docType: 'company-registration-certificate', reason: 'Renting through a company' })).statusCode).toBe(200);
    const before = await d.documents(manager, app.id);
    const payslips = before.filter((e) => e.expectedDocId === 'payslips').map((e) => e.address);
    expect(payslips).toHaveLength(3);

    const res = await setList(manager, app.id, { expectedDocListId: 'business-account-onboarding', reason: 'The tenant is a company', decidedBy: 'Dana at the desk' });
    expect(res.statusCode, res.body).toBe(200);
    const now = CaseExpectedDocs.parse(res.json());
    expect(now.expectedDocList).toMatchObject({ id: 'business-account-onboarding', version: 1, source: 'official' });
    expect(now.expectedDocs.every((l) => l.origin === 'list' && l.override === null)).toBe(true);
    expect(now.expectedDocs.map((l) => l.id)).toContain('registration');
    expect(now.completeness.satisfied).toBe(0);
    expect(now.completeness.unmatched).toEqual(expect.arrayContaining([...payslips, before.find((e) => e.expectedDocId === 'bank-statements')!.address]));

    const docs = await d.documents(manager, app.id);
    for (const address of payslips) {
      const e = docs.find((x) => x.address === address)!;
      expect(e.expectedDocId).toBeUndefined();
      expect(e.settled).toBe(false);
      expect(e.document.findings).toContainEqual(expect.objectContaining({ check: 'expected-docs', code: 'line_removed' }));
    }
    const read = await d.get(manager, app.id);
    expect(read.expectedDocList).toMatchObject({ id: 'business-account-onboarding', lineCount: now.expectedDocs.length });
    expect(await listing(manager, app.id)).toMatchObject({ docsFiled: 0, docsTotal: now.completeness.total });

    const changed = (await d.events(manager, app.id)).filter((e) => e.action === 'list.changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      target: `application:${app.id}`,
      detail: {
        from: { id: 'tenancy-application', version: 1, source: 'official' },
        to: { id: 'business-account-onboarding', version: 1, source: 'official' },
        reason: 'The tenant is a company',
        decidedBy: 'Dana at the desk',
        overridesDropped: [
          { kind: 'waived', expectedDocId: 'bank-statements' },
          { kind: 'added', expectedDocId: 'registration' },
        ],
      },
    });
    expect((changed[0]!.detail.unmatched as string[]).sort()).toEqual([...payslips, before.find((e) => e.expectedDocId === 'bank-statements')!.address].sort());

    // A person files one of them against a line of the new list.
    const refiled = await d.decide(manager, app.id, payslips[0]!, 'approve', { expectedDocId: 'trading-invoices' });
    expect(refiled.statusCode, refiled.body).toBe(200);
    expect((await d.documents(manager, app.id)).find((e) => e.address === payslips[0])).toMatchObject({ expectedDocId: 'trading-invoices', settled: true });

    // The same version again changes nothing and records nothing; the old list back files them again.
    const rows = (await d.events(manager, app.id)).length;
    expect((await setList(manager, app.id, { expectedDocListId: 'business-account-onboarding/1' })).statusCode).toBe(200);
    expect((await d.events(manager, app.id)).length).toBe(rows);
    expect((await setList(manager, app.id, { expectedDocListId: 'tenancy-application' })).statusCode).toBe(200);
    const back = await d.documents(manager, app.id);
    expect(back.filter((e) => e.expectedDocId === 'payslips')).toHaveLength(2);
  }, 90_000);

  it('refuses a list or version that does not exist, or that the organization cannot read, a catalogue, a draft; and while a run is in flight', async () => {
    const app = await filedCase();
    const own = await d.inject(other, 'POST', '/api/expected-doc-lists', { name: 'Their private list' });
    expect(own.statusCode, own.body).toBe(201);
    const mine = await d.inject(manager, 'POST', '/api/expected-doc-lists', { name: 'Draft checklist' });
    expect(mine.statusCode, mine.body).toBe(201);
    for (const [body, status, text] of [
      [{ expectedDocListId: 'no-such-list' }, 404, /no-such-list/],
      [{ expectedDocListId: 'their-private-list' }, 404, /their-private-list/],
      [{ expectedDocListId: 'tenancy-application/99' }, 404, /99/],
      [{ expectedDocListId: 'generic' }, 400, /catalogue/],
      [{ expectedDocListId: 'Not A Reference!' }, 400, /expectedDocList/],
      [{ expectedDocListId: 'draft-checklist/1' }, 409, /draft/],
      [{ expectedDocListId: 'draft-checklist' }, 409, /no active version/],
      [{ expectedDocListId: 'tenancy-application/1', version: 2 }, 400, /version/],
      [{}, 400, /expectedDocListId/],
      [{ expectedDocListId: 'tenancy-application', reason: '   ' }, 400, /reason/],
    ] as const) {
      const res = await setList(manager, app.id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().error).toMatch(text);
    }
    expect((await setList(manager, 'app_nope', { expectedDocListId: 'tenancy-application' })).statusCode).toBe(404);
    expect((await setList(other, app.id, { expectedDocListId: 'tenancy-application' })).statusCode).toBe(404);
    expect((await d.events(manager, app.id)).some((e) => e.action === 'list.changed')).toBe(false);

    // A run in flight files against the lines it started with: nothing changes under it.
    const more = form([{ name: 'applicationId', value: app.id }, { name: 'files', filename: 'more.pdf', content: await cleanPacket('Sarah J Whitcombe') }]);
    const started = await t.app.inject({ method: 'POST', url: `/api/workflows/${flow}/runs`, headers: { ...manager.headers, ...more.headers }, payload: more.payload });
    expect(started.statusCode, started.body).toBe(201);
    const busy = await setList(manager, app.id, { expectedDocListId: 'business-account-onboarding' });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().error).toMatch(/in flight/);
    expect((await setLine(manager, app.id, 'payslips', { kind: 'waived', reason: 'x' })).statusCode).toBe(409);
    await d.toReport(manager, app.id);
  }, 90_000);

  it('refuses bad lines, and leaves setting them to Managers', async () => {
    const app = await filedCase();
    for (const [lineId, body, status, text] of [
      ['no-such-line', { kind: 'waived', reason: 'x' }, 404, /not a line of tenancy-application/],
      ['payslips', { kind: 'added', docType: 'payslip', reason: 'x' }, 409, /already a line/],
      ['extra', { kind: 'added', docType: 'no-such-type', reason: 'x' }, 400, /docType/],
      ['extra', { kind: 'added', docType: 'blank-page', reason: 'x' }, 400, /docType/],
      ['extra', { kind: 'added', docType: 'passport', reason: 'x', minCount: 3, maxCount: 2 }, 400, /maxCount/],
      ['extra', { kind: 'added', docType: 'passport' }, 400, /reason/],
      ['payslips', { kind: 'waived', reason: '' }, 400, /reason/],
      ['payslips', { kind: 'struck', reason: 'x' }, 400, /kind/],
      ['bad id!', { kind: 'waived', reason: 'x' }, 400, /expectedDocId/],
    ] as const) {
      const res = await setLine(manager, app.id, encodeURIComponent(lineId), body);
      expect(res.statusCode, `${lineId} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().error).toMatch(text);
    }
    for (const s of [originator, key]) {
      expect((await setLine(s, app.id, 'payslips', { kind: 'waived', reason: 'x' })).statusCode).toBe(403);
      expect((await setList(s, app.id, { expectedDocListId: 'business-account-onboarding' })).statusCode).toBe(403);
      expect((await clearLine(s, app.id, 'payslips')).statusCode).toBe(403);
      expect((await d.inject(s, 'GET', `/api/applications/${app.id}/expected-docs`)).statusCode).toBe(200);
    }
    expect((await d.inject(other, 'GET', `/api/applications/${app.id}/expected-docs`)).statusCode).toBe(404);
    const matrix = (await d.inject(originator, 'GET', '/api/access-matrix')).json();
    expect(matrix.roles.find((r: { role: string }) => r.role === 'Originator').rights).not.toContain('expectedDocs.set');
    expect(matrix.roles.find((r: { role: string }) => r.role === 'Manager').rights).toContain('expectedDocs.set');
  }, 90_000);
});
