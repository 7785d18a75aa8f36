// Which kinds of active content an uploaded PDF carries (the probe's worker, pdf-probe-worker.mjs):
// JavaScript, actions that launch, submit, import or reach other files, embedded files, XFA and
// rich media. Plain JavaScript for the worker thread's sake.
//
// pdf.js's API does not tell a Launch action from a web link, nor see page and field trigger
// tables other than JavaScript, so the file is read once through, the way pdfid triages PDFs:
// the names written between objects (escapes such as /J#61vaScript decoded), and inside object
// streams, which hide most dictionaries of a modern PDF. Other streams (page content, images,
// fonts) are skipped, not decoded: their bytes would only give false alarms. One chunk in memory
// at a time, plus an object stream being read (bounded).
import { open } from 'node:fs/promises';
import { constants, inflateSync } from 'node:zlib';

/** What each name means, said as the flag's note lists it. */
const KINDS = new Map([
  ['JavaScript', 'JavaScript'],
  ['JS', 'JavaScript'],
  ['Launch', 'a Launch action (opens a program or file)'],
  ['SubmitForm', 'a form-submit action'],
  ['ImportData', 'a data-import action'],
  ['GoToR', 'a link into another file'],
  ['GoToE', 'a link into another file'],
  ['EmbeddedFile', 'embedded files'],
  ['EmbeddedFiles', 'embedded files'],
  ['FileAttachment', 'embedded files'],
  ['XFA', 'an XFA form'],
  ['RichMedia', 'rich media'],
]);

const CHUNK = 1 << 20;
/** Bytes kept from one window to the next: a name or a stream's start cut by a chunk's end. */
const OVERLAP = 4096;
/** Object streams past this (compressed or inflated) are not read: no real one comes close. */
const MAX_OBJECT_STREAM = 32 << 20;

// Names end at white space or a delimiter (PDF 32000-1 §7.2.2).
const NAME = /\/([^\x00\t\n\f\r \/\[\]<>(){}%]+)/g;
// A stream's data starts after the `stream` keyword that follows its dictionary, at the end of line.
const STREAM_START = />>\s*stream(?:\r\n|\r|\n)/g;
const OBJ_KEYWORD = /(?:^|\s)obj(?=[\s<])/g;

const decodeName = (raw) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

function namesIn(text, from, to, found) {
  // Only [from, to): a search from `from` through the whole text would read on past `to` to the
  // next name, once for each stream of a file of many streams and no names.
  const part = to === Infinity ? text.slice(from) : text.slice(from, to);
  NAME.lastIndex = 0;
  for (let m = NAME.exec(part); m; m = NAME.exec(part)) {
    const kind = KINDS.get(decodeName(m[1]));
    if (kind) found.add(kind);
  }
}

/**
 * Whether the dictionary before a `stream` keyword is an object stream we can inflate. It lies
 * after `from`, where the previous stream ended: a file of many small streams has each byte
 * looked at once, not the OVERLAP bytes before every stream.
 */
function isObjectStream(text, from, dictEnd) {
  const before = text.slice(Math.max(from, dictEnd - OVERLAP), dictEnd);
  let start = 0;
  OBJ_KEYWORD.lastIndex = 0;
  for (let m = OBJ_KEYWORD.exec(before); m; m = OBJ_KEYWORD.exec(before)) start = m.index + m[0].length;
  const names = new Set();
  const dict = before.slice(start);
  NAME.lastIndex = 0;
  for (let m = NAME.exec(dict); m; m = NAME.exec(dict)) names.add(decodeName(m[1]));
  if (!names.has('ObjStm') || names.has('DecodeParms')) return false;
  return !names.has('Filter') || (names.has('FlateDecode') && ![...names].some((n) => /Decode$/.test(n) && n !== 'FlateDecode'));
}

/** The kinds of active content in the PDF at `path`, by name, in no particular order. */
export async function scanActiveContent(path) {
  const found = new Set();
  const file = await open(path, 'r');
  try {
    // One buffer for the whole file: what a window leaves for the next (at most OVERLAP bytes)
    // is moved to its start and the next chunk read behind it.
    const buffer = Buffer.allocUnsafe(OVERLAP + CHUNK);
    let carried = 0;
    let inStream = false;
    /** The data of the object stream being read, or null for any other stream. */
    let objectStream = null;
    let objectStreamBytes = 0;
    const keepData = (bytes) => {
      if (!objectStream) return;
      objectStreamBytes += bytes.length;
      if (objectStreamBytes > MAX_OBJECT_STREAM) objectStream = null;
      else objectStream.push(Buffer.from(bytes));
    };
    for (let position = 0; ; ) {
      const { bytesRead } = await file.read(buffer, carried, CHUNK, position);
      position += bytesRead;
      const last = bytesRead === 0;
      const window = buffer.subarray(0, carried + bytesRead);
      // As text only where objects are looked at: most of a file is stream data, searched as bytes.
      let decoded;
      const text = () => (decoded ??= window.toString('latin1'));
      let at = 0;
      for (;;) {
        if (inStream) {
          const end = window.indexOf('endstream', at, 'latin1');
          if (end < 0) {
            const keep = last ? window.length : Math.max(at, window.length - 'endstream'.length);
            keepData(window.subarray(at, keep));
            at = keep;
            break;
          }
          keepData(window.subarray(at, end));
          if (objectStream) {
            try {
              // A sync flush at the end: a stream cut short still yields what it holds.
              const inflated = inflateSync(Buffer.concat(objectStream), { maxOutputLength: MAX_OBJECT_STREAM, finishFlush: constants.Z_SYNC_FLUSH });
              namesIn(inflated.toString('latin1'), 0, Infinity, found);
            } catch {
              // Damaged or over the bound: what pdf.js could open is judged elsewhere.
            }
          }
          objectStream = null;
          inStream = false;
          at = end + 'endstream'.length;
          continue;
        }
        STREAM_START.lastIndex = at;
        const start = STREAM_START.exec(text());
        if (!start) {
          namesIn(text(), at, window.length, found);
          // Names seen again in the overlap count once: `found` is a set.
          at = last ? window.length : Math.max(at, window.length - OVERLAP);
          break;
        }
        namesIn(text(), at, start.index, found);
        objectStream = isObjectStream(text(), at, start.index) ? [] : null;
        objectStreamBytes = 0;
        inStream = true;
        at = start.index + start[0].length;
      }
      carried = window.copy(buffer, 0, at);
      if (last) break;
    }
  } finally {
    await file.close();
  }
  return [...found];
}
