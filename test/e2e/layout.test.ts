import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, ARTIFACTS_DIR, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { reportedCase, restOf } from './case-fixtures.js';
import { AppShell } from './pages/app-shell.js';
import { CasePage } from './pages/case-page.js';
import { Layout, MAIN_SCREENS } from './pages/layout.js';
import { installInk, PageViewer } from './pages/page-viewer.js';

const APPLICANT = 'Morag Lindqvist';
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 800, height: 900 },
  { width: 1920, height: 1080 },
] as const;

/**
 * A reviewer's day on a laptop (issue 29): the case page keeps the selected document's pages in
 * view beside the list from 1200 px up, stacks usably below, and no screen scrolls sideways or
 * hides a control at 800 px.
 */
describe('layout at laptop and small widths', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let caseId: string;
  let docCount: number;
  let shell: AppShell;
  let review: CasePage;
  let viewer: PageViewer;
  let layout: Layout;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await installInk(page);
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Harbour Lettings', name: 'Lou Laptop', email: uniqueEmail('lou'), password: PASSWORD } }));
    // Two packets: eleven documents, a list far taller than the window.
    caseId = await reportedCase(context, baseUrl, APPLICANT, ['p01.pdf', 'p14.pdf']);
    docCount = (await restOf(context, baseUrl).get<unknown[]>(`/applications/${caseId}/documents`)).length;
    shell = new AppShell(page);
    review = new CasePage(page);
    viewer = new PageViewer(page);
    layout = new Layout(page);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
  });

  const openCase = async () => {
    await page.goto(`/cases/${caseId}`);
    await review.heading(APPLICANT).waitFor();
    await expect.poll(() => review.titles()).toHaveLength(docCount);
  };

  /** The viewer stands to the right of the list and wholly inside the window. */
  const viewerBesideList = async () => {
    const list = await layout.box(review.documents);
    const pages = await layout.box(viewer.panel);
    expect(pages.x, 'the viewer starts right of the list').toBeGreaterThanOrEqual(list.x + list.width - 1);
    expect(await layout.withinViewport(viewer.panel), `the viewer ${JSON.stringify(pages)} is inside the window`).toBe(true);
  };

  it('at 1280×800 keeps the selected document’s pages beside the list while j and k move through it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(docCount).toBeGreaterThanOrEqual(10);
    await openCase();
    await viewer.panel.waitFor();
    await viewerBesideList();
    for (let i = 0; i < docCount - 1; i++) {
      await review.press('j');
      const address = await review.selectedAddress();
      await page.getByRole('heading', { name: `Pages of ${await review.selectedTitle()}` }).waitFor();
      await viewerBesideList();
      expect(await layout.withinViewport(review.byAddress(address)), `document ${i + 2} is in view`).toBe(true);
    }
    for (let i = 0; i < 4; i++) await review.press('k');
    await viewerBesideList();
    expect(await layout.withinViewport(review.selected())).toBe(true);
    expect(await viewer.waitForDrawn()).toBeGreaterThan(0);
    // What the reviewer sees in the window, not the whole page.
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'layout-1280-case-window.png') });
  });

  it('at 1920×1080 the viewer stands beside the list too', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openCase();
    await viewer.panel.waitFor();
    await review.press('j');
    await review.press('j');
    await viewerBesideList();
    await viewer.waitForDrawn();
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'layout-1920-case-window.png') });
  });

  it('at 800×900 stacks the case: the viewer follows the list within a screen, and every control is reachable', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await openCase();
    await viewer.panel.waitFor();
    await review.press('j');
    const list = await layout.box(review.documents);
    const pages = await layout.box(viewer.panel);
    expect(pages.y - list.y, 'the viewer is less than a screen below the top of the list').toBeLessThan(900);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'layout-800-case-window.png') });
    expect(await layout.reachable(page.getByRole('button', { name: 'Download case text' }))).toBe(true);
    expect(await layout.reachable(page.getByRole('button', { name: 'Sign out' }))).toBe(true);
    // The navigation folds into the top bar, not a dark band above every page.
    expect(await shell.nav.isVisible()).toBe(false);
    expect((await layout.box(page.getByRole('banner'))).height).toBeLessThan(80);
    await shell.openNav();
    const organization = shell.nav.getByRole('link', { name: 'Organization' });
    expect(await layout.reachable(organization)).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS_DIR, 'layout-800-menu-open.png') });
    await organization.click();
    await page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
    // Following a link folds the menu again.
    await expect.poll(() => shell.menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('no main screen scrolls sideways at 1280, 800 or 1920 px', async () => {
    // The editors too: an official list, extraction schema and intel template (read-only views)
    // and the organization's own workflow (its draft form once a new version is made).
    const editors = [
      { name: 'list-editor', path: '/library/official/tenancy-application/1', heading: /./ },
      { name: 'schema-editor', path: '/extraction-schemas/official/payslip/1', heading: /./ },
      { name: 'workflow-editor', path: '/workflows/own/standard-intake/1', heading: /./ },
      { name: 'intel-template-editor', path: '/intel-templates/official/affordability/1', heading: /./ },
    ];
    const screens: { name: string; path: string; heading: string | RegExp }[] = [{ name: 'case', path: `/cases/${caseId}`, heading: APPLICANT }, ...MAIN_SCREENS, ...editors];
    const failures: string[] = [];
    // Each screen opened once, then seen at each width: resizing the window is what a person does,
    // and opening the app afresh 45 times only measured the app's start.
    for (const screen of screens) {
      await page.setViewportSize(WIDTHS[0]);
      await page.goto(screen.path);
      await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
      // What the page lists arrives from the local copy a moment later.
      // (Placeholders read "Opening the ……"; a page's own text may say "Opening balance".)
      await page.waitForFunction('!/Opening[^.\\n]{0,40}…/.test(document.querySelector("main")?.innerText ?? "")', undefined, { timeout: 10_000 }).catch(() => undefined);
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        // The layout after the resize, not the one before it.
        await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
        await screenshot(page, `layout-${size.width}-${screen.name}`);
        const overflow = await layout.horizontalOverflow();
        if (overflow > 0) failures.push(`${screen.name} at ${size.width}px is ${overflow}px too wide: ${(await layout.overflowing()).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 360_000);

  it('the sign-in and password pages do not scroll sideways either', async () => {
    const signedOut = await newContext(browser, baseUrl);
    const out = await signedOut.newPage();
    const outLayout = new Layout(out);
    const failures: string[] = [];
    try {
      for (const size of WIDTHS) {
        await out.setViewportSize(size);
        for (const screen of [
          { name: 'sign-in', path: '/', shown: out.getByLabel('Password', { exact: true }) },
          // A made-up link: the page says so at once (password-pages.test.ts lays out a usable one).
          { name: 'reset-password', path: '/reset-password#token=not-a-real-token', shown: out.getByRole('heading', { name: 'This link does not work' }) },
        ]) {
          await out.goto(screen.path);
          await screen.shown.first().waitFor();
          await screenshot(out, `layout-${size.width}-${screen.name}`);
          const overflow = await outLayout.horizontalOverflow();
          if (overflow > 0) failures.push(`${screen.name} at ${size.width}px is ${overflow}px too wide`);
        }
      }
    } finally {
      await signedOut.close();
    }
    expect(failures).toEqual([]);
  });
});
