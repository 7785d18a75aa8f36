import type { User } from './contract/access.js';
import { MAX_FILE_BYTES, MAX_FILES_PER_CALL } from './contract/applications.js';

/** A file the person chose, read whole: the PDFs to send to a case. */
export interface PickedFile {
  /** The file's own name, without its folder. */
  name: string;
  bytes: Uint8Array;
}

/**
 * The small API the renderer gets from whatever hosts it. The Electron preload exposes one as
 * `window.desktop`; in a plain browser the renderer builds a web one. Keeping the renderer behind
 * this interface is what lets the same bundle run as the desktop app and as the served web app.
 *
 * Every method is async, even where the web answer is immediate, because the desktop one crosses
 * the process boundary over IPC.
 */
export interface DesktopBridge {
  readonly kind: 'web' | 'desktop';
  /** The server origin (optionally with a path prefix), without a trailing slash; the API is below `API_BASE_PATH`. */
  getServerUrl(): Promise<string>;
  /** Persists a new server address. Rejects for a non-http(s) URL, and always in the web build, whose server is its own origin. */
  setServerUrl(url: string): Promise<void>;
  /** Opens an http(s) URL in the system browser; rejects for any other scheme. */
  openExternal(url: string): Promise<void>;
  appVersion(): Promise<string>;
  /**
   * Commands the host sends the page, such as the "Server address…" menu item; returns the
   * function that stops listening. The web host never sends any.
   */
  onCommand(listener: (command: 'show-server-settings') => void): () => void;
  /**
   * Signs in with email and password and answers the user. The web build gets a session cookie
   * (`POST /login`, same origin). The desktop app is on another origin, so its main process asks
   * for a device session (`POST /device-sessions`), keeps the token encrypted, and adds it as
   * `Authorization: Bearer` to every request for the server: the page never sees the token.
   * Rejects with the server's message (wrong password, throttled) or the host's (no secure storage).
   */
  signIn(username: string, password: string): Promise<User>;
  /**
   * Ends the session on the server (`POST /logout`). The desktop forgets its token also when the
   * server cannot be reached; the web build rejects then, as only the server can clear its cookie.
   */
  signOut(): Promise<void>;
  /**
   * Lets the person choose PDFs (several at once) and answers them read; `[]` when they cancel.
   * Rejects, with a message for the person, when the choice goes beyond what the server accepts
   * in one call (`MAX_FILES_PER_CALL` files, `MAX_FILE_BYTES` each) or holds something not a PDF.
   * The desktop shows the system's open dialog; the web build a file input.
   *
   * Files dropped on the page need no method: the page's own `drop` event gives `File`s whose
   * content it reads (`file.arrayBuffer()`) in both hosts.
   */
  openPdfs(): Promise<PickedFile[]>;
  /**
   * Saves a file the person asked for and shows it. The desktop writes it to the Downloads folder
   * under a cleaned-up name (never replacing a file: `name (1).pdf`…), shows it in the file manager,
   * and answers where it went; it refuses names ending in anything but .pdf, .csv, .json, .txt or
   * .zip. The web build hands it to the browser as a download, and answers no path.
   */
  saveAndReveal(name: string, bytes: Uint8Array): Promise<{ path?: string }>;
  /**
   * Tells the person something happened while they look elsewhere: a system notification, shown
   * only when the app's window is not focused (the desktop), or the page is hidden and notifications
   * are allowed (the web build); otherwise nothing. Clicking it brings the window forward.
   * Title at most `NOTIFICATION_TITLE_MAX` characters, body `NOTIFICATION_BODY_MAX`.
   */
  notify(title: string, body: string): Promise<void>;
}

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1000;

/**
 * Why a choice of files cannot be sent in one call, in words for the person; null when it can.
 * The same rule in both hosts, and the server's own limits, so a choice is refused before it is
 * read rather than after it is uploaded.
 */
export function fileSelectionProblem(
  files: readonly { name: string; size: number }[],
  { maxFiles = MAX_FILES_PER_CALL, maxFileBytes = MAX_FILE_BYTES }: { maxFiles?: number; maxFileBytes?: number } = {},
): string | null {
  if (files.length > maxFiles) return `Choose at most ${maxFiles} files at a time (you chose ${files.length}).`;
  const refused = files.flatMap((file) =>
    !/\.pdf$/i.test(file.name) ? [`“${file.name}” is not a PDF.`] : file.size > maxFileBytes ? [fileTooLarge(file.name, maxFileBytes)] : [],
  );
  if (refused.length === 0) return null;
  if (files.length === 1) return refused[0]!;
  // A choice is taken or refused whole: naming one file would read as if the others went through.
  return `None of the ${files.length} chosen files was added: a choice is taken whole, and ${refused.length === 1 ? '1 of them' : `${refused.length} of them`} cannot be sent. ${refused.join(' ')} Choose again without ${refused.length === 1 ? 'it' : 'them'}.`;
}

export function fileTooLarge(name: string, maxFileBytes = MAX_FILE_BYTES): string {
  return `“${name}” is larger than ${formatMegabytes(maxFileBytes)}, the most the server accepts for one file.`;
}

function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
