import type { GreyImage } from '../../pdf/pixels.js';

/**
 * A grey plane as a binary PGM (P5): the simplest image file both Leptonica builds read (the one
 * inside tesseract.js and Debian's), with no compression to spend time on.
 */
export function encodePgm(img: GreyImage): Buffer {
  const header = Buffer.from(`P5\n${img.width} ${img.height}\n255\n`, 'ascii');
  return Buffer.concat([header, img.data]);
}
