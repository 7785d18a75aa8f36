import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { waitForMailedLink, waitForPasswordLink } from './outbox.js';
import { AdminUsersPage } from './pages/admin-users-page.js';
import { AppShell } from './pages/app-shell.js';
import { Layout } from './pages/layout.js';
import { SignInPage } from './pages/sign-in-page.js';

const MANAGER = 'Nell Newcomer';
const COLLEAGUE = 'Pim Patient';
const WAITS = 'Invitation waits for your confirmation';

/**
 * A new Manager's invitations wait until their own address is confirmed (issue 37, point 3). The
 * Users screen says so: a notice above the list (with the address, how many wait, and a button
 * to mail the link again) and a badge on each colleague whose mail waits, until the mailed link
 * is used; then the notice goes and the invitation is in the outbox.
 */
describe('invitations waiting for the Manager’s address', () => {
  const baseUrl = inject('e2eBaseUrl');
  const dataDir = inject('e2eDataDir');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('says invitations wait, marks the waiting colleague, and clears both once the mailed link is used', async () => {
    const email = uniqueEmail('nell');
    const colleague = uniqueEmail('pim');
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signUp({ orgName: 'Harbour Lettings', name: MANAGER, email, password: PASSWORD });
    const shell = new AppShell(page);
    await expect.poll(() => shell.signedInAs.innerText(), { timeout: 20_000 }).toBe(MANAGER);
    await shell.nav.getByRole('link', { name: 'Users' }).click();
    const users = new AdminUsersPage(page);
    await users.table.waitFor();

    await users.confirmNotice.waitFor();
    const notice = () => users.confirmNotice.innerText();
    expect(await notice()).toContain('Invitations wait until you confirm your address.');
    expect(await notice()).toContain(`A link to confirm it was mailed to ${email}`);
    expect(await notice()).toContain('Colleagues you add get their invitation mail once you confirm.');

    await users.invite({ name: COLLEAGUE, email: colleague, role: 'Originator' });
    // The message does not claim a mail went out.
    const added = page.getByText(`Added ${COLLEAGUE}. The invitation to ${colleague} waits until you confirm your address.`);
    await added.waitFor();
    await users.row(COLLEAGUE).getByText(WAITS).waitFor();
    expect(await users.row(COLLEAGUE).getByText(/^Invited /).count()).toBe(0);
    await expect.poll(notice).toContain('1 colleague waits for it');
    const layout = new Layout(page);
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);
    await screenshot(page, 'users-confirm-notice-1280');
    await page.setViewportSize({ width: 800, height: 600 });
    // The message would cover the badge in the small window's picture.
    await added.waitFor({ state: 'detached' });
    await users.row(COLLEAGUE).getByText(WAITS).waitFor();
    await screenshot(page, 'users-confirm-notice-800');
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);
    expect(await layout.reachable(users.confirmNotice.getByRole('button', { name: 'Send the link again' }))).toBe(true);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await users.row(COLLEAGUE).getByText(WAITS).waitFor();
    expect(await layout.horizontalOverflow(), (await layout.overflowing()).join(', ')).toBe(0);
    await screenshot(page, 'users-confirm-notice-1920');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Mailed again: says when, and the new link is the one that works.
    const first = await waitForMailedLink(dataDir, email, 'confirm-email');
    await users.confirmNotice.getByRole('button', { name: 'Send the link again' }).click();
    await users.confirmNotice.getByRole('status').getByText(`A new link was sent to ${email} at`).waitFor();
    let link = first;
    await expect.poll(async () => (link = await waitForMailedLink(dataDir, email, 'confirm-email')), { timeout: 15_000 }).not.toBe(first);
    await new Promise((r) => setTimeout(r, 300));
    expect(await waitForPasswordLink(dataDir, colleague, 1_000).catch(() => 'none')).toBe('none');

    // Confirmed in another tab, as opening the mail's link does.
    const mailTab = await context.newPage();
    const confirmation = new URL(link);
    await mailTab.goto(`${confirmation.pathname}${confirmation.hash}`);
    await mailTab.getByRole('button', { name: 'Confirm my address' }).click();
    await mailTab.getByText('Your address is confirmed.').waitFor();
    await mailTab.close();

    // Coming back to the window reads the status again: no notice, an ordinary invitation, and its mail sent.
    await page.bringToFront();
    await page.evaluate("window.dispatchEvent(new Event('focus'))");
    await users.confirmNotice.waitFor({ state: 'detached' });
    await users.row(COLLEAGUE).getByText(/^Invited /).waitFor();
    expect(await users.row(COLLEAGUE).getByText(WAITS).count()).toBe(0);
    expect(await waitForPasswordLink(dataDir, colleague)).toMatch(/\/reset-password#token=/);
    // And it stays gone on a fresh visit.
    await users.goto();
    await users.row(COLLEAGUE).getByText(/^Invited /).waitFor();
    expect(await users.confirmNotice.count()).toBe(0);
  });

  it('shows the throttle’s refusal of yet another link, and nothing while offline', async () => {
    const other = await newContext(browser, baseUrl);
    try {
      const api = apiOf(other, baseUrl);
      await ok(api.POST('/signup', { body: { orgName: 'Quay Homes', name: 'Rae Resender', email: uniqueEmail('rae'), password: PASSWORD } }));
      // FORGOT_THROTTLE (5 an hour by default) counts confirmation mails too: the next one is refused.
      for (let i = 0; i < 5; i++) await ok(api.POST('/email-confirmation/resend'));
      const theirs = await other.newPage();
      await theirs.setViewportSize({ width: 1280, height: 800 });
      const users = new AdminUsersPage(theirs);
      await users.goto();
      await users.confirmNotice.getByRole('button', { name: 'Send the link again' }).click();
      const refusal = users.confirmNotice.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(/^Too many confirmation mails; try again in \d+ s$/);
      expect(await users.confirmNotice.getByRole('status').count()).toBe(0);

      // Offline the notice needs the server: it is not shown, and no error takes its place.
      await other.setOffline(true);
      await users.confirmNotice.waitFor({ state: 'detached' });
      expect(await users.error.count()).toBe(0);
      await other.setOffline(false);
      await users.confirmNotice.waitFor();
    } finally {
      await other.close();
    }
  });
});
