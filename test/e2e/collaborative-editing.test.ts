import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { LibraryPage } from './pages/library-page.js';
import { ListEditorPage, type ShownLine } from './pages/list-editor-page.js';
import { SignInPage } from './pages/sign-in-page.js';

interface Person {
  context: BrowserContext;
  page: Page;
  shell: AppShell;
  editor: ListEditorPage;
}

const LIST = 'Mortgage checklist';
const LIST_ID = 'mortgage-checklist';

/**
 * Two people of one organization, each in a browser of their own, edit one draft list: each sees
 * the other's changes and presence at once; one goes offline, both keep editing, and after
 * reconnecting both screens and the server's saved draft hold the same merged list.
 */
describe('editing a draft list together', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let maria: Person;
  let colin: Person;

  const person = async (): Promise<Person> => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    return { context, page, shell: new AppShell(page), editor: new ListEditorPage(page) };
  };

  /** The saved draft, as the REST API gives it, in the shape the page shows. */
  const savedLines = async (): Promise<ShownLine[]> => {
    const list = await ok(
      apiOf(maria.context, baseUrl).GET('/expected-doc-lists/{expectedDocListId}/{version}', { params: { path: { expectedDocListId: LIST_ID, version: 1 } } }),
    );
    return list.sections.flatMap((s) =>
      [...s.lines, ...s.subsections.flatMap((u) => u.lines)].map((l) => ({
        section: s.name,
        name: l.name,
        docType: l.docType,
        requirement: l.requirement,
        minCount: l.minCount,
        maxCount: l.maxCount,
        note: l.note,
      })),
    );
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    maria = await person();
    colin = await person();

    // The Manager's account and her colleague are set up through the API; signing in is tested elsewhere.
    const api = apiOf(maria.context, baseUrl);
    await ok(api.POST('/signup', { body: { orgName: 'Lighthouse Mortgages', name: 'Maria Manager', email: uniqueEmail('maria'), password: PASSWORD } }));
    const colleagueEmail = uniqueEmail('colin');
    await ok(api.POST('/users', { body: { name: 'Colin Colleague', email: colleagueEmail, role: 'Originator', temporaryPassword: PASSWORD } }));

    await maria.page.goto('/library');
    await new LibraryPage(maria.page).heading.waitFor();
    const signIn = new SignInPage(colin.page);
    await signIn.goto();
    await signIn.signIn(colleagueEmail, PASSWORD);
    await new LibraryPage(colin.page).heading.waitFor();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows each person the other’s edits and where they are, as they happen', async () => {
    await new LibraryPage(maria.page).createList(LIST, 'What a residential mortgage case must contain.');
    await maria.editor.heading(LIST).waitFor();
    await expect.poll(() => maria.editor.liveState.innerText()).toContain('Live');
    await maria.editor.addSection('Identity');
    await maria.editor.addDocument('Identity', 'Passport');
    await maria.editor.line('Identity', 'Passport').waitFor();

    // Colin finds the draft in his library and opens it.
    const colinLibrary = new LibraryPage(colin.page);
    await colinLibrary.card(LIST).waitFor();
    await colinLibrary.editDraft(LIST);
    await colin.editor.line('Identity', 'Passport').waitFor();

    // Each sees the other present, and on which line.
    await maria.editor.line('Identity', 'Passport').getByLabel('Note', { exact: true }).click();
    await expect.poll(() => colin.editor.presence.innerText()).toContain('Maria Manager is on Passport');
    await colin.editor.line('Identity', 'Passport').getByLabel('Minimum', { exact: true }).click();
    await expect.poll(() => maria.editor.presence.innerText()).toContain('Colin Colleague is on Passport');

    // A change by one appears for the other without reloading.
    await colin.editor.setMinimum('Identity', 'Passport', 2);
    await expect.poll(() => maria.editor.line('Identity', 'Passport').getByLabel('Minimum', { exact: true }).inputValue()).toBe('2');
    await maria.editor.setNote('Identity', 'Passport', 'Every page, including blank ones');
    await expect.poll(() => colin.editor.line('Identity', 'Passport').getByLabel('Note', { exact: true }).inputValue()).toBe('Every page, including blank ones');

    await expect.poll(() => maria.editor.saved.count()).toBe(1);
    await screenshot(maria.page, 'editor-two-people');
  });

  it('shows both people the server’s validation errors until someone fixes them', async () => {
    await maria.editor.setMaximum('Identity', 'Passport', 1);
    await maria.editor.problems.waitFor();
    await colin.editor.problems.waitFor();
    expect(await colin.editor.problems.innerText()).toContain('"Passport" (section "Identity", line 1): the maximum 1 is below the minimum 2');
    await screenshot(colin.page, 'editor-validation-errors');

    await colin.editor.setMaximum('Identity', 'Passport', null);
    await maria.editor.problems.waitFor({ state: 'detached' });
    await colin.editor.problems.waitFor({ state: 'detached' });
  });

  it('keeps editing offline, shows what is waiting, and merges both people’s work on reconnect', async () => {
    await colin.context.setOffline(true);
    await expect.poll(() => colin.shell.connectionText()).toContain('Offline');
    await expect.poll(() => colin.editor.liveState.innerText()).toContain('Offline');

    // Colin, offline: a note and a new document.
    await colin.editor.setNote('Identity', 'Passport', 'Colour copy of every page');
    await colin.editor.addDocument('Identity', 'Driving licence');
    await colin.editor.line('Identity', 'Driving licence').waitFor();
    await expect.poll(() => colin.shell.connectionText()).toMatch(/\d+ changes? waiting to sync/);
    await expect.poll(() => colin.editor.saveState.text()).toMatch(/^Offline — saved on this device \d+ changes? waits? to be sent when you reconnect\.$/);
    await screenshot(colin.page, 'editor-offline-pending');

    // Maria, online meanwhile: another section. Colin cannot see it yet.
    await maria.editor.addSection('Income');
    await maria.editor.addDocument('Income', 'Payslip');
    await maria.editor.setMinimum('Income', 'Payslip', 3);
    await maria.editor.line('Income', 'Payslip').waitFor();
    expect(await colin.editor.section('Income').count()).toBe(0);
    expect(await maria.editor.line('Identity', 'Driving licence').count()).toBe(0);

    await colin.context.setOffline(false);
    await expect.poll(() => colin.shell.connectionText(), { timeout: 20_000 }).toBe('Online');
    await expect.poll(() => colin.editor.liveState.innerText()).toContain('Live');

    // Both now hold both people's work.
    await colin.editor.line('Income', 'Payslip').waitFor();
    await maria.editor.line('Identity', 'Driving licence').waitFor();
    await expect.poll(() => maria.editor.line('Identity', 'Passport').getByLabel('Note', { exact: true }).inputValue()).toBe('Colour copy of every page');

    // Nothing lost on either side: Colin's offline note and line, Maria's section, the earlier minimum.
    const merged = [
      expect.objectContaining({ section: 'Identity', name: 'Passport', docType: 'passport', minCount: 2, maxCount: null, note: 'Colour copy of every page' }),
      expect.objectContaining({ section: 'Identity', name: 'Driving licence', docType: 'driving-licence', minCount: 1 }),
      expect.objectContaining({ section: 'Income', name: 'Payslip', docType: 'payslip', minCount: 3 }),
    ];
    await expect.poll(() => maria.editor.shownLines()).toEqual(merged);
    const shown = await maria.editor.shownLines();
    await expect.poll(() => colin.editor.shownLines()).toEqual(shown);
    // And the server saved exactly that merged state as the draft.
    await expect.poll(() => savedLines()).toEqual(shown);
    expect(await colin.shell.connectionText()).toBe('Online');
    await screenshot(maria.page, 'editor-merged-after-reconnect');
  });

  it('sends edits made offline once the connection is back, also when their draft is no longer open', async () => {
    await colin.context.setOffline(true);
    await expect.poll(() => colin.editor.liveState.innerText()).toContain('Offline');
    await colin.editor.setNote('Income', 'Payslip', 'The three most recent months');
    await colin.shell.go('Library');
    await new LibraryPage(colin.page).heading.waitFor();
    // Still counted while the editor is closed: the edit lives in this browser's storage.
    await expect.poll(() => colin.shell.connectionText()).toMatch(/Offline\s*1 change waiting to sync/);

    await colin.context.setOffline(false);
    await expect.poll(() => colin.shell.connectionText(), { timeout: 20_000 }).toBe('Online');
    await expect.poll(() => maria.editor.line('Income', 'Payslip').getByLabel('Note', { exact: true }).inputValue()).toBe('The three most recent months');
    await expect.poll(async () => (await savedLines()).find((l) => l.name === 'Payslip')?.note).toBe('The three most recent months');
  });
});
