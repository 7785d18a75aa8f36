import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { loadPdfjs, pdfjsAssets } from '../../sync-server/src/analyzer/pdf/pdfjs.js';
import { documentTitle } from '../../renderer/src/cases/document-title.js';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { CaseGate } from './pages/case-gate.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';
import { installInk, PageViewer, type CanvasLike } from './pages/page-viewer.js';
import { CORPUS } from './case-fixtures.js';

const PACKET = `${CORPUS}/p01.pdf`;
// Lands at the gate: page 1 is a low-DPI scan.
const GATED_PACKET = `${CORPUS}/p17.pdf`;
const APPLICANT = 'Sarah Whitcombe';
const GATED_APPLICANT = 'Piotr Nowak';

type Entry = {
  address: string;
  title: string;
  spans: { fileId: string; pages: number[] }[];
  document: { docType: string; keyFields: Record<string, { fileId: string; page: number; line: number }> };
};
type Lines = { width: number; height: number; lines: { line: number; text: string; box: { x: number; y: number; width: number; height: number } }[] };
type Rect = { x: number; y: number; width: number; height: number };

const overlap = (a: Rect, b: Rect) => Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * The reviewer's page viewer: a document's pages drawn with pdf.js, zoom and paging, the line a key
 * value was read from highlighted where the text is; a case kept available offline still shows its
 * pages with the network cut; the gate shows its flagged pages as thumbnails.
 */
describe('page viewer and pages offline', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let gatedId: string;
  let docs: Entry[];
  let review: CasePage;
  let viewer: PageViewer;

  /** The REST API from Node with the browser's session cookie, unaffected by the profile being offline. */
  const call = async (path: string): Promise<Response> => {
    const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${baseUrl}/api${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return res;
  };
  const api = async <T>(path: string): Promise<T> => (await call(path)).json() as Promise<T>;

  const startRun = async (file: string, applicant: string): Promise<string> => {
    const started = await context.request.post(`${baseUrl}/api/workflows/standard-intake/runs`, {
      multipart: { applicant, expectedDocList: 'tenancy-application', files: { name: file.split('/').pop()!, mimeType: 'application/pdf', buffer: await readFile(file) } },
    });
    // A packet pre-flight holds answers 409 naming the case that waits at the gate.
    expect([201, 409], await started.text()).toContain(started.status());
    const body = (await started.json()) as { id?: string; applicationId?: string };
    return (body.id ?? body.applicationId)!;
  };
  const waitFor = async (id: string, done: (run: { state: string; flags: unknown[] }) => boolean) => {
    for (const deadline = Date.now() + 150_000; Date.now() < deadline; ) {
      const { run } = await api<{ run: { state: string; flags: unknown[] } }>(`/applications/${id}`);
      if (done(run)) return run;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    throw new Error(`the run of ${id} did not get there in time`);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await installInk(page);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Vic Viewer', email: uniqueEmail('vic'), password: PASSWORD } }));
    caseId = await startRun(PACKET, APPLICANT);
    gatedId = await startRun(GATED_PACKET, GATED_APPLICANT);
    await waitFor(caseId, (run) => run.state === 'report');
    await waitFor(gatedId, (run) => run.state === 'gated' && run.flags.length > 0);
    docs = await api<Entry[]>(`/applications/${caseId}/documents`);
    review = new CasePage(page);
    viewer = new PageViewer(page);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  const select = async (doc: Entry) => {
    await review.byAddress(doc.address).click();
    await page.getByRole('heading', { name: `Pages of ${documentTitle(doc.title)}` }).waitFor();
  };

  it('draws the page, zooms, and highlights the line a key value was read from, where the text is', async () => {
    await page.goto(`/cases/${caseId}`);
    await review.heading(APPLICANT).waitFor();
    // Each listed document shows its first page small, drawn.
    await expect.poll(() => review.documents.locator('.case-doc-thumb canvas').count(), { timeout: 20_000 }).toBe(docs.length);
    const doc = docs.find((d) => d.document.docType === 'payslip' && Object.keys(d.document.keyFields).length > 0);
    expect(doc, 'p01 has a payslip with key data').toBeDefined();
    await select(doc!);
    expect(await viewer.waitForDrawn()).toBeGreaterThan(0.005);

    const fit = await viewer.canvasSize();
    await viewer.zoomIn.click();
    await expect.poll(async () => (await viewer.canvasSize()).width).toBeGreaterThan(fit.width + 20);
    const bigger = await viewer.canvasSize();
    expect(bigger.height).toBeGreaterThan(fit.height);
    // The keys, not the review keys: '-' twice zooms out below the first step, '0' fits the width again.
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(async () => (await viewer.canvasSize()).width).toBeLessThan(bigger.width - 20);
    await page.keyboard.press('0');
    await expect.poll(async () => Math.round((await viewer.canvasSize()).width)).toBe(Math.round(fit.width));
    expect(await review.selectedAddress()).toBe(doc!.address);

    // A key value on the page: hovering it focuses the highlight of its line.
    const [field, where] = Object.entries(doc!.document.keyFields).find(([, w]) => w.page === doc!.spans[0]!.pages[0])!;
    await viewer.keyValue(field).hover();
    const box = viewer.highlight(field);
    await expect.poll(() => box.getAttribute('class')).toContain('focus');
    const canvasBox = (await viewer.canvas.boundingBox())!;
    const hl = (await box.boundingBox())!;
    const shown: Rect = { x: hl.x - canvasBox.x, y: hl.y - canvasBox.y, width: hl.width, height: hl.height };
    // Ink is drawn under the highlight: it sits on text, not on white paper.
    expect(await viewer.inkUnder(shown)).toBeGreaterThan(0.02);

    // Independently of the server's boxes: where pdf.js places the line's text on that page.
    const lines = await api<Lines>(`/applications/${caseId}/files/${where.fileId}/pages/${where.page}/lines`);
    const text = lines.lines[where.line]!.text;
    const pdfBytes = new Uint8Array(await (await call(`/applications/${caseId}/pages-pdf?span=${where.fileId}:p${where.page}-${where.page}`)).arrayBuffer());
    const pdfjs = await loadPdfjs();
    const pdf = await pdfjs.getDocument({ data: pdfBytes, ...pdfjsAssets() }).promise;
    const pdfPage = await pdf.getPage(1);
    const { height: pageHeight, width: pageWidth } = pdfPage.getViewport({ scale: 1 });
    const items = (await pdfPage.getTextContent()).items.flatMap((i) => ('str' in i && i.str.trim() !== '' ? [i] : []));
    const words = text.split(/\s+/).filter((w) => w.length >= 3);
    const item = items.find((i) => words.some((w) => i.str.includes(w)));
    await pdf.destroy();
    expect(item, `pdf.js finds text of "${text}" on the page`).toBeDefined();
    const k = canvasBox.width / pageWidth;
    const fontHeight = Math.abs(item!.transform[3] as number) || item!.height;
    const textRect: Rect = { x: (item!.transform[4] as number) * k, y: (pageHeight - (item!.transform[5] as number) - fontHeight) * k, width: item!.width * k, height: fontHeight * k };
    expect(overlap(shown, textRect), `highlight ${JSON.stringify(shown)} over text ${JSON.stringify(textRect)}`).toBeGreaterThan(0);

    // The document item's own key data points at the lines too.
    const other = Object.entries(doc!.document.keyFields).find(([f, w]) => f !== field && w.page === where.page)?.[0];
    expect(other, 'the payslip has a second key value on that page').toBeDefined();
    await viewer.documentKeyValue(doc!.address, other!).hover();
    await expect.poll(() => viewer.highlight(other!).getAttribute('class')).toContain('focus');
    expect(await box.getAttribute('class')).not.toContain('focus');
  });

  it('pages through a document with buttons, keys and thumbnails', async () => {
    const doc = docs.find((d) => d.spans.reduce((n, s) => n + s.pages.length, 0) >= 2);
    expect(doc, 'p01 has a document of several pages').toBeDefined();
    const count = doc!.spans.reduce((n, s) => n + s.pages.length, 0);
    // Never opened in the viewer yet (the list's thumbnail is of its first page alone): offline, its
    // pages are not on this device, and the viewer says so.
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    await select(doc!);
    await viewer.notOnDevice.waitFor();
    expect(await viewer.canvas.count()).toBe(0);
    // Back online, it is fetched without being asked again.
    await context.setOffline(false);
    await new AppShell(page).connection.getByText('Online').waitFor({ timeout: 20_000 });
    await viewer.waitForDrawn();
    expect(await viewer.pageNumber.innerText()).toBe(`Page 1 of ${count}`);
    expect(await viewer.thumbnails.getByRole('listitem').count()).toBe(count);
    await viewer.nextPage.click();
    await expect.poll(() => viewer.pageNumber.innerText()).toBe(`Page 2 of ${count}`);
    expect(await viewer.waitForDrawn()).toBeGreaterThan(0.005);
    await page.keyboard.press('[');
    await expect.poll(() => viewer.pageNumber.innerText()).toBe(`Page 1 of ${count}`);
    await page.keyboard.press(']');
    await expect.poll(() => viewer.pageNumber.innerText()).toBe(`Page 2 of ${count}`);
    await viewer.thumbnails.getByRole('button', { name: 'Page 1' }).click();
    await expect.poll(() => viewer.pageNumber.innerText()).toBe(`Page 1 of ${count}`);
    // The page keys leave the review's selection alone.
    expect(await review.selectedAddress()).toBe(doc!.address);
    await viewer.waitForDrawn();
    await screenshot(page, 'page-viewer');

    // On a wide screen the viewer stands beside the documents, and stays in view as the page scrolls.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 1920, height: 1080 });
    try {
      await expect.poll(async () => (await viewer.panel.boundingBox())!.x).toBeGreaterThan((await review.documents.boundingBox())!.x + (await review.documents.boundingBox())!.width);
      await page.mouse.wheel(0, 600);
      await expect.poll(async () => (await viewer.panel.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      await screenshot(page, 'page-viewer-wide');
    } finally {
      await page.setViewportSize(size);
    }
  });

  it('keeps a pinned case available offline: its pages still show with the network cut', async () => {
    await viewer.keepOffline.check();
    await expect.poll(() => viewer.offlineState.innerText(), { timeout: 60_000 }).toContain('Available offline');
    await expect.poll(() => viewer.storageUsed.innerText()).toMatch(/Pages on this device\s+[\d.]+ (KB|MB)/);

    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    // Every document, including ones never opened before, draws from this device.
    for (const doc of docs) {
      await select(doc);
      expect(await viewer.waitForDrawn(), doc.title).toBeGreaterThan(0.002);
      expect(await viewer.notOnDevice.count()).toBe(0);
    }
    const withKeys = docs.find((d) => d.document.docType === 'payslip' && Object.keys(d.document.keyFields).length > 0)!;
    await select(withKeys);
    await viewer.waitForDrawn();
    const [field] = Object.entries(withKeys.document.keyFields).find(([, w]) => w.page === withKeys.spans[0]!.pages[0])!;
    await viewer.keyValue(field).click();
    await viewer.highlight(field).waitFor();
    await screenshot(page, 'case-pinned-offline');

    // The pin survives a reload (online: the web app has no offline copy of itself to reload from).
    await context.setOffline(false);
    await page.reload();
    await review.heading(APPLICANT).waitFor();
    // The pin is read back from the device's store after the page loads: as a person would, wait for it.
    await expect.poll(() => viewer.keepOffline.isChecked()).toBe(true);
    await expect.poll(() => viewer.offlineState.innerText()).toContain('Available offline');
  });

  it('shows the gate’s flagged pages as thumbnails, and says when a page is not on this device', async () => {
    const gate = new CaseGate(page);
    // Offline, a case never opened here has no pages on this device.
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    const cases = new CasesPage(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cases' }).click();
    await cases.row(GATED_APPLICANT).waitFor();
    await cases.open(GATED_APPLICANT);
    await gate.panel.waitFor();
    const thumb = gate.flags.getByRole('img', { name: 'Thumbnail of page 1' });
    await expect.poll(() => thumb.innerText()).toBe('Not on this device');

    await context.setOffline(false);
    await new AppShell(page).connection.getByText('Online').waitFor({ timeout: 20_000 });
    await expect.poll(() => thumb.evaluate((el) => el.tagName), { timeout: 20_000 }).toBe('CANVAS');
    await page.waitForFunction((c) => (globalThis as unknown as { inkOf(c: CanvasLike): number }).inkOf(c as unknown as CanvasLike) > 0.001, await thumb.elementHandle(), { timeout: 15_000 });
    await screenshot(page, 'gate-thumbnails');
  });
});
