import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { reportedCase, restOf } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';

const APPLICANT = 'Sarah Whitcombe';
const LABEL = 'Name on the payslip';

type Entry = { address: string; document: { docType: string; extractKeyData: Record<string, unknown> } };
type Field = { name: string; label: string };

/**
 * What the device keeps and how it waits (issue 29, offline and sync): the extraction schemas
 * are replicated, so a card names its key data by the schema's labels offline too; and while the
 * server cannot be reached, sync retries back off (2 s doubling to a minute), stop altogether
 * while the browser says it is offline, and go at once when it comes back.
 */
describe('offline: schema labels from the device, sync retries that back off', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let caseId: string;
  let payslip: Entry;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Olu Offline', email: uniqueEmail('olu'), password: PASSWORD } }));
    caseId = await reportedCase(context, baseUrl, APPLICANT, ['p01.pdf']);
    const rest = restOf(context, baseUrl);
    payslip = (await rest.get<Entry[]>(`/applications/${caseId}/documents`)).find((d) => d.document.docType === 'payslip' && 'employeeName' in d.document.extractKeyData)!;
    // The organization's own payslip schema, whose label for employeeName is not the key in words.
    await rest.post('/doc-type-extraction-schemas/payslip/1/new-version');
    const own = await rest.get<{ fields: Field[] }>('/doc-type-extraction-schemas/payslip/1');
    const fields = own.fields.map((f) => (f.name === 'employeeName' ? { ...f, label: LABEL } : f));
    await rest.send('PUT', '/doc-type-extraction-schemas/payslip/1', { fields });
    await rest.post('/doc-type-extraction-schemas/payslip/1/activate');
  }, 240_000);

  // One page at a time: one tab holds a person's local copy.
  afterEach(async () => {
    await context.setOffline(false);
    for (const open of context.pages()) await open.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('names key data by the resolved schema’s labels offline, from the replicated schemas', async () => {
    expect(payslip, 'p01 has a payslip with the employee’s name').toBeDefined();
    const page = await context.newPage();
    // The server's resolver is out of reach throughout: the labels can only come from the device.
    await page.route('**/api/doc-type-extraction-schemas/**', (route) => route.abort());
    await page.goto(`/cases/${caseId}`);
    const review = new CasePage(page);
    await review.heading(APPLICANT).waitFor();
    await review.byAddress(payslip.address).click();
    const label = () => review.keyField(payslip.address, 'employeeName').locator('dt').innerText();
    await expect.poll(label, { timeout: 20_000 }).toBe(LABEL);

    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    // Away and back through the app: the case page is built again from the device.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Cases' }).click();
    await new CasesPage(page).open(APPLICANT);
    await review.heading(APPLICANT).waitFor();
    await review.byAddress(payslip.address).click();
    await expect.poll(label, { timeout: 10_000 }).toBe(LABEL);
    await screenshot(page, 'offline-schema-labels');
  });

  it('backs sync retries off while the server cannot be reached, makes none while offline, and goes at once when back online', async () => {
    const page = await context.newPage();
    await page.clock.install();
    const sent: { path: string; request: Request }[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/sync/')) sent.push({ path, request });
    });
    // The server answers the app (sign-in, health) but no sync request gets through.
    await page.route('**/api/sync/**', (route) => route.abort('connectionrefused'));
    await page.goto('/cases');
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    await expect.poll(() => sent.length, { timeout: 10_000 }).toBeGreaterThan(10);

    /** Lets `ms` of the page's time pass a second at a time, the page's own work (requests failing) between. */
    const pass = async (ms: number) => {
      for (let t = 0; t < ms; t += 1_000) {
        await page.clock.runFor(1_000);
        await new Promise((r) => setTimeout(r, 40));
      }
    };
    const perPath = (from: number) => {
      const counts = new Map<string, number>();
      for (const { path } of sent.slice(from)) counts.set(path, (counts.get(path) ?? 0) + 1);
      return counts;
    };

    // A minute of an unreachable server: a retry every 2 s would be 30 per collection.
    const start = sent.length;
    await pass(60_000);
    const minute = perPath(start);
    expect(minute.size, 'every collection and the stream keep trying').toBeGreaterThanOrEqual(10);
    for (const [path, n] of minute) {
      expect(n, path).toBeGreaterThanOrEqual(2);
      expect(n, path).toBeLessThanOrEqual(8);
    }

    // Offline (the browser says so): not one request, however long.
    await context.setOffline(true);
    await pass(2_000);
    const offlineFrom = sent.length;
    await pass(60_000);
    expect(sent.slice(offlineFrom).map((s) => s.path)).toEqual([]);

    // Back online, the server reachable again: requests go at once, not at the next back-off step.
    await page.unroute('**/api/sync/**');
    const backFrom = sent.length;
    await context.setOffline(false);
    await pass(1_000);
    await expect.poll(() => new Set(sent.slice(backFrom).map((s) => s.path)).size, { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
    await new AppShell(page).connection.getByText('Online').waitFor({ timeout: 20_000 });
  });
});
