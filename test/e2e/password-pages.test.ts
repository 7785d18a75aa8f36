import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { waitForMailedLink, waitForPasswordLink } from './outbox.js';
import { AppShell } from './pages/app-shell.js';
import { Layout } from './pages/layout.js';
import { ChoosePasswordPage, SignInPage } from './pages/sign-in-page.js';

const NEW_PASSWORD = 'a brand new passphrase';

/**
 * The mailed links (issue 29, item 2): "Forgot password?" mails a reset link, the link opens a page
 * to choose a password and signs in with it; an invited colleague's link sets their first password.
 */
describe('forgotten passwords and invitations', () => {
  const baseUrl = inject('e2eBaseUrl');
  const dataDir = inject('e2eDataDir');
  let browser: Browser;
  let manager: BrowserContext;
  let context: BrowserContext;
  let page: Page;
  const email = uniqueEmail('fern');

  beforeAll(async () => {
    browser = await launchBrowser();
    // The account is made in a profile of its own: the reviewer's browser starts signed out.
    manager = await newContext(browser, baseUrl);
    await ok(apiOf(manager, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Fern Forgetful', email, password: PASSWORD } }));
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('mails a reset link from "Forgot password?", and the link names whose password it sets, survives a reload, and signs in', async () => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.forgotPassword(email);
    // The same words whether or not the address has an account.
    await page.getByText('If that address has an account, a reset link is on its way.').waitFor();
    await screenshot(page, 'forgot-password-sent');

    const link = await waitForPasswordLink(dataDir, email);
    const choose = new ChoosePasswordPage(page);
    await choose.open(link);
    // The token leaves the address bar once read: it is not kept in the history.
    expect(new URL(page.url()).hash).toBe('');
    // The server says whose link it is: no address to type (issue 38, point 15).
    expect(await choose.forEmail.innerText()).toBe(email);
    expect(await choose.form.getByLabel('Email').count()).toBe(0);
    expect(await choose.rules.innerText()).toContain('At least 10 characters');
    await screenshot(page, 'choose-password');

    // A reload keeps the link (it used to say the link "may have been cut when copied").
    await page.reload();
    await choose.form.waitFor();
    expect(await choose.forEmail.innerText()).toBe(email);
    expect(await page.getByText('cut when copied').count()).toBe(0);

    await choose.choose(NEW_PASSWORD, 'a different passphrase');
    await choose.error.waitFor();
    expect(await choose.error.innerText()).toContain('The two passwords differ');

    await choose.choose(NEW_PASSWORD);
    const shell = new AppShell(page);
    await expect.poll(() => shell.signedInAs.innerText(), { timeout: 20_000 }).toBe('Fern Forgetful');

    // The new password is the one that works now.
    await shell.signOut();
    await signIn.signIn(email, PASSWORD);
    await signIn.error.waitFor();
    await signIn.signIn(email, NEW_PASSWORD);
    await expect.poll(() => shell.signedInAs.innerText(), { timeout: 20_000 }).toBe('Fern Forgetful');
  });

  it('says a used link is spent as it opens, before any password is typed, and offers a new one', async () => {
    const link = await waitForPasswordLink(dataDir, email);
    await new AppShell(page).signOut();
    const choose = new ChoosePasswordPage(page);
    await choose.goto(link);
    await choose.spent.getByRole('heading', { name: 'This link was already used' }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);
    await screenshot(page, 'choose-password-used');
    await choose.spent.getByRole('button', { name: 'Mail me a new link' }).click();
    await page.getByRole('form', { name: 'Reset your password' }).waitFor();
  });

  it('says a link cut when copied does not work, as it opens', async () => {
    const choose = new ChoosePasswordPage(page);
    await choose.goto(`${baseUrl}/reset-password#token=cut-off-when-copied`);
    await choose.spent.getByRole('heading', { name: 'This link does not work' }).waitFor();
    expect(await choose.spent.innerText()).toContain('incomplete');
  });

  it('lets an invited colleague choose a first password from the invitation mail and signs them in', async () => {
    // Fern's reset ended every session of hers: the invitation comes from another Manager.
    const inviter = await newContext(browser, baseUrl);
    const ivo = uniqueEmail('ivo');
    await ok(apiOf(inviter, baseUrl).POST('/signup', { body: { orgName: 'Quayside Homes', name: 'Ivo Inviter', email: ivo, password: PASSWORD } }));
    const colleague = uniqueEmail('ines');
    await ok(apiOf(inviter, baseUrl).POST('/users', { body: { name: 'Ines Invited', email: colleague, role: 'Originator' } }));
    // The invitation waits until Ivo's own address is confirmed by the link mailed at sign-up.
    const inviterPage = await inviter.newPage();
    // The server's PUBLIC_URL names port 0 here: the link's path and fragment, on the test's origin.
    const confirmation = new URL(await waitForMailedLink(dataDir, ivo, 'confirm-email'));
    await inviterPage.goto(`${confirmation.pathname}${confirmation.hash}`);
    await inviterPage.getByRole('button', { name: 'Confirm my address' }).click();
    await inviterPage.getByText('Your address is confirmed.').waitFor();
    expect(new URL(inviterPage.url()).hash).toBe('');
    await screenshot(inviterPage, 'confirm-email');
    await inviterPage.getByRole('button', { name: 'Continue' }).click();
    await inviterPage.close();
    const link = await waitForPasswordLink(dataDir, colleague);
    await page.setViewportSize({ width: 1280, height: 800 });
    const choose = new ChoosePasswordPage(page);
    await choose.open(link);
    // The invitation names the organization and the invited address: nothing to type but a password.
    await choose.form.getByRole('heading', { name: 'Join Quayside Homes' }).waitFor();
    expect(await choose.forEmail.innerText()).toBe(colleague);
    expect(await choose.form.getByLabel('Email').count()).toBe(0);
    for (const size of [{ width: 800, height: 600 }, { width: 1920, height: 1080 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      await screenshot(page, `invitation-${size.width}`);
      expect(await new Layout(page).horizontalOverflow(), `sideways scroll at ${size.width}px`).toBe(0);
    }
    await choose.choose(NEW_PASSWORD);
    const shell = new AppShell(page);
    await expect.poll(() => shell.signedInAs.innerText(), { timeout: 20_000 }).toBe('Ines Invited');
    await expect.poll(() => shell.organization.innerText()).toBe('Quayside Homes');
  });
});
