import type { Locator, Page } from 'playwright-core';

/** The signed-in frame: header (organization, connection, person) and the sidebar. */
export class AppShell {
  readonly organization: Locator;
  readonly signedInAs: Locator;
  readonly connection: Locator;
  readonly nav: Locator;
  /** Under ~900 px the navigation folds into the top bar behind this button. */
  readonly menu: Locator;

  constructor(readonly page: Page) {
    this.organization = page.getByLabel('Organization', { exact: true });
    this.signedInAs = page.getByLabel('Signed in as');
    this.connection = page.getByRole('status', { name: 'Connection' });
    this.nav = page.getByRole('navigation', { name: 'Main' });
    this.menu = page.getByRole('button', { name: 'Menu' });
  }

  /** Opens the folded navigation when the window is narrow; nothing to do when it is shown. */
  async openNav(): Promise<void> {
    if ((await this.menu.isVisible()) && (await this.menu.getAttribute('aria-expanded')) !== 'true') await this.menu.click();
  }

  /** "Online", "Offline" or "Connecting…", followed by the pending count when there is one. */
  connectionText(): Promise<string> {
    return this.connection.innerText();
  }

  async go(section: 'Library' | 'Bundles' | 'Workflows' | 'Intel templates'): Promise<void> {
    await this.nav.getByRole('link', { name: section }).click();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
