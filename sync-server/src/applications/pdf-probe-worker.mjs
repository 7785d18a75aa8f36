// A worker thread of the intake probe (pdf-probe.ts). Plain JavaScript so it loads the same way
// from the sources and from the built server: it imports nothing of ours but its plain-JavaScript
// neighbour. It opens a stored file with pdf.js by ranges — the cross-reference table, the
// catalogue, the first page — so a 100 MB upload is checked without being read into memory; a
// file that opens is then read through once, a chunk at a time, for active content.
import { pathToFileURL } from 'node:url';
import { scanActiveContent } from './active-content-scan.mjs';

let loading;
function pdfjs() {
  loading ??= (async () => {
    const lib = await import('pdfjs-dist/legacy/build/pdf.mjs');
    // pdf.js parses on this thread (its "fake worker"): the thread is already ours alone.
    globalThis.pdfjsWorker ??= await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return lib;
  })();
  return loading;
}

const say = (e) => {
  const m = e instanceof Error ? e.message : String(e);
  return m.length > 160 ? `${m.slice(0, 160)}…` : m;
};

/** `{ ok: true, pageCount, activeContent }`, or `{ ok: false, code: 'encrypted' | 'unreadable' | 'too_many_pages', note }`. */
export default async function probe({ path, maxPages }) {
  const lib = await pdfjs();
  const task = lib.getDocument({
    url: pathToFileURL(path),
    disableStream: true,
    disableAutoFetch: true,
    rangeChunkSize: 65536,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: lib.VerbosityLevel.ERRORS,
    stopAtErrors: false,
  });
  try {
    const doc = await task.promise;
    const pageCount = doc.numPages;
    if (!Number.isInteger(pageCount) || pageCount < 1) return { ok: false, code: 'unreadable', note: 'it has no pages' };
    if (pageCount > maxPages) return { ok: false, code: 'too_many_pages', note: `it has ${pageCount} pages; at most ${maxPages} are read per file` };
    await doc.getPage(1);
    // Informative only: a file the scan trips on is still accepted, with nothing flagged.
    return { ok: true, pageCount, activeContent: await scanActiveContent(path).catch(() => []) };
  } catch (e) {
    if (e?.name === 'PasswordException') return { ok: false, code: 'encrypted', note: 'it is password-protected; send an unprotected copy' };
    return { ok: false, code: 'unreadable', note: `it cannot be read as a PDF (${say(e)})` };
  } finally {
    await task.destroy().catch(() => {});
  }
}
