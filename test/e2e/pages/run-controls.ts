import type { Locator, Page } from 'playwright-core';

/** What a case page (and the new-case form, for the gate's check) offers on the case's run. */
export class RunControls {
  readonly cancelRun: Locator;
  readonly confirmDialog: Locator;
  readonly confirmCancel: Locator;
  readonly keepRunning: Locator;
  readonly startNewRun: Locator;
  readonly gateCheck: Locator;
  readonly gateCheckProgress: Locator;
  readonly runState: Locator;

  constructor(readonly page: Page) {
    this.cancelRun = page.getByRole('button', { name: 'Cancel run', exact: true });
    this.confirmDialog = page.getByRole('alertdialog', { name: /^Cancel run \d+\?$/ });
    this.confirmCancel = this.confirmDialog.getByRole('button', { name: /^Yes, cancel run \d+$/ });
    this.keepRunning = this.confirmDialog.getByRole('button', { name: 'Keep it running' });
    this.startNewRun = page.getByRole('button', { name: 'Start a new run' });
    this.gateCheck = page.getByRole('region', { name: 'Checking the files at the gate' });
    this.gateCheckProgress = this.gateCheck.getByRole('status', { name: 'Gate check progress' });
    this.runState = page.locator('.page-header .badges [title^="Run state: "]');
  }

  /**
   * Records, in the page, every text the gate's check shows and whether the page ever said no run
   * had started while its ledger listed one: from now on, across the form and the case page (the
   * app moves between them without loading a page).
   */
  async record(): Promise<void> {
    await this.page.evaluate(`(() => {
      const seen = { checks: [], contradictions: [] };
      window.__runRecord = seen;
      const read = () => {
        const check = document.querySelector('[aria-label="Gate check progress"]');
        const text = check ? check.textContent.trim() : null;
        if (text && seen.checks[seen.checks.length - 1] !== text) seen.checks.push(text);
        const ledger = document.querySelector('[aria-label="Ledger, newest first"]');
        const noRun = document.body.textContent.includes('No run has started on this case yet.');
        if (noRun && ledger && /Run started/.test(ledger.textContent)) seen.contradictions.push(ledger.textContent.slice(0, 200));
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true });
      read();
    })()`);
  }

  async recorded(): Promise<{ checks: string[]; contradictions: string[] }> {
    return this.page.evaluate<{ checks: string[]; contradictions: string[] }>('window.__runRecord');
  }
}
