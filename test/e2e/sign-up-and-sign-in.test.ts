import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { Layout, THREE_SIZES } from './pages/layout.js';
import { LibraryPage } from './pages/library-page.js';
import { NewCasePage } from './pages/new-case-page.js';
import { SignInPage } from './pages/sign-in-page.js';

/** A new customer's first minutes: create an account, find the first step and the library, leave, come back. */
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

  it('creates an organization and lands signed in on Cases, whose first step is Start a case', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const signIn = new SignInPage(page);
    await signIn.goto();
    await screenshot(page, 'sign-in');
    await signIn.signUp({ orgName: 'Harbour Lending', name: 'Maria Manager', email, password: PASSWORD });

    const shell = new AppShell(page);
    // A new organization has no case yet: it opens on Cases, which says what one is and offers to start it (issue 38).
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cases');
    await expect.poll(() => shell.organization.innerText()).toBe('Harbour Lending');
    expect(await shell.signedInAs.innerText()).toBe('Maria Manager');
    await expect.poll(() => shell.connectionText()).toContain('Online');
    const first = page.getByRole('region', { name: 'Start your first case' });
    await first.waitFor();
    const start = first.getByRole('link', { name: 'Start a case' });
    // The official lists arrive by replication and are named as ready to use.
    await first.getByText(/Lists ready to use: .*Mortgage application/).waitFor({ timeout: 20_000 });
    const layout = new Layout(page);
    for (const size of THREE_SIZES) {
      await page.setViewportSize(size);
      expect(await layout.withinViewport(start), `Start a case is on screen at ${size.width}×${size.height}`).toBe(true);
      expect(await layout.horizontalOverflow(), `no sideways scroll at ${size.width}×${size.height}`).toBe(0);
      await screenshot(page, `cases-first-case-${size.width}x${size.height}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The step leads to the new-case form, with an official list and the default workflow chosen.
    await start.click();
    const form = new NewCasePage(page);
    await form.heading().waitFor();
    await expect.poll(() => form.list.inputValue(), { timeout: 20_000 }).not.toBe('');
    await expect.poll(() => form.workflow.inputValue(), { timeout: 20_000 }).not.toBe('');

    // The library is one click away, with the official templates.
    await shell.go('Library');
    const library = new LibraryPage(page);
    await library.heading.waitFor();
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
