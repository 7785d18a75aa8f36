import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { surveyStreams } from '../../src/analyzer/pdf/stream-guard.js';
import { readPacket } from '../../src/analyzer/parse/read-packet.js';
import { PacketReadError } from '../../src/analyzer/pdf/errors.js';
import { stream, writePdf } from './fixtures/hostile.js';
import { A4, makePdf, scanPage } from './fixtures/pages.js';

const page = (content: Uint8Array | string, resources = '<< >>', extra: (string | Uint8Array)[] = []) =>
  writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources ${resources} /Contents 4 0 R >>`,
    typeof content === 'string' ? stream('', content) : content,
    ...extra,
  ]);

/** LZW-encodes as PDF writes it (9-bit codes growing to 12, early change), for the decoder to be tested on. */
function lzwEncode(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let width = 9;
  const emit = (code: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((acc >>> (bits - 8)) & 255);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  // (prefix code, next byte) → code.
  let dict = new Map<number, number>();
  let next = 258;
  emit(256);
  let w = -1;
  for (const byte of data) {
    if (w < 0) {
      w = byte;
      continue;
    }
    const known = dict.get(w * 256 + byte);
    if (known !== undefined) {
      w = known;
      continue;
    }
    emit(w);
    dict.set(w * 256 + byte, next++);
    if (next + 1 > 1 << width) width++;
    if (width > 12) {
      emit(256);
      dict = new Map();
      next = 258;
      width = 9;
    }
    w = byte;
  }
  if (w >= 0) emit(w);
  emit(257);
  if (bits) out.push((acc << (8 - bits)) & 255);
  return Uint8Array.from(out);
}

describe('the stream guard', () => {
  it('decodes what a page holds and lets an ordinary file through', async () => {
    const s = surveyStreams(await makePdf([{ kind: 'text', lines: [{ text: 'Statement of account', x: 72, y: 72 }] }]));
    expect(s.refusal).toBeNull();
    expect(s.streams).toBeGreaterThan(0);
    expect(s.mayHaveImages).toBe(false);
  });

  it('refuses a stream that inflates past its limit, by name, before pdf.js sees it', async () => {
    const bomb = page(stream('/Filter /FlateDecode', deflateSync(new Uint8Array(40 * 2 ** 20).fill(32))));
    expect(surveyStreams(bomb).refusal).toMatch(/inflates to more than 32 MB.*decompression bomb/);
    expect(surveyStreams(bomb, { maxStreamMb: 64 }).refusal).toBeNull();
    const e = await readPacket(bomb, { ocr: null }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(PacketReadError);
    expect((e as PacketReadError).code).toBe('memory_limit');
  });

  it('follows filter chains: flate inside flate, hex around flate, and LZW', () => {
    const spaces = new Uint8Array(40 * 2 ** 20).fill(32);
    const nested = page(stream('/Filter [/FlateDecode /FlateDecode]', deflateSync(deflateSync(spaces))));
    expect(surveyStreams(nested).refusal).toMatch(/32 MB/);
    const hex = page(stream('/Filter [/ASCIIHexDecode /FlateDecode]', `${Buffer.from(deflateSync(spaces)).toString('hex')}>`));
    expect(surveyStreams(hex).refusal).toMatch(/32 MB/);
    const text = new TextEncoder().encode('BT /F1 12 Tf 72 720 Td (Hello, LZW) Tj ET\n'.repeat(2000));
    const lzw = page(stream('/Filter /LZWDecode', lzwEncode(text)));
    const ok = surveyStreams(lzw);
    expect(ok.refusal).toBeNull();
    expect(ok.decodedBytes).toBe(text.length);
    const lzwBomb = page(stream('/Filter /LZWDecode', lzwEncode(spaces.subarray(0, 3 * 2 ** 20))));
    expect(surveyStreams(lzwBomb, { maxStreamMb: 2 }).refusal).toMatch(/2 MB/);
    expect(surveyStreams(lzwBomb, { maxStreamMb: 4 }).decodedBytes).toBe(3 * 2 ** 20);
  });

  it('holds the whole file to a total', () => {
    const chunk = deflateSync(new Uint8Array(20 * 2 ** 20).fill(32));
    const forms = Array.from({ length: 6 }, () => stream('/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Filter /FlateDecode', chunk));
    expect(surveyStreams(page('BT ET', '<< >>', forms)).refusal).toBeNull();
    expect(surveyStreams(page('BT ET', '<< >>', forms), { maxTotalMb: 100 }).refusal).toMatch(/100 MB in all/);
  });

  it('tells a file that may paint an image from one that cannot', async () => {
    expect(surveyStreams(await makePdf([await scanPage(A4, 150, [{ text: 'Scanned', x: 1, y: 1, size: 12 }], 3)])).mayHaveImages).toBe(true);
    expect(surveyStreams(page('q 10 0 0 10 0 0 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\x00\x00\x00 EI Q')).mayHaveImages).toBe(true);
    expect(surveyStreams(page(stream('/Filter /FlateDecode', deflateSync(new TextEncoder().encode('BT /F1 12 Tf (BI is a word) Tj ET'))))).mayHaveImages).toBe(false);
  });
});
