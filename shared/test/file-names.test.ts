import { describe, expect, it } from 'vitest';
import { cleanFileName, DEFAULT_FILE_NAME, MAX_FILE_NAME_BYTES, utf8Length } from '../src/file-names.js';

describe('file names as stored', () => {
  it('keeps an ordinary name as it is, accents, scripts and emoji included', () => {
    for (const name of ['payslip March 2025.pdf', 'Relevé de compte.pdf', 'Kontoauszug_Müller.pdf', '身分証明書.pdf', 'ملف.pdf', 'scan 📄.pdf', '.pdf', 'no extension'])
      expect(cleanFileName(name)).toBe(name);
  });

  it('removes C0 and C1 controls and DEL', () => {
    expect(cleanFileName('bad\u0000name.pdf')).toBe('badname.pdf');
    expect(cleanFileName('line\r\nbreak\t.pdf')).toBe('linebreak.pdf');
    expect(cleanFileName('del\u007fete\u0085\u009f.pdf')).toBe('delete.pdf');
    expect(cleanFileName('\u0001\u001f\u0080')).toBe(DEFAULT_FILE_NAME);
  });

  it('removes bidirectional marks, embeddings, overrides and isolates, and line separators', () => {
    // Shown as "invoiceexe.pdf" by a viewer that honours the override.
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    const marks = '\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029';
    expect(cleanFileName(`a${marks}b.pdf`)).toBe('ab.pdf');
    // Joiners and other format characters that are not bidirectional stay (scripts need them).
    expect(cleanFileName('क्‍ष.pdf')).toBe('क्‍ष.pdf');
  });

  it('falls back to a default for a name left empty, blank, or only a dot or two', () => {
    for (const name of ['', '   ', '\u202e', '.', '..', '\u0000\u0000']) expect(cleanFileName(name), JSON.stringify(name)).toBe(DEFAULT_FILE_NAME);
    expect(cleanFileName('', 'file 3.pdf')).toBe('file 3.pdf');
  });

  it('trims, writes NFC, and turns half a surrogate pair into U+FFFD', () => {
    expect(cleanFileName('  padded.pdf  ')).toBe('padded.pdf');
    expect(cleanFileName('Rele\u0301ve\u0301.pdf')).toBe('Rel\u00e9v\u00e9.pdf');
    expect(cleanFileName('half\ud800.pdf')).toBe('half\ufffd.pdf');
    expect(cleanFileName('\udc00x.pdf')).toBe('\ufffdx.pdf');
  });

  it('bounds a name to 255 UTF-8 bytes, keeping its extension, cut between code points', () => {
    const ascii = cleanFileName(`${'a'.repeat(300)}.pdf`);
    expect(ascii).toBe(`${'a'.repeat(251)}.pdf`);
    expect(utf8Length(ascii)).toBe(MAX_FILE_NAME_BYTES);
    // 3-byte characters: 83 fit in 251 bytes (249), the 84th would not.
    const cjk = cleanFileName(`${'書'.repeat(200)}.pdf`);
    expect(cjk).toBe(`${'書'.repeat(83)}.pdf`);
    // 4-byte characters (two UTF-16 units each) are never split.
    const emoji = cleanFileName(`${'📄'.repeat(100)}.pdf`);
    expect(emoji).toBe(`${'📄'.repeat(62)}.pdf`);
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    // A mixed name stops at the last whole character within the bound (254 bytes here: one more é is 256).
    const mixed = cleanFileName(`${'x'.repeat(10)}${'é'.repeat(126)}.pdf`);
    expect(mixed).toBe(`${'x'.repeat(10)}${'é'.repeat(120)}.pdf`);
    expect(utf8Length(mixed)).toBe(254);
    expect(cleanFileName('x'.repeat(255))).toBe('x'.repeat(255));
    expect(cleanFileName('x'.repeat(256))).toBe('x'.repeat(255));
  });

  it('treats a long tail after the last dot as part of the name, and drops spaces left at the cut', () => {
    const tail = `report.${'v'.repeat(300)}`;
    expect(cleanFileName(tail)).toBe(tail.slice(0, 255));
    expect(cleanFileName(`${'a'.repeat(250)}     ${'b'.repeat(10)}.pdf`)).toBe(`${'a'.repeat(250)}.pdf`);
  });
});
