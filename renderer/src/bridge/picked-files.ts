import type { PickedFile } from '@portal/shared';

/**
 * What `DesktopBridge.openPdfs` answered, as the `File`s a drop or a file input gives, so a page
 * can treat picked, dropped and chosen files alike (an upload's `FormData`, sizes, names).
 */
export function pickedAsFiles(picked: readonly PickedFile[]): File[] {
  return picked.map(({ name, bytes }) => new File([blobPart(bytes)], name, { type: 'application/pdf' }));
}

/** A Blob takes only bytes over a plain ArrayBuffer; anything else (shared memory) is copied. */
export function blobPart(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}
