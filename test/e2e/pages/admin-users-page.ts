import type { Locator, Page } from 'playwright-core';

/** Administration → Users (/admin/users). */
export class AdminUsersPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly error: Locator;
  /** Shown above the list while the signed-in Manager's own address is not confirmed. */
  readonly confirmNotice: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Users', level: 1 });
    this.table = page.getByRole('table', { name: 'Users' });
    this.error = page.getByRole('main').getByRole('alert');
    this.confirmNotice = page.getByRole('region', { name: 'Confirm your address' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/users');
    await this.table.waitFor();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  role(name: string): Locator {
    return this.table.getByRole('combobox', { name: `Role of ${name}` });
  }

  /** Adds a colleague with a temporary password (no invitation mail). */
  async add(user: { name: string; email: string; role: 'Manager' | 'Originator'; temporaryPassword: string }): Promise<void> {
    await this.page.getByRole('button', { name: 'Add user' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Name', { exact: true }).fill(user.name);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Role', { exact: true }).selectOption(user.role);
    await dialog.getByLabel('Set a temporary password now').check();
    await dialog.getByLabel('Temporary password', { exact: true }).fill(user.temporaryPassword);
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Adds a colleague who is mailed an invitation (the dialog's default). */
  async invite(user: { name: string; email: string; role: 'Manager' | 'Originator' }): Promise<void> {
    await this.page.getByRole('button', { name: 'Add user' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Name', { exact: true }).fill(user.name);
    await dialog.getByLabel('Email').fill(user.email);
    await dialog.getByLabel('Role', { exact: true }).selectOption(user.role);
    await dialog.getByLabel('Mail an invitation').check();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async deactivate(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Deactivate ${name}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Deactivate ${name}?` });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}
