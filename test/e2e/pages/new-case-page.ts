import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** The new-case form (/cases/new): applicant, list, workflow, and the PDFs with their upload progress. */
export class NewCasePage {
  readonly applicant: Locator;
  readonly list: Locator;
  readonly workflow: Locator;
  readonly dropZone: Locator;
  readonly chooseFiles: Locator;
  readonly files: Locator;
  readonly status: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.applicant = page.getByLabel('Applicant', { exact: true });
    this.list = page.getByLabel('Expected document list');
    this.workflow = page.getByLabel('Workflow', { exact: true });
    this.dropZone = page.getByTestId('drop-zone');
    this.chooseFiles = page.getByRole('button', { name: 'Choose files…' });
    this.files = page.getByRole('list', { name: 'Files to send' });
    this.status = page.getByRole('status', { name: 'Upload status' });
    this.submit = page.getByRole('button', { name: 'Create case and run' });
  }

  heading(): Locator {
    return this.page.getByRole('heading', { name: 'New case', level: 1 });
  }

  /** What the form says is wrong (a refused batch, a server's refusal). */
  alert(): Locator {
    return this.page.getByRole('form', { name: 'New case' }).getByRole('alert');
  }

  /** One listed file, by name. */
  file(fileName: string): Locator {
    return this.files.getByRole('listitem', { name: fileName, exact: true });
  }

  /** Why a listed file is refused ("Refused: …"), when it is. */
  refusal(fileName: string): Locator {
    return this.file(fileName).locator('.upload-refused');
  }

  remove(fileName: string): Locator {
    return this.file(fileName).getByRole('button', { name: `Remove ${fileName}` });
  }

  /** The upload bar of one listed file. */
  progress(fileName: string): Locator {
    return this.files.getByRole('progressbar', { name: `Upload of ${fileName}` });
  }

  /**
   * Drops files on the zone as a person dragging them from the file manager does: a `drop` with a
   * DataTransfer, each file typed by its extension as a file manager types it.
   */
  async drop(...paths: string[]): Promise<void> {
    const files = await Promise.all(
      paths.map(async (p) => ({ name: basename(p), type: /\.pdf$/i.test(p) ? 'application/pdf' : 'text/plain', base64: (await readFile(p)).toString('base64') })),
    );
    // A script, not a function: this project compiles without the DOM's types.
    const transfer = await this.page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      for (const f of ${JSON.stringify(files)}) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return dt;
    })()`);
    await this.dropZone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await this.dropZone.dispatchEvent('dragover', { dataTransfer: transfer });
    await this.dropZone.dispatchEvent('drop', { dataTransfer: transfer });
  }

  /** Chooses PDFs with "Choose files…": the host's file chooser (the web bridge's), answered as a person would. */
  async choose(...paths: string[]): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.chooseFiles.click();
    await (await chooser).setFiles(paths);
  }

  /**
   * Records every value each upload bar shows, from now on, in the page: the bars pass 100% and
   * the page moves on to the case soon after, faster than polling would see.
   */
  async recordProgress(): Promise<void> {
    await this.page.evaluate(`(() => {
      const seen = {};
      window.__uploadProgress = seen;
      const read = () => {
        for (const bar of document.querySelectorAll('progress.upload-bar')) {
          const name = bar.getAttribute('aria-label') ?? '';
          const list = (seen[name] ??= []);
          if (list[list.length - 1] !== bar.value) list.push(bar.value);
        }
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
      read();
    })()`);
  }

  /** The values recorded since `recordProgress`, per bar label. */
  async recordedProgress(): Promise<Record<string, number[]>> {
    return this.page.evaluate<Record<string, number[]>>('window.__uploadProgress');
  }
}
