import type { Locator, Page } from 'playwright-core';

/** The library: a card per list, with its versions. */
export class LibraryPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Library' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/library');
    await this.heading.waitFor();
  }

  /** The card of a list, by its name. */
  card(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 3, name, exact: true }) });
  }

  /** Creates a list with the "New list" dialog; the app then opens its draft. */
  async createList(name: string, description = ''): Promise<void> {
    await this.page.getByRole('button', { name: 'New list' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New list' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    if (description) await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Create list' }).click();
  }

  /** A version's row in a list's card: `v1`, `v2`… */
  version(name: string, version: number): Locator {
    return this.card(name).getByRole('row', { name: new RegExp(`^v${version}\\b`) });
  }

  /** Answers a dialog the library opened (rename, duplicate): fills its one field and confirms. */
  async answerDialog(title: string | RegExp, value: string, confirm: string): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: title });
    await dialog.getByRole('textbox').first().fill(value);
    await dialog.getByRole('button', { name: confirm }).click();
  }

  async editDraft(name: string): Promise<void> {
    await this.card(name).getByRole('link', { name: 'Edit' }).click();
  }
}
