/**
 * Where the app itself lives: `app://portal` when packaged, the Vite dev server in development.
 * Scheme and host are compared rather than `URL.origin`, which is the opaque "null" for a custom
 * scheme such as `app:`.
 */
export interface AppLocation {
  readonly protocol: string;
  readonly host: string;
}

export function appLocationOf(url: string): AppLocation {
  const parsed = new URL(url);
  return { protocol: parsed.protocol.toLowerCase(), host: parsed.host.toLowerCase() };
}

/** Whether `url` belongs to the app, i.e. may be shown in the app's window and may talk to main over IPC. */
export function isAppUrl(url: string, app: AppLocation): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol.toLowerCase() === app.protocol && parsed.host.toLowerCase() === app.host;
}

/**
 * The URL to hand to the system browser, or null when it must not be opened at all. Only http(s):
 * `file:` would run local programs, `javascript:`/`data:` would run code, and custom schemes would
 * start whatever application registered them.
 */
export function externalUrl(url: string): string | null {
  const parsed = parse(url);
  if (parsed === null) return null;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.href;
}

export type NavigationDecision = { action: 'allow' } | { action: 'deny'; openExternally: string | null };

/**
 * A navigation of the app's window: stays in the app when it targets the app, otherwise is stopped
 * (the window must never show a remote page, which would inherit the preload bridge), and an
 * http(s) link goes to the system browser instead.
 */
export function decideNavigation(url: string, app: AppLocation): NavigationDecision {
  if (isAppUrl(url, app)) return { action: 'allow' };
  return { action: 'deny', openExternally: externalUrl(url) };
}

/** `window.open` and `target=_blank`: the app never opens a second window of its own. */
export function decideWindowOpen(url: string): { openExternally: string | null } {
  return { openExternally: externalUrl(url) };
}

function parse(url: string): URL | null {
  return URL.canParse(url) ? new URL(url) : null;
}
