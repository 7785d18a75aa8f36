/**
 * What one page paints, read from pdf.js: its text items (placed in the coordinates of types.ts:
 * points, origin top-left), the images it paints and where (so their effective resolution), and
 * whether anything else leaves a visible mark. Walks the operator list keeping the transformation
 * matrix the way a renderer does, without rendering.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Box, PaintedImage } from '../types.js';
import { boundsOf, compose, isFiniteMatrix, type Matrix } from './matrix.js';
import type { Pdfjs } from './pdfjs.js';
import { captureWarnings } from './warnings.js';

export interface PageTextItem {
  str: string;
  /** Box in page points, top-left origin. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Font size as placed on the page, in points. */
  size: number;
  /** Direction of the text, in quarter turns clockwise from left-to-right (0 for ordinary text). */
  quarter: 0 | 1 | 2 | 3;
}

/** pdf.js's decoded image, as `page.objs` holds it in Node (no ImageBitmap there). */
export interface DecodedImage {
  width: number;
  height: number;
  /** 1: one bit per pixel, rows padded to bytes, 1 = white; 2: RGB; 3: RGBA. */
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

export interface PageImage extends PaintedImage {
  /** Image unit square → page points (top-left origin). */
  matrix: Matrix;
  /** A stencil mask painted in the fill colour (its set bits are the unpainted ones). */
  mask: boolean;
  /** How to get the decoded pixels, when pdf.js kept them. */
  objId: string | null;
  inline: DecodedImage | null;
}

export interface PageContent {
  page: number;
  width: number;
  height: number;
  items: PageTextItem[];
  images: PageImage[];
  /** Painting operations that leave a visible mark other than images: paths, shadings, visible text. */
  vectorMarks: number;
  /** Share of the page covered by the bounds of those marks (0..1, overlaps counted twice). */
  vectorCoverage: number;
  /** What pdf.js survived on this page, in its words. */
  warnings: string[];
  /** Images pdf.js refused to decode because they exceed the pixel limit. */
  droppedImages: number;
}

interface GState {
  ctm: Matrix;
  fillVisible: boolean;
  strokeVisible: boolean;
  textMode: number;
}

/** pdf.js hands colours over as '#rrggbb'; near-white paint leaves no mark on paper. */
function visibleColour(arg: unknown): boolean {
  if (typeof arg !== 'string' || !/^#[0-9a-f]{6}$/i.test(arg)) return true;
  const v = parseInt(arg.slice(1), 16);
  return ((v >> 16) & 255) < 245 || ((v >> 8) & 255) < 245 || (v & 255) < 245;
}

const quarterOf = (dx: number, dy: number): 0 | 1 | 2 | 3 =>
  Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 0 : 2) : dy >= 0 ? 1 : 3;

/** A page with more text pieces than this is no document page; reading on would only fill memory. */
export const MAX_TEXT_ITEMS = 100_000;

type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

/** The page's text content, read in the chunks pdf.js streams it in, given up past MAX_TEXT_ITEMS. */
async function readText(page: PDFPageProxy): Promise<TextContent> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<TextContent>;
  const items: TextContent['items'] = [];
  const styles: TextContent['styles'] = {};
  let lang: string | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const item of value.items) items.push(item);
    Object.assign(styles, value.styles);
    lang ??= value.lang ?? null;
    if (items.length > MAX_TEXT_ITEMS) {
      await reader.cancel().catch(() => {});
      throw new Error(`it holds more than ${MAX_TEXT_ITEMS.toLocaleString('en-GB')} pieces of text, far more than a document page`);
    }
  }
  return { items, styles, lang };
}

/** More form fields than this on a page is no form a person fills in: the rest are not read. */
const MAX_FORM_FIELDS = 2000;
/** A field's value is cut here: a form's answer is a name, a date or a sentence or two. */
const MAX_FIELD_CHARS = 1000;

/**
 * A filled PDF form keeps what was typed into its fields in the fields (AcroForm widgets), not in
 * the page's text: each text or choice field's value becomes text where the field sits, a line per
 * line of a multi-line field. Tick boxes and signatures say nothing the extraction reads.
 */
export function formFieldItems(annotations: readonly unknown[], base: Matrix): PageTextItem[] {
  const out: PageTextItem[] = [];
  let fields = 0;
  for (const raw of annotations) {
    const a = raw as { subtype?: string; fieldType?: string; fieldValue?: unknown; rect?: number[]; hidden?: boolean };
    if (a.subtype !== 'Widget' || (a.fieldType !== 'Tx' && a.fieldType !== 'Ch') || a.hidden) continue;
    if (++fields > MAX_FORM_FIELDS) break;
    const value = (Array.isArray(a.fieldValue) ? a.fieldValue.join(', ') : typeof a.fieldValue === 'string' ? a.fieldValue : '').slice(0, MAX_FIELD_CHARS);
    const r = a.rect;
    if (!value.trim() || !Array.isArray(r) || r.length !== 4 || !r.every(Number.isFinite)) continue;
    const box = boundsOf(compose(base, [r[2]! - r[0]!, 0, 0, r[3]! - r[1]!, r[0]!, r[1]!]), 0, 0, 1, 1);
    const rows = value.split(/\r\n|\r|\n/).filter((t) => t.trim());
    const size = Math.max(4, Math.min(12, box.h / rows.length) * 0.85);
    rows.forEach((str, k) => out.push({ str, x: box.x + 1, y: box.y + k * size * 1.15, w: Math.min(box.w, str.length * size * 0.5), h: size, size, quarter: 0 }));
  }
  return out;
}

export interface ReadPageOptions {
  /**
   * Whether to walk the page's operator list (images, their resolution, vector marks), given how
   * many text-layer characters the page has. Skipping it halves the cost of a text page; the
   * caller skips it only when it knows the page paints no image (see stream-guard.ts).
   */
  operators?: (textChars: number) => boolean;
}

const NO_OPERATORS = { fnArray: [] as number[], argsArray: [] as unknown[] };

export async function readPageContent(pdfjs: Pdfjs, page: PDFPageProxy, pageNumber: number, options: ReadPageOptions = {}): Promise<PageContent> {
  const { value, warnings } = await captureWarnings(async () => {
    const text = await readText(page);
    const fields = await page.getAnnotations({ intent: 'display' }).catch(() => []);
    const chars = text.items.reduce((n, i) => n + ('str' in i ? i.str.replace(/\s/g, '').length : 0), 0) + fields.length;
    const ops = options.operators && !options.operators(chars) ? NO_OPERATORS : await page.getOperatorList();
    return { ops, text, fields };
  });
  const { ops, text, fields } = value;
  const viewport = page.getViewport({ scale: 1 });
  const base = viewport.transform as Matrix;
  const width = viewport.width;
  const height = viewport.height;
  const pageArea = Math.max(1, width * height);

  const items: PageTextItem[] = [];
  for (const raw of text.items) {
    if (!('str' in raw) || raw.str === '') continue;
    const tm = raw.transform as number[];
    if (!isFiniteMatrix(tm)) continue;
    const m = compose(base, tm);
    const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]);
    const quarter = quarterOf(m[0], m[1]);
    const style = text.styles[raw.fontName] as { ascent?: number; descent?: number } | undefined;
    const ascent = style?.ascent && style.ascent > 0 && style.ascent < 2 ? style.ascent : 0.8;
    const descent = style?.descent && style.descent < 0 && style.descent > -1 ? style.descent : -0.2;
    // raw.width is the advance in user space; scale 1 keeps it in points along the text direction.
    const advance = raw.width * Math.hypot(base[0], base[1]);
    const [ox, oy] = [m[4], m[5]];
    const dir = [Math.cos((quarter * Math.PI) / 2), Math.sin((quarter * Math.PI) / 2)] as const;
    // The "up" of the glyphs is a quarter turn anticlockwise from the direction (y grows downwards).
    const up = [dir[1], -dir[0]] as const;
    const corners = [
      [ox + up[0] * ascent * size, oy + up[1] * ascent * size],
      [ox + up[0] * descent * size, oy + up[1] * descent * size],
      [ox + dir[0] * advance + up[0] * ascent * size, oy + dir[1] * advance + up[1] * ascent * size],
      [ox + dir[0] * advance + up[0] * descent * size, oy + dir[1] * advance + up[1] * descent * size],
    ];
    const xs = corners.map((c) => c[0]!);
    const ys = corners.map((c) => c[1]!);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    items.push({ str: raw.str, x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y, size, quarter });
  }

  items.push(...formFieldItems(fields, base));

  const { OPS } = pdfjs;
  const images: PageImage[] = [];
  let vectorMarks = 0;
  let vectorArea = 0;
  const stack: GState[] = [];
  let gs: GState = { ctm: base, fillVisible: true, strokeVisible: true, textMode: 0 };
  const push = () => stack.push({ ...gs });
  const pop = () => {
    gs = stack.pop() ?? gs;
  };
  const mark = (box?: Box) => {
    vectorMarks++;
    if (box) vectorArea += Math.min(box.w * box.h, pageArea);
  };
  const addImage = (w: unknown, h: unknown, mask: boolean, objId: string | null, inline: DecodedImage | null) => {
    const pixelWidth = Number(w);
    const pixelHeight = Number(h);
    if (!(pixelWidth > 0 && pixelHeight > 0)) return;
    const m = gs.ctm;
    const box = boundsOf(m, 0, 0, 1, 1);
    // Painted length of the image's own axes, in inches: rotation and skew do not change them.
    const inchesX = Math.hypot(m[0], m[1]) / 72;
    const inchesY = Math.hypot(m[2], m[3]) / 72;
    const ppi = Math.min(inchesX > 0 ? pixelWidth / inchesX : Infinity, inchesY > 0 ? pixelHeight / inchesY : Infinity);
    const cx0 = Math.max(0, box.x);
    const cy0 = Math.max(0, box.y);
    const cx1 = Math.min(width, box.x + box.w);
    const cy1 = Math.min(height, box.y + box.h);
    const coverage = cx1 > cx0 && cy1 > cy0 ? ((cx1 - cx0) * (cy1 - cy0)) / pageArea : 0;
    images.push({ pixelWidth, pixelHeight, box, ppi: Number.isFinite(ppi) ? ppi : 0, coverage: Math.min(1, coverage), matrix: m, mask, objId, inline });
  };

  const { fnArray, argsArray } = ops;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = (argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case OPS.save:
        push();
        break;
      case OPS.restore:
        pop();
        break;
      case OPS.transform:
        if (isFiniteMatrix(args as number[])) gs.ctm = compose(gs.ctm, args as number[]);
        break;
      case OPS.paintFormXObjectBegin:
        push();
        if (Array.isArray(args[0]) || ArrayBuffer.isView(args[0])) {
          const m = args[0] as number[];
          if (isFiniteMatrix(m)) gs.ctm = compose(gs.ctm, m);
        }
        break;
      case OPS.paintFormXObjectEnd:
        pop();
        break;
      case OPS.beginGroup: {
        push();
        const group = args[0] as { matrix?: number[] } | undefined;
        if (group?.matrix && isFiniteMatrix(group.matrix)) gs.ctm = compose(gs.ctm, group.matrix);
        break;
      }
      case OPS.endGroup:
        pop();
        break;
      case OPS.beginAnnotation: {
        push();
        const [, , transform, matrix] = args as [unknown, unknown, number[] | undefined, number[] | undefined];
        gs.ctm = base;
        if (transform && isFiniteMatrix(transform)) gs.ctm = compose(gs.ctm, transform);
        if (matrix && isFiniteMatrix(matrix)) gs.ctm = compose(gs.ctm, matrix);
        break;
      }
      case OPS.endAnnotation:
        pop();
        break;
      case OPS.setFillRGBColor:
        gs.fillVisible = visibleColour(args[0]);
        break;
      case OPS.setStrokeRGBColor:
        gs.strokeVisible = visibleColour(args[0]);
        break;
      case OPS.setFillColorN:
        gs.fillVisible = true;
        break;
      case OPS.setStrokeColorN:
        gs.strokeVisible = true;
        break;
      case OPS.setFillTransparent:
        gs.fillVisible = false;
        break;
      case OPS.setStrokeTransparent:
        gs.strokeVisible = false;
        break;
      case OPS.setTextRenderingMode:
        gs.textMode = Number(args[0]) || 0;
        break;
      case OPS.constructPath: {
        const op = args[0] as number;
        const minMax = args[2] as ArrayLike<number> | undefined;
        const fills = op === OPS.fill || op === OPS.eoFill || op === OPS.rawFillPath;
        const strokes = op === OPS.stroke || op === OPS.closeStroke;
        const both = op === OPS.fillStroke || op === OPS.eoFillStroke || op === OPS.closeFillStroke || op === OPS.closeEOFillStroke;
        if ((fills && gs.fillVisible) || (strokes && gs.strokeVisible) || (both && (gs.fillVisible || gs.strokeVisible))) {
          const box = minMax && minMax.length >= 4 && isFiniteMatrix([...Array.from(minMax).slice(0, 4), 0, 0])
            ? boundsOf(gs.ctm, minMax[0]!, minMax[1]!, minMax[2]!, minMax[3]!)
            : undefined;
          mark(box);
        }
        break;
      }
      case OPS.shadingFill:
        mark({ x: 0, y: 0, w: width, h: height });
        break;
      case OPS.showText:
      case OPS.showSpacedText:
      case OPS.nextLineShowText:
      case OPS.nextLineSetSpacingShowText:
        // Modes 3 (invisible, as OCR layers use) and 7 (clip only) paint nothing.
        if (gs.textMode !== 3 && gs.textMode !== 7 && gs.fillVisible) mark();
        break;
      case OPS.paintImageXObject:
        addImage(args[1], args[2], false, typeof args[0] === 'string' ? args[0] : null, null);
        break;
      case OPS.paintInlineImageXObject: {
        const img = args[0] as DecodedImage | undefined;
        if (img) addImage(img.width, img.height, false, null, img.data ? img : null);
        break;
      }
      case OPS.paintImageMaskXObject: {
        const img = args[0] as (DecodedImage & { data?: Uint8Array }) | undefined;
        if (img) addImage(img.width, img.height, true, null, img.data ? { ...img, kind: 1 } : null);
        break;
      }
      case OPS.paintImageXObjectRepeat:
      case OPS.paintInlineImageXObjectGroup:
      case OPS.paintImageMaskXObjectGroup:
      case OPS.paintImageMaskXObjectRepeat:
      case OPS.paintSolidColorImageMask:
        // Small tiles and glyph-like masks: marks on the page, not scans.
        mark();
        break;
      default:
        break;
    }
  }
  const droppedImages = warnings.filter((w) => /exceeded maximum allowed size/i.test(w)).length;
  return {
    page: pageNumber,
    width,
    height,
    items,
    images,
    vectorMarks,
    vectorCoverage: vectorArea / pageArea,
    warnings,
    droppedImages,
  };
}

/** The decoded pixels of an image the page paints, if pdf.js kept them. */
export function decodedPixels(page: PDFPageProxy, image: PageImage): DecodedImage | null {
  if (image.inline) return image.inline;
  if (!image.objId) return null;
  const store = image.objId.startsWith('g_') ? page.commonObjs : page.objs;
  try {
    if (!store.has(image.objId)) return null;
    const img = store.get(image.objId) as Partial<DecodedImage> | null;
    if (!img || !img.data || !img.width || !img.height || !img.kind) return null;
    return img as DecodedImage;
  } catch {
    return null;
  }
}

