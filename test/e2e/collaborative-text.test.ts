import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ok } from '@portal/shared/client';
import { apiOf, launchBrowser, newContext, PASSWORD, screenshot, uniqueEmail, windowShot } from './browser.js';
import { AppShell } from './pages/app-shell.js';
import { LibraryPage } from './pages/library-page.js';
import { ListEditorPage } from './pages/list-editor-page.js';
import { SignInPage } from './pages/sign-in-page.js';

interface Person {
  context: BrowserContext;
  page: Page;
  shell: AppShell;
  editor: ListEditorPage;
}

const LIST = 'Relocation checklist';
const LIST_ID = 'relocation-checklist';
const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 600 },
  { width: 1920, height: 1080 },
] as const;

/** Waits for `check` to hold, as `expect.poll` does inside a test (it may not be used in `beforeAll`). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every character of `part`, in its order, somewhere in `whole` (others' characters may sit between). */
function isSubsequence(part: string, whole: string): boolean {
  let at = 0;
  for (const ch of whole) if (at < part.length && ch === part[at]) at++;
  return at === part.length;
}

/**
 * Two managers typing into the same free text field of a draft list at the same time, and one of
 * them offline: every character each typed is kept, where they typed it, on both screens, in the
 * server's saved draft and after a reload.
 */
describe('typing into one field together', () => {
  const baseUrl = inject('e2eBaseUrl');
  let browser: Browser;
  let maria: Person;
  let colin: Person;

  const person = async (): Promise<Person> => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    return { context, page, shell: new AppShell(page), editor: new ListEditorPage(page) };
  };
  const note = (p: Person, line = 'Passport'): Locator => p.editor.line('Identity', line).getByLabel('Note', { exact: true });

  /** The passport line as the server saved it in the draft. */
  const savedLine = async () => {
    const list = await ok(
      apiOf(maria.context, baseUrl).GET('/expected-doc-lists/{expectedDocListId}/{version}', { params: { path: { expectedDocListId: LIST_ID, version: 1 } } }),
    );
    return list.sections.flatMap((s) => s.lines).find((l) => l.docType === 'passport');
  };
  /** The note as the server saved it in the draft. */
  const savedNote = async (): Promise<string | undefined> => (await savedLine())?.note;

  /** Puts the caret of a person's note at `where`, as a click and Home or End would. */
  const caretAt = async (p: Person, where: 'start' | 'end') => {
    await note(p).click();
    await note(p).press(where === 'start' ? 'Home' : 'End');
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    maria = await person();
    colin = await person();
    const api = apiOf(maria.context, baseUrl);
    await ok(api.POST('/signup', { body: { orgName: 'Harbour Relocations', name: 'Maria Manager', email: uniqueEmail('maria'), password: PASSWORD } }));
    const colleagueEmail = uniqueEmail('colin');
    await ok(api.POST('/users', { body: { name: 'Colin Manager', email: colleagueEmail, role: 'Manager', temporaryPassword: PASSWORD } }));

    await maria.page.goto('/library');
    await new LibraryPage(maria.page).createList(LIST, 'Moving house, abroad.');
    await maria.editor.heading(LIST).waitFor();
    // The setup as a person does it, one step seen through before the next: live, the line saved,
    // then its note (the tests below are about typing at the same time, not here).
    await until(async () => (await maria.editor.liveState.innerText()).includes('Live'), 'Maria is live');
    await maria.editor.addSection('Identity');
    await maria.editor.addDocument('Identity', 'Passport');
    await maria.editor.line('Identity', 'Passport').waitFor();
    await until(async () => (await savedLine()) !== undefined, 'the line saved');
    await maria.editor.setNote('Identity', 'Passport', 'NOTE');
    await until(async () => (await savedNote()) === 'NOTE', 'the note saved');

    const signIn = new SignInPage(colin.page);
    await signIn.goto();
    await signIn.signIn(colleagueEmail, PASSWORD);
    const library = new LibraryPage(colin.page);
    await library.card(LIST).waitFor();
    await library.editDraft(LIST);
    await until(async () => (await note(colin).inputValue()) === 'NOTE', 'Colin sees the note');
    await until(async () => (await colin.editor.liveState.innerText()).includes('Live'), 'Colin is live');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('keeps every character when both type into one note at the same time, each where they type', async () => {
    await caretAt(maria, 'start');
    await caretAt(colin, 'end');
    // Keystrokes interleave: each arrives at the other while they type on.
    await Promise.all([note(maria).pressSequentially('MOSCOW-', { delay: 60 }), note(colin).pressSequentially('-RU', { delay: 140 })]);

    // Neither caret jumped to where the other's text came in: each word is whole, where it was typed.
    await expect.poll(() => note(maria).inputValue()).toBe('MOSCOW-NOTE-RU');
    await expect.poll(() => note(colin).inputValue()).toBe('MOSCOW-NOTE-RU');
    await expect.poll(() => savedNote()).toBe('MOSCOW-NOTE-RU');
    await screenshot(maria.page, 'text-typed-together');
  });

  it('keeps all characters of both when they type at the very same place', async () => {
    await caretAt(maria, 'end');
    await caretAt(colin, 'end');
    await Promise.all([note(maria).pressSequentially(' abcdef', { delay: 50 }), note(colin).pressSequentially(' UVWXYZ', { delay: 70 })]);

    await expect.poll(async () => (await note(maria).inputValue()).length).toBe('MOSCOW-NOTE-RU'.length + 14);
    const merged = await note(maria).inputValue();
    await expect.poll(() => note(colin).inputValue()).toBe(merged);
    expect(merged.startsWith('MOSCOW-NOTE-RU')).toBe(true);
    const added = merged.slice('MOSCOW-NOTE-RU'.length);
    expect(isSubsequence(' abcdef', added)).toBe(true);
    expect(isSubsequence(' UVWXYZ', added)).toBe(true);
    await expect.poll(() => savedNote()).toBe(merged);

    // Back to a known note for what follows.
    await note(maria).fill('NOTE');
    await expect.poll(() => note(colin).inputValue()).toBe('NOTE');
    await expect.poll(() => savedNote()).toBe('NOTE');
  });

  it('merges what one typed offline with what the other typed online into the same note, also after a reload', async () => {
    await colin.context.setOffline(true);
    await expect.poll(() => colin.editor.liveState.innerText()).toContain('Offline');

    // Colin, offline: types at the end of the note, pauses, types on, and makes it optional.
    await caretAt(colin, 'end');
    await note(colin).pressSequentially(' colour', { delay: 30 });
    await colin.page.waitForTimeout(1_800);
    await note(colin).pressSequentially(' copies', { delay: 30 });
    await colin.editor.line('Identity', 'Passport').getByLabel('Requirement', { exact: true }).selectOption('optional');
    // Two changes: the note, however many keystrokes and pauses, and the requirement.
    await expect.poll(() => colin.editor.saveState.text()).toBe('Offline — saved on this device 2 changes wait to be sent when you reconnect.');
    await expect.poll(() => colin.shell.connectionText()).toMatch(/2 changes waiting to sync/);
    for (const size of SIZES) {
      await colin.page.setViewportSize(size);
      await windowShot(colin.page, `collab-offline-note-${size.width}x${size.height}`);
      expect(await colin.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    }
    await colin.page.setViewportSize({ width: 1280, height: 800 });

    // Maria, online meanwhile: types at the start of the same note.
    await caretAt(maria, 'start');
    await note(maria).pressSequentially('Signed: ', { delay: 30 });
    await expect.poll(() => savedNote()).toBe('Signed: NOTE');
    expect(await note(colin).inputValue()).toBe('NOTE colour copies');

    await colin.context.setOffline(false);
    await expect.poll(() => colin.editor.liveState.innerText(), { timeout: 20_000 }).toContain('Live');

    const both = 'Signed: NOTE colour copies';
    await expect.poll(() => note(maria).inputValue()).toBe(both);
    await expect.poll(() => note(colin).inputValue()).toBe(both);
    await expect.poll(() => savedNote()).toBe(both);
    await expect.poll(() => maria.editor.line('Identity', 'Passport').getByLabel('Requirement', { exact: true }).inputValue()).toBe('optional');
    for (const size of SIZES) {
      await maria.page.setViewportSize(size);
      await windowShot(maria.page, `collab-merged-note-${size.width}x${size.height}`);
      expect(await maria.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    }
    await maria.page.setViewportSize({ width: 1280, height: 800 });

    // A reload of either shows the merged note: it is what the server and both devices keep.
    await Promise.all([maria.page.reload(), colin.page.reload()]);
    await expect.poll(() => note(maria).inputValue()).toBe(both);
    await expect.poll(() => note(colin).inputValue()).toBe(both);
    await expect.poll(() => maria.editor.liveState.innerText()).toContain('Live');
    expect(await note(maria).inputValue()).toBe(both);
  });

  it('merges text typed offline into names and the description too', async () => {
    await colin.context.setOffline(true);
    await expect.poll(() => colin.editor.liveState.innerText()).toContain('Offline');
    const colinName = colin.editor.line('Identity', 'Passport').getByLabel('Name', { exact: true });
    await colinName.click();
    await colinName.press('End');
    await colinName.pressSequentially(' (valid)', { delay: 20 });
    const colinDescription = colin.page.getByLabel('Description', { exact: true });
    await colinDescription.click();
    await colinDescription.press('End');
    await colinDescription.pressSequentially(' With pets.', { delay: 20 });
    await expect.poll(() => colin.editor.saveState.text()).toMatch(/2 changes wait/);

    const mariaName = maria.editor.line('Identity', 'Passport').getByLabel('Name', { exact: true });
    await mariaName.click();
    await mariaName.press('Home');
    await mariaName.pressSequentially('Valid ', { delay: 20 });
    const mariaDescription = maria.page.getByLabel('Description', { exact: true });
    await mariaDescription.click();
    await mariaDescription.press('Home');
    await mariaDescription.pressSequentially('Family: ', { delay: 20 });

    await colin.context.setOffline(false);
    await expect.poll(() => colin.editor.liveState.innerText(), { timeout: 20_000 }).toContain('Live');
    const name = 'Valid Passport (valid)';
    await expect.poll(() => colin.editor.line('Identity', name).getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await expect.poll(() => maria.editor.line('Identity', name).getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    await expect.poll(() => maria.page.getByLabel('Description', { exact: true }).inputValue()).toBe('Family: Moving house, abroad. With pets.');
    await expect.poll(() => colin.page.getByLabel('Description', { exact: true }).inputValue()).toBe('Family: Moving house, abroad. With pets.');
  });
});
