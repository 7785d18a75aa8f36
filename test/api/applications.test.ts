import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Application, ApplicationListing } from '@portal/shared';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import { brokenPdf, encryptedPdf, form, textPdf, type FormPart } from './applications-helpers.js';

describe(`cases and source files on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let other: Session;
  let pdf2: Uint8Array;
  let pdf3: Uint8Array;
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    key = await apiKeySession(t.app, manager, 'Loan system');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    pdf2 = await textPdf([['Page one of two'], ['Page two of two']]);
    pdf3 = await textPdf([['a'], ['b'], ['c']]);
  });
  afterAll(() => t?.close());

  const as = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });
  const upload = (s: Session, url: string, parts: FormPart[]) => {
    const body = form(parts);
    return t.app.inject({ method: 'POST', url, headers: { ...s.headers, ...body.headers }, payload: body.payload });
  };
  async function newCase(s: Session = manager, body: object = { expectedDocListId: 'tenancy-application', applicantName: 'Sarah Whitcombe' }) {
    const res = await as(s, 'POST', '/api/applications', body);
    expect(res.statusCode, res.body).toBe(201);
    return Application.parse(res.json());
  }
  const events = async (s: Session, id: string) => (await as(s, 'GET', `/api/applications/${id}/events`)).json() as { seq: number; action: string; actor: string; detail: Record<string, unknown> }[];
  const rowCount = async (table: string, where = 'true', params: unknown[] = []) =>
    (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)).rows[0]!.n;

  describe('POST /applications', () => {
    it('creates a case pinned to the active version, waiting at the gate, with its ledger row', async () => {
      const created = await newCase(key);
      expect(created).toMatchObject({
        applicantName: 'Sarah Whitcombe',
        expectedDocList: { id: 'tenancy-application', version: 1, name: 'Tenancy application', source: 'official', lineCount: 7 },
        run: { state: 'gated', kind: null, number: null, flags: [], progress: null },
        files: [],
        sample: false,
      });
      expect(created.run.lastRunError).toBeUndefined();
      expect(created.createdBy).toMatch(/^apiKey:/);
      const trail = await events(manager, created.id);
      expect(trail).toEqual([
        expect.objectContaining({
          seq: 1,
          action: 'application.created',
          actor: created.createdBy,
          detail: { applicantName: 'Sarah Whitcombe', expectedDocList: { id: 'tenancy-application', version: 1, name: 'Tenancy application', source: 'official' } },
        }),
      ]);
    });

    it('takes a version as id/N or as version, and refuses them disagreeing', async () => {
      expect((await newCase(manager, { expectedDocListId: 'tenancy-application/1', applicantName: 'A' })).expectedDocList.version).toBe(1);
      expect((await newCase(manager, { expectedDocListId: 'tenancy-application', version: 1, applicantName: 'A' })).expectedDocList.version).toBe(1);
      const res = await as(manager, 'POST', '/api/applications', { expectedDocListId: 'tenancy-application/1', version: 2, applicantName: 'A' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/version/);
    });

    it('pins to a superseded version when asked, and keeps the name the version was activated with', async () => {
      const list = await as(manager, 'POST', '/api/expected-doc-lists', { name: 'Guarantor pack' });
      expect(list.statusCode, list.body).toBe(201);
      const id = list.json().id;
      const v1 = (await as(manager, 'GET', `/api/expected-doc-lists/${id}/1`)).json();
      const save = await as(manager, 'PUT', `/api/expected-doc-lists/${id}/1`, { ...v1, sections: [{ name: 'Guarantor', lines: [{ docType: 'payslip' }] }] });
      expect(save.statusCode, save.body).toBe(200);
      // A draft still changes: no case is pinned to it, and a list with no active version has none to give.
      expect((await as(manager, 'POST', '/api/applications', { expectedDocListId: `${id}/1`, applicantName: 'A' })).statusCode).toBe(409);
      expect((await as(manager, 'POST', '/api/applications', { expectedDocListId: id, applicantName: 'A' })).statusCode).toBe(409);
      expect((await as(manager, 'POST', `/api/expected-doc-lists/${id}/1/activate`)).statusCode).toBe(200);
      const renamed = await as(manager, 'POST', `/api/expected-doc-lists/${id}/1/rename-as-new-version`, { name: 'Guarantor pack 2025' });
      expect(renamed.statusCode, renamed.body).toBe(201);
      expect((await as(manager, 'POST', `/api/expected-doc-lists/${id}/2/activate`)).statusCode).toBe(200);
      const onActive = await newCase(manager, { expectedDocListId: id, applicantName: 'A' });
      expect(onActive.expectedDocList).toMatchObject({ version: 2, name: 'Guarantor pack 2025', source: 'own', lineCount: 1 });
      const onOld = await newCase(manager, { expectedDocListId: `${id}/1`, applicantName: 'A' });
      expect(onOld.expectedDocList).toMatchObject({ version: 1, name: 'Guarantor pack' });
    });

    it('refuses, writing nothing: 400 malformed or a catalogue, 404 unknown list or version, another organization’s list', async () => {
      const before = await rowCount('applications');
      const ledger = await rowCount('ledger');
      const cases: [object, number, RegExp][] = [
        [{ expectedDocListId: 'Not An Id', applicantName: 'A' }, 400, /expectedDocList/],
        [{ expectedDocListId: 'generic', applicantName: 'A' }, 400, /catalogue/],
        [{ expectedDocListId: 'tenancy-application', applicantName: '  ' }, 400, /applicantName/],
        [{ applicantName: 'A' }, 400, /expectedDocListId/],
        [{ expectedDocListId: 'no-such-list', applicantName: 'A' }, 404, /no-such-list/],
        [{ expectedDocListId: 'tenancy-application/7', applicantName: 'A' }, 404, /7/],
      ];
      for (const [body, status, message] of cases) {
        const res = await as(manager, 'POST', '/api/applications', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(status);
        expect(res.json().error).toMatch(message);
      }
      const own = await as(other, 'POST', '/api/expected-doc-lists', { name: 'Private list' });
      expect((await as(manager, 'POST', '/api/applications', { expectedDocListId: own.json().id, applicantName: 'A' })).statusCode).toBe(404);
      expect(await rowCount('applications')).toBe(before);
      expect(await rowCount('ledger')).toBe(ledger);
      expect((await t.app.inject({ method: 'POST', url: '/api/applications', payload: { expectedDocListId: 'tenancy-application', applicantName: 'A' } })).statusCode).toBe(401);
    });
  });

  describe('GET /applications and /applications/{id}', () => {
    it('lists the caller’s cases newest first with docsFiled and docsTotal, never another organization’s', async () => {
      const first = await newCase(other, { expectedDocListId: 'mortgage-application', applicantName: 'First' });
      const second = await newCase(other, { expectedDocListId: 'tenancy-application', applicantName: 'Second' });
      const res = await as(other, 'GET', '/api/applications');
      expect(res.statusCode).toBe(200);
      const rows = res.json().map((r: unknown) => ApplicationListing.parse(r));
      expect(rows.map((r: { id: string }) => r.id)).toEqual([second.id, first.id]);
      expect(rows[0]).toMatchObject({ docsFiled: 0, docsTotal: 7, fileCount: 0, pageCount: 0, run: { state: 'gated' } });
      expect(rows[1]).toMatchObject({ docsTotal: 10 });
      const mine = (await as(manager, 'GET', '/api/applications')).json();
      expect(mine.some((r: { id: string }) => r.id === first.id)).toBe(false);
    });

    it('answers 404 for another organization’s case and an unknown id', async () => {
      const c = await newCase();
      expect((await as(other, 'GET', `/api/applications/${c.id}`)).statusCode).toBe(404);
      expect((await as(manager, 'GET', '/api/applications/app_nothinghere')).statusCode).toBe(404);
      expect((await as(key, 'GET', `/api/applications/${c.id}`)).statusCode).toBe(200);
    });

    it('tags a case with an ETag that changes when a file arrives', async () => {
      const c = await newCase();
      const first = await as(manager, 'GET', `/api/applications/${c.id}`);
      const etag = first.headers.etag as string;
      const again = await t.app.inject({ method: 'GET', url: `/api/applications/${c.id}`, headers: { ...manager.headers, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      const list = await as(manager, 'GET', '/api/applications');
      const listTag = list.headers.etag as string;
      expect((await upload(manager, `/api/applications/${c.id}/files`, [{ name: 'files', filename: 'a.pdf', content: pdf2 }])).statusCode).toBe(201);
      const after = await t.app.inject({ method: 'GET', url: `/api/applications/${c.id}`, headers: { ...manager.headers, 'if-none-match': etag } });
      expect(after.statusCode).toBe(200);
      expect(after.json().files).toHaveLength(1);
      const listAfter = await t.app.inject({ method: 'GET', url: '/api/applications', headers: { ...manager.headers, 'if-none-match': listTag } });
      expect(listAfter.statusCode).toBe(200);
    });
  });

  describe('POST /applications/{id}/files', () => {
    it('stores each file with its size, SHA-256, page count and declared line, and a ledger row each', async () => {
      const c = await newCase(key);
      const res = await upload(key, `/api/applications/${c.id}/files?expectedDocId=payslips`, [
        { name: 'files', filename: 'march.pdf', content: pdf2 },
        { name: 'files', filename: 'april.pdf', content: pdf3 },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const after = Application.parse(res.json());
      expect(after.files).toEqual([
        expect.objectContaining({ name: 'march.pdf', size: pdf2.length, pageCount: 2, expectedDocId: 'payslips', readByRun: null, receivedBy: c.createdBy }),
        expect.objectContaining({ name: 'april.pdf', size: pdf3.length, pageCount: 3, expectedDocId: 'payslips' }),
      ]);
      expect(after.files[0]!.sha256).toBe(createHash('sha256').update(pdf2).digest('hex'));
      expect(await t.app.blobs.has(after.files[1]!.sha256)).toBe(true);
      const trail = await events(key, c.id);
      expect(trail.map((e) => e.action)).toEqual(['file.received', 'file.received', 'application.created']);
      expect(trail[1]).toMatchObject({ detail: { name: 'march.pdf', pageCount: 2, sha256: after.files[0]!.sha256, expectedDocId: 'payslips' } });
      // Unsolicited files declare nothing.
      const more = await upload(key, `/api/applications/${c.id}/files`, [{ name: 'files', filename: 'misc.pdf', content: pdf2 }]);
      expect(more.json().files[2]).toMatchObject({ expectedDocId: null });
    });

    it('keeps nothing of a call with one bad file, and names it: not a PDF, encrypted, unreadable', async () => {
      const c = await newCase();
      const encrypted = encryptedPdf();
      const broken = brokenPdf();
      const fresh = await textPdf([['A file nobody uploaded before ' + Math.random()]]);
      const freshSha = createHash('sha256').update(fresh).digest('hex');
      const bad: [string, Uint8Array | string, RegExp][] = [
        ['notes.txt', 'just some text, no PDF header at all', /"notes.txt" is not a PDF/],
        ['photo.pdf', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(2000).fill(7)]), /"photo.pdf" is not a PDF/],
        ['locked.pdf', encrypted, /"locked.pdf".*password/],
        ['broken.pdf', broken, /"broken.pdf".*cannot be read/],
      ];
      for (const [filename, content, message] of bad) {
        const res = await upload(manager, `/api/applications/${c.id}/files`, [
          { name: 'files', filename: 'fine.pdf', content: fresh },
          { name: 'files', filename, content },
        ]);
        expect(res.statusCode, filename).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      const after = (await as(manager, 'GET', `/api/applications/${c.id}`)).json();
      expect(after.files).toEqual([]);
      expect((await events(manager, c.id)).map((e) => e.action)).toEqual(['application.created']);
      // The good file's bytes went to the store as they streamed, and were removed with the call.
      expect(await t.app.blobs.has(freshSha)).toBe(false);
      // Nor is a half-written temp file left behind.
      expect(readdirSync(join(t.config.dataDir, 'blobs', 'tmp'))).toEqual([]);
    });

    it('refuses a call with several bad files whole, naming every one with why, and reads the files after them', async () => {
      const c = await newCase();
      const fine = await textPdf([['A file of a refused call ' + Math.random()]]);
      const fineSha = createHash('sha256').update(fine).digest('hex');
      const res = await upload(manager, `/api/applications/${c.id}/files`, [
        { name: 'files', filename: 'payslip.pdf', content: fine },
        { name: 'files', filename: 'notes.txt', content: 'just some text, no PDF header at all' },
        { name: 'files', filename: 'statement.pdf', content: await textPdf([['Another fine one']]) },
        { name: 'files', filename: 'locked.pdf', content: encryptedPdf() },
      ]);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toMatch(/^The whole call was refused and nothing of it was kept: 2 of the 4 files cannot be accepted: "notes.txt" is not a PDF .*; "locked.pdf" cannot be accepted: .*password/);
      expect(body.error).toMatch(/Send the other files again without them\.$/);
      // This operation answers the spec's plain error shape: the message names every file; the run
      // call's 400 lists them in `refusedFiles` too (runs.test.ts).
      expect(Object.keys(body)).toEqual(['error']);
      expect((await as(manager, 'GET', `/api/applications/${c.id}`)).json().files).toEqual([]);
      expect(await t.app.blobs.has(fineSha)).toBe(false);
    });

    it('stores file names cleaned: controls and bidirectional formatting removed, bounded to 255 bytes with the extension kept', async () => {
      const c = await newCase();
      const pdf = await textPdf([['A page']]);
      const long = `${'Kontoauszug März '.repeat(20)}.pdf`;
      const res = await upload(manager, `/api/applications/${c.id}/files`, [
        { name: 'files', filename: 'bad\u0000name.pdf', content: pdf },
        { name: 'files', filename: 'invoice\u202efdp.exe\u0085\u007f', content: pdf },
        { name: 'files', filename: long, content: pdf },
        { name: 'files', filename: '\u2066\u2069', content: pdf },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const names = Application.parse(res.json()).files.map((f) => f.name);
      expect(names.slice(0, 2)).toEqual(['badname.pdf', 'invoicefdp.exe']);
      expect(Buffer.byteLength(names[2]!)).toBeLessThanOrEqual(255);
      expect(names[2]).toMatch(/^(Kontoauszug März )+Kontoauszug( M(ä(r(z)?)?)?)?\.pdf$/);
      expect(names[3]).toBe('document.pdf');
      // The ledger keeps the name as stored.
      const received = (await events(manager, c.id)).filter((e) => e.action === 'file.received').map((e) => e.detail.name);
      expect(received.sort()).toEqual([...names].sort());
    });

    it('answers 400 for a NUL character in a text field, naming it, and keeps nothing', async () => {
      const c = await newCase();
      const pdf = await textPdf([['A page']]);
      const run = await upload(manager, '/api/workflows/standard-intake/runs', [
        { name: 'applicant', value: 'Nul\u0000Applicant' },
        { name: 'expectedDocList', value: 'tenancy-application' },
        { name: 'files', filename: 'fine.pdf', content: pdf },
      ]);
      expect(run.statusCode).toBe(400);
      expect(run.json().error).toMatch(/^body\.applicant: contains a NUL character/);
      expect((await as(manager, 'GET', `/api/applications/${c.id}`)).json().files).toEqual([]);
    });

    it('refuses 26 files in one call, naming the limit, and keeps none of them', async () => {
      const c = await newCase();
      const parts: FormPart[] = Array.from({ length: 26 }, (_, i) => ({ name: 'files', filename: `p${i + 1}.pdf`, content: pdf2 }));
      const res = await upload(manager, `/api/applications/${c.id}/files`, parts);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toMatch(/At most 25 files.*"p26.pdf"/);
      expect((await as(manager, 'GET', `/api/applications/${c.id}`)).json().files).toEqual([]);
      const ok = await upload(manager, `/api/applications/${c.id}/files`, parts.slice(0, 25));
      expect(ok.statusCode).toBe(201);
      expect(ok.json().files).toHaveLength(25);
    });

    it('answers 400 for no file, an unknown line or field, 404 for another organization’s case, 415 for JSON', async () => {
      const c = await newCase();
      const none = await upload(manager, `/api/applications/${c.id}/files`, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().error).toMatch(/files/);
      const line = await upload(manager, `/api/applications/${c.id}/files?expectedDocId=no-such-line`, [{ name: 'files', filename: 'a.pdf', content: pdf2 }]);
      expect(line.statusCode).toBe(400);
      expect(line.json().error).toMatch(/expectedDocId.*payslips/);
      const field = await upload(manager, `/api/applications/${c.id}/files`, [{ name: 'documents', filename: 'a.pdf', content: pdf2 }]);
      expect(field.statusCode).toBe(400);
      expect((await upload(other, `/api/applications/${c.id}/files`, [{ name: 'files', filename: 'a.pdf', content: pdf2 }])).statusCode).toBe(404);
      expect((await upload(manager, '/api/applications/app_nothinghere/files', [{ name: 'files', filename: 'a.pdf', content: pdf2 }])).statusCode).toBe(404);
      const json = await as(manager, 'POST', `/api/applications/${c.id}/files`, { files: [] });
      expect(json.statusCode).toBe(415);
      expect((await as(manager, 'GET', `/api/applications/${c.id}`)).json().files).toEqual([]);
    });

    it('holds a guest sandbox to its page quota, counting every upload, with a clear message', async () => {
      const guest = (await t.app.inject({ method: 'POST', url: '/api/guest' })).json();
      const g: Session = { headers: { authorization: `Bearer ${guest.key}` }, organizationId: guest.organizationId };
      const c = await newCase(g);
      const fortyPages = await textPdf(Array.from({ length: 40 }, (_, i) => [`Page ${i + 1}`]));
      const tenPages = await textPdf(Array.from({ length: 10 }, (_, i) => [`Leaf ${i + 1}`]));
      expect((await upload(g, `/api/applications/${c.id}/files`, [{ name: 'files', filename: 'forty.pdf', content: fortyPages }])).statusCode).toBe(201);
      const over = await upload(g, `/api/applications/${c.id}/files`, [
        { name: 'files', filename: 'ten.pdf', content: tenPages },
        { name: 'files', filename: 'two.pdf', content: pdf2 },
      ]);
      expect(over.statusCode).toBe(413);
      expect(over.json().error).toMatch(/50 pages.*40 are used, 10 are left.*12/);
      expect((await upload(g, `/api/applications/${c.id}/files`, [{ name: 'files', filename: 'ten.pdf', content: tenPages }])).statusCode).toBe(201);
      expect((await upload(g, `/api/applications/${c.id}/files`, [{ name: 'files', filename: 'one.pdf', content: await textPdf([['x']]) }])).statusCode).toBe(413);
    });
  });
});
