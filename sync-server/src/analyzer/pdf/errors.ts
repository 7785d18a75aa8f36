import type { PreflightFlag } from '../types.js';

/**
 * Why a whole file could not be read. `encrypted` and `unreadable` are what a reviewer sees as the
 * packet's pre-flight flag; the others say which limit stopped the reading.
 */
export type PacketReadErrorCode =
  /** Needs a password to open. */
  | 'encrypted'
  /** Not a PDF, damaged beyond repair, or no pages. */
  | 'unreadable'
  /** More pages than the analyzer reads in one file. */
  | 'too_many_pages'
  /** Reading took longer than the file's time limit. */
  | 'timeout'
  /** Reading needed more memory than the file's limit, or its streams would have (a decompression bomb, refused before reading). */
  | 'memory_limit'
  /** The worker reading the file died for another reason. */
  | 'crashed'
  /** The pool was closed before the file was read. */
  | 'closed';

export class PacketReadError extends Error {
  override readonly name = 'PacketReadError';
  constructor(
    readonly code: PacketReadErrorCode,
    /** Says it in words a reviewer can act on. */
    readonly note: string,
  ) {
    super(note);
  }

  /** The packet-level pre-flight flag this error stands for, on page 1. */
  toFlag(): PreflightFlag {
    return { page: 1, code: this.code === 'encrypted' ? 'encrypted' : 'unreadable', note: this.note };
  }
}

export function isPacketReadError(e: unknown): e is PacketReadError {
  return e instanceof PacketReadError;
}
