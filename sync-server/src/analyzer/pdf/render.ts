/**
 * Renders a page to grey pixels with @napi-rs/canvas, for the pages whose pixels are not simply one
 * decoded scan: vector-only pages without a text layer (outlined text), pages made of several
 * images. Scans are never rendered: their own decoded pixels are read instead.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { GreyImage } from './pixels.js';

/** A rendering larger than this is made at a lower resolution instead. */
const MAX_RENDER_PIXELS = 16_000_000;

type CanvasModule = typeof import('@napi-rs/canvas');

async function canvasModule(): Promise<CanvasModule | null> {
  try {
    return await import('@napi-rs/canvas');
  } catch {
    // The prebuilt binary is an optional dependency: without it pages are read from their images only.
    return null;
  }
}

/** The page at about `ppi` pixels per inch, or null when no canvas is available. */
export async function renderGrey(page: PDFPageProxy, ppi: number): Promise<{ image: GreyImage; ppi: number } | null> {
  const canvas = await canvasModule();
  if (!canvas) return null;
  const unit = page.getViewport({ scale: 1 });
  let scale = ppi / 72;
  const pixels = unit.width * unit.height * scale * scale;
  if (pixels > MAX_RENDER_PIXELS) scale *= Math.sqrt(MAX_RENDER_PIXELS / pixels);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const target = canvas.createCanvas(width, height);
  const context = target.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas: null, canvasContext: context as never, viewport }).promise;
  const rgba = context.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let p = 0, q = 0; p < data.length; p++, q += 4) data[p] = (rgba[q]! * 77 + rgba[q + 1]! * 150 + rgba[q + 2]! * 29) >> 8;
  return { image: { width, height, data }, ppi: scale * 72 };
}

/** A page image for a model is no larger than this: it reads a page's words, not its fibres. */
const MAX_MODEL_IMAGE_PIXELS = 4_000_000;
/** Pages rendered for a model from one file, at most. */
export const MAX_MODEL_IMAGES = 20;

/**
 * Pages of a file as PNG images at about `ppi`, for a model that reads images (the classify stage's
 * scanned pages). Runs in the reading pool's worker, behind the same stream guard as reading; a
 * page that fails to render is left out, and without a canvas nothing is rendered.
 */
export async function renderPagesPng(
  bytes: Uint8Array,
  pages: readonly number[],
  options: { ppi: number; maxStreamMb?: number | undefined; maxTotalMb?: number | undefined; maxPages?: number | undefined; maxImagePixels?: number | undefined },
): Promise<{ page: number; png: Uint8Array }[]> {
  const canvas = await canvasModule();
  if (!canvas || pages.length === 0) return [];
  const [{ surveyStreams }, { openPacket }] = await Promise.all([import('./stream-guard.js'), import('./open-packet.js')]);
  const survey = surveyStreams(bytes, options);
  if (survey.refusal) return [];
  const packet = await openPacket(bytes, { maxPages: options.maxPages, maxImagePixels: options.maxImagePixels });
  const out: { page: number; png: Uint8Array }[] = [];
  try {
    for (const n of [...new Set(pages)].filter((p) => Number.isInteger(p) && p >= 1 && p <= packet.pageCount).slice(0, MAX_MODEL_IMAGES)) {
      let page: PDFPageProxy | null = null;
      try {
        page = await packet.getPage(n);
        const unit = page.getViewport({ scale: 1 });
        let scale = options.ppi / 72;
        const pixels = unit.width * unit.height * scale * scale;
        if (pixels > MAX_MODEL_IMAGE_PIXELS) scale *= Math.sqrt(MAX_MODEL_IMAGE_PIXELS / pixels);
        const viewport = page.getViewport({ scale });
        const target = canvas.createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
        const context = target.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, target.width, target.height);
        await page.render({ canvas: null, canvasContext: context as never, viewport }).promise;
        out.push({ page: n, png: new Uint8Array(await target.encode('png')) });
      } catch {
        // One page that will not render does not cost the others theirs.
      } finally {
        page?.cleanup();
      }
    }
  } finally {
    await packet.destroy().catch(() => {});
  }
  return out;
}
