import type { Locator, Page } from 'playwright-core';

export interface BundleChanges {
  name?: string;
  add?: string[];
  remove?: string[];
}

/** Document bundles: a card per bundle with its document types, edited in a dialog. */
export class BundlesPage {
  readonly heading: Locator;
  readonly emptyState: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Bundles' });
    this.emptyState = page.getByText('No bundles yet.');
  }

  async goto(): Promise<void> {
    await this.page.goto('/bundles');
    await this.heading.waitFor();
  }

  /** The card of a bundle, by its name. */
  card(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 2, name, exact: true }) });
  }

  /** The names of a bundle's document types, as its card shows them. */
  members(name: string): Promise<string[]> {
    return this.card(name).getByRole('list', { name: `Document types in ${name}` }).getByRole('listitem').allInnerTexts();
  }

  /** The bundle dialog ("New bundle", "Edit “…”"). */
  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Opens "New bundle"; `fill` then `submit` finish it. */
  async startNew(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'New bundle' }).click();
    return this.dialog('New bundle');
  }

  async startEdit(name: string): Promise<Locator> {
    await this.card(name).getByRole('button', { name: 'Edit…' }).click();
    return this.dialog(`Edit “${name}”`);
  }

  /** The names the dialog's document type picker offers. */
  typeOptions(dialog: Locator): Promise<string[]> {
    return dialog.getByLabel('Document type to add').locator('option').allInnerTexts();
  }

  async fill(dialog: Locator, changes: BundleChanges): Promise<void> {
    if (changes.name !== undefined) await dialog.getByLabel('Name', { exact: true }).fill(changes.name);
    for (const type of changes.remove ?? []) await dialog.getByRole('button', { name: `Remove ${type}`, exact: true }).click();
    for (const type of changes.add ?? []) {
      await dialog.getByLabel('Document type to add').selectOption({ label: type });
      await dialog.getByRole('button', { name: 'Add document type' }).click();
    }
  }

  async submit(dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: /^(Create bundle|Save bundle)$/ }).click();
  }

  async create(name: string, types: string[]): Promise<void> {
    const dialog = await this.startNew();
    await this.fill(dialog, { name, add: types });
    await this.submit(dialog);
    await dialog.waitFor({ state: 'hidden' });
  }

  async edit(name: string, changes: BundleChanges): Promise<void> {
    const dialog = await this.startEdit(name);
    await this.fill(dialog, changes);
    await this.submit(dialog);
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Deletes a bundle, confirming in the dialog the page asks with. */
  async delete(name: string): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Delete…' }).click();
    const confirm = this.page.getByRole('dialog', { name: `Delete “${name}”?` });
    await confirm.getByRole('button', { name: 'Delete bundle' }).click();
    await confirm.waitFor({ state: 'hidden' });
  }
}
