import type { DesktopBridge } from '@portal/shared';
import { ok, type ApiClient } from '@portal/shared/client';
import { choosePdfs, download, notifyIfHidden, pageBrowser, type WebBrowserLike } from './web-files';

export interface WebBridgeDeps {
  /** The page's own origin: the web build is always served by the server it talks to. */
  origin: string;
  version: string;
  openWindow: (url: string) => void;
  /** Same origin, so signing in is the session cookie the server sets on `POST /login`. */
  api: Pick<ApiClient, 'POST'>;
  /** The browser for files and notifications; the page's own when not given. */
  browser?: WebBrowserLike;
}

export function createWebBridge(deps: WebBridgeDeps) {
  // Asked for on first use, so a bridge can be made where there is no DOM.
  let browser = deps.browser;
  const theBrowser = () => (browser ??= pageBrowser());
  return {
    kind: 'web',
    getServerUrl: async () => deps.origin,
    setServerUrl: async () => {
      throw new Error('The web app talks to the server that serves it; its address cannot be changed here.');
    },
    openExternal: async (url) => {
      // Same rule as the desktop bridge, so a caller cannot rely on the web build being laxer.
      const parsed = URL.canParse(url) ? new URL(url) : null;
      if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
        throw new Error(`Only http and https links can be opened: ${url}`);
      }
      deps.openWindow(parsed.href);
    },
    appVersion: async () => deps.version,
    onCommand: () => () => {},
    signIn: (username, password) => ok(deps.api.POST('/login', { body: { username, password } })),
    signOut: async () => {
      await ok(deps.api.POST('/logout'));
    },
    // Not async: the file input must be clicked while the person's click is still being handled.
    openPdfs: () => choosePdfs(theBrowser()),
    saveAndReveal: async (name, bytes) => {
      download(theBrowser(), name, bytes);
      return {};
    },
    notify: async (title, body) => notifyIfHidden(theBrowser(), title, body),
  } satisfies DesktopBridge;
}
