import { useMemo } from 'react';
import { useCasePdf } from './document-viewer';
import { PdfPageCanvas } from './pdf-page-canvas';
import { usePageCache } from './use-page-cache';

/** One page of a case's source file, small: what the gate shows beside a flagged page. */
export function PageThumbnail({ caseId, fileId, page, width = 72 }: { caseId: string; fileId: string; page: number; width?: number }) {
  const { cache } = usePageCache();
  const spans = useMemo(() => [{ fileId, pages: [page] }], [fileId, page]);
  const pdf = useCasePdf(cache, caseId, spans);
  const label = `Thumbnail of page ${page}`;
  if (pdf.state === 'ready') return <PdfPageCanvas pdf={pdf.value} pageNumber={1} width={width} label={label} className="page-thumb" />;
  return (
    <span className="page-thumb page-thumb-empty" style={{ width, height: Math.round(width * 1.3) }} role="img" aria-label={label} title={pdf.state === 'loading' ? 'Loading' : pdf.message}>
      {pdf.state === 'loading' ? '…' : pdf.state === 'missing' ? 'Not on this device' : 'No preview'}
    </span>
  );
}
