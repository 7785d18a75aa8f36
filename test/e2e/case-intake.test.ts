import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok, type ApiClient } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { CaseGate } from './pages/case-gate.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';
import { NewCasePage } from './pages/new-case-page.js';
import { CORPUS } from './case-fixtures.js';

const CLEAN_PACKET = `${CORPUS}/p01.pdf`;
/** truth.json: page 1 of p03 is a low-DPI scan, the packet's only flag. */
const LOW_DPI_PACKET = `${CORPUS}/p03.pdf`;
const REVIEWER = 'Ivy Intake';

/**
 * A reviewer starts cases from the desktop: PDFs dropped or chosen go up in one run call with a
 * progress bar per file, the case then follows its run; a packet with red flags waits at the
 * gate, where the reviewer sees the flags and decides "Process anyway".
 */
describe('starting a case from the desktop', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let email: string;
  let cdp: CDPSession;

  const application = (id: string) => ok(api.GET('/applications/{id}', { params: { path: { id } } }));
  const caseIdFromUrl = () => {
    const match = /^\/cases\/(app[^/]+)$/.exec(new URL(page.url()).pathname);
    return match?.[1] ?? null;
  };
  /** Slows the browser's uploads so a person (and the screenshot) sees the bars move. */
  const throttleUploads = (bytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    api = apiOf(context, baseUrl);
    email = uniqueEmail('ivy');
    await ok(api.POST('/signup', { body: { orgName: 'Quayside Homes', name: REVIEWER, email, password: PASSWORD } }));
    cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('uploads a dropped PDF with its own progress bar and follows the run to its report', async () => {
    const cases = new CasesPage(page);
    await cases.goto();
    await page.getByRole('link', { name: 'New case' }).click();
    const form = new NewCasePage(page);
    await form.heading().waitFor();
    expect(new URL(page.url()).pathname).toBe('/cases/new');
    // The organization's default workflow is chosen for the person.
    await expect.poll(() => form.workflow.inputValue()).toBe('standard-intake');
    await form.list.selectOption('tenancy-application');
    await form.applicant.fill('Niamh Holloway');
    expect(await form.submit.isDisabled(), 'nothing to send yet').toBe(true);

    await form.drop(CLEAN_PACKET);
    await form.progress('p01.pdf').waitFor();
    expect(await form.progress('p01.pdf').getAttribute('value')).toBe('0');
    await form.status.getByText(/1 file, 364 KB: ready to send\./).waitFor();

    await form.recordProgress();
    await throttleUploads(120 * 1024);
    await form.submit.click();
    await expect.poll(async () => Number(await form.progress('p01.pdf').getAttribute('value')), { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    await screenshot(page, 'new-case-uploading');
    await throttleUploads(-1);

    await expect.poll(caseIdFromUrl, { timeout: 60_000 }).not.toBeNull();
    const id = caseIdFromUrl()!;
    const seen = (await form.recordedProgress())['Upload of p01.pdf'] ?? [];
    expect(seen.at(-1), `values shown: ${seen.join(', ')}`).toBe(100);
    expect(
      seen.some((v) => v > 0 && v < 100),
      `the bar moved through values between 0 and 100: ${seen.join(', ')}`,
    ).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    const review = new CasePage(page);
    await review.heading('Niamh Holloway').waitFor();
    expect((await application(id)).files.map((f) => f.name)).toEqual(['p01.pdf']);
    // The header follows the replicated case until the run lands.
    await page.getByTitle('Run state: report').waitFor({ timeout: 150_000 });
    expect((await application(id)).run.state).toBe('report');
    await new CaseGate(page).runProgress.waitFor({ state: 'detached' });
    await review.documents.getByRole('option').first().waitFor({ timeout: 20_000 });
  }, 240_000);

  it('holds a low-DPI packet at the gate, shows its flag, and goes on when the reviewer processes anyway', async () => {
    const cases = new CasesPage(page);
    await cases.goto();
    await page.getByRole('link', { name: 'New case' }).click();
    const form = new NewCasePage(page);
    await form.heading().waitFor();
    await form.list.selectOption('tenancy-application');
    await form.applicant.fill('Emily Marie Kowalski');
    await form.choose(LOW_DPI_PACKET);
    await form.progress('p03.pdf').waitFor();
    await form.submit.click();

    // The 409 at the gate still made the case: the page opens it.
    await expect.poll(caseIdFromUrl, { timeout: 60_000 }).not.toBeNull();
    const id = caseIdFromUrl()!;
    const held = await application(id);
    expect(held.run).toMatchObject({ state: 'gated', gateReason: 'flags', number: 1 });
    const flag = held.run.flags.find((f) => f.code === 'low_dpi');
    expect(flag, JSON.stringify(held.run.flags)).toMatchObject({ page: 1 });

    const gate = new CaseGate(page);
    await gate.panel.waitFor();
    // The ledger in words: why the case waits.
    await page.getByRole('list', { name: 'Ledger, newest first' }).getByText('Held at the gate: red flags at pre-flight').waitFor();
    const file = gate.file('p03.pdf');
    await file.getByText('Page 1', { exact: true }).waitFor();
    await file.getByText('Low DPI', { exact: true }).waitFor();
    await file.getByText(flag!.note, { exact: true }).waitFor();
    const shownCodes = await file.locator('[data-code]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code') ?? ''));
    expect(shownCodes.sort()).toEqual(held.run.flags.map((f) => f.code).sort());

    // Removing a file is a REST call: not offered offline. Processing anyway would be, as a request.
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    expect(await gate.removeFile('p03.pdf').isDisabled()).toBe(true);
    await gate.panel.getByText('Removing a file needs the server: you are offline.').waitFor();
    await context.setOffline(false);
    await new AppShell(page).connection.getByText('Online').waitFor({ timeout: 20_000 });
    await expect.poll(() => gate.removeFile('p03.pdf').isEnabled()).toBe(true);
    await screenshot(page, 'case-gate');

    await gate.processAnyway.click();
    // Pending (the button waits) until the server applies it, then the gate is gone.
    await expect.poll(async () => (await gate.processAnyway.count()) === 0 || (await gate.processAnyway.isDisabled())).toBe(true);
    await expect.poll(async () => (await application(id)).run.state, { timeout: 30_000 }).not.toBe('gated');
    const events = await ok(api.GET('/applications/{id}/events', { params: { path: { id } } }));
    const bypassed = events.find((e) => e.action === 'gate.bypassed');
    expect(bypassed, JSON.stringify(events.map((e) => e.action))).toMatchObject({ target: 'run:1', actor: `user:${email}`, detail: expect.objectContaining({ decidedBy: REVIEWER }) });
    // The gate leaves the page as the run moves on, and the ledger shows who let it through.
    await gate.panel.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('list', { name: 'Ledger, newest first' }).getByText(`Gate bypassed by ${REVIEWER}`).waitFor({ timeout: 20_000 });
  }, 180_000);
});
