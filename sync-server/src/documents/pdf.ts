import { cleanFileName } from '@portal/shared';

/** RFC 9110 §14: one `bytes=` range of a body of `size` bytes; null to send it whole, 'unsatisfiable' for 416. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answered with the whole body, which the RFC allows.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the exact name (RFC 6266),
 * the name cleaned as stored names are and ending in `extension`.
 */
export function contentDisposition(name: string, extension = '.pdf'): string {
  const fallback = `document${extension}`;
  const safe = cleanFileName(name.endsWith(extension) ? name : `${name}${extension}`, fallback);
  // `%` too: some browsers percent-decode the plain parameter.
  const ascii = safe.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\%]/g, '_') || fallback;
  // RFC 8187 attr-chars only: encodeURIComponent leaves ' ( ) * ! as they are.
  const exact = encodeURIComponent(safe).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
