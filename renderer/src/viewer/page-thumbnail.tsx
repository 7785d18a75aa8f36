import { useEffect, useState } from 'react';
import { useApp } from '../shell/app-context';
import { followLoading, useRetryOnline, type Loaded } from './document-viewer';
import { PdfPageCanvas } from './pdf-page-canvas';
import { openPdf, type PDFDocumentProxy } from './pdfjs';
import { usePageCache } from './use-page-cache';

/**
 * One page of a case's source file, small: the gate beside a flagged page, the documents list
 * beside each document. Read from the page cache like the viewer's pages, and from any PDF of the
 * case kept there (a document's, fetched by the viewer or a pin): a pinned case shows its
 * thumbnails offline whenever the viewer can show the same pages.
 */
export function PageThumbnail({ caseId, fileId, page, width = 72 }: { caseId: string; fileId: string; page: number; width?: number }) {
  const { api } = useApp();
  const { cache } = usePageCache();
  const [loaded, setLoaded] = useState<Loaded<{ pdf: PDFDocumentProxy; pageNumber: number }>>({ state: 'loading' });
  const attempt = useRetryOnline(loaded.state === 'missing');
  useEffect(() => {
    if (!cache) return;
    let release = () => {};
    const stop = followLoading(
      (live) =>
        cache.page(api, caseId, fileId, page).then(async (found) => {
          // Kept on screen (not evicted) while shown, whichever entry it was read from.
          if (live()) release = cache.hold(found.key);
          return { pdf: await openPdf(found.bytes), pageNumber: found.pageNumber };
        }),
      setLoaded,
      (value) => void value.pdf.destroy(),
    );
    return () => {
      stop();
      release();
    };
  }, [cache, api, caseId, fileId, page, attempt]);
  const label = `Thumbnail of page ${page}`;
  if (loaded.state === 'ready') return <PdfPageCanvas pdf={loaded.value.pdf} pageNumber={loaded.value.pageNumber} width={width} label={label} className="page-thumb" />;
  return (
    <span className="page-thumb page-thumb-empty" style={{ width, height: Math.round(width * 1.3) }} role="img" aria-label={label} title={loaded.state === 'loading' ? 'Loading' : loaded.message}>
      {loaded.state === 'loading' ? '…' : loaded.state === 'missing' ? 'Not on this device' : 'No preview'}
    </span>
  );
}
