import type { Locator, Page } from 'playwright-core';

/** The gate panel of a case held before its run (/cases/<id>, `run.state` `gated`). */
export class CaseGate {
  readonly panel: Locator;
  readonly flags: Locator;
  readonly processAnyway: Locator;
  readonly unreadFiles: Locator;
  readonly runProgress: Locator;

  constructor(readonly page: Page) {
    this.panel = page.getByRole('region', { name: 'At the gate' });
    this.flags = this.panel.getByRole('list', { name: 'Red flags' });
    this.processAnyway = this.panel.getByRole('button', { name: 'Process anyway' });
    this.unreadFiles = this.panel.getByRole('list', { name: 'Files no run has read' });
    this.runProgress = page.getByRole('status', { name: 'Run progress' });
  }

  /** The flags of one file, by its name. */
  file(name: string): Locator {
    return this.flags.getByRole('listitem', { name, exact: true });
  }

  removeFile(name: string): Locator {
    return this.unreadFiles.getByRole('button', { name: `Remove file ${name}` });
  }
}
