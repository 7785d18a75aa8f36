/**
 * A perceptual hash of a page's pixels: a difference hash (dHash) on a 32 × 32 grey thumbnail,
 * horizontal and vertical, with a dead band. On paper most of a page is white, where a plain
 * dHash's bits are set by noise; here a cell pair only votes when its difference is clear, and
 * two hashes are compared over the pairs where either votes.
 */
import { resize, type GreyImage } from '../pdf/pixels.js';

export interface VisualHash {
  /** −1, 0 or +1 per neighbouring cell pair: 32 rows × 31 horizontal pairs, then 31 × 32 vertical. */
  signs: Int8Array;
}

const SIDE = 32;
/** Grey levels two neighbouring cells must differ by to vote. */
const DEAD_BAND = 3;

/**
 * Hashes `content` (the part of the page that carries marks, when known): a re-scan lands a few
 * millimetres off, and cropping to the content takes the shift out.
 */
export function visualHash(img: GreyImage, content?: { x: number; y: number; w: number; h: number } | null): VisualHash {
  const t = resize(content && content.w >= SIDE && content.h >= SIDE ? crop(img, content) : img, SIDE, SIDE).data;
  const signs = new Int8Array(SIDE * (SIDE - 1) * 2);
  let k = 0;
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE - 1; x++) {
      const d = t[y * SIDE + x + 1]! - t[y * SIDE + x]!;
      signs[k++] = d > DEAD_BAND ? 1 : d < -DEAD_BAND ? -1 : 0;
    }
  }
  for (let y = 0; y < SIDE - 1; y++) {
    for (let x = 0; x < SIDE; x++) {
      const d = t[(y + 1) * SIDE + x]! - t[y * SIDE + x]!;
      signs[k++] = d > DEAD_BAND ? 1 : d < -DEAD_BAND ? -1 : 0;
    }
  }
  return { signs };
}

function crop(img: GreyImage, r: { x: number; y: number; w: number; h: number }): GreyImage {
  const x = Math.max(0, Math.min(img.width - 1, Math.floor(r.x)));
  const y = Math.max(0, Math.min(img.height - 1, Math.floor(r.y)));
  const w = Math.max(1, Math.min(img.width - x, Math.round(r.w)));
  const h = Math.max(1, Math.min(img.height - y, Math.round(r.h)));
  const data = new Uint8Array(w * h);
  for (let row = 0; row < h; row++) data.set(img.data.subarray((y + row) * img.width + x, (y + row) * img.width + x + w), row * w);
  return { width: w, height: h, data };
}

/** 0..1: the share of voting cell pairs on which both hashes agree. Two blank pages are alike (1). */
export function visualSimilarity(a: VisualHash, b: VisualHash): number {
  let voting = 0;
  let agree = 0;
  for (let i = 0; i < a.signs.length; i++) {
    const x = a.signs[i]!;
    const y = b.signs[i]!;
    if (x === 0 && y === 0) continue;
    voting++;
    if (x === y) agree++;
  }
  return voting ? agree / voting : 1;
}
