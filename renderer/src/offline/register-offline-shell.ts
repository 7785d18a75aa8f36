/** True in a build, which has a `sw.js` (offline-shell-plugin.ts); false in `vite dev`. */
declare const __OFFLINE_SHELL__: boolean;

/**
 * Registers the service worker that keeps the app shell for offline reloads (service-worker.ts).
 * Only for the web build: the desktop loads the app from its own files, and its `app://` origin
 * could not hold a service worker anyway. Not in `vite dev`, which builds no `sw.js`. Browsers
 * allow service workers only in secure contexts (https, localhost): a server reached over plain
 * http on the local network loads online only, its data still kept locally.
 */
export function registerOfflineShell(): void {
  if (!__OFFLINE_SHELL__ || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  // After the page has loaded: installing fetches every asset, which should not compete with the page's own.
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The page cannot be kept for offline use:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
