/**
 * Ink on a scanned sheet, as opposed to paper: the paper's own tone is estimated around each pixel
 * (uneven light, a lid shadow), its noise measured, and only pixels clearly darker than their
 * surroundings count; specks the size of dust do not make marks. The page's outer margin is not
 * examined, where scanners leave edge shadows.
 */
import type { GreyImage } from '../pdf/pixels.js';
import type { InkStats } from './evidence.js';

/** Share of each side left out: edge shadows and the scanner lid's live there. */
const MARGIN = 0.05;

function boxMean(img: GreyImage, radius: number): Float32Array {
  const { width: w, height: h, data } = img;
  const integral = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x]!;
      integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1]! + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h, y + radius + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(w, x + radius + 1);
      const s = integral[y1 * (w + 1) + x1]! - integral[y0 * (w + 1) + x1]! - integral[y1 * (w + 1) + x0]! + integral[y0 * (w + 1) + x0]!;
      out[y * w + x] = s / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/** Ink statistics of a grey raster of a whole page at `ppi` pixels per inch. */
export function inkStats(page: GreyImage, ppi: number): InkStats {
  const mx = Math.floor(page.width * MARGIN);
  const my = Math.floor(page.height * MARGIN);
  const w = Math.max(1, page.width - 2 * mx);
  const h = Math.max(1, page.height - 2 * my);
  const inner = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) inner.set(page.data.subarray((y + my) * page.width + mx, (y + my) * page.width + mx + w), y * w);
  const img: GreyImage = { width: w, height: h, data: inner };

  const bg = boxMean(img, Math.max(3, Math.round(ppi * 0.3)));
  // Noise: median absolute deviation from the local paper tone, on a sample.
  const hist = new Uint32Array(256);
  let samples = 0;
  for (let i = 0; i < inner.length; i += 7) {
    hist[Math.min(255, Math.round(Math.abs(bg[i]! - inner[i]!)))]!++;
    samples++;
  }
  let acc = 0;
  let mad = 0;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= samples / 2) {
      mad = v;
      break;
    }
  }
  const noise = Math.max(1, mad * 1.4826);
  // The paper's own tone: the median grey level.
  const tones = new Uint32Array(256);
  for (let i = 0; i < inner.length; i += 7) tones[inner[i]!]!++;
  let tone = 0;
  for (let v = 0, seen = 0; v < 256; v++) {
    seen += tones[v]!;
    if (seen >= samples / 2) {
      tone = v;
      break;
    }
  }
  const threshold = Math.max(30, 6 * noise);

  const ink = new Uint8Array(inner.length);
  let inkPixels = 0;
  for (let i = 0; i < inner.length; i++) {
    if (bg[i]! - inner[i]! > threshold) {
      ink[i] = 1;
      inkPixels++;
    }
  }
  // Marks: 8-connected ink bigger than a speck of dust (about 0.4 mm across).
  const minSize = Math.max(4, Math.round((ppi / 100) ** 2 * 6));
  const stack = new Int32Array(inner.length);
  let marks = 0;
  let markPixels = 0;
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let start = 0; start < ink.length; start++) {
    if (ink[start] !== 1) continue;
    let top = 0;
    stack[top++] = start;
    ink[start] = 2;
    let size = 0;
    let bx0 = w;
    let by0 = h;
    let bx1 = -1;
    let by1 = -1;
    while (top > 0) {
      const p = stack[--top]!;
      size++;
      const x = p % w;
      const y = (p - x) / w;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          if (ink[q] === 1) {
            ink[q] = 2;
            stack[top++] = q;
          }
        }
      }
    }
    if (size >= minSize) {
      marks++;
      markPixels += size;
      x0 = Math.min(x0, bx0);
      y0 = Math.min(y0, by0);
      x1 = Math.max(x1, bx1);
      y1 = Math.max(y1, by1);
    }
  }
  const content = x1 >= 0 ? { x: x0 + mx, y: y0 + my, w: x1 - x0 + 1, h: y1 - y0 + 1 } : null;
  return { share: inkPixels / inner.length, markPixels, marks, noise, tone, ppi, content };
}

/** A sheet darker than this (median grey) is not blank paper, whatever its contrast: a black page, a photo. */
const PAPER = 128;

/** Ink a page needs to count as written on, scaled from 100 ppi. */
function scaled(n: number, ppi: number): number {
  return n * (ppi / 100) ** 2;
}

/**
 * Paper's own grain, as the median deviation from its local tone, stays small on any scanner; a
 * "noise" far above it is writing too dense or too faint to stand out from it (a 72 ppi form):
 * such a sheet is never called blank on ink alone.
 */
const PAPER_GRAIN = 15;

/** Nothing beyond specks: blank without asking OCR. */
export function clearlyBlank(ink: InkStats): boolean {
  return ink.tone >= PAPER && ink.noise <= PAPER_GRAIN && ink.marks <= 3 && ink.markPixels <= scaled(60, ink.ppi);
}

/** Little enough ink that it may be dirt rather than writing: OCR decides. */
export function possiblyBlank(ink: InkStats): boolean {
  return ink.tone >= PAPER && ink.markPixels <= scaled(600, ink.ppi);
}
