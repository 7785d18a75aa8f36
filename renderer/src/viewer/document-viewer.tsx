import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PageLines } from '@portal/shared';
import { pagesOf, pdfKey, type CitedLine, type PageRef } from '@portal/shared/client';
import type { CaseDocumentDoc } from '@portal/shared/sync';
import { useOnline } from '../data/use-online';
import { NotOnDevice, type PageCache } from '../data/page-cache';
import { useApp } from '../shell/app-context';
import { PdfPageCanvas, type RenderedSize } from './pdf-page-canvas';
import { openPdf, warmPdfWorker, type PDFDocumentProxy } from './pdfjs';
import { usePageCache } from './use-page-cache';
import { usePageKeys } from '../ui/use-page-keys';
import { documentTitle } from '../cases/document-title';
import { formatKeyValue, humanizeKey } from '../cases/key-values';

/** The viewer's keys: none of them is a review key (j k a s x ?), so both work on one page. */
export const VIEWER_KEYS: { keys: string[]; does: string }[] = [
  { keys: [']'], does: 'Next page' },
  { keys: ['['], does: 'Previous page' },
  { keys: ['+'], does: 'Zoom in' },
  { keys: ['-'], does: 'Zoom out' },
  { keys: ['0'], does: 'Fit the whole page' },
  { keys: ['w'], does: 'Fit the page to the width' },
];

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const THUMB_WIDTH = 64;

/**
 * The whole page in view (the default: an ID card or a passport page is read without scrolling),
 * the page as wide as the viewer (a letter's small print), or a chosen scale.
 */
type Zoom = { fit: 'page' } | { fit: 'width' } | { fit: null; scale: number };

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'missing'; message: string } | { state: 'failed'; message: string };

/**
 * Follows, for an effect, something read through the page cache: `setLoaded` goes from loading to
 * ready, missing (not on this device) or failed, and nothing is set once the effect is cleaned up.
 * `dispose` frees what was read (a PDF opened) at cleanup, also what arrives after it. `open` is
 * told whether the effect is still live, to take holds on the cache only then.
 */
export function followLoading<T>(open: (live: () => boolean) => Promise<T>, setLoaded: (loaded: Loaded<T>) => void, dispose: (value: T) => void = () => {}): () => void {
  let live = true;
  let opened: { value: T } | null = null;
  setLoaded({ state: 'loading' });
  open(() => live).then(
    (value) => {
      opened = { value };
      if (live) setLoaded({ state: 'ready', value });
      else dispose(value);
    },
    (e: unknown) => {
      if (!live) return;
      const message = e instanceof Error ? e.message : String(e);
      setLoaded(e instanceof NotOnDevice ? { state: 'missing', message } : { state: 'failed', message });
    },
  );
  return () => {
    live = false;
    if (opened) dispose(opened.value);
  };
}

/** Opens the PDF of some pages of a case through the cache; keeps it on screen (not evicted) while shown. */
export function useCasePdf(cache: PageCache | null, caseId: string, spans: readonly { fileId: string; pages: number[] }[]): Loaded<PDFDocumentProxy> {
  const { api } = useApp();
  const [loaded, setLoaded] = useState<Loaded<PDFDocumentProxy>>({ state: 'loading' });
  const key = pdfKey(caseId, spans);
  const attempt = useRetryOnline(loaded.state === 'missing');
  useEffect(() => {
    if (!cache) return;
    const release = cache.hold(key);
    const stop = followLoading(
      () => cache.pdf(api, caseId, spans).then(openPdf),
      setLoaded,
      (pdf) => void pdf.destroy(),
    );
    return () => {
      stop();
      release();
    };
    // `key` names the spans: the array itself is a new one on every render of the list.
  }, [cache, api, caseId, key, attempt]);
  return loaded;
}

/** A number that changes when the app is back online while something was not on this device: ask again then. */
export function useRetryOnline(missing: boolean): number {
  const online = useOnline();
  const [attempt, setAttempt] = useState(0);
  const wasOnline = useRef(online);
  const missingNow = useRef(missing);
  missingNow.current = missing;
  // Only the turn from offline to online: retrying while "online" would loop on a server that is down.
  useEffect(() => {
    if (online && !wasOnline.current && missingNow.current) setAttempt((a) => a + 1);
    wasOnline.current = online;
  }, [online]);
  return attempt;
}

/**
 * Room for the page inside the viewer's area (its padding taken off), following the window. Beside
 * the list the area is as tall as the column leaves it; stacked under the list its height follows
 * the page, up to its CSS `max-height`, which is then the height a whole page may take.
 */
function useRoom(): [React.RefObject<HTMLDivElement | null>, { width: number; height: number }] {
  const ref = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const style = getComputedStyle(el);
      const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      const borderY = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
      const max = parseFloat(style.maxHeight);
      const height = Number.isFinite(max) ? max - borderY - padY : el.clientHeight - padY;
      const next = { width: Math.max(0, el.clientWidth - padX), height: Math.max(0, height) };
      setRoom((now) => (Math.abs(now.width - next.width) < 1 && Math.abs(now.height - next.height) < 1 ? now : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    // The max-height follows the window's height, which need not change the area's own size.
    window.addEventListener('resize', measure);
    measure();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, room];
}

/**
 * The pages of one document of a case: the current page drawn with pdf.js, zoom and paging
 * (buttons and keys), thumbnails of its pages, and the lines its key values were read from
 * highlighted on the page. Pages come from this device's cache when there, else the server.
 */
/** What the viewer shows of a document: a listed one, or the pages a junk decision took. */
export type ViewerDoc = Pick<CaseDocumentDoc, 'address' | 'title' | 'spans'> & { document: Pick<CaseDocumentDoc['document'], 'keyFields' | 'extractKeyData'> };

export function DocumentViewer({
  caseId,
  doc,
  fieldLabel = humanizeKey,
  fileName = () => undefined,
  cited = null,
}: {
  caseId: string;
  doc: ViewerDoc;
  fieldLabel?: (field: string) => string;
  /** The name a source file was sent with, for saying where a page comes from. */
  fileName?: (fileId: string) => string | undefined;
  /** A line a brief or the assistant cites: shown (its page, the line outlined) when this document holds it. */
  cited?: CitedLine | null;
}) {
  const online = useOnline();
  const title = documentTitle(doc.title);
  const { cache, error: cacheError } = usePageCache();
  const pages = useMemo(() => pagesOf(doc.spans), [doc.spans]);
  const pdf = useCasePdf(cache, caseId, doc.spans);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<Zoom>({ fit: 'page' });
  const [focus, setFocus] = useState<string | null>(null);
  const [base, setBase] = useState<{ width: number; height: number } | null>(null);
  const [drawn, setDrawn] = useState<RenderedSize | null>(null);
  const [areaRef, room] = useRoom();
  const current: PageRef | undefined = pages[Math.min(index, pages.length - 1)];

  useEffect(warmPdfWorker, []);
  // Another document: its first page, whole width, nothing focused.
  useEffect(() => {
    setIndex(0);
    setFocus(null);
  }, [doc.address]);
  // After the reset above: a citation opens its own page of the document just selected for it.
  const citedAt = cited === null ? -1 : pages.findIndex((p) => p.fileId === cited.fileId && p.page === cited.page);
  useEffect(() => {
    if (citedAt >= 0) setIndex(citedAt);
    // `cited.at` changes with every click on a citation, so clicking one again shows it again.
  }, [citedAt, cited?.at]);

  // The page's natural size decides the scales "whole page" and "fit width" mean.
  useEffect(() => {
    if (pdf.state !== 'ready') return;
    let live = true;
    void pdf.value.getPage(Math.min(index, pdf.value.numPages - 1) + 1).then((p) => {
      const { width, height } = p.getViewport({ scale: 1 });
      if (live) setBase({ width, height });
    });
    return () => {
      live = false;
    };
  }, [pdf, index]);

  const widthScale = base && room.width > 40 ? room.width / base.width : 1;
  // A page shorter than the room is never blown up past its width; a viewer too short to show
  // anything readable (a few lines) fits the width instead.
  const pageScale = base && room.height > 80 ? Math.min(widthScale, room.height / base.height) : widthScale;
  const scale = zoom.fit === 'page' ? pageScale : zoom.fit === 'width' ? widthScale : zoom.scale;

  const lines = usePageLines(cache, caseId, current);

  const fields = useMemo(
    () =>
      Object.entries(doc.document.keyFields)
        .map(([field, where]) => ({ field, where, value: doc.document.extractKeyData[field] }))
        .filter((f) => pages.some((p) => p.fileId === f.where.fileId && p.page === f.where.page)),
    [doc.document.keyFields, doc.document.extractKeyData, pages],
  );
  const onPage = fields.filter((f) => current && f.where.fileId === current.fileId && f.where.page === current.page);

  const go = useCallback((to: number) => setIndex(Math.max(0, Math.min(to, pages.length - 1))), [pages.length]);
  const zoomBy = useCallback(
    (dir: 1 | -1) =>
      setZoom(() => {
        const now = scale;
        // A step at least a tenth away: from "fit width" at 98 %, zooming in to 100 % would look like nothing happened.
        const next = dir > 0 ? ZOOM_STEPS.find((s) => s > now * 1.1) : [...ZOOM_STEPS].reverse().find((s) => s < now / 1.1);
        return { fit: null, scale: next ?? now };
      }),
    [scale],
  );
  const focusField = (field: string) => {
    const f = fields.find((x) => x.field === field);
    if (!f) return;
    const at = pages.findIndex((p) => p.fileId === f.where.fileId && p.page === f.where.page);
    if (at >= 0) setIndex(at);
    setFocus(field);
  };

  // The case page's own key data (`data-key-field` in the selected document's item) focuses lines too.
  const focusRef = useRef(focusField);
  focusRef.current = focusField;
  useEffect(() => {
    const onPointer = (event: Event) => {
      const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-key-field]') : null;
      const item = el?.closest<HTMLElement>('[data-address]');
      if (!el || item?.dataset.address !== doc.address || !el.dataset.keyField) return;
      focusRef.current(el.dataset.keyField);
    };
    document.addEventListener('mouseover', onPointer);
    document.addEventListener('click', onPointer);
    return () => {
      document.removeEventListener('mouseover', onPointer);
      document.removeEventListener('click', onPointer);
    };
  }, [doc.address]);

  useViewerKeys({
    next: () => go(index + 1),
    previous: () => go(index - 1),
    zoomIn: () => zoomBy(1),
    zoomOut: () => zoomBy(-1),
    fitPage: () => setZoom({ fit: 'page' }),
    fitWidth: () => setZoom({ fit: 'width' }),
  });

  const citedLine = cited !== null && current !== undefined && cited.fileId === current.fileId && cited.page === current.page ? cited.line : null;
  const citedBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    citedBox.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [citedLine, cited?.at, drawn]);
  const focused = focus !== null ? onPage.find((f) => f.field === focus) : undefined;
  const focusedBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    focusedBox.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [focused?.field, drawn]);

  const sx = drawn && lines.state === 'ready' ? drawn.width / lines.value.width : 0;
  const sy = drawn && lines.state === 'ready' ? drawn.height / lines.value.height : 0;

  return (
    <section className="panel page-viewer" aria-labelledby="page-viewer-title">
      <div className="panel-header">
        <h2 id="page-viewer-title" title={`Pages of ${title}`}>
          Pages of {title}
        </h2>
        <div className="viewer-tools" role="toolbar" aria-label="Page viewer">
          <button type="button" onClick={() => go(index - 1)} disabled={index <= 0} aria-label="Previous page" title="Previous page ([)">
            ‹
          </button>
          <span className="viewer-page-no" aria-live="polite" aria-label="Page number">
            Page {Math.min(index, pages.length - 1) + 1} of {pages.length}
          </span>
          <button type="button" onClick={() => go(index + 1)} disabled={index >= pages.length - 1} aria-label="Next page" title="Next page (])">
            ›
          </button>
          <span className="viewer-sep" aria-hidden="true" />
          <button type="button" onClick={() => zoomBy(-1)} aria-label="Zoom out" title="Zoom out (-)">
            −
          </button>
          <span className="viewer-zoom" aria-label="Zoom">
            {Math.round(scale * 100)}%
          </span>
          <button type="button" onClick={() => zoomBy(1)} aria-label="Zoom in" title="Zoom in (+)">
            +
          </button>
          <button type="button" onClick={() => setZoom({ fit: 'page' })} aria-pressed={zoom.fit === 'page'} title="The whole page in view (0)">
            Whole page
          </button>
          <button type="button" onClick={() => setZoom({ fit: 'width' })} aria-pressed={zoom.fit === 'width'} title="The page as wide as the viewer (w)">
            Fit width
          </button>
        </div>
        {current && (
          <p className="muted small viewer-source">
            <span className="viewer-source-place">
              Page {current.page} of {fileName(current.fileId) ?? 'its file'}
            </span>
            {lines.state === 'ready' && lines.value.scan ? ' · scanned page, lines read by OCR' : ''}
            {!online && pdf.state === 'ready' ? ' · offline: the copy kept on this device' : ''}
          </p>
        )}
      </div>
      <div className="viewer-body">
        {pdf.state === 'ready' && pages.length > 1 && (
          <ol className="viewer-thumbs" aria-label="Page thumbnails">
            {pages.map((p, i) => (
              <li key={`${p.fileId}:${p.page}:${i}`}>
                <button type="button" className={i === index ? 'thumb current' : 'thumb'} onClick={() => go(i)} aria-label={`Page ${i + 1}`} aria-current={i === index ? 'page' : undefined}>
                  <PdfPageCanvas pdf={pdf.value} pageNumber={i + 1} width={THUMB_WIDTH} label={`Thumbnail of page ${i + 1}`} />
                  <span className="thumb-no">{i + 1}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
        <div className="viewer-area" ref={areaRef}>
          {cacheError !== null && (
            <p className="error" role="alert">
              Pages cannot be kept on this device: {cacheError}
            </p>
          )}
          {pdf.state === 'loading' && <p className="muted">Opening the pages…</p>}
          {pdf.state === 'missing' && (
            <p className="viewer-missing" role="alert">
              This page is not on this device. It was never opened here and the case is not kept available offline; connect to see it.
            </p>
          )}
          {pdf.state === 'failed' && (
            <p className="error" role="alert">
              Could not open the pages: {pdf.message}
            </p>
          )}
          {pdf.state === 'ready' && current && (
            <div className="viewer-page" style={drawn ? { width: drawn.width, height: drawn.height } : undefined}>
              <PdfPageCanvas
                pdf={pdf.value}
                pageNumber={Math.min(index, pdf.value.numPages - 1) + 1}
                scale={scale}
                label={`Page ${index + 1} of ${title}`}
                className="viewer-canvas"
                onRendered={setDrawn}
              />
              {drawn && lines.state === 'ready' && (
                <div className="viewer-overlay" aria-hidden="true">
                  {citedLine !== null && lines.value.lines[citedLine] && (
                    <div
                      ref={citedBox}
                      className="line-box cited"
                      data-cited-line={citedLine}
                      title={`Cited: ${lines.value.lines[citedLine].text}`}
                      style={{
                        left: lines.value.lines[citedLine].box.x * sx - 3,
                        top: lines.value.lines[citedLine].box.y * sy - 3,
                        width: lines.value.lines[citedLine].box.width * sx + 6,
                        height: lines.value.lines[citedLine].box.height * sy + 6,
                      }}
                    />
                  )}
                  {onPage.map(({ field, where }) => {
                    const line = lines.value.lines[where.line];
                    if (!line) return null;
                    const isFocus = focused?.field === field;
                    return (
                      <div
                        key={field}
                        ref={isFocus ? focusedBox : undefined}
                        className={`line-box${isFocus ? ' focus' : ''}`}
                        data-field={field}
                        title={`${fieldLabel(field)}: ${line.text}`}
                        style={{ left: line.box.x * sx - 2, top: line.box.y * sy - 2, width: line.box.width * sx + 4, height: line.box.height * sy + 4 }}
                      />
                    );
                  })}
                </div>
              )}
            </div>
          )}
        </div>
      </div>
      {fields.length > 0 && (
        <div className="viewer-fields">
          <h3 className="viewer-subtitle">Where the key data was read</h3>
          <ul aria-label="Key data on the pages">
            {fields.map(({ field, value, where }) => (
              <li key={field}>
                <button
                  type="button"
                  data-field={field}
                  className={focus === field ? 'field-link focus' : 'field-link'}
                  aria-pressed={focus === field}
                  onMouseEnter={() => focusField(field)}
                  onFocus={() => focusField(field)}
                  onClick={() => focusField(field)}
                >
                  <span className="field-name">{fieldLabel(field)}</span> <span className="field-value">{formatKeyValue(value)}</span>{' '}
                  <FieldSource
                    where={where}
                    pageNo={pages.findIndex((p) => p.fileId === where.fileId && p.page === where.page) + 1}
                    printed={lines.state === 'ready' && current?.fileId === where.fileId && current.page === where.page ? lines.value.lines[where.line]?.text : undefined}
                  />
                </button>
              </li>
            ))}
          </ul>
          {lines.state === 'missing' && <p className="muted small">The lines of this page are not on this device: highlights come back online.</p>}
          {lines.state === 'failed' && <p className="muted small">No highlights on this page: {lines.message}</p>}
        </div>
      )}
      <p className="hint small viewer-keys-hint">
        Keys:{' '}
        {VIEWER_KEYS.map((k, i) => (
          <span key={k.does}>
            {i > 0 && ' · '}
            <kbd>{k.keys[0]}</kbd> {k.does.toLowerCase()}
          </span>
        ))}
      </p>
    </section>
  );
}

function usePageLines(cache: PageCache | null, caseId: string, page: PageRef | undefined): Loaded<PageLines> {
  const { api } = useApp();
  const [loaded, setLoaded] = useState<Loaded<PageLines>>({ state: 'loading' });
  const attempt = useRetryOnline(loaded.state === 'missing');
  const fileId = page?.fileId;
  const n = page?.page;
  useEffect(() => {
    if (!cache || fileId === undefined || n === undefined) return;
    return followLoading(() => cache.lines(api, caseId, fileId, n), setLoaded);
  }, [cache, api, caseId, fileId, n, attempt]);
  return loaded;
}

/** Keys anywhere on the page, except while typing in a field or with a modifier held. */
function useViewerKeys(handlers: { next(): void; previous(): void; zoomIn(): void; zoomOut(): void; fitPage(): void; fitWidth(): void }) {
  usePageKeys({ ']': handlers.next, '[': handlers.previous, '+': handlers.zoomIn, '=': handlers.zoomIn, '-': handlers.zoomOut, '0': handlers.fitPage, w: handlers.fitWidth });
}

/**
 * Where a key value comes from. Read: its page, line and the reader's confidence. Corrected: who
 * set it, and, when the page does not print it, what the page prints there: a person's value is
 * never shown as read at 100 % (issue 38, point 6).
 */
function FieldSource({ where, pageNo, printed }: { where: CaseDocumentDoc['document']['keyFields'][string]; pageNo: number; printed: string | undefined }) {
  const by = where.corrected;
  if (by === undefined) {
    return (
      <span className="muted small">
        p{pageNo} · line {where.line + 1} · {Math.round(where.confidence * 100)}%
      </span>
    );
  }
  return (
    <span className="muted small field-corrected">
      corrected by {by.decidedBy}
      {by.onPage ? (
        <> · printed on p{pageNo} · line {where.line + 1}</>
      ) : printed !== undefined ? (
        <>
          {' '}
          · the page prints “<span className="field-printed">{printed}</span>”
        </>
      ) : (
        <> · p{pageNo} · line {where.line + 1} prints what was read</>
      )}
    </span>
  );
}
