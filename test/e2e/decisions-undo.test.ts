import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { reportedCase, restOf, until } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { CasePage } from './pages/case-page.js';

const APPLICANT = 'Sarah Whitcombe';

type Entry = { address: string; approval?: { outcome: string; decisionId: string } };
type Decision = { id: string; kind: string; address: string; undone?: unknown };

/**
 * Decisions taken back from the page (issue 29, item 4): a junked document is shown again under
 * "Junked" and restored, an approval undone, a settled document reopened; offline too: the undo
 * is a decision request that waits on the device and is applied once on reconnect.
 */
describe('taking decisions back', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let review: CasePage;
  const documents = () => restOf(context, baseUrl).get<Entry[]>(`/applications/${caseId}/documents`);
  const decisions = () => restOf(context, baseUrl).get<Decision[]>(`/applications/${caseId}/decisions`);
  let approved: string;
  let junked: string;
  let settled: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Uma Undo', email: uniqueEmail('uma'), password: PASSWORD } }));
    caseId = await reportedCase(context, baseUrl, APPLICANT, ['p01.pdf']);
    review = new CasePage(page);
    await page.goto(`/cases/${caseId}`);
    await review.heading(APPLICANT).waitFor();
    const count = (await documents()).length;
    await until('the documents are listed', async () => (await review.addresses()).length === count);
    // Approve, junk and settle the first three with the keys: the page moves on after each.
    [approved, junked, settled] = (await review.addresses()) as [string, string, string];
    for (const [key, next] of [
      ['a', junked],
      ['x', settled],
      ['s', undefined],
    ] as const) {
      await review.press(key);
      if (next !== undefined) await until('the page moves on', async () => (await review.selectedAddress()) === next);
    }
    await until('the server applies the three decisions', async () => (await decisions()).filter((d) => !d.undone).map((d) => d.kind).sort().join() === 'approve,junk,settle');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows junked documents under "Junked" and restores one to the list', async () => {
    await review.byAddress(junked).waitFor({ state: 'detached' });
    expect(await review.filterCount('Junked')).toBe(1);
    await review.filter('Junked').click();
    await review.byAddress(junked).getByText(/^Junked by Uma Undo/).waitFor();
    await screenshot(page, 'undo-junked-shown');
    await review.undo(junked, 'Restore').click();
    await expect.poll(async () => (await documents()).find((d) => d.address === junked), { timeout: 20_000 }).toMatchObject({ address: junked });
    expect((await documents()).find((d) => d.address === junked)?.approval).toBeUndefined();
    await expect.poll(() => review.filterCount('Junked')).toBe(0);
    await review.filter('All').click();
    await review.byAddress(junked).getByText('Waiting for review').waitFor();
  });

  it('undoes an approval and reopens a settled document', async () => {
    await review.undo(approved, 'Undo approval').click();
    await expect.poll(async () => (await documents()).find((d) => d.address === approved)?.approval, { timeout: 20_000 }).toBeUndefined();
    await review.byAddress(approved).getByText('Waiting for review').waitFor();

    // The key works on the selected document: `u`.
    await review.byAddress(settled).click();
    await review.press('u');
    await expect.poll(async () => (await documents()).find((d) => d.address === settled)?.approval, { timeout: 20_000 }).toBeUndefined();
    await review.byAddress(settled).getByText('Waiting for review').waitFor();
    expect((await decisions()).filter((d) => d.undone !== undefined).map((d) => d.kind).sort()).toEqual(['approve', 'junk', 'settle']);
  });

  it('undoes an approval and restores junked pages offline: they wait on the device, and on reconnect the server undoes each once', async () => {
    const [target, other] = (await review.addresses()) as [string, string];
    await review.byAddress(target).click();
    await review.press('a');
    await expect.poll(async () => (await documents()).find((d) => d.address === target)?.approval?.outcome, { timeout: 20_000 }).toBe('approved');
    const approval = (await documents()).find((d) => d.address === target)!.approval!.decisionId;
    await review.undo(target, 'Undo approval').waitFor();
    await review.byAddress(other).click();
    await review.press('x');
    const junkOf = async () => (await decisions()).find((d) => d.kind === 'junk' && d.address === other && d.undone === undefined);
    await expect.poll(junkOf, { timeout: 20_000 }).toBeDefined();
    const junk = (await junkOf())!.id;

    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    await review.undo(target, 'Undo approval').click();
    // On the device at once: the card says the undo waits, and the button is gone (no second undo).
    await review.byAddress(target).getByText('Pending: undo').waitFor();
    await review.undo(target, 'Undo approval').waitFor({ state: 'detached' });
    await review.pending.getByText('Undo', { exact: true }).waitFor();
    await screenshot(page, 'undo-offline-pending');
    // Junked pages restored offline: the row says so and offers no second Restore.
    await review.filter('Junked').click();
    await review.undo(other, 'Restore').click();
    await review.byAddress(other).getByText('Pending: undo').waitFor();
    await review.undo(other, 'Restore').waitFor({ state: 'detached' });
    await review.filter('All').click();
    // The server has not heard of either (the REST calls from Node are not offline).
    expect((await decisions()).filter((d) => d.id === approval || d.id === junk).map((d) => d.undone)).toEqual([undefined, undefined]);

    await context.setOffline(false);
    await expect.poll(async () => (await decisions()).filter((d) => (d.id === approval || d.id === junk) && d.undone !== undefined).length, { timeout: 30_000 }).toBe(2);
    expect((await documents()).find((d) => d.address === target)?.approval).toBeUndefined();
    await review.byAddress(target).getByText('Waiting for review').waitFor({ timeout: 20_000 });
    await review.byAddress(other).getByText('Waiting for review').waitFor({ timeout: 20_000 });
    const undoRows = (await restOf(context, baseUrl).get<{ action: string; target: string }[]>(`/applications/${caseId}/events`)).filter(
      (e) => e.action === 'decision.undone' && (e.target === `decision:${approval}` || e.target === `decision:${junk}`),
    );
    expect(undoRows.map((e) => e.target).sort()).toEqual([`decision:${approval}`, `decision:${junk}`].sort());
    await expect.poll(() => review.pending.getByText('Undo', { exact: true }).count()).toBe(0);
  });
});
