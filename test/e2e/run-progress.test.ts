import { PDFDocument } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { readPacket } from '../fixtures/packets.js';
import { apiOf, launchBrowser, newContext, PASSWORD, uniqueEmail, windowShot } from './browser.js';
import { restOf } from './case-fixtures.js';
import { CasePage } from './pages/case-page.js';

const APPLICANT = 'Sarah Whitcombe';
/** Scanned pages of the carried packets (packets.json's labels): one file of ten scans, like a scanned packet. */
const SCANS: [string, number[]][] = [
  ['p01.pdf', [1]],
  ['p04.pdf', [1]],
  ['p06.pdf', [5, 6]],
  ['p07.pdf', [2, 3]],
  ['p10.pdf', [4, 5]],
  ['p16.pdf', [1, 2]],
];

/** One PDF of the scanned pages above, made at test time. */
async function scannedPacket(): Promise<Buffer> {
  const out = await PDFDocument.create();
  for (const [name, pages] of SCANS) {
    const from = await PDFDocument.load(await readPacket(name));
    for (const p of await out.copyPages(from, pages.map((n) => n - 1))) out.addPage(p);
  }
  return Buffer.from(await out.save());
}

/**
 * Issue 38, point 8: a run over a scanned packet reads its pages with OCR for tens of seconds; the
 * case page's progress moves as the pages are read, not "0 / 10 pages" until the whole file is.
 */
describe('run progress on a scanned packet', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Pat Progress', email: uniqueEmail('pat'), password: PASSWORD } }));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('at 1280×800 shows the pages of one scanned file being read while the run reads them', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const bytes = await scannedPacket();
    const pageCount = SCANS.reduce((n, [, p]) => n + p.length, 0);
    // The app is open (signed in, its local copy syncing) before the run starts.
    await page.goto('/cases');
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    const started = await context.request.post(`${baseUrl}/api/workflows/standard-intake/runs`, {
      multipart: { applicant: APPLICANT, expectedDocList: 'tenancy-application', files: { name: 'scanned-packet.pdf', mimeType: 'application/pdf', buffer: bytes } },
    });
    expect(started.status(), await started.text()).toBe(201);
    const id = ((await started.json()) as { id: string }).id;

    await page.goto(`/cases/${id}`);
    await new CasePage(page).heading(APPLICANT).waitFor();
    // Every text the progress shows, as it changes.
    await page.evaluate(`(() => {
      const seen = [];
      window.__progress = seen;
      const read = () => {
        const el = document.querySelector('[role="status"][aria-label="Run progress"]');
        const text = el ? el.textContent.trim() : null;
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      read();
    })()`);
    const rest = restOf(context, baseUrl);
    let shot = false;
    for (const deadline = Date.now() + 240_000; Date.now() < deadline; ) {
      const { run } = await rest.get<{ run: { state: string } }>(`/applications/${id}`);
      if (run.state === 'report' || run.state === 'gated') break;
      const seen = await page.evaluate<string[]>('window.__progress');
      if (!shot && seen.some((t) => Number(/Reading the packet.*?(\d+) \/ \d+ pages/.exec(t)?.[1] ?? 0) > 0)) {
        await windowShot(page, `run-progress-reading-1280x800`);
        shot = true;
      }
      await page.waitForTimeout(500);
    }
    const seen = await page.evaluate<string[]>('window.__progress');
    const reading = seen.map((t) => /Reading the packet.*?(\d+) \/ (\d+) pages/.exec(t)).filter((m) => m !== null);
    expect(reading.length, `the progress as shown: ${seen.join(' | ')}`).toBeGreaterThan(0);
    for (const m of reading) expect(Number(m[2])).toBe(pageCount);
    // Some pages read, not all: the count moved while OCR was still reading the one file.
    const between = reading.map((m) => Number(m[1])).filter((n) => n > 0 && n < pageCount);
    expect(between.length, `a count between 0 and ${pageCount} while reading: ${seen.join(' | ')}`).toBeGreaterThan(0);
    // It only goes up, and says what it does in words.
    const counts = reading.map((m) => Number(m[1]));
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(seen.some((t) => t.includes('reading each page, scans with OCR'))).toBe(true);
    expect(seen.join(' ')).not.toMatch(/· parse\b/);
  }, 300_000);
});
