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

  async open(applicant: string): Promise<void> {
    await this.row(applicant).getByRole('link', { name: applicant }).click();
  }
}
