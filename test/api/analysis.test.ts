import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisIngest, PageLines, type Application } from '@portal/shared';
import { apiKeySession, buildTestApp, DRIVER, signUp, type Session, type TestApp } from '../helper.js';
import type { AnalyzerPort } from '../../sync-server/src/runs/analyzer-port.js';
import { A4, makePdf, payslipLines as scannedPayslip, scanPage } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { form, textPdf } from './applications-helpers.js';
import { documentsDriver } from './documents-helpers.js';

/**
 * Spec tag `analysis` ("analysis ingest"): an integrator posts what its own engine read of a
 * file (page text with line boxes, document boundaries, types, key data), in the corpus
 * scorer's prediction format or as Azure AI Document Intelligence's analyzeResult, and the run
 * takes it instead of reading those pages itself; provenance says so.
 */
describe(`analysis ingest on ${DRIVER}`, () => {
  let t: TestApp;
  let manager: Session;
  let key: Session;
  let other: Session;
  let flow: string;
  const d = documentsDriver(() => t);

  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app, { orgName: 'Harbour Lettings' });
    key = await apiKeySession(t.app, manager, 'Capture engine');
    other = await signUp(t.app, { orgName: 'Elsewhere Ltd' });
    flow = await d.workflow(manager, 'Follow splits', true);
  }, 60_000);
  afterAll(() => t?.close());

  /** A case holding one PDF whose own text says nothing of what it is: only the ingest does. */
  const caseWith = async (s: Session, pages: number, applicant = 'Sarah Whitcombe'): Promise<Application> => {
    const created = await d.inject(s, 'POST', '/api/applications', { expectedDocListId: 'tenancy-application', applicantName: applicant });
    expect(created.statusCode, created.body).toBe(201);
    const pdf = await textPdf(Array.from({ length: pages }, (_, i) => [`Scanned sheet ${i + 1} of ${applicant}`, 'The text layer carries no more than this.']));
    const upload = form([{ name: 'files', filename: 'scans.pdf', content: pdf }]);
    const res = await t.app.inject({ method: 'POST', url: `/api/applications/${created.json().id}/files`, headers: { ...s.headers, ...upload.headers }, payload: upload.payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const ingest = (s: Session, appId: string, fileId: string, body: unknown) => d.inject(s, 'POST', `/api/applications/${appId}/files/${fileId}/analysis`, body);
  const lines = (texts: string[]) => texts.map((text, i) => ({ text, box: { x: 60, y: 60 + i * 18, width: 300, height: 12 }, confidence: 0.95 }));
  const payslipLines = ['Hartwell Logistics Ltd', 'PAYSLIP', 'Employee: Sarah Whitcombe', 'Payment date: 28 March 2025', 'Net pay 2,568.20'];
  const statementLines = ['Northbank plc', 'Current account statement', 'Account holder: Sarah Whitcombe', 'Closing balance 2,822.31'];

  /** The scorer's format (one packet), with page text and confidences. */
  const prediction = (extra: Record<string, unknown> = {}) => ({
    format: 'prediction',
    engine: 'Acme Capture 4.2',
    prediction: {
      packet: 'scans.pdf',
      pageCount: 2,
      flags: [{ page: 2, code: 'blank_page' }],
      documents: [
        {
          pages: [1],
          docType: 'payslip',
          confidence: 0.93,
          boundaryConfidence: 0.9,
          keyData: {
            employeeName: 'Sarah Whitcombe',
            payDate: '2025-03-28',
            netPay: { amount: '2568.20', currency: 'GBP' },
            grossPay: 'a lot',
            nickname: 'Sal',
          },
          fields: { netPay: { page: 1, line: 4, confidence: 0.88 } },
        },
        { pages: [2], docType: 'bank-statement', confidence: 0.91, keyData: { accountHolder: 'Sarah Whitcombe', closingBalance: { amount: 2822.31, currency: 'GBP' } } },
      ],
      pages: [
        { page: 1, width: 595, height: 842, lines: lines(payslipLines) },
        { page: 2, width: 595, height: 842, lines: lines(statementLines) },
      ],
      ...extra,
    },
  });

  it('takes an ingest in the scorer’s format: documents, types, key data and page lines come from it, and say so', async () => {
    const app = await caseWith(manager, 2);
    const fileId = app.files[0]!.id;
    const sent = await ingest(key, app.id, fileId, prediction());
    expect(sent.statusCode, sent.body).toBe(201);
    const received = AnalysisIngest.parse(sent.json());
    expect(received).toMatchObject({
      applicationId: app.id,
      fileId,
      format: 'prediction',
      engine: 'Acme Capture 4.2',
      pages: [1, 2],
      documents: [
        { pages: [1], docType: 'payslip', fields: ['employeeName', 'netPay', 'payDate'] },
        { pages: [2], docType: 'bank-statement', fields: ['accountHolder', 'closingBalance'] },
      ],
      receivedBy: expect.stringMatching(/^apiKey:/),
      current: true,
      usedByRun: null,
    });
    expect(received.ignored.map((i) => i.where).sort()).toEqual(['prediction.documents[0].keyData.grossPay', 'prediction.documents[0].keyData.nickname']);
    const source = `analysis:${received.id}`;

    const ran = await d.run(manager, flow, [{ name: 'applicationId', value: app.id }]);
    expect(ran.run.state).toBe('report');
    const docs = await d.documents(manager, app.id);
    expect(docs.map((e) => [e.address, e.document.docType, e.expectedDocId, e.document.source])).toEqual([
      [`${fileId}:p1-1`, 'payslip', 'payslips', source],
      [`${fileId}:p2-2`, 'bank-statement', 'bank-statements', source],
    ]);
    const [payslip, statement] = docs;
    expect(payslip!.document.confidence).toBeCloseTo(0.93, 5);
    expect(payslip!.document.extractKeyData).toEqual({ employeeName: 'Sarah Whitcombe', payDate: '2025-03-28', netPay: { amount: '2568.20', currency: 'GBP' } });
    // Where the ingest says a value is printed; else where its value is found on the ingest's lines.
    expect(payslip!.document.keyFields.netPay).toEqual({ confidence: expect.closeTo(0.88, 5), fileId, page: 1, line: 4, source });
    expect(payslip!.document.keyFields.employeeName).toMatchObject({ page: 1, line: 2, source });
    expect(statement!.document.extractKeyData).toEqual({ accountHolder: 'Sarah Whitcombe', closingBalance: { amount: '2822.31', currency: 'GBP' } });
    expect(statement!.document.keyFields.closingBalance).toMatchObject({ page: 2, line: 3, source });
    // The run stored the ingest's lines as what it read of those pages.
    const page = await d.inject(manager, 'GET', `/api/applications/${app.id}/files/${fileId}/pages/1/lines`);
    expect(page.statusCode, page.body).toBe(200);
    const read = PageLines.parse(page.json());
    expect(read.source).toBe(source);
    expect(read.lines.map((l) => l.text)).toEqual(payslipLines);
    expect(read.lines[2]!.box.y).toBeCloseTo(96, 0);
    const text = await d.inject(manager, 'GET', `/api/applications/${app.id}/text`);
    expect(text.body).toContain('Net pay 2,568.20');
    expect(text.body).not.toContain('Scanned sheet 1');

    const events = await d.events(manager, app.id);
    expect(events.find((e) => e.action === 'analysis.ingested')).toMatchObject({
      target: `file:${fileId}`,
      detail: { ingestId: received.id, format: 'prediction', engine: 'Acme Capture 4.2', pages: [1, 2], documents: 2 },
    });
    expect(events.filter((e) => e.action === 'document.proposed').map((e) => e.detail.source)).toEqual([source, source]);
    expect(events.find((e) => e.action === 'run.reported')?.detail).toMatchObject({ documents: 2, filed: 2, analysis: [{ file: fileId, ingestId: received.id }] });
    const listed = await d.inject(manager, 'GET', `/api/applications/${app.id}/analysis`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([expect.objectContaining({ id: received.id, current: true, usedByRun: ran.run.number })]);

    // A run reads a file once: an analysis after it is refused.
    const late = await ingest(key, app.id, fileId, prediction());
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error).toMatch(/read by run 1/);
  }, 90_000);

  it('takes Azure AI Document Intelligence’s analyzeResult: lines from polygons, docType and fields mapped', async () => {
    const app = await caseWith(manager, 1, 'Niamh Holloway');
    const fileId = app.files[0]!.id;
    // A4 in inches, as Azure measures a PDF; polygons clockwise from the top-left corner.
    const at = (x: number, y: number, w: number, h: number) => [x, y, x + w, y, x + w, y + h, x, y + h];
    const analyzeResult = {
      apiVersion: '2024-11-30',
      modelId: 'prebuilt-idDocument',
      content: 'PASSPORT\nPassport No. 538960943\n…',
      pages: [
        {
          pageNumber: 1,
          width: 8.2639,
          height: 11.6944,
          unit: 'inch',
          lines: [
            { content: 'UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND', polygon: at(0.8, 0.8, 5, 0.2) },
            { content: 'PASSPORT', polygon: at(0.8, 1.1, 1.5, 0.2) },
            { content: 'Passport No. 538960943', polygon: at(2.8, 1.4, 2.2, 0.15) },
            { content: 'Nationality BRITISH CITIZEN', polygon: at(2.8, 1.7, 2.2, 0.15) },
            { content: 'Date of expiry 01 JUL /JUIL 31', polygon: at(2.8, 2.0, 2.2, 0.15) },
          ],
          words: [{ content: 'PASSPORT', polygon: at(0.8, 1.1, 1.5, 0.2), confidence: 0.99 }],
        },
      ],
      documents: [
        {
          docType: 'idDocument.passport',
          boundingRegions: [{ pageNumber: 1, polygon: at(0, 0, 8.2639, 11.6944) }],
          confidence: 0.96,
          fields: {
            DocumentNumber: { type: 'string', valueString: '538960943', content: '538960943', confidence: 0.97, boundingRegions: [{ pageNumber: 1, polygon: at(4, 1.41, 1, 0.12) }] },
            DateOfExpiration: { type: 'date', valueDate: '2031-07-01', confidence: 0.91, boundingRegions: [{ pageNumber: 1, polygon: at(4, 2.01, 1, 0.12) }] },
            CountryRegion: { type: 'countryRegion', valueCountryRegion: 'GBR', confidence: 0.99 },
            FirstName: { type: 'string', valueString: 'NIAMH', confidence: 0.98 },
            MachineReadableZone: { type: 'object', valueObject: { DocumentNumber: { type: 'string', valueString: '538960943' } } },
          },
        },
      ],
    };
    const sent = await ingest(manager, app.id, fileId, {
      format: 'azure-document-intelligence',
      engine: 'Azure prebuilt-idDocument 2024-11-30',
      analyzeResult,
      fieldMap: { DateOfExpiration: 'expiryDate', CountryRegion: 'nationality' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const received = AnalysisIngest.parse(sent.json());
    expect(received.documents).toEqual([{ pages: [1], docType: 'passport', fields: ['documentNumber', 'expiryDate', 'nationality'] }]);
    expect(received.ignored.map((i) => i.where).sort()).toEqual(['analyzeResult.documents[0].fields.FirstName', 'analyzeResult.documents[0].fields.MachineReadableZone']);
    const source = `analysis:${received.id}`;

    await d.run(manager, flow, [{ name: 'applicationId', value: app.id }]);
    const [passport, ...rest] = await d.documents(manager, app.id);
    expect(rest).toEqual([]);
    expect(passport).toMatchObject({ expectedDocId: 'photo-id', document: { docType: 'passport', source } });
    expect(passport!.document.extractKeyData).toEqual({ documentNumber: '538960943', expiryDate: '2031-07-01', nationality: 'GBR' });
    expect(passport!.document.keyFields.documentNumber).toEqual({ confidence: expect.closeTo(0.97, 5), fileId, page: 1, line: 2, source });
    expect(passport!.document.keyFields.expiryDate).toMatchObject({ page: 1, line: 4, source });
    const page = PageLines.parse((await d.inject(manager, 'GET', `/api/applications/${app.id}/files/${fileId}/pages/1/lines`)).json());
    expect(page.source).toBe(source);
    expect(page.lines.map((l) => l.text)).toContain('Passport No. 538960943');
    // Inches scaled to the PDF's points: 2.8 in from the left of an A4 page.
    expect(page.lines[2]!.box.x).toBeCloseTo((2.8 / 8.2639) * page.width, 1);
  }, 90_000);

  it('does not read by OCR a scan whose lines the ingest gives', async () => {
    const created = await d.inject(manager, 'POST', '/api/applications', { expectedDocListId: 'tenancy-application', applicantName: 'Sarah Whitcombe' });
    const id = created.json().id as string;
    const scan = await makePdf([await scanPage(A4, 200, scannedPayslip({ period: 'May 2025', paid: '28 May 2025', gross: '3,250.00', tax: '412.40', net: '2,568.20', ytd: '6,500.00' }), 3)]);
    const upload = form([{ name: 'files', filename: 'scan.pdf', content: scan }]);
    const added = await t.app.inject({ method: 'POST', url: `/api/applications/${id}/files`, headers: { ...manager.headers, ...upload.headers }, payload: upload.payload });
    expect(added.statusCode, added.body).toBe(201);
    const fileId = (added.json() as Application).files[0]!.id;
    const base = prediction();
    const sent = await ingest(manager, id, fileId, {
      ...base,
      prediction: { documents: [{ pages: [1], docType: 'payslip', keyData: { netPay: { amount: '2568.20', currency: 'GBP' } } }], pages: [{ page: 1, width: 1, height: 1, lines: [{ text: 'Net pay 2,568.20', box: { x: 0.1, y: 0.5, width: 0.3, height: 0.02 } }] }] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const real = t.api.runs.analyzer;
    let parsed = 0;
    t.api.runs.useAnalyzer({ ...real, parse: (...args: Parameters<AnalyzerPort['parse']>) => (parsed++, real.parse(...args)), close: real.close });
    try {
      await d.run(manager, flow, [{ name: 'applicationId', value: id }]);
    } finally {
      t.api.runs.useAnalyzer(real);
    }
    expect(parsed).toBe(0);
    const [doc] = await d.documents(manager, id);
    expect(doc).toMatchObject({ expectedDocId: 'payslips', document: { docType: 'payslip', extractKeyData: { netPay: { amount: '2568.20', currency: 'GBP' } }, keyFields: { netPay: { page: 1, line: 0 } } } });
    const page = PageLines.parse((await d.inject(manager, 'GET', `/api/applications/${id}/files/${fileId}/pages/1/lines`)).json());
    expect(page.lines.map((l) => l.text)).toEqual(['Net pay 2,568.20']);
    expect(page.lines[0]!.box.y).toBeCloseTo(page.height / 2, 0);
  }, 90_000);

  it('refuses pages past the end of the file, unknown types, a page in two documents, and a file a run reads; the latest ingest replaces the one before', async () => {
    const app = await caseWith(manager, 2);
    const fileId = app.files[0]!.id;
    const base = prediction();
    const withDocs = (documents: unknown[]) => ({ ...base, prediction: { ...base.prediction, documents } });
    const cases: [unknown, number, RegExp][] = [
      [withDocs([{ pages: [1, 9], docType: 'payslip' }]), 400, /prediction\.documents\[0\]\.pages\[1\]: page 9 is past the end of "scans\.pdf", which has 2 pages/],
      [{ ...base, prediction: { ...base.prediction, pages: [{ page: 3, width: 10, height: 10, lines: [] }] } }, 400, /prediction\.pages\[0\]\.page: page 3 is past the end/],
      [withDocs([{ pages: [1], docType: 'payslip', keyData: { netPay: { amount: '1.00', currency: 'GBP' } }, fields: { netPay: { page: 7, line: 0 } } }]), 400, /keyData\.netPay: page 7 is past the end/],
      [withDocs([{ pages: [1], docType: 'spaceship-manifest' }]), 400, /documents\[0\]\.docType: "spaceship-manifest" is not a document type/],
      [withDocs([{ pages: [1, 2], docType: 'payslip' }, { pages: [2], docType: 'bank-statement' }]), 400, /page 2 is already in prediction\.documents\[0\]/],
      [withDocs([{ pages: [1, 1], docType: 'payslip' }]), 400, /page 1 is named twice/],
      [{ ...base, prediction: { ...base.prediction, pageCount: 5 } }, 400, /pageCount: 5, but "scans\.pdf" has 2 pages/],
      [{ ...base, prediction: { ...base.prediction, documents: [{ pages: [0], docType: 'payslip' }] } }, 400, /pages/],
      [{ format: 'textract', Blocks: [] }, 400, /format/],
      [{ format: 'azure-document-intelligence', analyzeResult: { pages: [{ pageNumber: 4, width: 8.5, height: 11 }] } }, 400, /analyzeResult\.pages\[0\]\.pageNumber: page 4 is past the end/],
      [
        { format: 'azure-document-intelligence', analyzeResult: { pages: [{ pageNumber: 1, width: 8.5, height: 11 }], documents: [{ docType: 'mortgage:loanEstimate', boundingRegions: [{ pageNumber: 1 }] }] } },
        400,
        /"mortgage:loanEstimate" \(nor "loanEstimate"\) is not a document type.*docTypeMap/,
      ],
    ];
    for (const [body, status, text] of cases) {
      const res = await ingest(manager, app.id, fileId, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 200)}: ${res.body}`).toBe(status);
      expect(res.json().error).toMatch(text);
    }
    expect((await ingest(manager, app.id, 'fil_nope', prediction())).statusCode).toBe(404);
    expect((await ingest(other, app.id, fileId, prediction())).statusCode).toBe(404);
    expect((await d.inject(other, 'GET', `/api/applications/${app.id}/analysis`)).statusCode).toBe(404);
    expect((await d.events(manager, app.id)).some((e) => e.action === 'analysis.ingested')).toBe(false);

    // The latest replaces the one before.
    const first = AnalysisIngest.parse((await ingest(manager, app.id, fileId, prediction())).json());
    const second = await ingest(manager, app.id, fileId, withDocs([{ pages: [1, 2], docType: 'bank-statement' }]));
    expect(second.statusCode, second.body).toBe(201);
    const listed = (await d.inject(manager, 'GET', `/api/applications/${app.id}/analysis`)).json() as AnalysisIngest[];
    expect(listed.map((i) => [i.id, i.current])).toEqual([
      [second.json().id, true],
      [first.id, false],
    ]);
    expect((await d.events(manager, app.id)).filter((e) => e.action === 'analysis.ingested').at(-1)?.detail).toMatchObject({ replaces: first.id });

    // Nothing changes under a run reading the file.
    const call = form([{ name: 'applicationId', value: app.id }]);
    const started = await t.app.inject({ method: 'POST', url: `/api/workflows/${flow}/runs`, headers: { ...manager.headers, ...call.headers }, payload: call.payload });
    expect(started.statusCode, started.body).toBe(201);
    const busy = await ingest(manager, app.id, fileId, prediction());
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().error).toMatch(/is reading/);
    await d.toReport(manager, app.id);
    const docs = await d.documents(manager, app.id);
    expect(docs.map((e) => [e.address, e.document.docType, e.document.source])).toEqual([[`${fileId}:p1-2`, 'bank-statement', `analysis:${second.json().id}`]]);
  }, 90_000);
});
