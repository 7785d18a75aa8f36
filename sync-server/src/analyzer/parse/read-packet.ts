/**
 * Reads a packet page by page: text lines from the text layer, OCR for pages that have none, and
 * the evidence pre-flight decides on. A page's OCR runs while the next pages are read, up to
 * `ocrConcurrency` pages at once (each engine call on a core of its own), so a scanned packet is
 * not read on one core; no more pages' pixels are held than that, plus the page waiting its turn.
 * A page that fails is kept as a failed page rather than failing the packet.
 */
import { createHash } from 'node:crypto';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { einvoiceFromFiles, embeddedFilesOf, type EInvoice, type XmlLimits } from '../einvoice/index.js';
import { decodedPixels, readPageContent, type PageContent, type PageImage, type PageTextItem } from '../pdf/page-content.js';
import { PacketReadError } from '../pdf/errors.js';
import { hideFontPrograms } from '../pdf/font-programs.js';
import { openPacket, type OpenPacketOptions } from '../pdf/open-packet.js';
import { surveyStreams, type StreamGuardOptions } from '../pdf/stream-guard.js';
import { orient, resize, rotateBy, rotateClockwise, shrink, skewAngle, toGrey, type GreyImage } from '../pdf/pixels.js';
import { renderGrey } from '../pdf/render.js';
import type { PageEvidence } from '../preflight/evidence.js';
import { COVERS_PAGE, mainPicture, pageScan } from '../preflight/page-flags.js';
import { clearlyBlank, inkStats, possiblyBlank } from '../preflight/scan-ink.js';
import { pageDigits, pageWords } from '../preflight/tokens.js';
import { visualHash } from '../preflight/visual-hash.js';
import { boundsOf, compose, type Matrix } from '../pdf/matrix.js';
import type { ParsedPage, TextLine } from '../types.js';
import { readZone } from './mrz-strip.js';
import { readingQuality } from './reading-quality.js';
import type { OcrEngine, OcrLine } from './ocr/engine.js';
import { itemsToLines } from './text-lines.js';

export interface ReadPacketOptions extends OpenPacketOptions, StreamGuardOptions {
  /** The OCR engine for pages without a text layer; null reads no scans (their pages come back with source 'none'). */
  ocr: OcrEngine | null;
  /** Render pages that need it (vector-only pages without text, pages of several images). Default true. */
  render?: boolean;
  /** Pages OCR'd at once (the engine must take that many calls at a time: concurrent.ts). Default 1. */
  ocrConcurrency?: number;
  /**
   * False: hide the font programs text does not need from pdf.js (font-programs.ts), a quarter of
   * the time of a text page. Renderings then draw text in a stand-in face. Default true (kept).
   */
  fontPrograms?: boolean;
  /** Told as each page is read (in any order when scans are OCR'd side by side): how many of how many. */
  onPage?: (pagesRead: number, pageCount: number) => void;
  /** Ceilings on an embedded e-invoice's XML (einvoice/xml.ts); its defaults when absent. */
  xmlLimits?: XmlLimits;
}

export interface ReadingStats {
  pages: number;
  ocrPages: number;
  ocrMs: number;
  totalMs: number;
}

export interface PacketReading {
  pages: ParsedPage[];
  evidence: PageEvidence[];
  stats: ReadingStats;
  /** The e-invoice the PDF embeds as XML (Factur-X, ZUGFeRD, XRechnung, UBL), when it carries one. */
  einvoice?: EInvoice;
  /** Why an embedded e-invoice XML was not read, when one was found and refused. */
  notes: string[];
}

/** A page with fewer text-layer characters than this, painted as an image, is read by OCR too. */
const TEXT_LAYER_MIN_CHARS = 20;
/** More text than a header and a footer (a date, a title, an address, a page number): a page of its own. */
const TEXT_AROUND_PICTURE_MAX_CHARS = 300;

/**
 * A text layer whose font maps its glyphs to the wrong letters: capitals inside words where a
 * letter or a punctuation mark should be (`TeäefonW`, `wwwKpostbankKde`, `02K04K20NS`), in a good
 * share of its words. Real text has few (`McDonald`, `PayPal`, `iPhone`).
 */
export function garbledTextLayer(items: readonly { str: string }[]): boolean {
  // Distinct words: a brand written in camel case (`AnyCompany`) on every line of a statement is one.
  const words = new Set<string>();
  const odd = new Set<string>();
  for (const i of items) {
    for (const w of i.str.split(/\s+/)) {
      if (w.length < 4 || !/\p{L}/u.test(w)) continue;
      words.add(w);
      if (/(?:\p{Ll}|\d)\p{Lu}(?!\p{Lu}*s?$)|\p{Ll}\p{Lu}$|\d\p{Lu}\d/u.test(w) && !/^(?:Mc|Mac|O')|mbH|GaA/.test(w)) odd.add(w);
    }
  }
  return words.size >= 20 && odd.size >= 8 && odd.size / words.size >= 0.15;
}

function charsInside(items: readonly PageTextItem[], box: { x: number; y: number; w: number; h: number }): number {
  let n = 0;
  for (const i of items) {
    const cx = i.x + i.w / 2;
    const cy = i.y + i.h / 2;
    if (cx >= box.x && cx <= box.x + box.w && cy >= box.y && cy <= box.y + box.h) n += i.str.replace(/\s/g, '').length;
  }
  return n;
}
/** Pre-flight looks at pixels at about this resolution: enough for ink and hashes, cheap to scan. */
const ANALYSIS_PPI = 100;
/** Scans below 150 ppi are enlarged to about this for OCR, which reads small print better so. */
const OCR_TARGET_PPI = 200;
/** A picture smaller than the page is enlarged for OCR to at least this resolution… */
const PICTURE_OCR_PPI = 250;
/** …or this many pixels on its long side, whichever is more. */
const PICTURE_OCR_LONG_SIDE = 1400;
/** What a searchable scan's text layer is taken to be sure of: a reading, though a confident one. */
const OCR_LAYER_CONFIDENCE = 0.95;

const sha1 = (data: string | Uint8Array) => createHash('sha1').update(data).digest('hex');
const round = (n: number) => Math.round(n * 2) / 2;

function describe(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return m.length > 200 ? `${m.slice(0, 200)}…` : m;
}

/** OCR lines in the pixels of an image → page points, through the image's placement. */
function toPage(lines: OcrLine[], toPageMatrix: Matrix): TextLine[] {
  return lines.map((l) => ({
    text: l.text,
    box: boundsOf(toPageMatrix, l.box.x, l.box.y, l.box.x + l.box.w, l.box.y + l.box.h),
    confidence: l.confidence,
  }));
}

/**
 * How much to enlarge pixels before OCR. A page scan below 150 ppi goes to about 200 ppi; a
 * picture smaller than the page (a card, a booklet) carries small print in few pixels and is
 * enlarged further, up to 3×, so its letters reach the height Tesseract reads best.
 */
export function ocrScale(image: GreyImage, ppi: number, smallPicture: boolean): number {
  if (smallPicture) return Math.max(1, Math.min(3, Math.max(PICTURE_OCR_PPI / (ppi || PICTURE_OCR_PPI), PICTURE_OCR_LONG_SIDE / Math.max(image.width, image.height))));
  return ppi > 0 && ppi < 150 ? Math.min(3, OCR_TARGET_PPI / ppi) : 1;
}

const confidentLines = (lines: TextLine[]): number => readingQuality(lines).confident;

/** Tesseract's orientation confidence under which its answer is a guess. */
const ORIENTATION_CONFIDENCE = 1.5;

/**
 * A page as a camera or a careless scanner gives it: upside down or on its side. Read as it is
 * first; only a reading OCR is mostly unsure of (the sign of text the wrong way up), or whose lines
 * stand taller than wide (text on its side), asks the engine which way is up, and the page is read
 * again turned when that reading is the surer one. Then the machine-readable zone, if any, is read
 * again from its strip. Lines come back in the given image's pixels, in the upright reading's order.
 */
export async function readUpright(ocr: OcrEngine, image: GreyImage, ppi: number): Promise<OcrLine[]> {
  const first = await ocr.recognize(image, ppi);
  const turned = await turnedReading(ocr, image, ppi, first);
  const read = turned ?? (await tiltedReading(ocr, image, ppi, first));
  if (!read) return readZone(ocr, image, ppi, first);
  const upright = await readZone(ocr, read.image, ppi, read.lines);
  return upright.map((l) => ({ ...l, box: boundsOf(read.toSource, l.box.x, l.box.y, l.box.x + l.box.w, l.box.y + l.box.h) }));
}

/** A reading this poor (fewer confident lines), or unsure of a fifth of its lines… */
const POOR_READING = 3;
/** …of a page tilted this much (degrees) or more is worth a second look, turned straight. */
const CLEAR_TILT = 5;
/**
 * The largest tilt looked for: a passport photographed on a desk lies 20–30° askew as often as
 * not; past 45° the page is on its side, which the orientation step turns.
 */
const MAX_TILT = 35;

/**
 * A document photographed on a desk, tilted: automatic segmentation finds nothing among the
 * desk, the photo and the shadows, or reads the tilted lines in part. When the first reading is
 * poor or unsure in part and the page is clearly tilted (`skewAngle`: the turn that lines its
 * strongest edges up in rows, cheap beside OCR), it is turned straight and read as one block of
 * text; that reading wins when it has clearly more confident lines.
 */
async function tiltedReading(ocr: OcrEngine, image: GreyImage, ppi: number, first: OcrLine[]): Promise<(ReturnType<typeof rotateBy> & { lines: OcrLine[] }) | null> {
  if (!ocr.recognizeBlock) return null;
  const q = readingQuality(first);
  if (q.confident >= POOR_READING && q.confident >= q.lines * 0.8) return null;
  // Only a page that is tilted: read as one block as it lies, a page with pictures gives more
  // confident noise, not more text (a form's logo, a card's photo).
  const tilt = skewAngle(image, MAX_TILT);
  if (Math.abs(tilt) < CLEAR_TILT) return null;
  const turned = rotateBy(image, -tilt);
  const lines = await ocr.recognizeBlock(turned.image, ppi);
  return readingQuality(lines).confident >= q.confident + POOR_READING ? { ...turned, lines } : null;
}

/** The page read turned the way the engine says is up, when that reading is the surer one; else null. */
async function turnedReading(ocr: OcrEngine, image: GreyImage, ppi: number, first: OcrLine[]): Promise<(ReturnType<typeof rotateClockwise> & { lines: OcrLine[] }) | null> {
  const q = readingQuality(first);
  const sideways = first.filter((l) => l.text.length >= 6 && l.box.h > l.box.w * 1.5).length * 2 > q.lines;
  const unsure = q.lines >= 3 && q.confident * 2 < q.lines;
  if (!ocr.orientation || !(sideways || unsure)) return null;
  const o = await ocr.orientation(image, ppi);
  if (!o || o.rotate === 0 || o.confidence < ORIENTATION_CONFIDENCE) return null;
  // Text on its side that OCR read anyway is kept unless a turned reading is about as sure: its lines then run across.
  const need = unsure ? q.confident + 1 : Math.ceil(q.confident * 0.9);
  // Tesseract's detection mistakes a half turn more than anything else (a card on its side read as
  // "turn 270" when it needs 90): the opposite turn is tried when the one it names reads no better.
  let best: (ReturnType<typeof rotateClockwise> & { lines: OcrLine[]; confident: number }) | null = null;
  for (const degrees of [o.rotate, ((o.rotate + 180) % 360) as 0 | 90 | 180 | 270]) {
    if (degrees === 0) continue;
    const turned = rotateClockwise(image, degrees);
    const lines = await ocr.recognize(turned.image, ppi);
    const confident = readingQuality(lines).confident;
    if (confident >= need && (!best || confident > best.confident)) best = { ...turned, lines, confident };
    if (best && best.confident >= need * 2) break;
  }
  return best;
}

function failedPage(n: number, failure: string): { parsed: ParsedPage; evidence: PageEvidence } {
  return {
    parsed: { page: n, width: 0, height: 0, source: 'none', lines: [], images: [] },
    evidence: {
      page: n,
      width: 0,
      height: 0,
      images: [],
      textChars: 0,
      textKey: '',
      vectorMarks: 0,
      ink: null,
      ocrTried: false,
      ocrLines: 0,
      exactKey: `failed:${n}`,
      visual: null,
      digits: [],
      words: [],
      droppedImages: 0,
      failure,
    },
  };
}

interface Pixels {
  /** Upright, at the resolution read. */
  full: GreyImage;
  fullPpi: number;
  /** A point of those pixels → the page, in points. */
  toPage: Matrix;
}

/** The page's pixels as one upright grey image: its scan's own pixels, or a rendering. */
async function pagePixels(page: PDFPageProxy, content: PageContent, scan: PageImage | null, allowRender: boolean, ppi: number): Promise<Pixels | null> {
  if (scan) {
    const decoded = decodedPixels(page, scan);
    if (decoded) {
      const { image, toPage } = orient(toGrey(decoded), scan.matrix);
      return { full: image, fullPpi: scan.ppi, toPage };
    }
  }
  if (!allowRender) return null;
  // An image pdf.js would not hand over decoded (a mask, an odd colour space) is rendered instead:
  // at its own resolution or more, and cut to where it is painted when it is not the whole page.
  const renderPpi = scan ? Math.min(400, Math.max(OCR_TARGET_PPI, scan.ppi)) : ppi || OCR_TARGET_PPI;
  const rendered = await renderGrey(page, renderPpi);
  if (!rendered) return null;
  const { width, height } = rendered.image;
  const sx = width / content.width;
  const sy = height / content.height;
  if (scan && scan.coverage < COVERS_PAGE) {
    const x0 = Math.max(0, Math.floor(scan.box.x * sx));
    const y0 = Math.max(0, Math.floor(scan.box.y * sy));
    const x1 = Math.min(width, Math.ceil((scan.box.x + scan.box.w) * sx));
    const y1 = Math.min(height, Math.ceil((scan.box.y + scan.box.h) * sy));
    if (x1 - x0 >= 8 && y1 - y0 >= 8) {
      const data = new Uint8Array((x1 - x0) * (y1 - y0));
      for (let y = y0; y < y1; y++) data.set(rendered.image.data.subarray(y * width + x0, y * width + x1), (y - y0) * (x1 - x0));
      return { full: { width: x1 - x0, height: y1 - y0, data }, fullPpi: rendered.ppi, toPage: [1 / sx, 0, 0, 1 / sy, x0 / sx, y0 / sy] };
    }
  }
  return { full: rendered.image, fullPpi: rendered.ppi, toPage: [1 / sx, 0, 0, 1 / sy, 0, 0] };
}

/** A counting semaphore: OCR slots. */
function slotsOf(size: number): { acquire(): Promise<void>; release(): void } {
  let free = Math.max(1, size);
  const waiting: (() => void)[] = [];
  return {
    acquire: () => (free > 0 ? (free--, Promise.resolve()) : new Promise<void>((go) => waiting.push(go))),
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

interface Pipeline {
  slots: ReturnType<typeof slotsOf>;
  /** Called once the page no longer needs pdf.js: its OCR may still be running when the next page is read. */
  handOff: () => void;
}

async function readOnePage(
  page: PDFPageProxy,
  n: number,
  pdfjs: Parameters<typeof readPageContent>[0],
  options: ReadPacketOptions,
  ocrCache: Map<string, Promise<OcrLine[]>>,
  stats: ReadingStats,
  mayHaveImages: boolean,
  pipeline: Pipeline,
): Promise<{ parsed: ParsedPage; evidence: PageEvidence }> {
  // A page of text in a file that paints no image has nothing in its operator list the pre-flight
  // needs (no scan to rate, and text is ink): only a page with little text has it walked.
  const content = await readPageContent(pdfjs, page, n, { operators: (chars) => mayHaveImages || chars < TEXT_LAYER_MIN_CHARS });
  const textChars = content.items.reduce((s, i) => s + i.str.replace(/\s/g, '').length, 0);
  const scan = pageScan(content.images) as PageImage | null;
  // A scan made searchable carries an OCR engine's reading as its text layer, over the picture:
  // its lines are marked as a reading (a confidence under 1), so a label it misspelt (`Your
  // revious balance`) is looked for as on any OCR line, while printed text stays taken at its word.
  const ocrLayer = scan !== null && textChars >= TEXT_LAYER_MIN_CHARS && charsInside(content.items, scan.box) >= textChars * 0.9;
  const textLines = ocrLayer ? itemsToLines(content.items).map((l) => ({ ...l, confidence: OCR_LAYER_CONFIDENCE })) : itemsToLines(content.items);
  const imageCoverage = content.images.reduce((s, i) => s + i.coverage, 0);
  // A photocopied card or a photo wrapped onto a page covers a small share of it, yet it is the
  // page's whole content: the largest picture, when it is most of what the page paints, is read.
  const picture = scan ?? (mainPicture(content.images) as PageImage | null);
  // A printed photo (a browser's print of a card, an image saved with a header and a footer) has a
  // text layer only around its picture: what the page says is in the picture, so it is read too.
  const onlyAroundPicture = picture !== null && picture.coverage >= 0.1 && textChars < TEXT_AROUND_PICTURE_MAX_CHARS && charsInside(content.items, picture.box) < TEXT_LAYER_MIN_CHARS;
  // A text layer whose font maps letters to the wrong ones (`mostbank airektJperviceW` for
  // `Postbank DirektService:`) is no reading of the page: the page is read as a scan instead.
  const garbled = !!options.ocr && textChars >= TEXT_LAYER_MIN_CHARS && garbledTextLayer(content.items);
  const wantsPixels = garbled || onlyAroundPicture || (textChars < TEXT_LAYER_MIN_CHARS && (picture !== null || imageCoverage >= 0.15 || (textChars === 0 && content.vectorMarks > 0)));

  let ink: PageEvidence['ink'] = null;
  let visual: PageEvidence['visual'] = null;
  let pixelKey = '';
  let ocrLines: TextLine[] = [];
  let ocrTried = false;
  // A picture smaller than the page (a card, a photo) is not paper: its ink says nothing of blankness.
  let pictureOnly = false;
  if (wantsPixels) {
    // Several images or vector drawings are composed by rendering; one scan is read as decoded.
    const single = picture && imageCoverage - picture.coverage < Math.max(0.05, picture.coverage * 0.25) ? picture : null;
    pictureOnly = single !== null && single !== scan;
    const pixels = await pagePixels(page, content, single, options.render !== false, single ? 0 : OCR_TARGET_PPI);
    if (pixels) {
      const factor = Math.max(1, Math.floor(pixels.fullPpi / ANALYSIS_PPI));
      const analysis = shrink(pixels.full, factor);
      const analysisPpi = pixels.fullPpi / factor;
      ink = inkStats(analysis, analysisPpi);
      visual = visualHash(analysis, ink.content);
      pixelKey = sha1(analysis.data);
      if (options.ocr && (pictureOnly || !clearlyBlank(ink))) {
        ocrTried = true;
        let image = pixels.full;
        let ppi = pixels.fullPpi;
        let toPageMatrix = pixels.toPage;
        const k = ocrScale(image, ppi, pictureOnly);
        if (k > 1.05) {
          image = resize(image, Math.round(image.width * k), Math.round(image.height * k));
          toPageMatrix = compose(toPageMatrix, [pixels.full.width / image.width, 0, 0, pixels.full.height / image.height, 0, 0]);
          ppi *= k;
        }
        let read = ocrCache.get(pixelKey);
        if (!read) {
          // A slot first: the next page is not read (its pixels not held) until an engine is free.
          await pipeline.slots.acquire();
          const ocr = options.ocr;
          const [ocrImage, ocrPpi] = [image, ppi || 200];
          const started = performance.now();
          read = (async () => {
            try {
              return await readUpright(ocr, ocrImage, ocrPpi);
            } catch (e) {
              content.warnings.push(`OCR failed: ${describe(e)}`);
              return [];
            } finally {
              stats.ocrMs += performance.now() - started;
              stats.ocrPages++;
              pipeline.slots.release();
            }
          })();
          ocrCache.set(pixelKey, read);
        }
        pipeline.handOff();
        ocrLines = toPage(await read, toPageMatrix);
      }
    }
  }

  const blankByInk = ink !== null && !pictureOnly && (clearlyBlank(ink) || (ocrTried && possiblyBlank(ink) && confidentLines(ocrLines) === 0));
  const merged = garbled && ocrLines.length
    ? ocrLines
    : textLines.length && ocrLines.length
    ? [...textLines, ...ocrLines].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x)
    : ocrLines.length ? ocrLines : textLines;
  // Lines OCR found on a sheet about to be called blank are noise read as letters.
  const finalLines = blankByInk && textChars === 0 ? [] : merged;
  const texts = finalLines.map((l) => l.text);
  const exactKey = sha1(
    JSON.stringify([
      round(content.width),
      round(content.height),
      content.items.map((i) => [i.str, round(i.x), round(i.y)]),
      content.images.map((i) => [i.pixelWidth, i.pixelHeight, round(i.box.x), round(i.box.y), round(i.box.w), round(i.box.h)]),
      content.vectorMarks,
      pixelKey,
    ]),
  );
  const evidence: PageEvidence = {
    page: n,
    width: content.width,
    height: content.height,
    images: content.images.map(({ pixelWidth, pixelHeight, box, ppi, coverage }) => ({ pixelWidth, pixelHeight, box, ppi, coverage })),
    textChars,
    textKey: content.items.map((i) => i.str).join('').replace(/\s+/g, ''),
    vectorMarks: content.vectorMarks,
    ink,
    ocrTried,
    ocrLines: blankByInk ? 0 : confidentLines(ocrLines),
    exactKey,
    visual,
    digits: pageDigits(texts),
    words: pageWords(texts),
    droppedImages: content.droppedImages,
    failure: null,
  };
  const parsed: ParsedPage = {
    page: n,
    width: content.width,
    height: content.height,
    source: finalLines.length === 0 ? 'none' : ocrLines.length ? 'ocr' : 'text',
    lines: finalLines,
    images: evidence.images,
  };
  return { parsed, evidence };
}

export async function readPacket(bytes: Uint8Array, options: ReadPacketOptions): Promise<PacketReading> {
  const started = performance.now();
  // Before pdf.js allocates anything: a stream that inflates past its limit refuses the file.
  const survey = surveyStreams(bytes, options);
  if (survey.refusal) throw new PacketReadError('memory_limit', survey.refusal);
  const textOnly = options.fontPrograms === false ? hideFontPrograms(bytes) : null;
  const packet = await openPacket(textOnly ?? bytes, { ...options, textOnlyFonts: textOnly !== null });
  const stats: ReadingStats = { pages: packet.pageCount, ocrPages: 0, ocrMs: 0, totalMs: 0 };
  const pages: ParsedPage[] = [];
  const evidence: PageEvidence[] = [];
  // The embedded files are in the document catalogue: read once, before the pages (never fails the packet).
  const scan = einvoiceFromFiles(await embeddedFilesOf(packet), options.xmlLimits);
  // OCR lines in the pixels' own coordinates, by pixel hash: a page painted again is not read again.
  const ocrCache = new Map<string, Promise<OcrLine[]>>();
  const slots = slotsOf(options.ocrConcurrency ?? 1);
  const results: Promise<{ parsed: ParsedPage; evidence: PageEvidence }>[] = [];
  let pagesRead = 0;
  try {
    // Pages are read one after another; a page hands off when only its OCR is left, and the loop
    // goes on to the next page while the engine reads. Results keep the pages' order.
    for (let n = 1; n <= packet.pageCount; n++) {
      let handOff!: () => void;
      const handedOff = new Promise<void>((go) => (handOff = go));
      results.push(
        (async () => {
          let page: PDFPageProxy | null = null;
          try {
            page = await packet.getPage(n);
            return await readOnePage(page, n, packet.pdfjs, options, ocrCache, stats, survey.mayHaveImages, { slots, handOff });
          } catch (e) {
            return failedPage(n, describe(e));
          } finally {
            // Decoded images stay in the page's object store until cleaned up.
            page?.cleanup();
            handOff();
            options.onPage?.(++pagesRead, packet.pageCount);
          }
        })(),
      );
      await handedOff;
    }
    for (const result of await Promise.all(results)) {
      pages.push(result.parsed);
      evidence.push(result.evidence);
    }
  } finally {
    await Promise.allSettled(results);
    await packet.destroy().catch(() => {});
  }
  stats.totalMs = performance.now() - started;
  return { pages, evidence, stats, ...(scan.einvoice ? { einvoice: scan.einvoice } : {}), notes: scan.notes };
}
