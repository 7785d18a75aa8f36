import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from './pdfjs';

export interface RenderedSize {
  /** CSS pixels of the drawn page. */
  width: number;
  height: number;
}

/**
 * One page of an open PDF drawn on a canvas, `width` CSS pixels wide (or at `scale` when no width
 * is given), sharp on high-density screens. Tells its drawn size once drawn, for overlays.
 */
export function PdfPageCanvas({
  pdf,
  pageNumber,
  width,
  scale,
  label,
  className,
  onRendered,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  width?: number;
  scale?: number;
  label: string;
  className?: string;
  onRendered?(size: RenderedSize): void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const rendered = useRef(onRendered);
  rendered.current = onRendered;

  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    setFailed(null);
    (async () => {
      const page = await pdf.getPage(pageNumber);
      if (cancelled || !canvas.current) return;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width !== undefined ? width / base.width : (scale ?? 1) });
      const dpr = window.devicePixelRatio || 1;
      const el = canvas.current;
      el.width = Math.max(1, Math.floor(viewport.width * dpr));
      el.height = Math.max(1, Math.floor(viewport.height * dpr));
      el.style.width = `${Math.floor(viewport.width)}px`;
      el.style.height = `${Math.floor(viewport.height)}px`;
      task = page.render({ canvas: el, viewport, ...(dpr !== 1 ? { transform: [dpr, 0, 0, dpr, 0, 0] } : {}) });
      await task.promise;
      if (!cancelled) rendered.current?.({ width: Math.floor(viewport.width), height: Math.floor(viewport.height) });
    })().catch((e: unknown) => {
      // A render cancelled because the page or zoom changed is not a failure.
      if (!cancelled && !(e instanceof Error && e.name === 'RenderingCancelledException')) setFailed(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, pageNumber, width, scale]);

  if (failed !== null) {
    return (
      <p className="error small" role="alert">
        Could not draw the page: {failed}
      </p>
    );
  }
  // Sized before it is drawn: a bare canvas is 300×150 and would spill over a thumbnail's place.
  return <canvas ref={canvas} className={className} role="img" aria-label={label} style={width !== undefined ? { width } : undefined} />;
}
