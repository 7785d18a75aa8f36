import { decideNavigation, decideWindowOpen, type AppLocation } from './navigation-policy.js';

interface PreventableEvent {
  preventDefault(): void;
}

/** The part of `WebContents` the guard needs. */
export interface GuardableContents {
  on(event: 'will-frame-navigate' | 'will-redirect', listener: (event: PreventableEvent & { url: string }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/**
 * Keeps every web contents on the app: navigations and redirects elsewhere are stopped, new
 * windows are refused, http(s) targets go to the system browser, and `<webview>` (a way to embed
 * remote content with its own preferences) is never attached.
 */
export function guardNavigation(
  contents: GuardableContents,
  app: AppLocation,
  openExternal: (url: string) => void,
): void {
  const onNavigate = (event: PreventableEvent & { url: string }) => {
    const decision = decideNavigation(event.url, app);
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.openExternally !== null) openExternal(decision.openExternally);
  };
  contents.on('will-frame-navigate', onNavigate);
  // A redirect is the server's doing, not a link the person chose: stop it, open nothing.
  contents.on('will-redirect', (event) => {
    if (decideNavigation(event.url, app).action !== 'allow') event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const { openExternally } = decideWindowOpen(url);
    if (openExternally !== null) openExternal(openExternally);
    return { action: 'deny' };
  });
}
