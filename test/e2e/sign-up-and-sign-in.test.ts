import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { LibraryPage } from './pages/library-page.js';
import { SignInPage } from './pages/sign-in-page.js';

/** A new customer's first minutes: create an account, find the library, leave, come back. */
describe('signing up and signing in', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = uniqueEmail('maria');

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates an organization and lands signed in, in its library', async () => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await screenshot(page, 'sign-in');
    await signIn.signUp({ orgName: 'Harbour Lending', name: 'Maria Manager', email, password: PASSWORD });

    const shell = new AppShell(page);
    const library = new LibraryPage(page);
    await library.heading.waitFor();
    await expect.poll(() => shell.organization.innerText()).toBe('Harbour Lending');
    expect(await shell.signedInAs.innerText()).toBe('Maria Manager');
    await expect.poll(() => shell.connectionText()).toContain('Online');
    // The official templates arrive by replication into the local database.
    await library.card('Mortgage application').waitFor();
    expect(await page.getByText('No lists of your own yet.').isVisible()).toBe(true);
    await screenshot(page, 'library-new-organization');
  });

  it('signs out, refuses a wrong password with the server’s message, and signs in again', async () => {
    const shell = new AppShell(page);
    await shell.signOut();
    const signIn = new SignInPage(page);
    await page.getByRole('tab', { name: 'Sign in' }).waitFor();
    expect(await signIn.notice.innerText()).toBe('You are signed out.');
    // Signed out means signed out: the server no longer knows this browser.
    expect((await context.request.get('/api/me')).status()).toBe(401);

    await signIn.signIn(email, 'not-the-password');
    await signIn.error.waitFor();
    expect(await signIn.error.innerText()).toBe('Wrong email or password');

    await signIn.signIn(email, PASSWORD);
    await new LibraryPage(page).heading.waitFor();
    await expect.poll(() => shell.organization.innerText()).toBe('Harbour Lending');
    expect((await context.request.get('/api/me')).status()).toBe(200);
  });

  it('keeps the session across a reload', async () => {
    await page.reload();
    await new LibraryPage(page).heading.waitFor();
    expect(await new AppShell(page).signedInAs.innerText()).toBe('Maria Manager');
  });
});
