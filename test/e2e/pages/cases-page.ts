import type { Locator, Page } from 'playwright-core';

/** The case list (/cases). */
export class CasesPage {
  readonly search: Locator;
  readonly stateFilter: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.search = page.getByRole('searchbox', { name: 'Search applicants' });
    this.stateFilter = page.getByRole('combobox', { name: 'Run state' });
    this.table = page.getByRole('table');
  }

  async goto(): Promise<void> {
    await this.page.goto('/cases');
    await this.page.getByRole('heading', { name: 'Cases', level: 1 }).waitFor();
  }

  row(applicant: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: applicant }) });
  }

  /** The Flags cell of a case's row: red flags holding it at the gate plus findings on documents to decide. */
  flags(applicant: string): Locator {
    return this.row(applicant).getByRole('cell').nth(2);
  }

  /** The applicants in the order the list shows them. */
  applicants(): Promise<string[]> {
    return this.table.getByRole('rowheader').allInnerTexts().then((names) => names.map((n) => n.replace(/\s*Sample$/, '').trim()));
  }

  /** Orders the list by a column (its header is a button); again turns the order round. */
  async sortBy(column: string): Promise<void> {
    await this.table.getByRole('columnheader', { name: column }).getByRole('button').click();
  }

  /** How a column orders the list now: `ascending`, `descending` or `none`. */
  sortOf(column: string): Promise<string | null> {
    return this.table.getByRole('columnheader', { name: column }).getAttribute('aria-sort');
  }

  async open(applicant: string): Promise<void> {
    await this.row(applicant).getByRole('link', { name: applicant }).click();
  }
}
