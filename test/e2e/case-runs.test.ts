import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { CORPUS, reportedCase, restOf } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { CaseGate } from './pages/case-gate.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';
import { NewCasePage } from './pages/new-case-page.js';
import { installInk, PageViewer } from './pages/page-viewer.js';
import { RunControls } from './pages/run-controls.js';

/** Packets of the public corpus without red flags, several with scans: a run that reads for a while. */
const PACKETS = ['p01.pdf', 'p04.pdf', 'p06.pdf', 'p07.pdf', 'p10.pdf', 'p12.pdf', 'p16.pdf', 'p20.pdf'];
const REVIEWER = 'Cass Canceller';
const PINNED_APPLICANT = 'Niamh Holloway';
const APPLICANT = 'Oren Batchford';

type Run = { state: string; number: number | null; gateReason: string | null; lastRunError?: string };
type Case = { id: string; run: Run; files: { name: string; pageCount: number; readByRun: number | null }[] };
type Entry = { address: string; title: string };

/**
 * A reviewer's runs on a laptop screen (1280×800): a batch with files that cannot be sent is
 * refused whole, every such file named with why, by the form and by the server; while the gate
 * checks the files the form shows how far it is, as the server reports it; the case page never
 * says no run has started once its ledger says one did; a run in flight is cancelled (confirmed,
 * online only) and a new one started; a case kept offline shows its thumbnails with the network cut.
 */
describe('a case’s runs: refused batches, the gate’s progress, cancelling, thumbnails offline', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let rest: ReturnType<typeof restOf>;
  let pinnedId: string;
  let batchId: string;
  let dir: string;

  const caseOf = (id: string) => rest.get<Case>(`/applications/${id}`);
  const caseIdFromUrl = () => /^\/cases\/(app[^/]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? null;
  const goOffline = async () => {
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
  };
  const goOnline = async () => {
    await context.setOffline(false);
    await new AppShell(page).connection.getByText('Online').waitFor({ timeout: 20_000 });
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await installInk(page);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Quayside Homes', name: REVIEWER, email: uniqueEmail('cass'), password: PASSWORD } }));
    rest = restOf(context, baseUrl);
    dir = await mkdtemp(join(tmpdir(), 'case-runs-'));
    await writeFile(join(dir, 'notes.txt'), 'Call the landlord on Monday.');
    // Named as PDFs, so only the server's look at their content refuses them.
    await writeFile(join(dir, 'scan-a.pdf'), '<html>a web page saved under the wrong name</html>');
    await writeFile(join(dir, 'scan-b.pdf'), 'GIF89a not a PDF either');
    // Before the batch's run: runs take turns on the server's worker.
    pinnedId = await reportedCase(context, baseUrl, PINNED_APPLICANT, ['p01.pdf']);
  }, 300_000);

  afterAll(async () => {
    // Leaves no run of ours reading when the suite ends.
    if (batchId) await rest.post(`/applications/${batchId}/run/cancel`).catch(() => undefined);
    await browser?.close();
  });

  it('shows a pinned case’s thumbnails offline from the pages the viewer shows', async () => {
    const docs = await rest.get<Entry[]>(`/applications/${pinnedId}/documents`);
    expect(docs.length).toBeGreaterThan(1);
    const review = new CasePage(page);
    const viewer = new PageViewer(page);
    await page.goto(`/cases/${pinnedId}`);
    await review.heading(PINNED_APPLICANT).waitFor();
    await expect.poll(() => review.documents.locator('.case-doc-thumb canvas').count(), { timeout: 30_000 }).toBe(docs.length);
    await viewer.keepOffline.check();
    await expect.poll(() => viewer.offlineState.innerText(), { timeout: 60_000 }).toContain('Available offline');

    await goOffline();
    // Away and back: each thumbnail is drawn again, from this device alone.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Cases' }).click();
    await new CasesPage(page).open(PINNED_APPLICANT);
    await review.heading(PINNED_APPLICANT).waitFor();
    await expect.poll(() => review.documents.locator('.case-doc-thumb canvas').count(), { timeout: 20_000 }).toBe(docs.length);
    expect(await review.documents.getByText('Not on this device').count()).toBe(0);
    expect(await viewer.waitForDrawn()).toBeGreaterThan(0.002);
    await screenshot(page, 'case-pinned-thumbnails-offline');
    await goOnline();
    await viewer.keepOffline.uncheck();
  }, 120_000);

  it('refuses a batch whole and names every refused file with why: on this device, then by the server', async () => {
    await new CasesPage(page).goto();
    await page.getByRole('link', { name: 'New case' }).click();
    const form = new NewCasePage(page);
    await form.heading().waitFor();
    await form.list.selectOption('tenancy-application');
    await form.applicant.fill(APPLICANT);

    // Chosen in the file dialog: the choice is taken whole, so none of it is added.
    await form.choose(join(CORPUS, 'p01.pdf'), join(dir, 'notes.txt'));
    await form.alert().getByText('None of the 2 chosen files was added: a choice is taken whole, and 1 of them cannot be sent. “notes.txt” is not a PDF. Choose again without it.').waitFor();
    expect(await form.files.count()).toBe(0);

    // Dropped: listed, the refused one marked with why, and nothing sent while it is there.
    await form.drop(join(CORPUS, 'p01.pdf'), join(dir, 'notes.txt'));
    await form.alert().getByText(/^This batch would be refused whole: one file that cannot be sent stops every file of the call/).waitFor();
    expect(await form.alert().innerText()).toContain('Refused: notes.txt (not a PDF: only PDFs can be sent). Remove it to send the other 1 file.');
    expect(await form.refusal('notes.txt').innerText()).toBe('Refused: not a PDF: only PDFs can be sent');
    expect(await form.refusal('p01.pdf').count()).toBe(0);
    expect(await form.submit.isDisabled()).toBe(true);
    await screenshot(page, 'new-case-refused-here');

    await form.remove('notes.txt').click();
    expect(await form.alert().count()).toBe(0);
    await form.choose(join(dir, 'scan-a.pdf'), join(dir, 'scan-b.pdf'));
    expect(await form.alert().count(), 'named .pdf: this device cannot tell').toBe(0);
    await form.submit.click();
    const alert = form.alert();
    await alert.getByText(/^The whole call was refused and nothing of it was kept: 2 of the 3 files cannot be accepted/).waitFor({ timeout: 30_000 });
    const said = await alert.innerText();
    expect(said).toMatch(/"scan-a\.pdf" is not a PDF .*; "scan-b\.pdf" is not a PDF/);
    expect(said).toContain('Send the other files again without them.');
    for (const name of ['scan-a.pdf', 'scan-b.pdf']) expect(await form.refusal(name).innerText()).toMatch(/^Refused: is not a PDF/);
    expect(await form.refusal('p01.pdf').count()).toBe(0);
    expect(await form.submit.isDisabled()).toBe(true);
    expect(caseIdFromUrl(), 'nothing was kept: no case to open').toBeNull();
    await screenshot(page, 'new-case-refused-by-server');
    await form.remove('scan-a.pdf').click();
    await form.remove('scan-b.pdf').click();
    expect(await form.alert().count()).toBe(0);
  }, 120_000);

  it('shows the gate’s check as the server reports it, then the case with its run started, never "no run" beside the ledger', async () => {
    const form = new NewCasePage(page);
    const controls = new RunControls(page);
    await form.choose(...PACKETS.filter((p) => p !== 'p01.pdf').map((p) => join(CORPUS, p)));
    await form.status.getByText(/^8 files, .*: ready to send\.$/).waitFor();
    await controls.record();
    await form.submit.click();
    await controls.gateCheck.waitFor({ timeout: 60_000 });
    await screenshot(page, 'new-case-gate-check');
    await expect.poll(caseIdFromUrl, { timeout: 120_000 }).not.toBeNull();
    batchId = caseIdFromUrl()!;
    const made = await caseOf(batchId);
    const pages = made.files.reduce((n, f) => n + f.pageCount, 0);
    const { checks } = await controls.recorded();
    const counts = checks.map((c) => /^(\d+) of 8 files checked · (\d+) of (\d+) pages$/.exec(c)).filter((m) => m !== null);
    expect(counts.length, `the check as shown: ${checks.join(' | ')}`).toBeGreaterThan(0);
    for (const m of counts) expect(Number(m[3])).toBe(pages);
    expect(counts.some((m) => Number(m[1]) < 8), `a count before the end: ${checks.join(' | ')}`).toBe(true);
    // Files and pages only go up.
    const files = counts.map((m) => Number(m[1]));
    expect([...files].sort((a, b) => a - b)).toEqual(files);

    const review = new CasePage(page);
    await review.heading(APPLICANT).waitFor();
    await review.ledger.getByText(/^Run started/).waitFor({ timeout: 20_000 });
    expect(await new CaseGate(page).panel.count(), 'a run that started is not shown at the gate').toBe(0);
    expect((await controls.recorded()).contradictions).toEqual([]);
  }, 240_000);

  it('cancels the run in flight after asking, online only, shows the case back at the gate, and starts a new run', async () => {
    const controls = new RunControls(page);
    const gate = new CaseGate(page);
    // A preview cannot be stopped: the button waits for the run to read.
    await expect.poll(() => controls.cancelRun.isEnabled(), { timeout: 120_000 }).toBe(true);
    expect(['inventory', 'running']).toContain((await caseOf(batchId)).run.state);
    await gate.runProgress.waitFor();
    await screenshot(page, 'case-run-progress');

    await goOffline();
    expect(await controls.cancelRun.isDisabled()).toBe(true);
    await page.getByText('Cancelling a run needs the server: you are offline.').waitFor();
    await goOnline();
    await expect.poll(() => controls.cancelRun.isEnabled()).toBe(true);

    await controls.cancelRun.click();
    await controls.confirmDialog.waitFor();
    await controls.keepRunning.click();
    await controls.confirmDialog.waitFor({ state: 'detached' });
    expect((await caseOf(batchId)).run.gateReason, 'keeping it running changes nothing').toBeNull();
    await controls.cancelRun.click();
    await screenshot(page, 'case-run-cancel-confirm');
    await controls.confirmCancel.click();

    await gate.panel.getByText('The last run was cancelled.').waitFor({ timeout: 20_000 });
    await gate.panel.getByRole('alert', { name: 'Last run error' }).getByText(`Cancelled by ${REVIEWER} during`).waitFor();
    await gate.panel.getByText(/^8 files wait unread\. Start a new run over them with /).waitFor();
    expect(await controls.cancelRun.count()).toBe(0);
    await gate.runProgress.waitFor({ state: 'detached' });
    expect(await controls.runState.innerText()).toBe('At the gate');
    const cancelled = await caseOf(batchId);
    expect(cancelled.run).toMatchObject({ state: 'gated', number: 1, gateReason: 'cancelled' });
    expect(cancelled.files.every((f) => f.readByRun === null)).toBe(true);
    const events = await rest.get<{ action: string; target: string }[]>(`/applications/${batchId}/events`);
    expect(events.find((e) => e.action === 'run.cancelled')).toMatchObject({ target: 'run:1' });
    await new CasePage(page).ledger.getByText(`Run cancelled by ${REVIEWER}`).waitFor({ timeout: 20_000 });
    await screenshot(page, 'case-run-cancelled');

    await goOffline();
    expect(await controls.startNewRun.isDisabled()).toBe(true);
    await gate.panel.getByText('Starting a run needs the server: you are offline.').waitFor();
    await goOnline();
    await expect.poll(() => controls.startNewRun.isEnabled()).toBe(true);
    await controls.startNewRun.click();
    await expect.poll(async () => (await caseOf(batchId)).run.number, { timeout: 120_000 }).toBe(2);
    expect((await caseOf(batchId)).run.gateReason).toBeNull();
    await gate.panel.waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('status', { name: 'Run progress' }).getByText(/^Run 2: /).waitFor({ timeout: 30_000 });
    expect((await controls.recorded()).contradictions).toEqual([]);
  }, 300_000);
});
