import { mkdir, open, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { OpenDialogOptions } from 'electron';
import { fileSelectionProblem, fileTooLarge, MAX_FILE_BYTES, type PickedFile } from '@portal/shared';
import { isNodeError } from './atomic-write.js';
import { RequestError } from './request-error.js';

export const PDF_OPEN_DIALOG: OpenDialogOptions = {
  title: 'Add PDFs',
  buttonLabel: 'Add',
  properties: ['openFile', 'multiSelections'],
  filters: [{ name: 'PDF documents', extensions: ['pdf'] }],
};

/**
 * Reads the files chosen in the open dialog. The dialog's filter is only a suggestion (a path can
 * be typed), so the server's limits are checked here, on every file, before any is read: a choice
 * of 25 large scans is refused at once instead of after gigabytes were read.
 */
export async function readChosenPdfs(paths: readonly string[], maxFileBytes = MAX_FILE_BYTES): Promise<PickedFile[]> {
  const sized = await Promise.all(
    paths.map(async (path) => {
      const info = await stat(path);
      if (!info.isFile()) throw new RequestError(`“${basename(path)}” is not a file.`);
      return { path, name: basename(path), size: info.size };
    }),
  );
  const problem = fileSelectionProblem(sized, { maxFileBytes });
  if (problem !== null) throw new RequestError(problem);
  const files: PickedFile[] = [];
  for (const { path, name } of sized) files.push({ name, bytes: await readBounded(path, maxFileBytes) });
  return files;
}

/**
 * Reads a file of at most `max` bytes into an array of its own: a view into a larger, pooled
 * buffer would carry the rest of that buffer across IPC. A file that grows while being read is
 * refused rather than read without end.
 */
async function readBounded(path: string, max: number): Promise<Uint8Array> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'r');
    const { size } = await handle.stat();
    if (size > max) throw new RequestError(fileTooLarge(basename(path), max));
    const bytes = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const { bytesRead: more } = await handle.read(new Uint8Array(1), 0, 1, filled);
    if (more > 0 || filled < size) throw new RequestError(`“${basename(path)}” changed while it was being read; try again.`);
    return bytes;
  } finally {
    await handle?.close();
  }
}

/** The longest name the page may ask to save under (the common file-name limit). */
export const MAX_REQUESTED_NAME_LENGTH = 255;
/**
 * What a saved name is cut to, in UTF-8 bytes: under every common file system's 255, with room
 * for the ` (999)` that keeps it from replacing another file.
 */
export const MAX_SAVED_NAME_BYTES = 200;
/**
 * The only kinds of file the page may save. The page is not trusted: without this, a compromised
 * one could leave `invoice.pdf.exe` in Downloads and open the folder on it.
 */
export const SAVEABLE_EXTENSIONS = ['.pdf', '.csv', '.json', '.txt', '.zip'] as const;

const WINDOWS_RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * A name safe to create in a folder on any of the desktop's systems: no folder parts (so it cannot
 * leave the folder), no characters Windows refuses, no control or text-direction characters (which
 * can make `gpj.exe` read as `exe.jpg`), no leading dot (hidden, or `..`), no trailing dot or space
 * (Windows drops them), not a Windows device name (`CON`, `nul.pdf`…), and not too long, keeping
 * its extension. `fallback` replaces a name with nothing left.
 */
export function sanitizeFileName(name: string, fallback = 'download'): string {
  let clean = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[/\\:*?"<>|]/g, '_')
    .replace(/\s+/g, ' ');
  clean = trimEnds(clean);
  if (clean === '') clean = fallback;
  const firstPart = clean.split('.')[0] ?? '';
  if (WINDOWS_RESERVED.test(firstPart.trimEnd())) clean = `_${clean}`;
  return truncateKeepingExtension(clean, MAX_SAVED_NAME_BYTES);
}

function trimEnds(name: string): string {
  return name.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
}

function truncateKeepingExtension(name: string, maxBytes: number): string {
  if (utf8Length(name) <= maxBytes) return name;
  let ext = extname(name);
  // A very long "extension" is part of the name, not a type worth keeping whole.
  if (utf8Length(ext) > 16) ext = '';
  let stem = name.slice(0, name.length - ext.length);
  const room = maxBytes - utf8Length(ext);
  const kept: string[] = [];
  let used = 0;
  for (const char of stem) {
    const size = utf8Length(char);
    if (used + size > room) break;
    kept.push(char);
    used += size;
  }
  stem = trimEnds(kept.join(''));
  return `${stem === '' ? 'download' : stem}${ext}`;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** `report.pdf`, 2 → `report (2).pdf`: the way browsers and file managers number a copy. */
export function numberedName(name: string, n: number): string {
  const ext = extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}

export interface SaveRequest {
  name: string;
  bytes: Uint8Array;
}

/** Checks what the page asked to save; the arguments come from the renderer and are not trusted. */
export function checkSaveRequest(name: unknown, bytes: unknown, maxBytes = MAX_FILE_BYTES): SaveRequest {
  if (typeof name !== 'string' || name.length === 0 || name.length > MAX_REQUESTED_NAME_LENGTH) {
    throw new RequestError(`A file name must be text of 1 to ${MAX_REQUESTED_NAME_LENGTH} characters.`);
  }
  if (!(bytes instanceof Uint8Array)) throw new RequestError('Only bytes can be saved.');
  const clean = sanitizeFileName(name);
  if (bytes.byteLength > maxBytes) throw new RequestError(`“${clean}” is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; it was not saved.`);
  const ext = extname(clean).toLowerCase();
  if (!(SAVEABLE_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new RequestError(`The desktop app saves only ${SAVEABLE_EXTENSIONS.join(', ')} files, not “${clean}”.`);
  }
  return { name: clean, bytes };
}

/**
 * Creates `name` in `dir`, or `name (1)`, `name (2)`… when taken: never replaces a file. Exclusive
 * creation (`wx`) makes the check and the creation one step, so two saves at once cannot pick the
 * same name, and it does not follow a link planted under that name. `name` must be sanitized.
 */
export async function saveWithoutReplacing(dir: string, name: string, bytes: Uint8Array, maxAttempts = 1000): Promise<string> {
  const folder = resolve(dir);
  await mkdir(folder, { recursive: true });
  for (let n = 0; n < maxAttempts; n++) {
    const path = join(folder, n === 0 ? name : numberedName(name, n));
    // The name is sanitized; this holds should a caller forget.
    if (dirname(path) !== folder) throw new RequestError(`“${name}” is not a file name.`);
    let handle: FileHandle;
    try {
      handle = await open(path, 'wx');
    } catch (error) {
      if (isNodeError(error) && error.code === 'EEXIST') continue;
      throw error;
    }
    try {
      await handle.writeFile(bytes);
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => {});
      // A half-written file is no file to leave in Downloads.
      await rm(path, { force: true });
      throw error;
    }
    return path;
  }
  throw new RequestError(`There are already ${maxAttempts} files named like “${name}” in ${folder}.`);
}
