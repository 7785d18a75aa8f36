import type { Multipart } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { cleanFileName, MAX_FILE_BYTES, MAX_FILES_PER_CALL, type FileFlag } from '@portal/shared';
import { BlobTooLargeError, type BlobStore } from '../blobs/blob-store.js';
import type { Queryable } from '../db/db.js';
import { badRequest, HttpError } from '../http-error.js';
import { withoutInternalDetail } from '../worker-errors.js';
import type { PdfProbe, ProbeResult } from './pdf-probe.js';

/** A file of an upload, stored as a blob and checked; not yet a record of any case. */
export interface ReceivedFile {
  name: string;
  size: number;
  sha256: string;
  pageCount: number;
  /** The call wrote this blob (it was not stored before): removed again if the call keeps nothing. */
  newBlob: boolean;
  /** Informative flags found while checking it (`active_content`); none when absent. */
  flags?: FileFlag[];
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  /** The text fields of the form, last value of each name. */
  fields: Record<string, string>;
}

const MB = 1024 * 1024;
/** The PDF header may follow some bytes of junk (readers accept up to 1 KB of it). */
const HEADER_WINDOW = 1024;
const PDF_HEADER = Buffer.from('%PDF-');

/** A file of the call that cannot be accepted, and why (`GateRefused.refusedFiles`). */
export interface RefusedFile {
  name: string;
  reason: string;
}

/** One file refused: the call goes on reading the others, to name every file it refuses. */
class FileRefused extends Error {
  constructor(
    readonly file: RefusedFile,
    readonly status: 400 | 413,
  ) {
    super(`"${file.name}" ${file.reason}`);
  }
}

const tooLarge = (name: string) => new FileRefused({ name, reason: `is larger than ${MAX_FILE_BYTES / MB} MB, the most a file may be` }, 413);
const notPdf = (name: string) => new FileRefused({ name, reason: 'is not a PDF (its content does not begin with %PDF-)' }, 400);

/**
 * The call refused whole for its files: every refused file named with why, and that nothing of the
 * call was kept (a person who sent five files and reads one name would think four went through).
 * `unread`: files after the last refused one were not read (a file past the size limit ends the call).
 */
function callRefused(refused: readonly FileRefused[], sent: number, unread: boolean): HttpError {
  const named = refused.map((r) => r.message).join('; ');
  const which = sent === 1 ? named : `${refused.length} of the ${sent} files${unread ? ' read' : ''} cannot be accepted: ${named}`;
  const rest = sent > refused.length ? ` Send the other files again without ${refused.length === 1 ? 'it' : 'them'}.` : '';
  return new HttpError(
    refused.every((r) => r.status === 413) ? 413 : 400,
    `The whole call was refused and nothing of it was kept: ${which}.${unread ? ' Files after it were not read.' : ''}${rest}`,
    { refusedFiles: refused.map((r) => r.file) },
  );
}

/** Reads the rest of a refused file's part and drops it, so the parts after it arrive. */
async function drain(stream: AsyncIterable<Buffer>): Promise<void> {
  for await (const _ of stream) void _;
}

class NotPdfError extends Error {}

/** The file's active content as a reviewer reads it: informative, since nothing of it reaches anyone. */
function activeContentFlag(kinds: readonly string[]): FileFlag {
  const listed = kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)!}`;
  return {
    page: 1,
    code: 'active_content',
    note: `The file carries ${listed}. None of it is run here, and the PDFs served from this case are stripped of it; the file itself is kept as it was received.`,
  };
}

/** Yields the bytes of `source`, failing once it has seen the first KB without a PDF header. */
async function* pdfHeaderChecked(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let found = false;
  for await (const chunk of source) {
    if (!found) {
      head = Buffer.concat([head, chunk.subarray(0, HEADER_WINDOW + PDF_HEADER.length)]).subarray(0, HEADER_WINDOW + PDF_HEADER.length);
      if (head.includes(PDF_HEADER)) found = true;
      else if (head.length >= HEADER_WINDOW + PDF_HEADER.length) throw new NotPdfError();
    }
    yield chunk;
  }
  if (!found) throw new NotPdfError();
}

/**
 * Receives the parts of an upload as they stream: each file through a PDF header check and
 * SHA-256 into the blob store (one chunk in memory at a time), then opened by the probe for its
 * page count. Refuses by name the 26th file, a file past 100 MB, one that is not a PDF by its
 * content, an encrypted one and one that cannot be read. Text fields are collected on the way.
 * On any refusal the blobs this call wrote are removed again: a refused call keeps nothing.
 */
export class Intake {
  constructor(
    private readonly deps: {
      db: Queryable;
      blobs: BlobStore;
      probe: PdfProbe;
    },
  ) {}

  async receive(
    parts: AsyncIterable<Multipart>,
    options: {
      /** The form field files come in; any other file field is refused. */
      fileField?: string;
      /** Text fields the operation takes; any other is refused. */
      textFields: readonly string[];
      /** Called with each text field as it arrives, so a call can be refused before its files are read. */
      onField?: (name: string, value: string) => Promise<void>;
      /** Called before the first file is read. */
      beforeFirstFile?: () => Promise<void>;
      /** Whose upload it is: the probe serves organizations in turn. */
      orgId: string;
    },
  ): Promise<ReceivedUpload> {
    const fileField = options.fileField ?? 'files';
    const files: ReceivedFile[] = [];
    const fields: Record<string, string> = {};
    const refused: FileRefused[] = [];
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          if (!options.textFields.includes(part.fieldname)) {
            throw badRequest(`body.${part.fieldname}: unknown field; this operation takes ${[fileField, ...options.textFields].join(', ')}`);
          }
          if (part.valueTruncated) throw badRequest(`body.${part.fieldname}: too long`);
          if (String(part.value ?? '').includes('\u0000')) throw badRequest(`body.${part.fieldname}: contains a NUL character (\\u0000), which cannot be stored`);
          fields[part.fieldname] = String(part.value ?? '');
          await options.onField?.(part.fieldname, fields[part.fieldname]!);
          continue;
        }
        // Truncated and cleaned rather than refused: the sender chose the file, not its name.
        const name = cleanFileName(part.filename ?? '');
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw badRequest(`body.${part.fieldname}: files go in the field "${fileField}"`);
        }
        const sent = files.length + refused.length;
        if (sent >= MAX_FILES_PER_CALL) {
          part.file.resume();
          const also = refused.length > 0 ? ` Also refused: ${refused.map((r) => r.message).join('; ')}.` : '';
          throw new HttpError(413, `At most ${MAX_FILES_PER_CALL} files per call: "${name}" is file ${sent + 1}; the whole call was refused and nothing of it was kept.${also}`, {
            refusedFiles: refused.map((r) => r.file),
          });
        }
        if (sent === 0) await options.beforeFirstFile?.();
        try {
          files.push(await this.receiveFile(name, part.file, options.orgId));
        } catch (err) {
          if (!(err instanceof FileRefused)) throw err;
          refused.push(err);
          // Past the size limit the parser has cut the file: the call ends at it.
          if (err.status === 413) throw callRefused(refused, sent + 1, true);
          await drain(part.file);
        }
      }
      if (refused.length > 0) throw callRefused(refused, files.length + refused.length, false);
    } catch (err) {
      await this.discard(files);
      throw err;
    }
    return { files, fields };
  }

  private async receiveFile(name: string, stream: AsyncIterable<Buffer> & { truncated?: boolean }, orgId: string): Promise<ReceivedFile> {
    let stored;
    try {
      // The probe opens the complete file while the store flushes it to disk. A file refused
      // part-way is not destroyed, so the rest of it can be read past (`drain`).
      const bytes = 'iterator' in stream && typeof stream.iterator === 'function' ? (stream as Readable).iterator({ destroyOnReturn: false }) : stream;
      stored = await this.deps.blobs.put(pdfHeaderChecked(bytes), { maxBytes: MAX_FILE_BYTES, inspect: (path) => this.deps.probe.probe(path, orgId) });
    } catch (err) {
      if (err instanceof NotPdfError) throw notPdf(name);
      if (err instanceof BlobTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name);
      throw err;
    }
    const file = { name, size: stored.size, sha256: stored.sha256, pageCount: 0, newBlob: !stored.existed };
    if (stream.truncated) {
      await this.discard([file]);
      throw tooLarge(name);
    }
    const probed = stored.inspected as ProbeResult;
    if (!probed.ok) {
      await this.discard([file]);
      // The reason is sent in `refusedFiles` too, where the error handler's rewording does not reach.
      throw new FileRefused({ name, reason: withoutInternalDetail(`cannot be accepted: ${probed.note}`) }, 400);
    }
    return { ...file, pageCount: probed.pageCount, flags: probed.activeContent.length > 0 ? [activeContentFlag(probed.activeContent)] : [] };
  }

  /**
   * Removes the blobs a refused call wrote, unless a file record names the content by now (the
   * same bytes sent in another call that was kept).
   */
  async discard(files: readonly ReceivedFile[]): Promise<void> {
    for (const f of files) {
      if (!f.newBlob) continue;
      const { rows } = await this.deps.db.query('SELECT 1 FROM application_files WHERE sha256 = $1 LIMIT 1', [f.sha256]);
      if (rows.length === 0) await this.deps.blobs.delete(f.sha256).catch(() => {});
    }
  }
}
