import type { User } from './contract/access.js';

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
}
