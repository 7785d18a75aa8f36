import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { CasePage } from './pages/case-page.js';
import { CasesPage } from './pages/cases-page.js';
import { NewCasePage } from './pages/new-case-page.js';
import { installInk, PageViewer } from './pages/page-viewer.js';
import { CORPUS, restOf } from './case-fixtures.js';

const PACKET = `${CORPUS}/p01.pdf`;
const APPLICANT = 'Sarah Whitcombe';
const REVIEWER = 'Dana Desk';

type Entry = { address: string; title: string; approval?: { outcome: string; decidedBy: string } };
type Event = { action: string; target: string };

/**
 * The "done when", in one piece: a reviewer drops a packet on the desktop, follows its run,
 * and decides every document with the keyboard, the network cut halfway and the page closed and
 * reopened while it is; on reconnect the server holds every decision, as made, and nothing waits.
 */
describe('from a dropped packet to a fully decided case, with the network cut halfway', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** The REST API from Node with the profile's cookie: unaffected by the profile being offline. */
  const api = <T>(path: string): Promise<T> => restOf(context, baseUrl).get<T>(path);

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await installInk(page);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Northgate Lettings', name: REVIEWER, email: uniqueEmail('dana'), password: PASSWORD } }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('drops, runs, decides half online and half offline across a reopened page, and loses nothing', async () => {
    await new CasesPage(page).goto();
    await page.getByRole('link', { name: 'New case' }).click();
    const form = new NewCasePage(page);
    await form.heading().waitFor();
    await form.list.selectOption('tenancy-application');
    await form.applicant.fill(APPLICANT);
    await form.drop(PACKET);
    await form.progress('p01.pdf').waitFor();
    await form.submit.click();
    await expect.poll(() => /^\/cases\/(app[^/]+)$/.exec(new URL(page.url()).pathname)?.[1] ?? null, { timeout: 60_000 }).not.toBeNull();
    const id = /^\/cases\/(app[^/]+)$/.exec(new URL(page.url()).pathname)![1]!;

    const review = new CasePage(page);
    await page.getByTitle('Run state: report').waitFor({ timeout: 150_000 });
    const listed = await api<Entry[]>(`/applications/${id}/documents`);
    expect(listed.length).toBeGreaterThanOrEqual(4);
    await expect.poll(async () => (await review.addresses()).sort(), { timeout: 20_000 }).toEqual(listed.map((d) => d.address).sort());
    // The service worker keeps the app before the network goes, as it would have long before on a real desk.
    await expect
      .poll(() => page.evaluate<string>('navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? "none")'), { timeout: 20_000 })
      .toBe('activated');

    // Every document decided in the page's order (what needs a person first) with j and a/x, the
    // page moving on after each: the last one junked, the rest approved.
    const order = await review.addresses();
    const plan = order.map((address, i) => ({ address, key: i === order.length - 1 ? 'x' : 'a' }));
    const half = Math.ceil(plan.length / 2);
    const decide = async (at: CasePage, step: { address: string; key: string }) => {
      for (let i = 0; i < plan.length * 2 && (await at.selectedAddress()) !== step.address; i++) await at.press('j');
      expect(await at.selectedAddress()).toBe(step.address);
      await at.press(step.key);
      await at.byAddress(step.address).getByText(/^(Pending: (approve|junk)|Approved)$/).waitFor();
    };
    for (const step of plan.slice(0, half)) await decide(review, step);
    // Online, the first half reaches the server as it is made.
    await review.pending.getByText('None: every decision made here has reached the server.').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await api<Entry[]>(`/applications/${id}/documents`)).filter((d) => d.approval?.outcome === 'approved').length, { timeout: 20_000 })
      .toBe(half);

    await context.setOffline(true);
    await new AppShell(page).connection.getByText('Offline').waitFor();
    for (const step of plan.slice(half)) await decide(review, step);
    const offlineCount = plan.length - half;
    await expect.poll(() => review.pending.getByText(/Waiting to reach the server/).count()).toBe(offlineCount);

    // The page closed and opened again with the network still cut: the decisions wait on the device.
    await page.goto('about:blank');
    await page.close();
    page = await context.newPage();
    await installInk(page);
    await page.goto(`/cases/${id}`);
    const again = new CasePage(page);
    await again.heading(APPLICANT).waitFor();
    await new AppShell(page).connection.getByText('Offline').waitFor();
    await expect.poll(() => again.pending.getByText(/Waiting to reach the server/).count()).toBe(offlineCount);
    // The document the reviewer last looked at online is drawn from the copy kept on the device.
    expect(await new PageViewer(page).waitForDrawn()).toBeGreaterThan(0.001);
    await screenshot(page, 'drop-to-decided-offline');

    await context.setOffline(false);
    await again.pending.getByText('None: every decision made here has reached the server.').waitFor({ timeout: 30_000 });
    // The server's word: every approved document filed by the reviewer, the junked one gone, each decision once in the ledger.
    await expect
      .poll(async () => (await api<Entry[]>(`/applications/${id}/documents`)).map((d) => [d.address, d.approval?.outcome ?? 'undecided', d.approval?.decidedBy]), { timeout: 30_000 })
      .toEqual(plan.filter((s) => s.key === 'a').map((s) => [s.address, 'approved', REVIEWER]));
    const events = await api<Event[]>(`/applications/${id}/events`);
    for (const step of plan) {
      const action = step.key === 'a' ? 'document.approved' : 'document.junked';
      expect(events.filter((e) => e.action === action && e.target === `document:${step.address}`), `${action} ${step.address} once`).toHaveLength(1);
    }
    expect(await again.page.getByRole('region', { name: 'Pending decisions' }).getByText(/conflict/i).count()).toBe(0);
    await screenshot(page, 'drop-to-decided-done');

    // Signing out leaves none of the case on the device: neither its records nor its pages.
    const kept = () => page.evaluate<string[]>('indexedDB.databases().then((dbs) => dbs.map((d) => d.name))');
    expect((await kept()).filter((name) => name.startsWith('portal-page-cache:'))).toHaveLength(1);
    await new AppShell(page).signOut();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await kept()).filter((name) => name.startsWith('portal-page-cache:'))).toEqual([]);
  }, 300_000);
});
