import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createApiClient, type ApiClient } from '@portal/shared/client';

/** Debian's Chromium; CI installs it (.ci/run), and Playwright's own browsers are never downloaded. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const ARTIFACTS_DIR = join(import.meta.dirname, 'artifacts');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh profile: its own cookies, IndexedDB (RxDB, Yjs) and local storage, like another computer. */
export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, colorScheme: 'light' });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * The typed API client, calling as the browser profile does: through its request context, so its
 * cookies (the session the page signed in with) go with every call and a sign-up signs it in.
 */
export function apiOf(context: BrowserContext, baseUrl: string): ApiClient {
  return createApiClient(baseUrl, async (request) => {
    const answer = await context.request.fetch(request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers),
      ...(request.body === null ? {} : { data: Buffer.from(await request.arrayBuffer()) }),
    });
    // A 204 has no body, and a Response refuses to be made with one.
    const body = answer.status() === 204 ? null : await answer.body();
    return new Response(body, { status: answer.status(), headers: answer.headersArray().map(({ name, value }): [string, string] => [name, value]) });
  });
}

/**
 * Whether `screenshot` writes its picture: always on a developer's machine, under CI only with
 * E2E_SCREENSHOTS=1. Nobody looks at CI's artifacts, and a full-page PNG of a 1920 px page costs a
 * browser a second's work on two shared cores, a hundred times per run.
 */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1' || (process.env.E2E_SCREENSHOTS !== '0' && !process.env.CI);

/** Saves a full-page screenshot under test/e2e/artifacts/ (git-ignored), for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  // From the top, or the sticky header is drawn where the page happened to be scrolled (and the
  // test goes on from where it would be with the picture taken).
  await page.evaluate('window.scrollTo(0, 0)');
  if (!SAVE_SCREENSHOTS) return;
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/** Saves what the window shows (not the whole page, nor scrolled) under test/e2e/artifacts/, as `screenshot` does. */
export async function windowShot(page: Page, name: string): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
}

let counter = 0;
/** An address no other test (or earlier run against the same server) has used. */
export function uniqueEmail(who: string): string {
  return `${who}.${Date.now().toString(36)}${(counter++).toString(36)}@example.test`;
}

export const PASSWORD = 'correct-horse-battery';
