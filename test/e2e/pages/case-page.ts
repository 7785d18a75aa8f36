import type { Locator, Page } from 'playwright-core';

/** One case under review (/cases/<id>). */
export class CasePage {
  readonly documents: Locator;
  readonly pending: Locator;
  readonly ledger: Locator;
  readonly expected: Locator;
  readonly keysHelp: Locator;
  /** "Needs a person", "To decide", "Decided", "All", each with its count. */
  readonly filters: Locator;

  constructor(readonly page: Page) {
    this.documents = page.getByRole('listbox', { name: 'Documents of the case' });
    this.pending = page.getByRole('region', { name: 'Pending decisions' });
    this.ledger = page.getByRole('list', { name: 'Ledger, newest first' });
    this.expected = page.getByRole('region', { name: 'Expected documents' });
    this.keysHelp = page.getByRole('dialog', { name: 'Review keys' });
    this.filters = page.getByRole('group', { name: 'Show documents' });
  }

  filter(name: 'Needs a person' | 'To decide' | 'Decided' | 'Junked' | 'All'): Locator {
    return this.filters.getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
  }

  /** The count a filter shows beside its name. */
  async filterCount(name: 'Needs a person' | 'To decide' | 'Decided' | 'Junked' | 'All'): Promise<number> {
    return Number(/(\d+)$/.exec(await this.filter(name).innerText())?.[1]);
  }

  /** Addresses of the listed documents, in the order shown. */
  async addresses(): Promise<string[]> {
    return this.documents.getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('data-address') ?? ''));
  }

  /** The button that takes back the decision on a document: "Undo approval", "Reopen" (settled), "Restore" (junked), each naming the document. */
  undo(address: string, name: 'Undo approval' | 'Reopen' | 'Restore'): Locator {
    return this.byAddress(address).getByRole('button', { name: new RegExp(`^${name}\\b`) });
  }

  /** A decision button of a card (Approve, Settle, Junk), named with its document. */
  decision(address: string, name: 'Approve' | 'Settle' | 'Junk'): Locator {
    return this.byAddress(address).getByRole('button', { name: new RegExp(`^${name} `) });
  }

  /** The Cancel of a decision still waiting on this device, on its card. */
  cancelPending(address: string): Locator {
    return this.byAddress(address).getByRole('button', { name: /^Cancel / });
  }

  /** The toast offering to undo the last decision made on the page. */
  get toast(): Locator {
    return this.page.getByRole('status').filter({ has: this.page.getByRole('button', { name: /^Undo\b/ }) });
  }

  /** A key value on a document's card, by its field's key (`data-key-field`). */
  keyField(address: string, field: string): Locator {
    return this.byAddress(address).locator(`[data-key-field="${field}"]`);
  }

  /** Opens the in-place editor of a key value on the selected card (by its label) and saves what `fill` types. */
  async correct(address: string, label: string, fill: (editor: Locator) => Promise<void>): Promise<void> {
    await this.byAddress(address).getByRole('button', { name: `Edit ${label}`, exact: true }).click();
    const editor = this.byAddress(address).getByRole('form', { name: `Correct ${label}` });
    await fill(editor);
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
  }

  /** What the card says needs a person's look: the checks' findings and what the analyzer is unsure of. */
  findings(address: string): Locator {
    return this.byAddress(address).getByRole('list', { name: 'Findings' });
  }

  heading(applicant: string): Locator {
    return this.page.getByRole('heading', { name: applicant, level: 1 });
  }

  document(title: string): Locator {
    return this.documents.getByRole('option', { name: title, exact: true });
  }

  selected(): Locator {
    return this.documents.locator('[role="option"][aria-selected="true"]');
  }

  /** Titles of the listed documents, in order. */
  async titles(): Promise<string[]> {
    return this.documents.getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  }

  async selectedTitle(): Promise<string> {
    return (await this.selected().getAttribute('aria-label')) ?? '';
  }

  /** The address (`<fileId>:p<first>-<last>`) of the selected document: titles repeat, addresses do not. */
  async selectedAddress(): Promise<string> {
    return (await this.selected().getAttribute('data-address')) ?? '';
  }

  byAddress(address: string): Locator {
    return this.documents.locator(`[role="option"][data-address="${address}"]`);
  }

  /** Presses a review key with the focus on the page, not in a field. */
  async press(key: string): Promise<void> {
    await this.page.keyboard.press(key);
  }
}
