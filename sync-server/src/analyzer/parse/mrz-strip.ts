/**
 * A scan's machine-readable zone, read a second time from its own pixels: the strip the page's OCR
 * found MRZ-like lines in is cropped and read as one block in the MRZ alphabet only, which ends the
 * commonest misreadings (the filler `<` as `K`, `«` or `c`, letters as punctuation). The second
 * reading replaces the first only when more of the zone's check digits validate with it.
 */
import { cleanMrzLine, findMrz, looksLikeMrz } from '../extract/mrz.js';
import type { GreyImage } from '../pdf/pixels.js';
import type { OcrEngine, OcrLine } from './ocr/engine.js';
import { readingQuality } from './reading-quality.js';

function crop(img: GreyImage, x0: number, y0: number, x1: number, y1: number): GreyImage {
  const w = x1 - x0;
  const h = y1 - y0;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) data.set(img.data.subarray((y0 + y) * img.width + x0, (y0 + y) * img.width + x1), y * w);
  return { width: w, height: h, data };
}

/**
 * How many of the zone's check digits validate (−1: no zone). A document number that meets its
 * check digit only after two look-alike swaps or more is no sure reading (`V0996738` repaired to
 * `VO996T3B` validates, by the one chance in ten): it counts as not validated, so the strip is read.
 */
function validated(lines: { text: string }[]): number {
  const mrz = findMrz(lines);
  return mrz ? Object.values(mrz.checks).filter(Boolean).length - (mrz.checks.documentNumber && mrz.numberSwaps >= 2 ? 1 : 0) : -1;
}

/**
 * Held to the alphabet, OCR reads a long run of fillers partly as the letters nearest in shape
 * (`<<<<KLKLKLLLL`): such a run that ends the line, or is a third fillers, is fillers. Fillers
 * past the longest zone line (44) are dropped from the end.
 */
export function fillerRuns(text: string): string {
  const s = text
    .replace(/\s+/g, '')
    // The run that ends a line and starts with a filler: no name ends in a string of Ks and Ls.
    .replace(/<[<KL]{5,}$/, (run) => '<'.repeat(run.length))
    .replace(/[<KL]{6,}/g, (run) => ((run.match(/</g)?.length ?? 0) * 3 >= run.length ? '<'.repeat(run.length) : run));
  // A passport's first line (letters and fillers only) keeps a 45th character: it tells of a
  // letter of the name read as two, which the page's printed name can settle (`findMrz`).
  const longest = /^[PV][A-Z<]{44}$/.test(s) ? 45 : 44;
  return s.length > longest ? s.replace(new RegExp(`<{1,${s.length - longest}}$`), '') : s;
}

/** A line that is surely part of a zone: long, in its alphabet, with a run of fillers. */
const anchorOf = (text: string) => {
  const clean = cleanMrzLine(text);
  return clean.length >= 26 && clean.includes('<<') ? clean : null;
};

export async function rereadMrzStrip(engine: OcrEngine, image: GreyImage, ppi: number, lines: OcrLine[]): Promise<OcrLine[]> {
  const at = lines.findIndex((l) => anchorOf(l.text) !== null);
  if (at < 0) return lines;
  const before = validated(lines);
  // Everything validates already: nothing to gain.
  if (before >= 4) return lines;
  const anchor = lines[at]!;
  const clean = anchorOf(anchor.text)!;
  // A card's zone is 3 lines of 30, a passport's 2 of 44. The anchor may be any of them, and the
  // page's OCR may have garbled the others beyond recognition: the strip runs a line pitch above
  // the anchor and as many below as the zone can have.
  const rows = /^[IAC]/.test(clean) && clean.length <= 34 ? 3 : 2;
  const h = Math.max(8, anchor.box.h);
  // Line pitch over the height of a line's box: about 2–2.6 in the ICAO layouts; generous, since
  // what else the strip catches is dropped unless it reads as a zone line.
  const pitch = 3 * h;
  const x0 = Math.max(0, Math.floor(anchor.box.x - 2 * h));
  const x1 = Math.min(image.width, Math.ceil(anchor.box.x + anchor.box.w + 2 * h));
  const y0 = Math.max(0, Math.floor(anchor.box.y - pitch + 0.2 * h));
  const y1 = Math.min(image.height, Math.ceil(anchor.box.y + h + (rows - 1) * pitch + 0.6 * h));
  if (x1 - x0 < 20 || y1 - y0 < 10) return lines;
  let strip: OcrLine[];
  try {
    strip = await engine.recognizeMrz(crop(image, x0, y0, x1, y1), ppi);
  } catch {
    return lines;
  }
  const reread = strip
    .map((l) => ({ ...l, text: fillerRuns(l.text) }))
    .filter((l) => looksLikeMrz(cleanMrzLine(l.text)))
    .map((l) => ({ ...l, box: { ...l.box, x: l.box.x + x0, y: l.box.y + y0 } }));
  if (reread.length < 1) return lines;
  // The page's own lines from the zone's top down through the strip give way to the re-reading;
  // when the strip gave one of the zone's lines only, only the page's line on that row does.
  const zoneTop = Math.min(anchor.box.y, ...reread.map((l) => l.box.y)) - 0.3 * h;
  const onRow = (l: OcrLine, r: OcrLine) => Math.abs(l.box.y + l.box.h / 2 - (r.box.y + r.box.h / 2)) < Math.max(l.box.h, r.box.h) * 0.6;
  const inZone = (l: OcrLine) => {
    const cy = l.box.y + l.box.h / 2;
    if (!(l.box.x < x1 && l.box.x + l.box.w > x0)) return false;
    return reread.length >= 2 ? cy >= zoneTop && cy <= y1 : reread.some((r) => onRow(l, r));
  };
  const kept = lines.filter((l) => !inZone(l));
  const insertAt = kept.findIndex((l) => l.box.y > zoneTop);
  const replaced = insertAt < 0 ? [...kept, ...reread] : [...kept.slice(0, insertAt), ...reread, ...kept.slice(insertAt)];
  const after = validated(replaced);
  return after >= 1 && after > before ? replaced : lines;
}

/**
 * The zone of a page's reading read again from its strip (`rereadMrzStrip`); a zone the reading
 * missed altogether (a stamp over its first line, letters spaced so wide that the page's
 * segmentation took the strip for a picture: a Qatari passport's zone, an Italian card's) is
 * hunted first. When a reading is poor and holds no zone, the picture is read once more in the
 * zone's alphabet with its own model; what reads as a zone there is read again from its strip, and
 * joins the reading only when the zone then validates (two check digits or more: noise read in
 * that alphabet never does).
 */
export async function readZone(engine: OcrEngine, image: GreyImage, ppi: number, lines: OcrLine[]): Promise<OcrLine[]> {
  if (lines.some((l) => anchorOf(l.text) !== null) || !poorReading(lines)) return rereadMrzStrip(engine, image, ppi, lines);
  let found: OcrLine[];
  try {
    found = await engine.recognizeMrz(image, ppi);
  } catch {
    return lines;
  }
  const zone: OcrLine[] = found.map((l) => ({ ...l, text: fillerRuns(l.text) })).filter((l) => looksLikeMrz(cleanMrzLine(l.text)));
  if (!zone.some((l) => anchorOf(l.text) !== null)) return lines;
  const withZone = await rereadMrzStrip(engine, image, ppi, [...lines, ...zone].sort((a, b) => a.box.y - b.box.y));
  if (validated(withZone) < 2) return lines;
  // Of what the hunt read, only the zone's own lines stay (not a card's title read in its alphabet).
  const mrz = findMrz(withZone)!;
  return withZone.filter((l, i) => !zone.includes(l) || mrz.sourceLines.includes(i));
}

/** A reading with few lines OCR was sure of, or unsure of two lines in five: where a zone can hide. */
function poorReading(lines: OcrLine[]): boolean {
  const q = readingQuality(lines);
  return q.confident < 3 || q.confident < q.lines * 0.6;
}
