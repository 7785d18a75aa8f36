import type { Locator, Page } from 'playwright-core';

/** The one save-state indicator every editor shows under its title, live (lists) or on Save (the others). */
export class SaveStateIndicator {
  readonly indicator: Locator;

  constructor(readonly page: Page) {
    this.indicator = page.getByRole('status', { name: 'Save state' });
  }

  async text(): Promise<string> {
    return (await this.indicator.innerText()).replace(/\s+/g, ' ').trim();
  }

  /** Which save model the editor says it follows: "live" or "on-save". */
  async model(): Promise<string | null> {
    return this.indicator.getAttribute('data-model');
  }
}

/**
 * The REST-saved library editors (extraction schemas, workflows, intel templates): what their
 * pages share, then one class per kind for its rows.
 */
export class VersionEditor {
  readonly serverRefusal: Locator;
  readonly beforeSaving: Locator;
  readonly saveState: SaveStateIndicator;
  readonly saved: Locator;

  constructor(readonly page: Page) {
    this.serverRefusal = page.getByRole('alert', { name: 'The server refused this' });
    this.beforeSaving = page.getByRole('alert', { name: 'Fix these before saving' });
    this.saveState = new SaveStateIndicator(page);
    this.saved = this.saveState.indicator.filter({ hasText: /^Saved\b/ });
  }

  description(): Locator {
    return this.page.getByLabel('Description', { exact: true }).first();
  }

  /** The breadcrumb's way back to the kind's listing. */
  async back(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
  }

  heading(name: string, version?: number): Locator {
    return this.page.getByRole('heading', { level: 1, name: new RegExp(`^${name}${version === undefined ? '' : ` v${version}$`}`) });
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** Saves and waits for the server's answer to be the page's saved state. */
  async saveAndWait(): Promise<void> {
    await this.save();
    await this.saved.or(this.serverRefusal).or(this.beforeSaving).first().waitFor();
    if (!(await this.saved.isVisible())) {
      const refusal = (await this.serverRefusal.isVisible()) ? this.serverRefusal : this.beforeSaving;
      throw new Error(`The save was refused: ${await refusal.innerText()}`);
    }
  }

  async activate(): Promise<void> {
    await this.page.getByRole('button', { name: 'Activate', exact: true }).click();
  }

  /** The read-only view an activated version turns into. */
  activeNotice(): Locator {
    return this.page.getByText('This version is active and never changes');
  }

  async goByNav(label: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  }
}

export class SchemaEditor extends VersionEditor {
  /** A document type's row of the schema listing. */
  typeRow(name: string): Locator {
    return this.page.getByRole('row', { name, exact: true });
  }

  field(key: string): Locator {
    return this.page.getByRole('group', { name: `Field ${key}`, exact: true });
  }

  async addField(key: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a field' });
    await form.getByLabel('New field key').fill(key);
    await form.getByRole('button', { name: 'Add field' }).click();
    await this.field(key).waitFor();
  }
}

export class WorkflowEditor extends VersionEditor {
  card(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 2, name, exact: true }) });
  }

  /** A step by its tool's name, e.g. "Classify and file". */
  step(toolName: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`^Step \\d+: ${toolName}$`) });
  }

  async setSetting(toolName: string, setting: string, value: string): Promise<void> {
    await this.step(toolName).getByLabel(setting, { exact: true }).fill(value);
  }
}

export class IntelTemplateEditor extends VersionEditor {
  card(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 2, name, exact: true }) });
  }

  question(n: number): Locator {
    return this.page.getByRole('group', { name: `Question ${n}`, exact: true });
  }

  questions(): Locator {
    return this.page.getByRole('group', { name: /^Question \d+$/ });
  }

  async addQuestion(prompt: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Add a question' });
    await form.getByLabel('New question').fill(prompt);
    await form.getByRole('button', { name: 'Add question' }).click();
  }
}
