/** low_dpi, blank_page, oversized_page and unreadable: flags decided by one page alone. */
import type { PaintedImage, PreflightFlag } from '../types.js';
import type { PageEvidence } from './evidence.js';
import { clearlyBlank, possiblyBlank } from './scan-ink.js';

/** Below this effective resolution a scan's small print is unreliable to read. */
export const LOW_DPI = 150;
/** An image covering this share of the page is the page (a scan), not a logo on it. */
export const COVERS_PAGE = 0.5;
/** Pages larger than this (points, on either side: about 70 cm) are not document pages. */
export const OVERSIZED_POINTS = 2000;

/** The image that is the page's scan: the largest one covering most of it. */
export function pageScan(images: readonly PaintedImage[]): PaintedImage | null {
  let best: PaintedImage | null = null;
  for (const img of images) if (img.coverage >= COVERS_PAGE && (!best || img.coverage > best.coverage)) best = img;
  return best;
}

/**
 * The picture a page without text is made of, though it covers less than half of it: a card
 * photocopied onto a sheet, a photo wrapped into a page. It is read, so its resolution matters.
 */
export function mainPicture(images: readonly PaintedImage[]): PaintedImage | null {
  const largest = [...images].sort((a, b) => b.coverage - a.coverage)[0];
  if (!largest || largest.coverage < 0.04) return null;
  const rest = images.reduce((s, i) => s + i.coverage, 0) - largest.coverage;
  return rest < Math.max(0.05, largest.coverage * 0.25) ? largest : null;
}

export function lowDpiFlag(p: Pick<PageEvidence, 'page' | 'images'> & Partial<Pick<PageEvidence, 'textChars'>>): PreflightFlag | null {
  const raster = p.images.filter((i) => i.coverage >= COVERS_PAGE);
  const picture = (p.textChars ?? 0) < 20 ? mainPicture(p.images) : null;
  if (picture && !raster.includes(picture)) raster.push(picture);
  const low = raster.filter((i) => i.ppi > 0 && i.ppi < LOW_DPI).sort((a, b) => a.ppi - b.ppi)[0];
  if (!low) return null;
  const ppi = Math.round(low.ppi);
  return {
    page: p.page,
    code: 'low_dpi',
    note: `Page ${p.page} is a scan at about ${ppi} ppi (${low.pixelWidth}×${low.pixelHeight} px); below ${LOW_DPI} ppi small print may be misread. Ask for a scan at 200–300 ppi.`,
  };
}

/**
 * No text, no picture, no vector marks and no ink beyond scanner noise. A scan with a little ink
 * was shown to OCR first: it is blank only if OCR read nothing on it.
 */
export function isBlank(p: PageEvidence): boolean {
  if (p.failure || p.droppedImages > 0 || p.textChars > 0) return false;
  const scan = pageScan(p.images);
  const otherImages = p.images.filter((i) => i !== scan && i.coverage >= 0.005);
  if (otherImages.length > 0) return false;
  if (scan || p.ink) {
    if (!p.ink) return false;
    return clearlyBlank(p.ink) || (p.ocrTried && possiblyBlank(p.ink) && p.ocrLines === 0);
  }
  return p.vectorMarks === 0;
}

export function blankFlag(p: PageEvidence): PreflightFlag | null {
  if (!isBlank(p)) return null;
  const scanned = pageScan(p.images) !== null;
  return {
    page: p.page,
    code: 'blank_page',
    note: scanned
      ? `Page ${p.page} is a scanned empty sheet: nothing on it but paper tone and noise. It belongs to no document.`
      : `Page ${p.page} is empty. It belongs to no document.`,
  };
}

export function oversizedFlag(p: PageEvidence): PreflightFlag | null {
  if (p.droppedImages > 0) {
    return {
      page: p.page,
      code: 'oversized_page',
      note: `Page ${p.page} paints an image too large to read (over the analyzer's pixel limit); it was skipped. Ask for a normal scan of this page.`,
    };
  }
  if (p.width > OVERSIZED_POINTS || p.height > OVERSIZED_POINTS) {
    const cm = (pt: number) => Math.round((pt / 72) * 2.54);
    return {
      page: p.page,
      code: 'oversized_page',
      note: `Page ${p.page} is ${cm(p.width)} × ${cm(p.height)} cm, far larger than a document page; check that it is what was meant to be sent.`,
    };
  }
  return null;
}

export function unreadableFlag(p: PageEvidence): PreflightFlag | null {
  if (!p.failure) return null;
  return { page: p.page, code: 'unreadable', note: `Page ${p.page} could not be read (${p.failure}).` };
}
