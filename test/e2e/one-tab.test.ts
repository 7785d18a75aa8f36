import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';

/**
 * Tabs of one browser share the person's local copy but would not hear each other's writes, so
 * one tab at a time holds it: a second tab says another has it and offers to take over, and the
 * first then says it was taken; closing the first frees it for the next.
 */
describe('one tab at a time holds the local copy', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Two Tabs Lettings', name: 'Tess Tabs', email: uniqueEmail('tess'), password: PASSWORD } }));
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('tells a second tab, lets it take over, and tells the first', async () => {
    const first = await context.newPage();
    await first.goto('/cases');
    await new AppShell(first).connection.getByText('Online').waitFor({ timeout: 20_000 });

    const second = await context.newPage();
    await second.goto('/cases');
    const notice = second.getByRole('alertdialog', { name: 'Compliance Portal is open in another tab' });
    await notice.waitFor();
    expect(await new AppShell(second).nav.count()).toBe(0);
    await screenshot(second, 'other-tab');

    await notice.getByRole('button', { name: 'Use it here' }).click();
    await new AppShell(second).connection.getByText('Online').waitFor({ timeout: 20_000 });
    const taken = first.getByRole('alertdialog', { name: 'Compliance Portal is now open in another tab' });
    await taken.waitFor();
    expect(await new AppShell(first).nav.count()).toBe(0);

    // Closing the tab that holds it frees it: the other takes it back when asked, and a reload waits for nobody.
    await second.close();
    await taken.getByRole('button', { name: 'Use it here' }).click();
    await new AppShell(first).connection.getByText('Online').waitFor({ timeout: 20_000 });
    await first.reload();
    await new AppShell(first).connection.getByText('Online').waitFor({ timeout: 20_000 });
    await first.close();
  });
});
