// Draws the placeholder app icon (a document with a check mark on a blue tile) as a 512×512
// RGBA PNG, with Node's zlib as the only dependency: `node build/generate-icon.mjs`.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SUPERSAMPLE = 4; // 4×4 samples per pixel for smooth edges

/** Signed distance to a rounded rectangle (negative inside). */
function roundedRect(x, y, cx, cy, halfW, halfH, radius) {
  const qx = Math.abs(x - cx) - halfW + radius;
  const qy = Math.abs(y - cy) - halfH + radius;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

/** Signed distance to a line segment of the given half-thickness. */
function segment(x, y, ax, ay, bx, by, halfThickness) {
  const px = x - ax, py = y - ay, dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - dx * t, py - dy * t) - halfThickness;
}

const TILE_TOP = [0x2a, 0x64, 0xb0];
const TILE_BOTTOM = [0x17, 0x3a, 0x6e];
const PAPER = [0xff, 0xff, 0xff];
const FOLD = [0xc9, 0xd6, 0xe8];
const LINE = [0xb5, 0xc3, 0xd6];
const BADGE = [0x1f, 0x9d, 0x55];
const CHECK = [0xff, 0xff, 0xff];

/** The colour at one sample point, or null where the icon is transparent. */
function sample(x, y) {
  if (roundedRect(x, y, 256, 256, 240, 240, 96) > 0) return null;
  const t = y / SIZE;
  let color = TILE_TOP.map((c, i) => c + (TILE_BOTTOM[i] - c) * t);

  // The page, with its top-right corner folded over.
  const inPage = roundedRect(x, y, 236, 246, 120, 160, 18) <= 0;
  const foldEdge = x - 300 - (y - 86); // the diagonal from (300, 86) to (356, 142)
  if (inPage && foldEdge < 0) {
    color = PAPER;
    const inText = x > 160 && x < 312 && [176, 216, 256, 296].some((ly) => Math.abs(y - ly) < 7);
    if (inText) color = LINE;
  }
  if (x >= 300 && y <= 142 && foldEdge >= 0 && x <= 356 && y >= 86) color = FOLD;

  // The green badge with a white check mark.
  const badge = Math.hypot(x - 340, y - 356) - 92;
  if (badge <= 0) color = BADGE;
  const check = Math.min(segment(x, y, 296, 358, 326, 390, 13), segment(x, y, 326, 390, 386, 322, 13));
  if (badge <= 0 && check <= 0) color = CHECK;
  return color;
}

function render() {
  const rowBytes = SIZE * 4 + 1; // each scanline starts with its filter byte (0: none)
  const raw = Buffer.alloc(rowBytes * SIZE);
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < SIZE; py++) {
    raw[py * rowBytes] = 0;
    for (let px = 0; px < SIZE; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SUPERSAMPLE; sy++) {
        for (let sx = 0; sx < SUPERSAMPLE; sx++) {
          const c = sample(px + (sx + 0.5) / SUPERSAMPLE, py + (sy + 0.5) / SUPERSAMPLE);
          if (c === null) continue;
          r += c[0]; g += c[1]; b += c[2]; a += 1;
        }
      }
      const o = py * rowBytes + 1 + px * 4;
      // Colours are averaged over covered samples only (straight alpha), so edges do not darken.
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / samples) * 255);
    }
  }
  return raw;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bits per channel
header[9] = 6; // colour type: RGBA
header[10] = 0; // deflate
header[11] = 0; // adaptive filtering
header[12] = 0; // no interlace

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(render(), { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);

const out = new URL('./icon.png', import.meta.url);
writeFileSync(out, png);
console.log(`wrote ${out.pathname} (${png.length} bytes)`);
