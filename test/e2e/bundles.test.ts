import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { BundlesPage } from './pages/bundles-page.js';
import { LibraryPage } from './pages/library-page.js';
import { ListEditorPage } from './pages/list-editor-page.js';
import { SignInPage } from './pages/sign-in-page.js';

/**
 * A Manager's document bundles: made once on the Bundles page, renamed and changed there, inserted
 * into a draft list as a subsection (a copy), and deleted without touching the list.
 */
describe('document bundles', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let shell: AppShell;
  let bundles: BundlesPage;
  let library: LibraryPage;
  let editor: ListEditorPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    shell = new AppShell(page);
    bundles = new BundlesPage(page);
    library = new LibraryPage(page);
    editor = new ListEditorPage(page);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signUp({ orgName: 'Quayside Lettings', name: 'Quinn Quayside', email: uniqueEmail('quinn'), password: PASSWORD });
    // A new organization opens on Cases (its first step); the library is a click away.
    await page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('starts empty, explaining what bundles are, and creates one from the catalogue', async () => {
    await shell.go('Bundles');
    await bundles.heading.waitFor();
    expect(await shell.nav.getByRole('link', { name: 'Bundles' }).getAttribute('aria-current')).toBe('page');
    await bundles.emptyState.waitFor();

    await bundles.create('ID and address', ['Passport', 'Utility bill']);
    await bundles.card('ID and address').waitFor();
    expect(await bundles.members('ID and address')).toEqual(['Passport', 'Utility bill']);
    await expect.poll(() => bundles.emptyState.count()).toBe(0);
  });

  it('shows the server’s message when it refuses', async () => {
    const dialog = await bundles.startNew();
    // Each document type is offered once under one name (a kind named like a type reads "Any …").
    const offered = await bundles.typeOptions(dialog);
    expect(offered.filter((name, i) => offered.indexOf(name) !== i)).toEqual([]);
    expect(offered).toContain('Any other document');
    // No members: the server's 400.
    await bundles.fill(dialog, { name: 'Income' });
    await bundles.submit(dialog);
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toMatch(/member/);

    // A name already taken, ignoring case: the server's 409.
    await bundles.fill(dialog, { name: 'id AND address', add: ['Payslip'] });
    await bundles.submit(dialog);
    await expect.poll(() => dialog.getByRole('alert').innerText()).toMatch(/already exists/);
    await screenshot(page, 'bundles-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('renames a bundle and changes its members', async () => {
    await bundles.edit('ID and address', { name: 'Identity and address', add: ['Council tax bill'] });
    await bundles.card('Identity and address').waitFor();
    await expect.poll(() => bundles.card('ID and address').count()).toBe(0);
    await expect.poll(() => bundles.members('Identity and address')).toEqual(['Passport', 'Utility bill', 'Council tax bill']);
    await screenshot(page, 'bundles');
  });

  it('inserts the bundle into a draft list as a subsection', async () => {
    await shell.go('Library');
    await library.createList('Move-in checklist');
    await editor.heading('Move-in checklist').waitFor();
    await editor.insertBundle('Documents', 'Identity and address');
    const subsection = editor.subsection('Documents', 'Identity and address');
    await subsection.waitFor();
    await subsection.getByText('From bundle “Identity and address”').waitFor();
    for (const line of ['Passport', 'Utility bill', 'Council tax bill']) await editor.line('Documents', line).waitFor();
    await editor.saved.waitFor();
  });

  it('deletes the bundle; the list keeps its subsection', async () => {
    await shell.go('Bundles');
    await bundles.delete('Identity and address');
    await bundles.emptyState.waitFor();
    expect(await bundles.card('Identity and address').count()).toBe(0);

    await shell.go('Library');
    await library.editDraft('Move-in checklist');
    await editor.heading('Move-in checklist').waitFor();
    const subsection = editor.subsection('Documents', 'Identity and address');
    await subsection.waitFor();
    expect(await subsection.getByRole('group').evaluateAll((groups) => groups.map((g) => g.getAttribute('aria-label')))).toEqual(
      expect.arrayContaining(['Passport', 'Utility bill', 'Council tax bill']),
    );
  });
});
