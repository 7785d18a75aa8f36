/**
 * The web app's service worker: it keeps the app shell (index.html and the build's hashed
 * assets) so the page loads while offline; the data is already local (RxDB in IndexedDB).
 *
 * Why built by Vite rather than a file in public/: it must know the build it belongs to. The
 * build (offline-shell-plugin.ts) writes the list of its assets and a version derived from their
 * hashed names into it, so every release is a new `sw.js`, which the browser installs, caching
 * the new shell under a new name and deleting the old one. A static file would be the same bytes
 * every release and never be replaced. It imports nothing, so it is one self-contained script.
 *
 * The API (and with it the sync endpoints, all below the API base path) is never touched: its
 * answers are the server's state now, and the local database is the offline copy of them.
 *
 * Compiled with the page's DOM types, so the little of the worker scope it uses is declared here.
 */

interface ShellManifest {
  version: string;
  /** Root-relative URLs of the build's assets (`/assets/index-3f2a.js`). */
  assets: string[];
  /** The API's path below the origin (`/api`): never cached. */
  apiBasePath: string;
}

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
/** Chromium's static routing (ServiceWorker `InstallEvent.addRoutes`, Chromium 123+). */
interface InstallEvent extends ExtendableEvent {
  addRoutes?(rules: { condition: { urlPattern: unknown }; source: 'network' }[]): Promise<void>;
}
declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response> | Response): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}

// A module, so `self` here is the worker scope rather than the page's `window`.
export {};
declare const self: WorkerScope;

// Replaced by the build with the manifest as a JSON string (offline-shell-plugin.ts).
const MANIFEST_JSON = '__OFFLINE_SHELL_MANIFEST__';
const manifest = JSON.parse(MANIFEST_JSON) as ShellManifest;

const PREFIX = 'portal-shell-';
const CACHE = `${PREFIX}${manifest.version}`;
/** Every route of the app is index.html (client-side routing): it is kept once, under `/`. */
const SHELL = '/';
const assets = new Set(manifest.assets);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // Where the browser can, API requests (sync pushes and pulls, the event streams) go straight
      // to the network without waking this worker: nothing here is for them, and a request that
      // went through a worker answered nothing is not the page's own to the browser any more
      // (DevTools' offline emulation, for one, missed some of them).
      const install = event as InstallEvent;
      if (typeof install.addRoutes === 'function' && typeof URLPattern === 'function') {
        await install.addRoutes([{ condition: { urlPattern: new URLPattern({ pathname: `${manifest.apiBasePath}/*` }) }, source: 'network' }]).catch(() => undefined);
      }
      const cache = await caches.open(CACHE);
      // `reload`: the copies in the HTTP cache may be of another build.
      await cache.addAll([SHELL, ...manifest.assets].map((url) => new Request(url, { cache: 'reload' })));
      // A new build takes over at once: index.html comes from the network first anyway, and the
      // old build's assets are gone from the server too.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

const isApi = (path: string) => path === manifest.apiBasePath || path.startsWith(`${manifest.apiBasePath}/`);

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApi(url.pathname)) return;
  if (request.mode === 'navigate' || url.pathname === '/index.html') event.respondWith(networkFirstShell(request));
  else if (assets.has(url.pathname) || url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
});

/** The newest index.html when the server answers (it names the newest assets); the kept one when not. */
async function networkFirstShell(request: Request): Promise<Response> {
  try {
    const answer = await fetch(request);
    if (answer.ok && (answer.headers.get('content-type') ?? '').includes('text/html')) {
      const copy = answer.clone();
      void caches.open(CACHE).then((cache) => cache.put(SHELL, copy));
    }
    return answer;
  } catch (error) {
    const kept = await caches.match(SHELL, { cacheName: CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** Hashed assets never change under their name: the kept copy is the right one. */
async function cacheFirst(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: CACHE });
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) {
    const copy = answer.clone();
    void caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return answer;
}
