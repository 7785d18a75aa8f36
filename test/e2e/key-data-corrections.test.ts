import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { internalNamesIn } from '@portal/shared';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { reportedCase, restOf } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { CasePage } from './pages/case-page.js';
import { CaseResearch } from './pages/case-research.js';
import { Layout } from './pages/layout.js';
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

  it('takes an amount as people type it: a symbol, a code, either separator (issue 38, point 14)', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await review.correct(payslip.address, 'Net pay', (editor) => editor.getByLabel('Net pay, amount').fill('€1.234,56'));
    await expect.poll(async () => (await onServer()).document.extractKeyData.netPay, { timeout: 20_000 }).toEqual({ amount: '1234.56', currency: 'EUR' });
    // What the card shows can be typed back as it is.
    await review.correct(payslip.address, 'Net pay', (editor) => editor.getByLabel('Net pay, amount').fill('$999.99'));
    await expect.poll(async () => (await onServer()).document.extractKeyData.netPay, { timeout: 20_000 }).toEqual({ amount: '999.99', currency: 'USD' });
    await expect.poll(() => review.keyField(payslip.address, 'netPay').locator('dd').innerText()).toContain('$999.99');

    // Garbage is refused, saying what to type; the editor stays open with the text.
    await review.byAddress(payslip.address).getByRole('button', { name: 'Edit Net pay', exact: true }).click();
    const editor = review.byAddress(payslip.address).getByRole('form', { name: 'Correct Net pay' });
    await editor.getByLabel('Net pay, amount').fill('twelve pounds');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => editor.getByRole('alert').innerText()).toContain('is not an amount: type digits, like 1,234.56, $999.99 or 1 234,56 EUR');
    await screenshot(page, 'key-data-amount-refused-1280');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    expect((await onServer()).document.extractKeyData.netPay).toEqual({ amount: '999.99', currency: 'USD' });
  });

  it('shows a corrected value in the viewer as corrected, with what the page prints, never as read at 100 % (issue 38, point 6)', async () => {
    const viewer = new PageViewer(page);
    const where = (await onServer()).document.keyFields as Record<string, { corrected?: { onPage: boolean }; page: number; line: number }>;
    expect(where.netPay?.corrected?.onPage, '$999.99 is not printed on the payslip').toBe(false);
    const shown = viewer.keyValue('netPay');
    await expect.poll(() => shown.innerText(), { timeout: 20_000 }).toContain('corrected by Cal Corrector');
    await shown.click();
    await expect.poll(() => shown.innerText(), { timeout: 20_000 }).toMatch(/the page prints “[^”]+”/);
    expect(await shown.innerText()).not.toMatch(/100\s?%/);
    for (const size of [{ width: 1280, height: 800 }, { width: 800, height: 600 }, { width: 1920, height: 1080 }]) {
      await page.setViewportSize(size);
      await screenshot(page, `key-data-corrected-viewer-${size.width}`);
      expect(await new Layout(page).horizontalOverflow(), `sideways scroll at ${size.width}px`).toBe(0);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('has the assistant say the corrected value, who corrected it and what the cited page prints (issue 38, points 6 and 11)', async () => {
    const research = new CaseResearch(page);
    // Online, Research does not say it needs the server (issue 38, smaller points).
    expect(await research.panel.locator('.panel-header').innerText()).not.toContain('needs the server');
    await research.tab('Assistant').click();
    await research.question.fill('What is the net pay on the payslip?');
    await research.ask.click();
    await research.answer(1).locator('button.citation').first().waitFor({ timeout: 60_000 });
    await expect.poll(() => research.answer(1).getAttribute('aria-busy')).toBeNull();
    const answer = await research.answer(1).locator('.cited-answer').innerText();
    expect(answer).toMatch(/Net pay USD 999\.99 \(corrected by Cal Corrector; the page prints “[^”]+”\) \[\d+\]/);
    // The quoted words are the cited line's: the claim and its citation agree.
    const printed = /the page prints “([^”]+)”\) \[(\d+)\]/.exec(answer)!;
    const cited = research.citations(research.answer(1)).nth(Number(printed[2]) - 1);
    expect(await cited.locator('.citation-quote').innerText()).toBe(`“${printed[1]}”`);
    await screenshot(page, 'assistant-corrected-value-1280');
  });

  it('shows a reviewer no internal names on the document cards, in the viewer, in Research or in the ledger (issue 38, point 11)', async () => {
    const docTypes = [...new Set((await documents()).map((d) => d.document.docType)), 'fallback'];
    const viewer = new PageViewer(page);
    const ledger = page.locator('.case-ledger');
    const texts = [
      ...(await page.locator('[role="option"][data-address]').allInnerTexts()),
      await viewer.keyData.innerText(),
      await viewer.source.innerText(),
      await new CaseResearch(page).panel.innerText(),
      await ledger.innerText(),
    ];
    expect(texts.join('\n')).toContain('Net pay');
    // Where a page comes from and what the ledger names: file names and pages, never ids.
    expect(await viewer.source.innerText()).toMatch(/^Page \d+ of \S+\.pdf$/);
    expect(await ledger.innerText()).toMatch(/\.pdf, pages? \d+/);
    expect(await ledger.innerText()).toContain('the portal');
    expect(internalNamesIn(texts.join('\n'), docTypes)).toEqual([]);
  });
});
