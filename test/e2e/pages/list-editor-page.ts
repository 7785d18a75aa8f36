import type { Locator, Page } from 'playwright-core';
import { SaveStateIndicator } from './library-editor-pages.js';

/** One line of the draft as a person reads it on screen. */
export interface ShownLine {
  section: string;
  name: string;
  docType: string;
  requirement: string;
  minCount: number;
  maxCount: number | null;
  note: string;
}

/** The collaborative editor of a draft list. */
export class ListEditorPage {
  readonly liveState: Locator;
  readonly presence: Locator;
  readonly problems: Locator;
  readonly saveState: SaveStateIndicator;
  /** Saved, with the server's time of its last save: what was typed has reached it. */
  readonly saved: Locator;

  constructor(readonly page: Page) {
    this.liveState = page.getByRole('status', { name: 'Editing status' });
    this.presence = page.getByRole('region', { name: 'Also editing' });
    this.problems = page.getByRole('alert').filter({ hasText: 'Not saved: the draft has problems' });
    this.saveState = new SaveStateIndicator(page);
    this.saved = this.saveState.indicator.filter({ hasText: /^Saved\b.*Last saved at/ });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: new RegExp(`^${name}`) });
  }

  section(name: string): Locator {
    return this.page.getByRole('region', { name: `Section ${name}`, exact: true });
  }

  async addSection(name: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a section' });
    await form.getByLabel('New section').fill(name);
    await form.getByLabel('New section').press('Enter');
    await this.section(name).waitFor();
  }

  /** Picks a document type from the marked catalogue and adds it to a section. */
  async addDocument(section: string, documentType: string): Promise<void> {
    const form = this.page.getByRole('form', { name: `Add a document to ${section}` });
    await form.getByLabel(`Document type for ${section}`).selectOption({ label: documentType });
    await form.getByRole('button', { name: 'Add document' }).click();
  }

  /** Coins a new document type from a section's "New document type…" form; the app adds it as a line. */
  async coinDocumentType(section: string, name: string, kind: string): Promise<void> {
    await this.page.getByRole('form', { name: `Add a document to ${section}` }).getByRole('button', { name: 'New document type…' }).click();
    const form = this.page.getByRole('form', { name: `New document type for ${section}` });
    await form.getByLabel('New type name').fill(name);
    await form.getByLabel('Kind').selectOption({ label: kind });
    await form.getByRole('button', { name: 'Create type and add it' }).click();
  }

  async renameSection(from: string, to: string): Promise<void> {
    await this.section(from).getByLabel('Section name', { exact: true }).fill(to);
    await this.section(to).waitFor();
  }

  async insertSavedSection(name: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Insert a saved section' });
    await form.getByLabel('Saved section').selectOption({ label: name });
    await form.getByRole('button', { name: 'Insert' }).click();
  }

  /** Inserts a bundle into a section, as a subsection; the select shows "Name (member count)". */
  async insertBundle(section: string, bundle: string): Promise<void> {
    const form = this.page.getByRole('form', { name: `Insert a bundle into ${section}` });
    const select = form.getByLabel(`Bundle for ${section}`);
    // The bundle arrives by sync: wait for its option, then pick it by value.
    const escaped = bundle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const option = select.locator('option').filter({ hasText: new RegExp(`^${escaped} \\(\\d+\\)$`) });
    await select.selectOption((await option.getAttribute('value'))!);
    await form.getByRole('button', { name: 'Insert bundle' }).click();
  }

  subsection(section: string, name: string): Locator {
    return this.section(section).getByRole('group', { name: `Subsection ${name}`, exact: true });
  }

  /** The row of a line, by the name shown for it. */
  line(section: string, name: string): Locator {
    return this.section(section).getByRole('group', { name, exact: true });
  }

  async setMinimum(section: string, line: string, value: number): Promise<void> {
    await this.line(section, line).getByLabel('Minimum', { exact: true }).fill(String(value));
  }

  async setMaximum(section: string, line: string, value: number | null): Promise<void> {
    await this.line(section, line).getByLabel('Maximum', { exact: true }).fill(value === null ? '' : String(value));
  }

  async setNote(section: string, line: string, note: string): Promise<void> {
    await this.line(section, line).getByLabel('Note', { exact: true }).fill(note);
  }

  /** Every line as the page shows it, in order. */
  async shownLines(): Promise<ShownLine[]> {
    const out: ShownLine[] = [];
    for (const section of await this.page.getByRole('region', { name: /^Section / }).all()) {
      const sectionName = await section.getByLabel('Section name', { exact: true }).inputValue();
      for (const line of await section.getByRole('listitem').all()) {
        const max = await line.getByLabel('Maximum', { exact: true }).inputValue();
        out.push({
          section: sectionName,
          name: await line.getByLabel('Name', { exact: true }).inputValue(),
          docType: (await line.getByTitle('Document type').innerText()).trim(),
          requirement: await line.getByLabel('Requirement', { exact: true }).inputValue(),
          minCount: Number(await line.getByLabel('Minimum', { exact: true }).inputValue()),
          maxCount: max === '' ? null : Number(max),
          note: await line.getByLabel('Note', { exact: true }).inputValue(),
        });
      }
    }
    return out;
  }
}
