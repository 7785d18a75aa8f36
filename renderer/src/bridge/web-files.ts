import { fileSelectionProblem, type PickedFile } from '@portal/shared';
import { blobPart } from './picked-files';

/** What the web bridge's files and notifications use of the browser; the page's own by default. */
export interface WebBrowserLike {
  document: Document;
  /** `window.Notification`; undefined where the browser has none (iOS Safari outside a home-screen app). */
  Notification: typeof Notification | undefined;
  focusWindow(): void;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
  setTimeout(run: () => void, ms: number): unknown;
}

export function pageBrowser(): WebBrowserLike {
  return {
    document: window.document,
    Notification: typeof Notification === 'undefined' ? undefined : Notification,
    focusWindow: () => window.focus(),
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
  };
}

/**
 * The browser's file chooser, through a file input made for the occasion. Browsers open it only
 * in answer to a click or key press, so call this straight from the handler: nothing here awaits
 * before `input.click()`. Answers `[]` when the person cancels (the input's `cancel` event, in
 * every current browser; where it is missing, a cancelled choice never answers).
 */
export function choosePdfs(browser: WebBrowserLike): Promise<PickedFile[]> {
  const { document } = browser;
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'application/pdf,.pdf';
    input.multiple = true;
    input.hidden = true;
    input.addEventListener(
      'change',
      () => {
        const files = [...(input.files ?? [])];
        input.remove();
        readChosen(files).then(resolve, reject);
      },
      { once: true },
    );
    input.addEventListener(
      'cancel',
      () => {
        input.remove();
        resolve([]);
      },
      { once: true },
    );
    // Attached: Safari ignores a click on an input that is in no document.
    document.body.append(input);
    input.click();
  });
}

async function readChosen(files: File[]): Promise<PickedFile[]> {
  // The same limits as the desktop, checked before anything is read.
  const problem = fileSelectionProblem(files);
  if (problem !== null) throw new Error(problem);
  return Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  json: 'application/json',
  txt: 'text/plain',
  zip: 'application/zip',
};

/** Hands the bytes to the browser as a download; the browser names, places and shows it. */
export function download(browser: WebBrowserLike, name: string, bytes: Uint8Array): void {
  const { document } = browser;
  const type = TYPES[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
  const url = browser.createObjectURL(new Blob([blobPart(bytes)], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not now: some browsers start reading the URL only after the click returns.
  browser.setTimeout(() => browser.revokeObjectURL(url), 60_000);
}

/**
 * A system notification while the page is hidden, if the person allowed them; nothing otherwise.
 * Permission is never asked for here: a browser asks only in answer to a click, and asking at
 * random is what makes people refuse.
 */
export function notifyIfHidden(browser: WebBrowserLike, title: string, body: string): void {
  const Notify = browser.Notification;
  if (Notify === undefined || Notify.permission !== 'granted' || !browser.document.hidden) return;
  try {
    const notification = new Notify(title, { body });
    notification.onclick = () => {
      browser.focusWindow();
      notification.close();
    };
  } catch {
    // Chrome on Android allows notifications only from a service worker; there is none to fall back to.
  }
}
