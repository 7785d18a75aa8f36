import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { LibraryPage } from './pages/library-page.js';
import { ListEditorPage } from './pages/list-editor-page.js';

/**
 * A Manager's library work: a list built from the catalogue and a coined document type, a section
 * kept for reuse, activation, the organization default, rename-as-new-version and duplicate; and
 * the read views of workflows and intel templates.
 */
describe('the library', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let library: LibraryPage;
  let editor: ListEditorPage;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await ok(apiOf(context, baseUrl).POST('/signup', { body: { orgName: 'Keystone Lettings', name: 'Kim Keystone', email: uniqueEmail('kim'), password: PASSWORD } }));
    library = new LibraryPage(page);
    editor = new ListEditorPage(page);
    await library.goto();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('builds a list from the catalogue and a coined type, keeps a section for reuse, and activates it', async () => {
    await library.createList('Tenancy checklist');
    await editor.heading('Tenancy checklist').waitFor();
    // A new list starts with one empty section.
    await editor.renameSection('Documents', 'Applicant');
    await editor.addDocument('Applicant', 'Passport');
    await editor.coinDocumentType('Applicant', 'Guarantor letter', 'Letter or reference');
    await editor.line('Applicant', 'Guarantor letter').waitFor();
    expect(await editor.line('Applicant', 'Guarantor letter').getByTitle('Document type').innerText()).toBe('guarantor-letter');
    await editor.saved.waitFor();

    await editor.section('Applicant').getByRole('button', { name: 'Save for reuse' }).click();
    await page.getByText('Saved “Applicant” for reuse in other lists.').waitFor();
    await screenshot(page, 'editor-coined-type');

    await page.getByRole('button', { name: 'Activate' }).click();
    // The version is now immutable: the page turns into its read-only view.
    await page.getByText('This version is active and never changes').waitFor();
    await page.getByRole('button', { name: 'New version to edit' }).waitFor();
  });

  it('sets the default, renames as a new version, reuses the saved section and duplicates', async () => {
    await new AppShell(page).go('Library');
    await library.version('Tenancy checklist', 1).getByRole('button', { name: 'Set as default' }).click();
    await library.card('Tenancy checklist').getByText('Default', { exact: true }).waitFor();

    await library.card('Tenancy checklist').getByRole('button', { name: 'Rename…' }).click();
    await library.answerDialog(/^Rename/, 'Tenancy pack', 'Rename as new version');
    await editor.heading('Tenancy pack').waitFor();
    await editor.insertSavedSection('Applicant');
    await expect.poll(() => page.getByRole('region', { name: 'Section Applicant', exact: true }).count()).toBe(2);

    await new AppShell(page).go('Library');
    await library.version('Tenancy pack', 2).waitFor();
    expect(await library.version('Tenancy pack', 2).innerText()).toContain('Draft');
    expect(await library.version('Tenancy pack', 1).innerText()).toContain('Active');
    await screenshot(page, 'library-versions');

    await library.version('Tenancy pack', 1).getByRole('button', { name: 'Duplicate v1' }).click();
    await library.answerDialog(/^Duplicate/, 'Student tenancy', 'Duplicate');
    await editor.heading('Student tenancy').waitFor();
    await editor.line('Applicant', 'Guarantor letter').waitFor();
  });

  it('refuses with the server’s message what the server refuses', async () => {
    await new AppShell(page).go('Library');
    await library.createList('Tenancy checklist');
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toMatch(/tenancy-checklist/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows workflows and intel templates', async () => {
    const shell = new AppShell(page);
    await shell.go('Workflows');
    const intake = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Standard intake' }) });
    await intake.getByText('Default', { exact: true }).waitFor();
    await intake.getByRole('link', { name: /^v1/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Standard intake/ }).waitFor();
    expect(await page.getByRole('listitem').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('Preview'), expect.stringContaining('Classify and file')]),
    );

    await shell.go('Intel templates');
    const affordability = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Affordability' }) });
    await affordability.getByRole('link', { name: /^v1/ }).click();
    await page.getByRole('heading', { level: 1, name: /^Affordability/ }).waitFor();
    await page.getByText('Is the income stable and likely to continue?').waitFor();
    await screenshot(page, 'intel-template');
  });
});
