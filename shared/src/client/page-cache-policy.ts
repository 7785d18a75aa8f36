/**
 * The rules of the renderer's local page cache (renderer/src/data/page-cache.ts), kept free of
 * IndexedDB and the DOM so they can be tested in Node: what an entry is called, which pages a
 * request names, what a pinned case needs, and which entries go when the cache is over budget.
 */

/** Pages of one source file, in document order (a `DocumentSpan`). */
export interface PageSpan {
  fileId: string;
  pages: number[];
}

/** One page of a source file, as the viewer steps through a document. */
export interface PageRef {
  fileId: string;
  page: number;
}

/** What the cache knows of an entry without reading its bytes. */
export interface CacheEntryMeta {
  key: string;
  caseId: string;
  bytes: number;
  /** `Date.now()` of the last read or write. */
  lastUsed: number;
}

export interface CacheUsage {
  /** Everything the cache holds. */
  bytes: number;
  /** Of which, entries of pinned cases (never evicted). */
  pinnedBytes: number;
  entries: number;
}

/** Every page of the spans, in order. */
export const pagesOf = (spans: readonly PageSpan[]): PageRef[] => spans.flatMap((s) => s.pages.map((page) => ({ fileId: s.fileId, page })));

/**
 * The `span` query values of `GET /applications/{id}/pages-pdf` that send exactly these pages in
 * this order: consecutive ascending pages of one file become one `<fileId>:p<a>-<b>`, anything
 * else (a page out of order, another file) starts a new one.
 */
export function spanQuery(spans: readonly PageSpan[]): string[] {
  const out: string[] = [];
  let run: { fileId: string; first: number; last: number } | null = null;
  for (const { fileId, page } of pagesOf(spans)) {
    if (run && run.fileId === fileId && page === run.last + 1) {
      run.last = page;
      continue;
    }
    if (run) out.push(`${run.fileId}:p${run.first}-${run.last}`);
    run = { fileId, first: page, last: page };
  }
  if (run) out.push(`${run.fileId}:p${run.first}-${run.last}`);
  return out;
}

/** The key of a PDF of some pages of a case. */
export const pdfKey = (caseId: string, spans: readonly PageSpan[]): string => `pdf:${caseId}:${spanQuery(spans).join(',')}`;

/**
 * Which page (1-based) of the PDF kept under `key` is page `page` of file `fileId`, or undefined
 * when that PDF is another case's or does not hold the page: a page shown alone (a thumbnail) is
 * read from whatever PDF of the case this device already keeps it in, as the viewer would show it.
 */
export function pageWithinPdf(key: string, caseId: string, fileId: string, page: number): number | undefined {
  const prefix = `pdf:${caseId}:`;
  if (!key.startsWith(prefix)) return undefined;
  let before = 0;
  for (const span of key.slice(prefix.length).split(',')) {
    const at = span.lastIndexOf(':p');
    const range = /^(\d+)-(\d+)$/.exec(span.slice(at + 2));
    if (at < 0 || !range) return undefined;
    const first = Number(range[1]);
    const last = Number(range[2]);
    if (span.slice(0, at) === fileId && page >= first && page <= last) return before + page - first + 1;
    before += last - first + 1;
  }
  return undefined;
}

/** The key of one page's lines. */
export const linesKey = (caseId: string, fileId: string, page: number): string => `lines:${caseId}:${fileId}:${page}`;

/** What pinning a case fetches: each document's PDF, every page's lines, and each flagged page alone (the gate's thumbnails). */
export interface PinPlan {
  pdfs: PageSpan[][];
  lines: PageRef[];
}

export function pinPlan(documents: readonly { spans: readonly PageSpan[] }[], flaggedPages: readonly PageRef[]): PinPlan {
  const pdfs: PageSpan[][] = [];
  const seenPdf = new Set<string>();
  const addPdf = (spans: PageSpan[]) => {
    const key = spanQuery(spans).join(',');
    if (key === '' || seenPdf.has(key)) return;
    seenPdf.add(key);
    pdfs.push(spans);
  };
  const lines: PageRef[] = [];
  const seenLines = new Set<string>();
  for (const doc of documents) {
    addPdf(doc.spans.map((s) => ({ fileId: s.fileId, pages: [...s.pages] })));
    for (const p of pagesOf(doc.spans)) {
      const key = `${p.fileId}:${p.page}`;
      if (seenLines.has(key)) continue;
      seenLines.add(key);
      lines.push(p);
    }
  }
  for (const p of flaggedPages) addPdf([{ fileId: p.fileId, pages: [p.page] }]);
  return { pdfs, lines };
}

export function usageOf(entries: readonly CacheEntryMeta[], pinned: ReadonlySet<string>): CacheUsage {
  let bytes = 0;
  let pinnedBytes = 0;
  for (const e of entries) {
    bytes += e.bytes;
    if (pinned.has(e.caseId)) pinnedBytes += e.bytes;
  }
  return { bytes, pinnedBytes, entries: entries.length };
}

/**
 * The keys to delete so the cache fits `budget` bytes: least recently used first, never an entry
 * of a pinned case (pinned cases may hold the cache over budget on their own: the reviewer asked
 * for them), nor one of `keep` (what is on screen now).
 */
export function evictionPlan(entries: readonly CacheEntryMeta[], pinned: ReadonlySet<string>, budget: number, keep: ReadonlySet<string> = new Set()): string[] {
  let total = entries.reduce((n, e) => n + e.bytes, 0);
  if (total <= budget) return [];
  const candidates = entries.filter((e) => !pinned.has(e.caseId) && !keep.has(e.key)).sort((a, b) => a.lastUsed - b.lastUsed || a.key.localeCompare(b.key));
  const out: string[] = [];
  for (const e of candidates) {
    if (total <= budget) break;
    out.push(e.key);
    total -= e.bytes;
  }
  return out;
}
