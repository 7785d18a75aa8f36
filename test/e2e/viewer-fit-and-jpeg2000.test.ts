import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { documentTitle } from '../../renderer/src/cases/document-title.js';
import { apiOf, launchBrowser, newContext, PASSWORD, uniqueEmail, windowShot } from './browser.js';
import { reportedCase, restOf } from './case-fixtures.js';
import { CasePage } from './pages/case-page.js';
import { Layout } from './pages/layout.js';
import { installInk, PageViewer } from './pages/page-viewer.js';

const APPLICANT = 'Lena Hoffmann';
type Entry = { address: string; title: string; spans: { fileId: string; pages: number[] }[]; document: { docType: string } };

/**
 * Issue 38, points 2 and 7: a scan stored as JPEG 2000 (a page whose only content is a JPXDecode
 * image) is drawn in the viewer and as thumbnails; and the viewer gives the page the room, so a
 * whole ID card page is in view without scrolling at 1280×800 and at 800×600.
 */
describe('the viewer draws JPEG 2000 scans and fits the whole page', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let docs: Entry[];
  let jpxFile: string;
  let review: CasePage;
  let viewer: PageViewer;
  let layout: Layout;
  const warnings: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    await installInk(page);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Jo Jpeg', email: uniqueEmail('jo'), password: PASSWORD } }));
    // The two sides of an ID card, each page only a JPEG 2000 image (test/fixtures/jpx), then a
    // packet whose first page is an ID card scanned on A4.
    caseId = await reportedCase(context, baseUrl, APPLICANT, ['../jpx/id-card-jpx.pdf', 'p04.pdf']);
    docs = await restOf(context, baseUrl).get<Entry[]>(`/applications/${caseId}/documents`);
    const { files } = await restOf(context, baseUrl).get<{ files: { id: string; name: string }[] }>(`/applications/${caseId}`);
    jpxFile = files.find((f) => f.name === 'id-card-jpx.pdf')!.id;
    review = new CasePage(page);
    viewer = new PageViewer(page);
    layout = new Layout(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  const jpxDocs = () => docs.filter((d) => d.spans.some((s) => s.fileId === jpxFile));

  const open = async (viewport: { width: number; height: number }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/cases/${caseId}`);
    await review.heading(APPLICANT).waitFor();
    await expect.poll(() => review.titles()).toHaveLength(docs.length);
  };
  const select = async (doc: Entry) => {
    await review.byAddress(doc.address).click();
    await page.getByRole('heading', { name: `Pages of ${documentTitle(doc.title)}` }).waitFor();
  };

  it('draws a page that is only a JPEG 2000 image, in the viewer and as thumbnails', async () => {
    await open({ width: 1280, height: 800 });
    // The card's two sides: one document of two pages, or two of one.
    const card = jpxDocs().sort((a, b) => pagesOf(b) - pagesOf(a))[0];
    expect(card, 'the case lists the JPEG 2000 card').toBeDefined();
    await select(card!);
    // A blank canvas has no ink; the card's photo, text and border are drawn.
    expect(await viewer.waitForDrawn()).toBeGreaterThan(0.03);
    if (pagesOf(card!) > 1) {
      // The viewer's thumbnails of its pages, each drawn.
      const thumbs = viewer.thumbnails.locator('canvas');
      await expect.poll(() => thumbs.count()).toBe(pagesOf(card!));
      for (let i = 0; i < pagesOf(card!); i++) {
        await expect.poll(() => thumbs.nth(i).evaluate((c) => inkOf(c as never)), { timeout: 15_000 }).toBeGreaterThan(0.03);
      }
      await page.keyboard.press(']');
      await expect.poll(() => viewer.pageNumber.innerText()).toContain('Page 2');
      expect(await viewer.waitForDrawn()).toBeGreaterThan(0.03);
      await page.keyboard.press('[');
    }
    await windowShot(page, `viewer-jpx-1280x800`);
    // Each listed document's first page, small: the JPEG 2000 ones drawn too.
    for (const doc of jpxDocs()) {
      const thumb = review.byAddress(doc.address).locator('.case-doc-thumb canvas');
      await thumb.waitFor();
      await expect.poll(() => thumb.evaluate((c) => inkOf(c as never)), { timeout: 15_000 }).toBeGreaterThan(0.03);
    }
    expect(warnings.filter((w) => /OpenJPEG|JpxImage|JPX|wasm/i.test(w))).toEqual([]);
  });

  it('draws the JPEG 2000 pages offline too, after reopening the app offline (its decoders are kept with the app)', async () => {
    await open({ width: 1280, height: 800 });
    await viewer.keepOffline.check();
    await expect.poll(() => viewer.offlineState.innerText(), { timeout: 60_000 }).toContain('Available offline');
    // The service worker keeps the app's files, pdf.js's decoders among them.
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 });
    await context.setOffline(true);
    try {
      // A new page: a new pdf.js worker, which must load the JPEG 2000 decoder without the network.
      await page.reload();
      await review.heading(APPLICANT).waitFor({ timeout: 30_000 });
      await expect.poll(() => review.titles(), { timeout: 30_000 }).toHaveLength(docs.length);
      await select(jpxDocs()[0]!);
      expect(await viewer.waitForDrawn()).toBeGreaterThan(0.03);
      expect(await viewer.notOnDevice.count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });

  /** The drawn page lies wholly in the window, below the top bar, and its area has nothing to scroll to. */
  const wholePageInView = async (what: string) => {
    expect(await viewer.waitForDrawn(), `${what} is drawn`).toBeGreaterThan(0.01);
    const canvas = await layout.box(viewer.canvas);
    const bar = await layout.box(page.getByRole('banner'));
    const { width, height } = page.viewportSize()!;
    expect(canvas.y, `${what}: the page's top ${JSON.stringify(canvas)} is below the top bar`).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
    expect(canvas.y + canvas.height, `${what}: the page's bottom ${JSON.stringify(canvas)} is inside the ${width}×${height} window`).toBeLessThanOrEqual(height + 1);
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(width + 1);
    const area = await viewer.panel.locator('.viewer-area').evaluate((el) => ({ dy: el.scrollHeight - el.clientHeight, dx: el.scrollWidth - el.clientWidth }));
    expect(area, `${what}: the viewer has nothing to scroll`).toEqual({ dy: expect.any(Number) as number, dx: expect.any(Number) as number });
    expect(area.dy).toBeLessThanOrEqual(1);
    expect(area.dx).toBeLessThanOrEqual(1);
    expect(await layout.horizontalOverflow()).toBe(0);
    return canvas;
  };

  const cardOnA4 = () => docs.find((d) => !d.spans.some((s) => s.fileId === jpxFile) && d.document.docType === 'national-id-card');

  it('at 1280×800 shows the whole page of an ID card, card-sized or scanned on A4, without scrolling; Fit width is a choice', async () => {
    await open({ width: 1280, height: 800 });
    const card = jpxDocs()[0]!;
    await select(card);
    await wholePageInView('the card-sized page');
    const a4 = cardOnA4();
    expect(a4, 'p04 lists its national ID card').toBeDefined();
    await select(a4!);
    const whole = await wholePageInView('the ID card scanned on A4');
    // Readable, not a stamp: the page takes the viewer's height.
    expect(whole.height).toBeGreaterThan(420);
    await windowShot(page, `viewer-fit-page-1280x800`);
    expect(await viewer.panel.getByRole('button', { name: 'Whole page' }).getAttribute('aria-pressed')).toBe('true');

    // As wide as the viewer: taller than the window, so the viewer scrolls; 0 brings the whole page back.
    await viewer.fitWidth.click();
    await expect.poll(async () => (await viewer.canvasSize()).width).toBeGreaterThan(whole.width * 1.3);
    expect(await viewer.fitWidth.getAttribute('aria-pressed')).toBe('true');
    await windowShot(page, `viewer-fit-width-1280x800`);
    await page.keyboard.press('0');
    await expect.poll(async () => Math.round((await viewer.canvasSize()).height)).toBe(Math.round(whole.height));
    await page.keyboard.press('w');
    await expect.poll(async () => (await viewer.canvasSize()).width).toBeGreaterThan(whole.width * 1.3);
    await page.keyboard.press('0');
  });

  it('at 800×600, scrolled to the viewer under the list, the whole ID card page is in view', async () => {
    await open({ width: 800, height: 600 });
    for (const [what, doc] of [
      ['the card-sized page', jpxDocs()[0]!],
      ['the ID card scanned on A4', cardOnA4()!],
    ] as const) {
      await select(doc);
      await viewer.panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const shown = await wholePageInView(what);
      expect(shown.height, `${what} takes the room there is`).toBeGreaterThan(280);
      await windowShot(page, `viewer-fit-page-800x600-${what.replaceAll(' ', '-')}`);
    }
  });

  it('at 1920×1080 the whole page is in view too', async () => {
    await open({ width: 1920, height: 1080 });
    await select(cardOnA4()!);
    const shown = await wholePageInView('the ID card scanned on A4');
    expect(shown.height).toBeGreaterThan(700);
    const jpxThumb = review.byAddress(jpxDocs()[0]!.address).locator('.case-doc-thumb canvas');
    await expect.poll(() => jpxThumb.evaluate((c) => inkOf(c as never)), { timeout: 15_000 }).toBeGreaterThan(0.03);
    await windowShot(page, `viewer-fit-page-1920x1080`);
  });
});

const pagesOf = (d: Entry) => d.spans.reduce((n, s) => n + s.pages.length, 0);

declare function inkOf(canvas: never): number;
