import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/**
 * The case page's actions beyond approve / settle / junk (case-page.ts has the rest): the line
 * chooser, the pages and split points of the selected document, the proposed split strip, and
 * the downloads.
 */
export class CaseActions {
  readonly lineChooser: Locator;
  readonly pagesEditor: Locator;
  readonly caseTextButton: Locator;

  constructor(readonly page: Page) {
    this.lineChooser = page.getByRole('dialog', { name: 'Change line' });
    this.pagesEditor = page.getByRole('dialog', { name: 'Pages and split points' });
    this.caseTextButton = page.getByRole('button', { name: 'Download case text' });
  }

  /** The proposed split shown on a listed document. */
  splitStrip(title: string): Locator {
    return this.page.getByRole('group', { name: `Proposed split of ${title}` });
  }

  /** The names the chooser offers, in order, and which one is the proposed line. */
  async lineOptions(): Promise<{ names: string[]; proposed: string | null }> {
    const buttons = this.lineChooser.getByRole('listitem').getByRole('button');
    const names = await buttons.allInnerTexts();
    const proposed = await this.lineChooser.locator('button[aria-current="true"]').innerText();
    return { names, proposed };
  }

  /** Moves the chooser's focus to a line with the arrow keys and presses Enter, as a keyboard user does. */
  async chooseLineByKeyboard(name: string): Promise<void> {
    const { names } = await this.lineOptions();
    const target = names.indexOf(name);
    if (target < 0) throw new Error(`no line named ${name}: ${names.join(', ')}`);
    for (let i = 0; i < names.length; i++) {
      const focused = await this.page.evaluate<string>('document.activeElement?.textContent ?? ""');
      if (focused === name) break;
      await this.page.keyboard.press('ArrowDown');
    }
    await this.page.keyboard.press('Enter');
  }

  /** The boundary toggle before a page in the pages editor. */
  boundaryBefore(page: number): Locator {
    return this.pagesEditor.getByRole('button', { name: new RegExp(`^Split before page ${page}\\b`) });
  }

  piece(label: string): Locator {
    return this.pagesEditor.getByRole('listitem', { name: `Piece ${label}` });
  }

  /** Downloads the case text with the page's button and answers the file's text. */
  async downloadCaseText(): Promise<{ name: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.caseTextButton.click();
    const file = await download;
    const path = await file.path();
    return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
  }
}
