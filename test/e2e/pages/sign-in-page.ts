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

  /** "Forgot password?" under the sign-in form: asks for a reset mail. */
  async forgotPassword(email: string): Promise<void> {
    await this.page.getByRole('tab', { name: 'Sign in' }).click();
    await this.page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = this.page.getByRole('form', { name: 'Reset your password' });
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send the link' }).click();
  }
}

/** The page a mailed reset or invitation link opens (/reset-password#token=…): choose a password, then signed in. */
export class ChoosePasswordPage {
  readonly form: Locator;
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly rules: Locator;
  readonly error: Locator;
  /** The address the link is for, as the page names it. */
  readonly forEmail: Locator;
  /** What the page says of a link that cannot set a password (used, expired, invalid). */
  readonly spent: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Choose your password' });
    this.password = this.form.getByLabel('New password', { exact: true });
    this.confirmation = this.form.getByLabel('New password again');
    this.rules = this.form.getByRole('list', { name: 'Password rules' });
    this.error = this.form.getByRole('alert');
    this.forEmail = this.form.getByTestId('password-link-email');
    this.spent = page.locator('section[aria-labelledby="link-spent"]');
  }

  /** Opens a mailed link (its path and fragment, on the server the tests drive) that can set a password. */
  async open(link: string): Promise<void> {
    await this.goto(link);
    await this.form.waitFor();
  }

  /** Opens a mailed link, whatever it is: the form or what the page says of a spent link. */
  async goto(link: string): Promise<void> {
    const url = new URL(link);
    await this.page.goto(`${url.pathname}${url.hash}`);
    await this.form.or(this.spent).waitFor();
  }

  async choose(password: string, again = password): Promise<void> {
    await this.password.fill(password);
    await this.confirmation.fill(again);
    await this.form.getByRole('button', { name: 'Set password and sign in' }).click();
  }
}
