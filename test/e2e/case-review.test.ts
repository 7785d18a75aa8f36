import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { documentTitle } from '../../renderer/src/cases/document-title.js';
import { AppShell } from './pages/app-shell.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';
import { CORPUS } from './case-fixtures.js';

const PACKET = `${CORPUS}/p01.pdf`;
const APPLICANT = 'Sarah Whitcombe';

type Entry = { address: string; title: string; approval?: { outcome: string; decidedBy: string } };
type Event = { action: string; target: string; detail: Record<string, unknown> };

/**
 * A reviewer's desktop: a case made through the REST API appears in the case list, is reviewed
 * with the keyboard (the server applies each decision), and a decision made offline waits as
 * pending and reaches the server when the connection is back.
 */
describe('reviewing a case', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let cases: CasesPage;
  let review: CasePage;

  /**
   * Calls the REST API with the browser's session cookie from Node, so checking the server is not
   * affected by the browser profile being offline.
   */
  const api = async <T>(path: string): Promise<T> => {
    const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${baseUrl}/api${path}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const res = await fetch(`${baseUrl}/api${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const documents = () => api<Entry[]>(`/applications/${caseId}/documents`);
  const events = () => api<Event[]>(`/applications/${caseId}/events`);

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Rae Reviewer', email: uniqueEmail('rae'), password: PASSWORD } }));

    const started = await context.request.post(`${baseUrl}/api/workflows/standard-intake/runs`, {
      multipart: {
        applicant: APPLICANT,
        expectedDocList: 'tenancy-application',
        files: { name: 'p01.pdf', mimeType: 'application/pdf', buffer: await readFile(PACKET) },
      },
    });
    expect(started.status(), await started.text()).toBe(201);
    caseId = ((await started.json()) as { id: string }).id;
    // expect.poll is for tests only; the run takes a while, so wait for it here.
    let state = '';
    for (const deadline = Date.now() + 120_000; state !== 'report' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 1_000));
      state = (await api<{ run: { state: string } }>(`/applications/${caseId}`)).run.state;
    }
    expect(state, 'the run lands in report').toBe('report');
    cases = new CasesPage(page);
    review = new CasePage(page);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('lists the case, filters by applicant and state, and opens it', async () => {
    await cases.goto();
    await cases.row(APPLICANT).waitFor();
    expect(await cases.row(APPLICANT).innerText()).toContain('Report');
    await cases.search.fill('nobody by this name');
    await page.getByText('No case matches.').waitFor();
    await cases.search.fill('whitc');
    await cases.row(APPLICANT).waitFor();
    await cases.stateFilter.selectOption('gated');
    await page.getByText('No case matches.').waitFor();
    await cases.stateFilter.selectOption('report');
    await cases.row(APPLICANT).waitFor();
    await screenshot(page, 'cases-list');

    await cases.open(APPLICANT);
    await review.heading(APPLICANT).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/cases/${caseId}`);
    expect(await new AppShell(page).nav.getByRole('link', { name: 'Cases' }).getAttribute('aria-current')).toBe('page');
  });

  it('reviews with the keyboard: the server applies the approve and the junk', async () => {
    const listed = await documents();
    expect(listed.length).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await review.addresses()).sort()).toEqual(listed.map((d) => d.address).sort());
    // The page's order: what needs a person first, each group in packet order.
    const order = await review.addresses();
    expect(await review.selectedAddress()).toBe(order[0]);

    await review.press('?');
    await review.keysHelp.waitFor();
    expect(await review.keysHelp.innerText()).toContain('Junk');
    await review.press('?');
    await review.keysHelp.waitFor({ state: 'detached' });

    await review.press('j');
    await review.press('ArrowDown');
    await review.press('k');
    const approved = await review.selectedAddress();
    expect(approved).toBe(order[1]);
    await review.press('a');
    // The page moves on to the next document waiting for a decision.
    await expect.poll(() => review.selectedAddress()).toBe(order[2]);
    await review.byAddress(approved).getByText(/^(Pending: approve|Approved)$/).waitFor();
    await expect.poll(async () => (await documents()).find((d) => d.address === approved)?.approval?.outcome, { timeout: 20_000 }).toBe('approved');
    await review.byAddress(approved).getByText('Approved', { exact: true }).waitFor();

    const junked = await review.selectedAddress();
    await review.press('x');
    await expect.poll(async () => (await documents()).map((d) => d.address), { timeout: 20_000 }).not.toContain(junked);
    await review.byAddress(junked).waitFor({ state: 'detached' });

    const ledger = await events();
    expect(ledger).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'document.approved', target: `document:${approved}`, detail: expect.objectContaining({ decidedBy: 'Rae Reviewer' }) }),
        expect.objectContaining({ action: 'document.junked', target: `document:${junked}` }),
      ]),
    );
    // The case's own ledger timeline shows them too, newest first.
    await review.ledger.getByText('Document junked by Rae Reviewer').waitFor();
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor();
    await screenshot(page, 'case-review');
  });

  it('decides offline: the decision waits as pending and reaches the server once online', async () => {
    const before = await documents();
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();

    // Selection is on the document after the junked one: undecided.
    const target = await review.selectedAddress();
    expect(before.find((d) => d.address === target)?.approval).toBeUndefined();
    await review.press('a');
    await review.byAddress(target).getByText('Pending: approve').waitFor();
    const title = before.find((d) => d.address === target)!.title;
    await review.pending.getByRole('listitem', { name: `Approve ${documentTitle(title)}` }).getByText(/Waiting to reach the server/).waitFor();
    await screenshot(page, 'case-review-offline');
    // Reopening the page offline (the service worker's copy of the app) is case-offline.test.ts's.
    // The server has not seen the decision.
    expect((await documents()).find((d) => d.address === target)?.approval).toBeUndefined();

    await context.setOffline(false);
    await expect.poll(async () => (await documents()).find((d) => d.address === target)?.approval?.outcome, { timeout: 30_000 }).toBe('approved');
    await review.byAddress(target).getByText('Approved', { exact: true }).waitFor({ timeout: 20_000 });
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor();
    expect((await events()).filter((e) => e.action === 'document.approved').map((e) => e.target)).toContain(`document:${target}`);
  });

  it('shows a decision that lost the race as a conflict: re-applied once the other is undone, or dropped', async () => {
    // Offline, the reviewer approves the next document (the page moved on to it) while a colleague settles it through the API.
    const raced = await review.selectedAddress();
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    await review.press('a');
    await review.byAddress(raced).getByText('Pending: approve').waitFor();
    const settled = await post<{ decision: { id: string } }>(`/applications/${caseId}/documents/${encodeURIComponent(raced)}/settle`, { decidedBy: 'Sam Second' });
    await context.setOffline(false);

    const title = (await documents()).find((d) => d.address === raced)!.title;
    const conflict = review.pending.getByRole('listitem', { name: `Approve ${documentTitle(title)}` });
    await conflict.getByText(/^Decided first by Sam Second \(settled\) at /).waitFor({ timeout: 20_000 });
    await review.byAddress(raced).getByText('Settled', { exact: true }).waitFor();
    await screenshot(page, 'case-review-conflict');

    // Once the settle is undone, the same decision applies.
    await post(`/applications/${caseId}/decisions/${settled.decision.id}/undo`, {});
    await review.byAddress(raced).getByText('Waiting for review').waitFor({ timeout: 20_000 });
    await conflict.getByRole('button', { name: 'Re-apply' }).click();
    await expect.poll(async () => (await documents()).find((d) => d.address === raced)?.approval?.outcome, { timeout: 20_000 }).toBe('approved');
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor({ timeout: 20_000 });

    // A junk that loses to a colleague's approve is dropped: gone here and on the server.
    const first = (await documents()).find((d) => d.approval === undefined)!;
    for (let i = 0; i < 10 && (await review.selectedAddress()) !== first.address; i++) await review.press('k');
    expect(await review.selectedAddress()).toBe(first.address);
    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    await review.press('x');
    await post(`/applications/${caseId}/documents/${encodeURIComponent(first.address)}/approve`, { decidedBy: 'Sam Second' });
    await context.setOffline(false);
    const lost = review.pending.getByRole('listitem', { name: `Junk ${documentTitle(first.title)}` });
    await lost.getByText(/^Decided first by Sam Second \(approved\)/).waitFor({ timeout: 20_000 });
    await lost.getByRole('button', { name: 'Drop' }).click();
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor();
    await expect
      .poll(async () => {
        const { documents: requests } = await api<{ documents: { applicationId: string; state: string; _deleted: boolean }[] }>('/sync/decision-requests/pull?limit=1000');
        return requests.filter((r) => r.applicationId === caseId && r.state === 'conflict' && !r._deleted).length;
      })
      .toBe(0);
    // The page is the server's word on it after a reload, too.
    await page.reload();
    await review.heading(APPLICANT).waitFor();
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor();
    expect((await documents()).find((d) => d.address === first.address)?.approval).toMatchObject({ outcome: 'approved', decidedBy: 'Sam Second' });
  });
});
