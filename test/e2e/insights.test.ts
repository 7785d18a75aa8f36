import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cleanPacket } from '../api/applications-helpers.js';
import { launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { restOf, waitForRun } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { InsightsPage } from './pages/insights-page.js';
import { Layout } from './pages/layout.js';
import { SignInPage } from './pages/sign-in-page.js';

/** Screenshots go with the suite's artifacts (test/e2e/artifacts/). */
const shoot = (page: Page, name: string) => screenshot(page, name);

/**
 * Insights (issue 38): a Manager opens it after reviewers decided on two cases read by two
 * workflows, sees the charts the charting library drew and the numbers of the field table, and
 * narrows it to one workflow; at 1280×800, 800×600 and 1920×1080 nothing scrolls sideways. A
 * reviewer has no such entry, and the page tells them it is for Managers.
 */
describe('Insights for Managers', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const reviewerEmail = uniqueEmail('rae');

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Starts `workflowId` on the clean packet (three payslips and a bank statement) and waits for its report; the case and its one file. */
  async function reportedCase(workflowId: string): Promise<{ id: string; file: string }> {
    const form = new FormData();
    form.set('applicant', 'Sarah Whitcombe');
    form.set('expectedDocList', 'tenancy-application');
    form.append('files', new Blob([Buffer.from(await cleanPacket())], { type: 'application/pdf' }), 'packet.pdf');
    const started = await context.request.post(`${baseUrl}/api/workflows/${workflowId}/runs`, { multipart: form });
    expect(started.status(), await started.text()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await waitForRun(context, baseUrl, id, (r) => r.state === 'report', 60_000);
    const app = await restOf(context, baseUrl).get<{ files: { id: string }[] }>(`/applications/${id}`);
    return { id, file: app.files[0]!.id };
  }

  it('shows what people did with what the analyzer read, in charts and a table, and filters by workflow', async () => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signUp({ orgName: 'Harbour Lettings', name: 'Mina Manager', email: uniqueEmail('mina'), password: PASSWORD });
    const shell = new AppShell(page);
    await expect.poll(() => shell.signedInAs.innerText(), { timeout: 20_000 }).toBe('Mina Manager');
    const rest = restOf(context, baseUrl);

    // Before anything was read or decided: the empty state, no charts.
    await shell.nav.getByRole('link', { name: 'Insights' }).click();
    const insights = new InsightsPage(page);
    await insights.heading.waitFor();
    await insights.empty.getByText('No documents read yet.').waitFor();
    expect(await page.locator('svg.recharts-surface').count()).toBe(0);

    // A second workflow of the organization's own, and a reviewer.
    const created = await rest.post<{ id: string }>('/workflows', { name: 'Second intake' });
    await rest.send('PUT', `/workflows/${created.id}/1`, {
      steps: [{ tool: 'preview' }, { tool: 'parse' }, { tool: 'classify-and-file', settings: { followSplits: true } }, { tool: 'extract-key-data' }, { tool: 'completeness-report' }],
    });
    await rest.post(`/workflows/${created.id}/1/activate`);
    await rest.post('/users', { name: 'Rae Reviewer', email: reviewerEmail, role: 'Originator', temporaryPassword: PASSWORD });

    // The standard intake: one payslip approved as is, one corrected, one filed against another line, the statement junked.
    const a = await reportedCase('standard-intake');
    // Read, but nobody decided yet: says so, and draws nothing.
    await page.reload();
    await insights.empty.getByText('No decisions yet.').waitFor();
    expect(await insights.empty.innerText()).toContain('Runs read 4 documents, and nobody has decided on them yet.');
    expect(await page.locator('svg.recharts-surface').count()).toBe(0);
    const decide = (c: { id: string }, address: string, kind: string, body: unknown = {}) => rest.post(`/applications/${c.id}/documents/${encodeURIComponent(address)}/${kind}`, body);
    await decide(a, `${a.file}:p1-1`, 'approve');
    await rest.send('PUT', `/applications/${a.id}/documents/${encodeURIComponent(`${a.file}:p2-2`)}/key-data/netPay`, { value: { amount: '2468.20', currency: 'GBP' } });
    await decide(a, `${a.file}:p2-2`, 'approve');
    await decide(a, `${a.file}:p3-3`, 'approve', { expectedDocId: 'bank-statements' });
    await decide(a, `${a.file}:p4-4`, 'junk');
    // The second workflow: two payslips approved as is, the rest waiting.
    const b = await reportedCase(created.id);
    await decide(b, `${b.file}:p1-1`, 'approve');
    await decide(b, `${b.file}:p2-2`, 'approve');

    await page.reload();
    await insights.heading.waitFor();
    // 3 of the 6 documents judged were approved as is; net pay kept on 4 of the 5 payslips filed with their pages.
    await expect.poll(() => insights.tile('Approved as is').innerText(), { timeout: 15_000 }).toBe('50 %');
    expect(await insights.tile('Documents read').innerText()).toBe('8');
    expect(await insights.tile('Junked').innerText()).toBe('17 %');
    for (const chart of ['weeks', 'types', 'reliability'] as const) {
      await insights.surface(chart).waitFor();
      expect(await insights.bars(chart).count(), chart).toBeGreaterThan(0);
    }
    // The type chart names the types people know, not their ids.
    const typeTexts = await insights.surface('types').locator('text').allTextContents();
    expect(typeTexts).toEqual(expect.arrayContaining(['Payslip', 'Bank statement']));
    expect(typeTexts.join(' ')).not.toMatch(/payslip|bank-statement/);
    const netPay = insights.fieldRow('Payslip', 'Net pay');
    expect(await netPay.getByRole('cell').allInnerTexts()).toEqual(['Payslip', '5', '80 % (4)', '1', '0', expect.stringMatching(/^9\d %$/)]);
    const layout = new Layout(page);
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);
    await shoot(page, 'insights-1280');

    // One workflow: the second intake's two payslips, approved as is.
    await insights.workflow.selectOption({ label: 'Second intake (4 documents)' });
    await expect.poll(() => insights.tile('Approved as is').innerText()).toBe('100 %');
    expect(await insights.tile('Documents read').innerText()).toBe('4');
    await expect.poll(() => netPay.getByRole('cell').allInnerTexts()).toEqual(['Payslip', '2', '100 % (2)', '0', '0', expect.stringMatching(/^9\d %$/)]);
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);

    // Days with nothing read: says so.
    await insights.workflow.selectOption({ value: '' });
    await insights.to.fill('2020-01-31');
    await insights.empty.getByText('No documents were read with these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => insights.tile('Documents read').innerText()).toBe('8');

    // A small window: the navigation folds, the charts and the table fit, nothing scrolls sideways.
    await page.setViewportSize({ width: 800, height: 600 });
    await insights.surface('reliability').waitFor();
    // The charts follow the window through a ResizeObserver: a frame or two after the resize.
    await expect.poll(() => layout.horizontalOverflow(), { timeout: 5000 }).toBe(0);
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);
    const svgWidth = await insights.surface('weeks').evaluate((svg) => svg.getBoundingClientRect().width);
    expect(svgWidth).toBeLessThanOrEqual(800);
    expect(svgWidth).toBeGreaterThan(300);
    await insights.workflow.selectOption({ label: 'Second intake (4 documents)' });
    await expect.poll(() => insights.tile('Approved as is').innerText()).toBe('100 %');
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);
    await insights.workflow.selectOption({ value: '' });
    await expect.poll(() => insights.tile('Approved as is').innerText()).toBe('50 %');
    await shoot(page, 'insights-800');

    await page.setViewportSize({ width: 1920, height: 1080 });
    await insights.surface('types').waitFor();
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);
    await shoot(page, 'insights-1920');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('is not offered to a reviewer, and tells one who opens its address that it is for Managers', async () => {
    const reviewerContext = await newContext(browser, baseUrl);
    try {
      const reviewer = await reviewerContext.newPage();
      await reviewer.setViewportSize({ width: 1280, height: 800 });
      const signIn = new SignInPage(reviewer);
      await signIn.goto();
      await signIn.signIn(reviewerEmail, PASSWORD);
      const shell = new AppShell(reviewer);
      await expect.poll(() => shell.signedInAs.innerText(), { timeout: 20_000 }).toBe('Rae Reviewer');
      await shell.nav.getByRole('link', { name: 'Cases' }).waitFor();
      expect(await shell.nav.getByRole('link', { name: 'Insights' }).count()).toBe(0);
      await reviewer.goto(`${baseUrl}/insights`);
      await reviewer.getByText('Only Managers can open this page.').waitFor();
      expect(await reviewer.locator('svg.recharts-surface').count()).toBe(0);
    } finally {
      await reviewerContext.close();
    }
  });
});
