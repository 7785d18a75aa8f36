/**
 * A scan's machine-readable zone, read a second time from its own pixels: the strip the page's OCR
 * found MRZ-like lines in is cropped and read as one block in the MRZ alphabet only, which ends the
 * commonest misreadings (the filler `<` as `K`, `«` or `c`, letters as punctuation). The second
 * reading replaces the first only when more of the zone's check digits validate with it.
 */
import { cleanMrzLine, findMrz, looksLikeMrz } from '../extract/mrz.js';
import type { GreyImage } from '../pdf/pixels.js';
import type { OcrEngine, OcrLine } from './ocr/engine.js';

function crop(img: GreyImage, x0: number, y0: number, x1: number, y1: number): GreyImage {
  const w = x1 - x0;
  const h = y1 - y0;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(img.data.subarray((y0 + y) * img.width + x0, (y0 + y) * img.width + x1), y * w);
  return { width: w, height: h, data };
}

/** How many of the zone's check digits validate (−1: no zone). */
function validated(lines: { text: string }[]): number {
  const mrz = findMrz(lines);
  return mrz ? Object.values(mrz.checks).filter(Boolean).length : -1;
}

export async function rereadMrzStrip(engine: OcrEngine, image: GreyImage, ppi: number, lines: OcrLine[]): Promise<OcrLine[]> {
  const zone = lines.map((l, i) => ({ l, i })).filter(({ l }) => looksLikeMrz(cleanMrzLine(l.text)));
  if (zone.length < 2) return lines;
  const before = validated(lines);
  // Everything validates already: nothing to gain.
  if (before >= 4) return lines;
  const lineHeight = zone.map(({ l }) => l.box.h).sort((a, b) => a - b)[Math.floor(zone.length / 2)]!;
  const x0 = Math.max(0, Math.floor(Math.min(...zone.map(({ l }) => l.box.x)) - 2 * lineHeight));
  const x1 = Math.min(image.width, Math.ceil(Math.max(...zone.map(({ l }) => l.box.x + l.box.w)) + 2 * lineHeight));
  const y0 = Math.max(0, Math.floor(Math.min(...zone.map(({ l }) => l.box.y)) - 0.8 * lineHeight));
  const y1 = Math.min(image.height, Math.ceil(Math.max(...zone.map(({ l }) => l.box.y + l.box.h)) + 0.8 * lineHeight));
  if (x1 - x0 < 20 || y1 - y0 < 10) return lines;
  let strip: OcrLine[];
  try {
    strip = await engine.recognizeMrz(crop(image, x0, y0, x1, y1), ppi);
  } catch {
    return lines;
  }
  const reread = strip
    .filter((l) => looksLikeMrz(cleanMrzLine(l.text)))
    .map((l) => ({ ...l, box: { ...l.box, x: l.box.x + x0, y: l.box.y + y0 } }));
  if (reread.length < 2) return lines;
  const zoneIndexes = new Set(zone.map(({ i }) => i));
  const first = zone[0]!.i;
  const replaced = [...lines.slice(0, first).filter((_, i) => !zoneIndexes.has(i)), ...reread, ...lines.slice(first).filter((_, k) => !zoneIndexes.has(first + k))];
  return validated(replaced) > before ? replaced : lines;
}
