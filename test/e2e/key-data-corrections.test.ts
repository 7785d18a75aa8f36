import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { reportedCase, restOf } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { CasePage } from './pages/case-page.js';
import { PageViewer } from './pages/page-viewer.js';

const APPLICANT = 'Sarah Whitcombe';

type Entry = {
  address: string;
  document: {
    docType: string;
    extractKeyData: Record<string, unknown>;
    keyFields: Record<string, { corrected?: { decidedBy: string; decisionId: string } }>;
  };
};

/**
 * A wrong value corrected where it is shown (issue 29, item 5): the card's key data under the
 * schema's labels, money in one form on the card and in the viewer, an edit control per value that
 * saves a `correct` decision (offline too), shows who corrected it, and undoes it.
 */
describe('correcting key data in place', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let payslip: Entry;
  let review: CasePage;
  const consoleLines: string[] = [];
  const documents = () => restOf(context, baseUrl).get<Entry[]>(`/applications/${caseId}/documents`);
  const onServer = async () => (await documents()).find((d) => d.address === payslip.address)!;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Cal Corrector', email: uniqueEmail('cal'), password: PASSWORD } }));
    caseId = await reportedCase(context, baseUrl, APPLICANT, ['p01.pdf']);
    payslip = (await documents()).find((d) => d.document.docType === 'payslip' && 'employeeName' in d.document.extractKeyData && 'netPay' in d.document.extractKeyData)!;
    review = new CasePage(page);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('names the key data by the schema’s labels and shows money one way, on the card and in the viewer', async () => {
    expect(payslip, 'p01 has a payslip with a name and a net pay').toBeDefined();
    await page.goto(`/cases/${caseId}`);
    await review.heading(APPLICANT).waitFor();
    await review.byAddress(payslip.address).click();
    const name = review.keyField(payslip.address, 'employeeName');
    await expect.poll(() => name.locator('dt').innerText()).toBe('Employee name');
    const net = payslip.document.extractKeyData.netPay as { amount: string; currency: string };
    const money = Number(net.amount).toLocaleString('en-US', { style: 'currency', currency: net.currency });
    expect(await review.keyField(payslip.address, 'netPay').locator('dd').innerText()).toContain(money);
    const viewer = new PageViewer(page);
    await expect.poll(() => viewer.keyValue('netPay').innerText()).toContain(money);
    expect(await viewer.keyValue('netPay').innerText()).not.toContain(net.currency);
  });

  it('corrects a name in place: saved as the person’s, shown with who corrected it', async () => {
    await review.correct(payslip.address, 'Employee name', (editor) => editor.getByLabel('Employee name').fill('Niamh A. Holloway'));
    await expect.poll(async () => (await onServer()).document.extractKeyData.employeeName, { timeout: 20_000 }).toBe('Niamh A. Holloway');
    expect((await onServer()).document.keyFields.employeeName?.corrected?.decidedBy).toBe('Cal Corrector');
    const shown = review.keyField(payslip.address, 'employeeName');
    await expect.poll(() => shown.innerText()).toContain('Niamh A. Holloway');
    await shown.getByText('corrected by Cal Corrector').waitFor();
    await screenshot(page, 'key-data-corrected');
  });

  it('corrects an amount offline: it waits on the device and reaches the server on reconnect', async () => {
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    await review.correct(payslip.address, 'Net pay', (editor) => editor.getByLabel('Net pay, amount').fill('3600'));
    await review.keyField(payslip.address, 'netPay').getByText('waiting to reach the server').waitFor();
    expect((await onServer()).document.extractKeyData.netPay).not.toEqual({ amount: '3600.00', currency: 'GBP' });
    await context.setOffline(false);
    await expect.poll(async () => (await onServer()).document.extractKeyData.netPay, { timeout: 30_000 }).toEqual({ amount: '3600.00', currency: 'GBP' });
    await review.keyField(payslip.address, 'netPay').getByText('corrected by Cal Corrector').waitFor({ timeout: 20_000 });
  });

  it('prints no storage advertisement in the console', async () => {
    // Every collection has been written by now: RxDB's notice comes with the first write.
    expect(consoleLines.filter((l) => /RxDB Open Core|rxdb\.info\/premium/.test(l))).toEqual([]);
  });

  it('undoes a correction: back to the value as read', async () => {
    const read = payslip.document.extractKeyData.employeeName;
    await review.keyField(payslip.address, 'employeeName').getByRole('button', { name: 'Undo correction of Employee name' }).click();
    await expect.poll(async () => (await onServer()).document.extractKeyData.employeeName, { timeout: 20_000 }).toBe(read);
    await expect.poll(() => review.keyField(payslip.address, 'employeeName').innerText()).not.toContain('corrected by');
  });
});
