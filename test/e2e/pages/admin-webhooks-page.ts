import type { Locator, Page } from 'playwright-core';

/** Administration → Webhooks (/admin/webhooks): one card per endpoint. */
export class AdminWebhooksPage {
  readonly heading: Locator;
  readonly endpoints: Locator;
  readonly secretDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Webhooks', level: 1 });
    this.endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
    this.secretDialog = page.getByRole('dialog', { name: /^Endpoint added: / });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/webhooks');
    await this.heading.waitFor();
  }

  /** Adds an endpoint for every event (or the events given); leaves the secret dialog open. */
  async add(url: string, events: string[] = []): Promise<void> {
    await this.page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('URL').fill(url);
    if (events.length > 0) {
      await dialog.getByLabel('Only these:').check();
      for (const e of events) await dialog.getByRole('checkbox', { name: e, exact: true }).check();
    }
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await this.secretDialog.waitFor();
  }

  async secret(): Promise<string> {
    return this.secretDialog.getByLabel('Secret').inputValue();
  }

  async closeSecret(): Promise<void> {
    await this.secretDialog.getByRole('button', { name: 'Done' }).click();
    await this.secretDialog.waitFor({ state: 'detached' });
  }

  card(url: string): Locator {
    return this.endpoints.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: url }) });
  }

  testResult(url: string): Locator {
    return this.card(url).getByRole('status', { name: 'Test result' });
  }

  async sendTest(url: string): Promise<void> {
    await this.card(url).getByRole('button', { name: 'Send test' }).click();
    await this.testResult(url).waitFor();
  }

  deliveries(url: string): Locator {
    return this.card(url).getByRole('table', { name: 'Deliveries' });
  }

  async showDeliveries(url: string): Promise<void> {
    await this.card(url).getByRole('button', { name: 'Deliveries', exact: true }).click();
    await this.deliveries(url).waitFor();
  }
}
