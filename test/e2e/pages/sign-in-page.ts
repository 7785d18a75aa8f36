import type { Locator, Page } from 'playwright-core';

export interface NewAccount {
  orgName: string;
  name: string;
  email: string;
  password: string;
}

/** The sign-in screen: its two tabs, "Sign in" and "Create account". */
export class SignInPage {
  readonly error: Locator;
  readonly notice: Locator;

  constructor(readonly page: Page) {
    this.error = page.getByRole('alert');
    this.notice = page.getByRole('status');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.page.getByRole('tab', { name: 'Sign in' }).waitFor();
  }

  async signUp(account: NewAccount): Promise<void> {
    await this.page.getByRole('tab', { name: 'Create account' }).click();
    const form = this.page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Organization name').fill(account.orgName);
    await form.getByLabel('Your name').fill(account.name);
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Create account' }).click();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'Sign in' }).click();
    const form = this.page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    // Enter, as people do: the form must submit from the keyboard.
    await form.getByLabel('Password').press('Enter');
  }
}
