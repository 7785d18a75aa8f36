import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFRawStream, type PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import { DocumentEntry, type Application } from '@portal/shared';
import { loadPdfjs, pdfjsAssets } from '../../sync-server/src/analyzer/pdf/pdfjs.js';
import type { Session, TestApp } from '../helper.js';
import { makePdf } from '../../sync-server/test/analyzer/fixtures/pages.js';
import { form, textPdf, type FormPart } from './applications-helpers.js';

/** The text of each page of a PDF, as pdf.js reads it (lines joined by newlines). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await loadPdfjs();
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...pdfjsAssets() }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(
      content.items
        .map((i) => ('str' in i ? i.str : ''))
        .filter(Boolean)
        .join('\n'),
    );
  }
  await doc.destroy();
  return out;
}

/** The bytes of a PDF and of every stream in it decoded (object streams hold most dictionaries), to look for what a served PDF may not hold. */
export function rawAndDecoded(bytes: Uint8Array, doc: PDFDocument): string {
  const parts = [Buffer.from(bytes).toString('latin1')];
  for (const [, o] of doc.context.enumerateIndirectObjects()) {
    if (!(o instanceof PDFRawStream)) continue;
    try {
      parts.push(Buffer.from(decodePDFRawStream(o).decode()).toString('latin1'));
    } catch {
      // A filter pdf-lib does not decode (an image's): its bytes as stored are in the file's above.
    }
  }
  // Object streams as stored, before pdf-lib unpacked them into objects.
  for (const m of Buffer.from(bytes).toString('latin1').matchAll(/\/ObjStm[\s\S]*?stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      parts.push(inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1'));
    } catch {
      // Not deflated as a whole (a trailing EOL): the parsed objects above cover it.
    }
  }
  return parts.join('\n');
}

/** A one-page-per-entry packet whose pages each carry a distinct marker word, to follow pages through cuts. */
export function markedPacket(prefix: string, pages: number): Promise<Uint8Array> {
  return textPdf(Array.from({ length: pages }, (_, i) => [`${prefix} page ${i + 1} marker`, 'Some text of a page nobody classifies']));
}

/** ICAO 9303 check digit. */
function checkDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const v = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += v * weights[i % 3]!;
  }
  return String(sum % 10);
}

/** Niamh Holloway's passport, expiring on `expiry` (printed and in a machine-readable zone whose check digits hold). */
export function passportPdf(expiry: Date): Promise<Uint8Array> {
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  const yy = String(expiry.getUTCFullYear() % 100).padStart(2, '0');
  const mm = String(expiry.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(expiry.getUTCDate()).padStart(2, '0');
  const printed = `${dd} ${months[expiry.getUTCMonth()]} /${months[expiry.getUTCMonth()]} ${yy}`;
  const [doc, dob, exp, opt] = ['538960943', '680802', `${yy}${mm}${dd}`, '<'.repeat(14)];
  const fields = `${doc}${checkDigit(doc!)}GBR${dob}${checkDigit(dob!)}F${exp}${checkDigit(exp)}${opt}${checkDigit(opt)}`;
  const composite = `${doc}${checkDigit(doc!)}${dob}${checkDigit(dob!)}${exp}${checkDigit(exp)}${opt}${checkDigit(opt)}`;
  const lines: [string, number, number][] = [
    ['UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND', 60, 60],
    ['PASSPORT', 60, 75],
    ['Passport No./Passeport No.', 200, 100],
    ['P GBR 538960943', 200, 108],
    ['Surname/Nom (1)', 200, 121],
    ['HOLLOWAY', 200, 129],
    ['Given names/Prénoms (2)', 200, 141],
    ['NIAMH', 200, 149],
    ['Nationality/Nationalité (3)', 200, 160],
    ['BRITISH CITIZEN', 200, 168],
    ['Date of birth/Date de naissance (4) Sex/Sexe (5)', 200, 178],
    ['02 AUG /AOUT 68 F', 200, 186],
    ['Date of expiry/Date d’expiration (9)', 200, 218],
    [printed, 200, 226],
    ['P<GBRHOLLOWAY<<NIAMH<<<<<<<<<<<<<<<<<<<<<<<<', 70, 340],
    [`${fields}${checkDigit(composite)}`, 70, 356],
  ];
  return makePdf([{ kind: 'text', lines: lines.map(([text, x, y]) => ({ text, x, y })) }]);
}

/** Drives one suite's app: runs, decisions, listings. */
export function documentsDriver(t: () => TestApp) {
  const inject = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t().app.inject({ method, url, headers: { ...s.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  const get = async (s: Session, id: string): Promise<Application> => (await inject(s, 'GET', `/api/applications/${id}`)).json();

  /** Runs queued jobs until the case's run lands in `report` (the test app starts no workers). */
  const toReport = async (s: Session, id: string) => {
    for (let i = 0; i < 40; i++) {
      const state = (await get(s, id)).run.state;
      if (state === 'report') return;
      if (state === 'gated') throw new Error(`the run went back to the gate: ${(await get(s, id)).run.lastRunError}`);
      await t().app.jobs.runOnce('documents-test');
    }
    throw new Error('the run did not land');
  };

  /** Starts a run (a new case, or `applicationId`) and waits for it to land. */
  const run = async (s: Session, workflowId: string, parts: FormPart[]): Promise<Application> => {
    const body = form(parts);
    const res = await t().app.inject({ method: 'POST', url: `/api/workflows/${workflowId}/runs`, headers: { ...s.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Application;
    await toReport(s, created.id);
    return get(s, created.id);
  };

  const newCase = (applicant: string, files: { name: string; content: Uint8Array }[]): FormPart[] => [
    { name: 'applicant', value: applicant },
    { name: 'expectedDocList', value: 'tenancy-application' },
    ...files.map((f) => ({ name: 'files', filename: f.name, content: f.content })),
  ];

  const documents = async (s: Session, id: string): Promise<DocumentEntry[]> => {
    const res = await inject(s, 'GET', `/api/applications/${id}/documents`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as unknown[]).map((e) => DocumentEntry.parse(e));
  };

  const decide = (s: Session, id: string, address: string, kind: 'approve' | 'settle' | 'junk', body?: unknown) =>
    inject(s, 'POST', `/api/applications/${id}/documents/${encodeURIComponent(address)}/${kind}`, body);

  /** Approves the listed document holding page `pages[0]` of the case's first file as those pages alone; the filed PDF's bytes. */
  const approvedPdf = async (s: Session, app: Application, pages: number[]): Promise<Buffer> => {
    const fileId = app.files[0]!.id;
    const doc = (await documents(s, app.id)).find((x) => x.spans.some((sp) => sp.fileId === fileId && sp.pages.includes(pages[0]!)))!;
    const approved = await decide(s, app.id, doc.address, 'approve', { spans: [{ fileId, pages }] });
    expect(approved.statusCode, approved.body).toBe(200);
    const res = await inject(s, 'GET', `/api/applications/${app.id}/approved-docs/${approved.json().decision.approvedDocId}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.rawPayload;
  };

  const events = async (s: Session, id: string) =>
    ((await inject(s, 'GET', `/api/applications/${id}/events`)).json() as { action: string; actor: string; target: string; detail: Record<string, unknown> }[]).reverse();

  /** A workflow of the organization: the standard tools, classify-and-file with `followSplits` as given. Its id. */
  const workflow = async (manager: Session, name: string, followSplits: boolean): Promise<string> => {
    const created = await inject(manager, 'POST', '/api/workflows', { name });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const steps = [
      { tool: 'preview' },
      { tool: 'parse' },
      { tool: 'classify-and-file', settings: { followSplits } },
      { tool: 'extract-key-data' },
      { tool: 'expiry-check' },
      { tool: 'applicant-name-match' },
      { tool: 'completeness-report' },
    ];
    const saved = await inject(manager, 'PUT', `/api/workflows/${id}/1`, { steps });
    expect(saved.statusCode, saved.body).toBe(200);
    const active = await inject(manager, 'POST', `/api/workflows/${id}/1/activate`);
    expect(active.statusCode, active.body).toBe(200);
    return id;
  };

  return { inject, get, run, newCase, documents, decide, approvedPdf, events, workflow, toReport };
}

/** Every page of the listed documents, as `fileId:page`: rule 3 says none twice. */
export const listedPages = (docs: readonly DocumentEntry[]) => docs.flatMap((d) => d.spans.flatMap((s) => s.pages.map((p) => `${s.fileId}:${p}`)));
