import type { Locator, Page } from 'playwright-core';

/** Administration → Organization (/admin/organization): the name and the marked catalogue. */
export class AdminOrganizationPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly catalogue: Locator;
  readonly chain: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Organization', level: 1 });
    this.name = page.getByLabel('Organization name', { exact: true });
    this.catalogue = page.getByLabel('Catalogue', { exact: true });
    this.chain = page.getByLabel('Marked chain');
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/organization');
    await this.name.waitFor();
  }

  async rename(name: string): Promise<void> {
    await this.name.fill(name);
    await this.page.getByRole('button', { name: 'Rename' }).click();
  }

  async mark(catalogId: string): Promise<void> {
    await this.catalogue.selectOption(catalogId);
    await this.page.getByRole('button', { name: 'Use this catalogue' }).click();
  }
}
