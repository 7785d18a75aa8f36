// The pool's worker when the server runs from its TypeScript sources (tests, `npm run dev`): a
// worker thread does not inherit a test runner's TypeScript loader, so it registers tsx itself.
// The compiled server runs dist/analyzer-worker.js instead (scripts/build.mjs).
//
// pdf.js is imported before tsx is registered: through tsx's loader its 3 MB of JavaScript take
// about 1.7 s to load instead of 0.12 s, paid again by every worker the pool starts (and the pool
// starts one after each file it stops). The later imports from the sources find it in the cache.
// Its core-js replaces Array.prototype.push with a slow one: the native one is put back (pdfjs.ts).
const push = Array.prototype.push;
await import('pdfjs-dist/legacy/build/pdf.mjs');
await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
Object.defineProperty(Array.prototype, 'push', { value: push, writable: true, configurable: true, enumerable: false });
const { register } = await import('tsx/esm/api');

register();
const { default: readTask } = await import('./worker.ts');
export default readTask;
