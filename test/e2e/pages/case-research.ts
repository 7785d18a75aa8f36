import type { Locator, Page } from 'playwright-core';

export interface CitedPlace {
  fileId: string;
  page: number;
  line: number;
}

/** The Research panel of a case page: its Brief and Assistant tabs. */
export class CaseResearch {
  readonly panel: Locator;
  readonly template: Locator;
  readonly startBrief: Locator;
  readonly brief: Locator;
  readonly briefProgress: Locator;
  readonly question: Locator;
  readonly ask: Locator;
  readonly conversation: Locator;
  readonly offlineNotices: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'Research' });
    this.template = this.panel.getByRole('combobox', { name: 'Template' });
    this.startBrief = this.panel.getByRole('button', { name: 'Start brief' });
    this.brief = this.panel.getByRole('article', { name: /^Brief: / });
    this.briefProgress = this.panel.getByRole('status', { name: 'Brief progress' });
    this.question = this.panel.getByRole('textbox', { name: 'Question' });
    this.ask = this.panel.getByRole('button', { name: 'Ask', exact: true });
    this.conversation = this.panel.getByRole('list', { name: 'Conversation' });
    this.offlineNotices = this.panel.getByRole('status').filter({ hasText: /^Offline\./ });
  }

  tab(name: 'Brief' | 'Assistant'): Locator {
    return this.panel.getByRole('tab', { name });
  }

  /** A question of the brief shown, by its number in the template. */
  section(n: number): Locator {
    return this.brief.getByRole('listitem', { name: `Question ${n}`, exact: true });
  }

  sections(): Locator {
    return this.brief.locator('.brief-section');
  }

  /** An answer of the assistant, by its turn's number. */
  answer(n: number): Locator {
    return this.panel.locator(`[aria-label="Answer ${n}"]`);
  }

  /** Unfolds every section's citations ("Show all N citations"). */
  async showAllCitations(): Promise<void> {
    const more = this.brief.getByRole('button', { name: /^Show all \d+ citations$/ });
    while ((await more.count()) > 0) await more.first().click();
  }

  /** The citation buttons inside `within`. */
  citations(within: Locator): Locator {
    return within.locator('button.citation');
  }

  /** Where each citation inside `within` points. */
  places(within: Locator): Promise<CitedPlace[]> {
    return this.citations(within).evaluateAll((els) =>
      els.map((e) => ({ fileId: e.getAttribute('data-file-id') ?? '', page: Number(e.getAttribute('data-page')), line: Number(e.getAttribute('data-line')) })),
    );
  }
}
