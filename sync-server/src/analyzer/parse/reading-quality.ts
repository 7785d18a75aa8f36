/**
 * How much of an OCR reading is writing OCR was sure of: the measure the reading steps share to
 * decide whether a page is worth a second look (turned, straightened, its zone hunted).
 */

/** An OCR line counts as writing when it is this confident and has letters or digits. */
export const CONFIDENT_LINE = 0.5;

/** Lines worth reading (three letters or digits), and how many of them OCR was sure of. */
export function readingQuality(lines: readonly { text: string; confidence: number }[]): { lines: number; confident: number } {
  const real = lines.filter((l) => (l.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 3);
  return { lines: real.length, confident: real.filter((l) => l.confidence >= CONFIDENT_LINE).length };
}
