import type { Locator, Page } from 'playwright-core';

/** Administration → API keys (/admin/api-keys), with the dialog that shows a new key's secret once. */
export class AdminApiKeysPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly secretDialog: Locator;
  readonly secret: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'API keys', level: 1 });
    this.table = page.getByRole('table', { name: 'API keys' });
    this.secretDialog = page.getByRole('dialog', { name: /API key “.*” created/ });
    this.secret = this.secretDialog.getByLabel('Secret');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/api-keys');
    await this.heading.waitFor();
  }

  /** Creates a key and leaves its secret dialog open. */
  async create(name: string): Promise<void> {
    await this.page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await this.secretDialog.waitFor();
  }

  async copySecret(): Promise<void> {
    await this.secretDialog.getByRole('button', { name: 'Copy' }).click();
    await this.secretDialog.getByText('Copied to the clipboard.').waitFor();
  }

  async closeSecret(): Promise<void> {
    await this.secretDialog.getByRole('button', { name: 'Done' }).click();
    await this.secretDialog.waitFor({ state: 'detached' });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  async revoke(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Revoke ${name}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Revoke “${name}”?` });
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
