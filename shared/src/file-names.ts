/**
 * File names as they are stored and shown: an uploader's name is kept, but never in a form that
 * breaks a file system, a header or a reviewer's reading of it.
 */

/** The longest name most file systems take (ext4, APFS, NTFS); counted in UTF-8 bytes. */
export const MAX_FILE_NAME_BYTES = 255;
export const DEFAULT_FILE_NAME = 'document.pdf';
/** A longer tail after the last dot is part of the name, not an extension worth keeping whole. */
const MAX_EXTENSION_BYTES = 16;

// C0 controls, DEL and C1 controls: invisible, and line breaks split headers and logs.
// Bidirectional marks, embeddings, overrides and isolates: "invoice\u202Efdp.exe" shows as
// "invoiceexe.pdf". Line and paragraph separators: line breaks by another name.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
// Half of a surrogate pair is no character: UTF-8 (and PostgreSQL) cannot hold it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const utf8Bytes = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

export function utf8Length(text: string): number {
  let n = 0;
  for (const ch of text) n += utf8Bytes(ch.codePointAt(0)!);
  return n;
}

/** The longest start of `text` within `max` UTF-8 bytes, cut between code points. */
function cutToBytes(text: string, max: number): string {
  let used = 0;
  let end = 0;
  for (const ch of text) {
    used += utf8Bytes(ch.codePointAt(0)!);
    if (used > max) break;
    end += ch.length;
  }
  return text.slice(0, end);
}

/**
 * `name` without control and bidirectional-formatting characters, in NFC, trimmed, and within
 * MAX_FILE_NAME_BYTES: a longer name loses the end of its stem and keeps its extension. A name
 * left empty (or `.`/`..`) becomes `fallback`.
 */
export function cleanFileName(name: string, fallback: string = DEFAULT_FILE_NAME): string {
  const cleaned = name.replace(LONE_SURROGATE, '\ufffd').replace(UNSAFE, '').normalize('NFC').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return fallback;
  if (utf8Length(cleaned) <= MAX_FILE_NAME_BYTES) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && utf8Length(cleaned.slice(dot)) <= MAX_EXTENSION_BYTES ? cleaned.slice(dot) : '';
  const stem = cutToBytes(extension ? cleaned.slice(0, dot) : cleaned, MAX_FILE_NAME_BYTES - utf8Length(extension)).trimEnd();
  return stem === '' ? fallback : `${stem}${extension}`;
}
