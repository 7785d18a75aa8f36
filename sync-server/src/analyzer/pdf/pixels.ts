/**
 * Grey pixel planes from pdf.js's decoded images: one byte per pixel, 0 black … 255 white, turned
 * the way the image stands on the page, and shrunk by box averaging (which also averages scanner
 * noise away).
 */
import { compose, type Matrix } from './matrix.js';
import type { DecodedImage } from './page-content.js';

export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Luma of an RGB(A) or 1-bit image (a set bit is white: for a stencil mask, where it does not paint). */
export function toGrey(img: DecodedImage): GreyImage {
  const { width, height, kind, data } = img;
  const out = new Uint8Array(width * height);
  if (kind === 1) {
    const stride = (width + 7) >> 3;
    for (let y = 0; y < height; y++) {
      const row = y * stride;
      const o = y * width;
      for (let x = 0; x < width; x++) out[o + x] = (data[row + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
  } else {
    const ch = kind === 3 ? 4 : 3;
    const n = Math.min(width * height, Math.floor(data.length / ch));
    for (let p = 0, q = 0; p < n; p++, q += ch) {
      out[p] = (data[q]! * 77 + data[q + 1]! * 150 + data[q + 2]! * 29) >> 8;
    }
    if (kind === 3) {
      // Transparent pixels show the white paper behind them.
      for (let p = 0, q = 3; p < n; p++, q += 4) {
        const a = data[q]!;
        if (a < 255) out[p] = (out[p]! * a + 255 * (255 - a)) / 255;
      }
    }
  }
  return { width, height, data: out };
}

/**
 * Turns an image the way it is painted: `m` maps the image's unit square onto the page (top-left
 * origin), row 0 of the pixels lying at the unit square's top (v = 1). Quarter turns and mirrors
 * are undone; a skewed or slanted placement is left as decoded. `toPage` maps a point of the
 * returned pixels back onto the page, in points.
 */
export function orient(img: GreyImage, m: Matrix): { image: GreyImage; toPage: Matrix } {
  const [a, b, c, d] = m;
  const { width: w, height: h, data } = img;
  // Decoded pixel (col, row) → the image's unit square → the page.
  const pixelToPage = compose(m, [1 / w, 0, 0, -1 / h, 0, 1]);
  if (Math.abs(a) + Math.abs(d) >= Math.abs(b) + Math.abs(c)) {
    const flipX = a < 0;
    // Row 0 sits at v = 1; it is at the top when growing v moves up the page (d < 0).
    const flipY = d > 0;
    const toSource: Matrix = [flipX ? -1 : 1, 0, 0, flipY ? -1 : 1, flipX ? w : 0, flipY ? h : 0];
    const toPage = compose(pixelToPage, toSource);
    if (!flipX && !flipY) return { image: img, toPage };
    const out = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      const sy = flipY ? h - 1 - y : y;
      for (let x = 0; x < w; x++) out[y * w + x] = data[sy * w + (flipX ? w - 1 - x : x)]!;
    }
    return { image: { width: w, height: h, data: out }, toPage };
  }
  // A quarter turn: the image's columns run down the page (b ≠ 0) and its rows across it (c ≠ 0).
  const W = h;
  const H = w;
  // Turned pixel (X, Y) comes from column Y (or w − Y) and row h − X (or X).
  const toSource: Matrix = [0, c > 0 ? -1 : 1, b > 0 ? 1 : -1, 0, b > 0 ? 0 : w, c > 0 ? h : 0];
  const out = new Uint8Array(W * H);
  for (let Y = 0; Y < H; Y++) {
    const sx = b > 0 ? Y : w - 1 - Y;
    for (let X = 0; X < W; X++) {
      const sy = c > 0 ? h - 1 - X : X;
      out[Y * W + X] = data[sy * w + sx]!;
    }
  }
  return { image: { width: W, height: H, data: out }, toPage: compose(pixelToPage, toSource) };
}

/**
 * Turns an image clockwise by a quarter, half or three-quarter turn. `toSource` maps a point of
 * the turned pixels back onto the image given.
 */
export function rotateClockwise(img: GreyImage, degrees: 90 | 180 | 270): { image: GreyImage; toSource: Matrix } {
  const { width: w, height: h, data } = img;
  const W = degrees === 180 ? w : h;
  const H = degrees === 180 ? h : w;
  const out = new Uint8Array(W * H);
  for (let Y = 0; Y < H; Y++)
    for (let X = 0; X < W; X++) {
      // Turned pixel (X, Y) comes from source (x, y):
      const [x, y] = degrees === 90 ? [Y, h - 1 - X] : degrees === 180 ? [w - 1 - X, h - 1 - Y] : [w - 1 - Y, X];
      out[Y * W + X] = data[y * w + x]!;
    }
  const toSource: Matrix = degrees === 90 ? [0, -1, 1, 0, 0, h] : degrees === 180 ? [-1, 0, 0, -1, w, h] : [0, 1, -1, 0, w, 0];
  return { image: { width: W, height: H, data: out }, toSource };
}

/**
 * Turned by any angle (degrees, clockwise as seen), on a canvas that holds the whole turned image,
 * the corners `fill` (paper white); `toSource` maps a pixel of the turned image back to the given one.
 */
export function rotateBy(img: GreyImage, degrees: number, fill = 255): { image: GreyImage; toSource: Matrix } {
  const { width: w, height: h, data } = img;
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const W = Math.ceil(Math.abs(w * cos) + Math.abs(h * sin) - 1e-9);
  const H = Math.ceil(Math.abs(w * sin) + Math.abs(h * cos) - 1e-9);
  const out = new Uint8Array(W * H).fill(fill);
  // Turned (X, Y) about the centres comes from source (x, y) = R(-a) · (X - W/2, Y - H/2) + (w/2, h/2).
  const cx = w / 2;
  const cy = h / 2;
  const CX = W / 2;
  const CY = H / 2;
  for (let Y = 0; Y < H; Y++) {
    const dy = Y - CY;
    for (let X = 0; X < W; X++) {
      const dx = X - CX;
      const x = Math.round(dx * cos + dy * sin + cx);
      const y = Math.round(-dx * sin + dy * cos + cy);
      if (x >= 0 && y >= 0 && x < w && y < h) out[Y * W + X] = data[y * w + x]!;
    }
  }
  const toSource: Matrix = [cos, -sin, sin, cos, cx - CX * cos - CY * sin, cy + CX * sin - CY * cos];
  return { image: { width: W, height: H, data: out }, toSource };
}

/**
 * The angle (degrees, clockwise) a photographed page's lines of text are tilted by, within ±max:
 * the turn under which its strong edges (letters, not the desk) line up in the fewest, fullest rows.
 */
export function skewAngle(img: GreyImage, max = 20): number {
  const f = Math.max(1, Math.floor(Math.max(img.width, img.height) / 500));
  const small = shrink(img, f);
  const { width: w, height: h, data } = small;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const g = Math.abs(data[i + 1]! - data[i - 1]!) + Math.abs(data[i + w]! - data[i - w]!);
      if (g > 80) {
        xs.push(x);
        ys.push(y);
      }
    }
  if (xs.length < 200) return 0;
  let best = 0;
  let bestScore = -1;
  const rows = new Float64Array(Math.ceil(Math.hypot(w, h)) * 2 + 4);
  for (let d = -max; d <= max; d += 0.5) {
    const a = (d * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    rows.fill(0);
    const off = rows.length / 2;
    for (let k = 0; k < xs.length; k++) rows[Math.round(-xs[k]! * sin + ys[k]! * cos + off)]!++;
    let score = 0;
    for (const r of rows) score += r * r;
    if (score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}

/** Shrinks by an integer factor, each output pixel the mean of a factor × factor block. */
export function shrink(img: GreyImage, factor: number): GreyImage {
  const f = Math.max(1, Math.floor(factor));
  if (f === 1) return img;
  const W = Math.max(1, Math.floor(img.width / f));
  const H = Math.max(1, Math.floor(img.height / f));
  const sums = new Uint32Array(W);
  const out = new Uint8Array(W * H);
  const area = f * f;
  for (let Y = 0; Y < H; Y++) {
    sums.fill(0);
    for (let dy = 0; dy < f; dy++) {
      const row = (Y * f + dy) * img.width;
      for (let X = 0, x = 0; X < W; X++) {
        let s = 0;
        for (let dx = 0; dx < f; dx++, x++) s += img.data[row + x]!;
        sums[X]! += s;
      }
    }
    for (let X = 0; X < W; X++) out[Y * W + X] = Math.round(sums[X]! / area);
  }
  return { width: W, height: H, data: out };
}

/** Resamples to exactly width × height with block means (down) or bilinear interpolation (up). */
export function resize(img: GreyImage, width: number, height: number): GreyImage {
  const out = new Uint8Array(width * height);
  const sx = img.width / width;
  const sy = img.height / height;
  if (sx >= 1 && sy >= 1) {
    for (let Y = 0; Y < height; Y++) {
      const y0 = Math.floor(Y * sy);
      const y1 = Math.max(y0 + 1, Math.floor((Y + 1) * sy));
      for (let X = 0; X < width; X++) {
        const x0 = Math.floor(X * sx);
        const x1 = Math.max(x0 + 1, Math.floor((X + 1) * sx));
        let s = 0;
        for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) s += img.data[y * img.width + x]!;
        out[Y * width + X] = Math.round(s / ((y1 - y0) * (x1 - x0)));
      }
    }
    return { width, height, data: out };
  }
  for (let Y = 0; Y < height; Y++) {
    const fy = Math.min(img.height - 1, Math.max(0, (Y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(img.height - 1, y0 + 1);
    const ty = fy - y0;
    for (let X = 0; X < width; X++) {
      const fx = Math.min(img.width - 1, Math.max(0, (X + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(img.width - 1, x0 + 1);
      const tx = fx - x0;
      const top = img.data[y0 * img.width + x0]! * (1 - tx) + img.data[y0 * img.width + x1]! * tx;
      const bottom = img.data[y1 * img.width + x0]! * (1 - tx) + img.data[y1 * img.width + x1]! * tx;
      out[Y * width + X] = Math.round(top * (1 - ty) + bottom * ty);
    }
  }
  return { width, height, data: out };
}
