/**
 * A look at a file's raw bytes before pdf.js is given them: how large each stream becomes once
 * decoded, and whether the file paints any image at all.
 *
 * pdf.js inflates a stream into one growing buffer, outside the JavaScript heap where a worker's
 * heap limit does not reach it: 100 kB of deflated spaces become 512 MB there. So every stream that
 * is not an image (content streams, fonts, object and cross-reference streams) is decoded here
 * first, natively and with a ceiling, and a file whose streams inflate past it is refused before
 * pdf.js allocates anything. Images are left to pdf.js: it refuses one over its pixel limit before
 * decoding, and reads no more of an image's data than its size needs.
 */
import { constants, inflateSync } from 'node:zlib';

export interface StreamGuardOptions {
  /** Decoded size of one stream, MB. Default 32: a page's content or a font is a few MB at most. */
  maxStreamMb?: number;
  /** Decoded size of all of a file's streams together, MB. Default 256. */
  maxTotalMb?: number;
}

export interface StreamSurvey {
  streams: number;
  /** Decoded bytes of the streams that could be decoded here. */
  decodedBytes: number;
  /**
   * Whether some object or content stream may paint an image: an image XObject, or an inline image
   * in a content stream. False only when every stream could be read and none does; then a page's
   * operator list holds nothing the pre-flight needs beyond its text.
   */
  mayHaveImages: boolean;
  /** Why the file is refused, in words for a reviewer; null when it is within the limits. */
  refusal: string | null;
}

export const DEFAULT_MAX_STREAM_MB = 32;
export const DEFAULT_MAX_TOTAL_MB = 256;

class TooLarge extends Error {}

const STREAM = Buffer.from('stream');
const ENDSTREAM = Buffer.from('endstream');
const OBJ = Buffer.from('obj');
/** How far back from `stream` its dictionary is looked for. */
const DICT_WINDOW = 64 * 1024;

const FILTER_NAMES: Record<string, string> = {
  FlateDecode: 'flate',
  Fl: 'flate',
  LZWDecode: 'lzw',
  LZW: 'lzw',
  ASCIIHexDecode: 'hex',
  AHx: 'hex',
  ASCII85Decode: 'a85',
  A85: 'a85',
  RunLengthDecode: 'rl',
  RL: 'rl',
};

function filtersOf(dict: string): string[] {
  // An array of filters is a few names: looked for no further than that, so a dictionary of many
  // unclosed `/Filter [` is not read to its end once for each.
  const m = /\/Filter\s*(\[[^\]]{0,512}\]|\/[^\s/<>[\]()]+)/.exec(dict);
  if (!m) return [];
  return [...m[1]!.matchAll(/\/([^\s/<>[\]()]+)/g)].map((f) => f[1]!);
}

function inflate(data: Uint8Array, cap: number): Uint8Array {
  try {
    // A truncated stream yields what it holds (pdf.js reads it so too) rather than failing.
    return inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) throw new TooLarge();
    throw e;
  }
}

/** LZW as PDF writes it (early change by default), up to `cap` bytes. */
function lzw(data: Uint8Array, cap: number, earlyChange: number): Uint8Array {
  const out = new Uint8Array(Math.min(cap + 1, Math.max(1024, data.length * 4)));
  let buf = out;
  let n = 0;
  const put = (bytes: Uint8Array) => {
    if (n + bytes.length > cap) throw new TooLarge();
    if (n + bytes.length > buf.length) {
      const bigger = new Uint8Array(Math.min(cap + 1, Math.max(buf.length * 2, n + bytes.length)));
      bigger.set(buf.subarray(0, n));
      buf = bigger;
    }
    buf.set(bytes, n);
    n += bytes.length;
  };
  let table: Uint8Array[] = [];
  const reset = () => {
    table = Array.from({ length: 258 }, (_, i) => Uint8Array.of(i));
  };
  reset();
  let width = 9;
  let prev: Uint8Array | null = null;
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < data.length; i++) {
    acc = (acc << 8) | data[i]!;
    bits += 8;
    while (bits >= width) {
      const code = (acc >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      acc &= (1 << bits) - 1;
      if (code === 256) {
        reset();
        width = 9;
        prev = null;
        continue;
      }
      if (code === 257) return buf.subarray(0, n);
      let entry = table[code];
      if (!entry) {
        if (!prev || code !== table.length) return buf.subarray(0, n);
        entry = new Uint8Array(prev.length + 1);
        entry.set(prev);
        entry[prev.length] = prev[0]!;
      }
      put(entry);
      if (prev && table.length < 4096) {
        const added = new Uint8Array(prev.length + 1);
        added.set(prev);
        added[prev.length] = entry[0]!;
        table.push(added);
      }
      prev = entry;
      const next = table.length + earlyChange;
      width = next >= 2048 ? 12 : next >= 1024 ? 11 : next >= 512 ? 10 : 9;
    }
  }
  return buf.subarray(0, n);
}

function runLength(data: Uint8Array, cap: number): Uint8Array {
  let size = 0;
  for (let i = 0; i < data.length; ) {
    const len = data[i]!;
    if (len === 128) break;
    if (len < 128) {
      size += len + 1;
      i += len + 2;
    } else {
      size += 257 - len;
      i += 2;
    }
    if (size > cap) throw new TooLarge();
  }
  const out = new Uint8Array(size);
  let o = 0;
  for (let i = 0; i < data.length && o < size; ) {
    const len = data[i]!;
    if (len < 128) {
      out.set(data.subarray(i + 1, i + 2 + len), o);
      o += len + 1;
      i += len + 2;
    } else {
      out.fill(data[i + 1] ?? 0, o, o + 257 - len);
      o += 257 - len;
      i += 2;
    }
  }
  return out;
}

function asciiHex(data: Uint8Array): Uint8Array {
  const hex = Buffer.from(data).toString('latin1').replace(/>.*$/s, '').replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data).toString('latin1').replace(/~>.*$/s, '').replace(/\s/g, '').replace(/^<~/, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (g: number[], bytes: number) => {
    let v = 0;
    for (const c of g) v = v * 85 + c;
    for (let k = 3; k >= 4 - bytes; k--) out.push((v >>> (8 * k)) & 255);
  };
  for (const ch of text) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const c = ch.charCodeAt(0) - 33;
    if (c < 0 || c > 84) continue;
    group.push(c);
    if (group.length === 5) {
      flush(group, 4);
      group = [];
    }
  }
  if (group.length > 1) {
    const n = group.length - 1;
    while (group.length < 5) group.push(84);
    flush(group, n);
  }
  return Uint8Array.from(out);
}

/** Applies the filters it knows, in order, each output held to `cap`; stops at one it does not know (an image codec). */
function decode(data: Uint8Array, filters: string[], dict: string, cap: number): { bytes: Uint8Array; complete: boolean } {
  let bytes = data;
  for (const name of filters) {
    const kind = FILTER_NAMES[name];
    if (!kind) return { bytes, complete: false };
    if (kind === 'flate') bytes = inflate(bytes, cap);
    else if (kind === 'lzw') bytes = lzw(bytes, cap, /\/EarlyChange\s+0\b/.test(dict) ? 0 : 1);
    else if (kind === 'hex') bytes = asciiHex(bytes);
    else if (kind === 'a85') bytes = ascii85(bytes);
    else bytes = runLength(bytes, cap);
    if (bytes.length > cap) throw new TooLarge();
  }
  return { bytes, complete: true };
}

/** Where a stream's data ends: at its direct /Length when `endstream` follows it, else at the next `endstream`. */
function dataEnd(buf: Buffer, start: number, dict: string): number {
  const len = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  if (len) {
    const end = start + Number(len[1]);
    if (end <= buf.length) {
      const after = buf.subarray(end, Math.min(buf.length, end + 32)).toString('latin1');
      if (/^\s*endstream/.test(after)) return end;
    }
  }
  const e = buf.indexOf(ENDSTREAM, start);
  return e < 0 ? buf.length : e;
}

/** `BI` then the inline image's first key, as content streams write an inline image. */
const INLINE_IMAGE = /(?:^|\s)BI\s*\/[A-Za-z]/;

/** Content streams and forms say little of themselves; fonts, object streams, profiles and metadata say what they are. */
function maybeContent(dict: string): boolean {
  if (/\/Length[123]\b/.test(dict)) return false;
  const type = /\/Type\s*\/(\w+)/.exec(dict)?.[1];
  if (type && type !== 'XObject') return false;
  const subtype = /\/Subtype\s*\/(\w+)/.exec(dict)?.[1];
  return !subtype || subtype === 'Form';
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

export function surveyStreams(bytes: Uint8Array, options: StreamGuardOptions = {}): StreamSurvey {
  const maxStream = (options.maxStreamMb ?? DEFAULT_MAX_STREAM_MB) * 2 ** 20;
  const maxTotal = (options.maxTotalMb ?? DEFAULT_MAX_TOTAL_MB) * 2 ** 20;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const survey: StreamSurvey = { streams: 0, decodedBytes: 0, mayHaveImages: false, refusal: null };
  // Where the last stream's data ended: the next stream's dictionary lies after it. Each byte is
  // looked at as a dictionary once, however many streams a file packs together (a window per
  // stream of its own, or `obj` looked for back to the file's start, made that quadratic).
  let previousEnd = 0;
  for (let at = buf.indexOf(STREAM); at >= 0; at = buf.indexOf(STREAM, at + STREAM.length)) {
    // `endstream` ends one; the keyword that starts one is followed by an end of line.
    if (at >= 3 && buf.subarray(at - 3, at).toString('latin1') === 'end') continue;
    let start = at + STREAM.length;
    if (buf[start] === 0x0d) start++;
    if (buf[start] === 0x0a) start++;
    else if (buf[start - 1] !== 0x0d) continue;
    const from = Math.max(previousEnd, at - DICT_WINDOW);
    const objAt = buf.subarray(from, at).lastIndexOf(OBJ);
    const dict = buf.subarray(objAt >= 0 ? from + objAt : from, at).toString('latin1');
    const end = dataEnd(buf, start, dict);
    previousEnd = end;
    survey.streams++;
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      survey.mayHaveImages = true;
      // Past its data: the next stream is looked for after it (its end was found once).
      at = Math.max(at, end - STREAM.length);
      continue;
    }
    let decoded: { bytes: Uint8Array; complete: boolean };
    try {
      decoded = decode(buf.subarray(start, end), filtersOf(dict), dict, Math.min(maxStream, maxTotal - survey.decodedBytes));
    } catch (e) {
      if (e instanceof TooLarge) {
        const total = maxTotal - survey.decodedBytes < maxStream;
        survey.refusal = total
          ? `The file's compressed streams inflate to more than ${mb(maxTotal)} in all, far more than a packet of documents holds: it looks built to exhaust readers (a decompression bomb) and was not read.`
          : `The file holds a compressed stream that inflates to more than ${mb(maxStream)}, far more than a page or a font needs: it looks built to exhaust readers (a decompression bomb) and was not read.`;
        return survey;
      }
      // Damaged data: pdf.js decides what it can make of it.
      survey.mayHaveImages = true;
      at = end;
      continue;
    }
    survey.decodedBytes += decoded.bytes.length;
    if (!decoded.complete) {
      survey.mayHaveImages = true;
    } else if (!survey.mayHaveImages && maybeContent(dict) && INLINE_IMAGE.test(Buffer.from(decoded.bytes.buffer, decoded.bytes.byteOffset, decoded.bytes.byteLength).toString('latin1'))) {
      survey.mayHaveImages = true;
    }
    at = Math.max(at, end - STREAM.length);
  }
  return survey;
}
