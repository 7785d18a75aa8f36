import { extname, isAbsolute, join, relative, sep } from 'node:path';

/**
 * The packaged renderer is served from `app://portal/` rather than `file://`: a standard, secure
 * scheme gives the page a real origin, so its absolute asset paths (`/assets/…`, the same build the
 * server serves at `/`) resolve, and so navigation and IPC checks have an origin to compare.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'portal';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/`;

/**
 * The file under `root` that answers `requestUrl`, or null when nothing may answer it. Paths
 * without an extension are client-side routes and get `index.html`; nothing outside `root` is
 * ever served, whatever the URL's dots and escapes say.
 */
export function resolveRendererFile(root: string, requestUrl: string): string | null {
  if (!URL.canParse(requestUrl)) return null;
  const url = new URL(requestUrl);
  if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return null;

  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0')) return null;

  const routed = path.endsWith('/') || extname(path) === '' ? '/index.html' : path;
  const file = join(root, routed);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null;
  return file;
}

/**
 * The page may load only its own files (and compile the WebAssembly among them), and may connect only to itself and to the configured
 * server (http for the API and server-sent events, ws for collaboration). A script injected into
 * the page therefore cannot send data anywhere else.
 */
export function contentSecurityPolicy(serverUrl: string): string {
  const server = new URL(serverUrl);
  const socket = `${server.protocol === 'https:' ? 'wss:' : 'ws:'}//${server.host}`;
  return [
    "default-src 'self'",
    // WebAssembly may be compiled (not eval'd): pdf.js decodes JPEG 2000, JBIG2 and ICC colour
    // with its wasm modules, shipped in the build; a worker may hold its page's policy.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${server.origin} ${socket}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
