import { describe, expect, it } from 'vitest';
import { hideFontPrograms } from '../../src/analyzer/pdf/font-programs.js';
import { readPacket } from '../../src/analyzer/parse/read-packet.js';
import { rng } from './fixtures/pages.js';
import { stream, writePdf } from './fixtures/hostile.js';

const toUnicode = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def 1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfrange <20> <7E> <0020> endbfrange endcmap CMapName currentdict /CMap defineresource pop end end`;

/** A page of text in a TrueType font whose program is whatever is given, with or without a ToUnicode map. */
function fontPdf(program: Uint8Array, withToUnicode: boolean): Uint8Array {
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    stream('', 'BT /F1 24 Tf 72 720 Td (Statement of account 2025) Tj ET'),
    `<< /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Test /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(600).join(' ')}] /Encoding /WinAnsiEncoding /FontDescriptor 6 0 R ${withToUnicode ? '/ToUnicode 8 0 R' : ''} >>`,
    '<< /Type /FontDescriptor /FontName /ABCDEF+Test /Flags 32 /FontBBox [0 -200 1000 800] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>',
    stream(`/Length1 ${program.length}`, program),
    stream('', toUnicode),
  ]);
}

const garbage = (n: number) => {
  const r = rng(11);
  return new Uint8Array(n).map(() => Math.floor(r() * 256));
};

describe('hiding font programs that reading text does not need', () => {
  it('renames the program of a font with a ToUnicode map in place, keeping every offset', () => {
    const pdf = fontPdf(garbage(4000), true);
    const hidden = hideFontPrograms(pdf)!;
    expect(hidden).not.toBeNull();
    expect(hidden.length).toBe(pdf.length);
    const text = Buffer.from(hidden).toString('latin1');
    expect(text).toContain('/FontFilZ2 7 0 R');
    expect(text).not.toContain('/FontFile2');
    // The original is left as it was.
    expect(Buffer.from(pdf).toString('latin1')).toContain('/FontFile2 7 0 R');
  });

  it('keeps the program of a font that maps codes through it', () => {
    expect(hideFontPrograms(fontPdf(garbage(4000), false))).toBeNull();
  });

  it('reads the text by the ToUnicode map, even when the hidden program is broken', async () => {
    const reading = await readPacket(fontPdf(garbage(4000), true), { ocr: null, fontPrograms: false });
    expect(reading.pages[0]!.lines.map((l) => l.text)).toEqual(['Statement of account 2025']);
    expect(reading.pages[0]!.source).toBe('text');
  });
});
