import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SAVED_NAME_BYTES, numberedName, sanitizeFileName, saveWithoutReplacing } from '../src/file-transfer.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('sanitizeFileName', () => {
  it('keeps an ordinary name as it is', () => {
    expect(sanitizeFileName('Jane Doe – report (final).pdf')).toBe('Jane Doe – report (final).pdf');
    expect(sanitizeFileName('Zoë Ødegård 北京.pdf')).toBe('Zoë Ødegård 北京.pdf');
  });

  it('leaves no folder part, so the name cannot climb out of its folder', () => {
    for (const name of ['../../etc/passwd.pdf', '..\\..\\Windows\\win.ini.pdf', '/etc/cron.d/x.pdf', 'C:\\Users\\x.pdf', '..', '.', '../']) {
      const clean = sanitizeFileName(name);
      expect(clean, name).not.toMatch(/[/\\]/);
      expect(clean, name).not.toMatch(/^\./);
      expect(clean, name).not.toBe('');
    }
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('_.._etc_passwd.pdf');
    expect(sanitizeFileName('..')).toBe('download');
  });

  it('replaces what Windows refuses and drops control and text-direction characters', () => {
    expect(sanitizeFileName('a<b>c:d"e|f?g*h.pdf')).toBe('a_b_c_d_e_f_g_h.pdf');
    expect(sanitizeFileName('line\nbreak\ttab\u0000nul.pdf')).toBe('linebreaktabnul.pdf');
    // U+202E would make "report\u202Efdp.exe" display as "reportexe.pdf".
    expect(sanitizeFileName('report\u202Efdp.exe')).toBe('reportfdp.exe');
  });

  it('drops leading dots and trailing dots and spaces', () => {
    expect(sanitizeFileName('.bashrc')).toBe('bashrc');
    expect(sanitizeFileName('report.pdf. . ')).toBe('report.pdf');
    expect(sanitizeFileName('   ')).toBe('download');
  });

  it('steers clear of Windows device names, with or without an extension', () => {
    for (const name of ['CON', 'con.pdf', 'Nul.pdf', 'aux', 'PRN.txt', 'COM1.pdf', 'lpt9.csv', 'COM¹.pdf', 'CON .pdf', 'conin$.pdf']) {
      expect(sanitizeFileName(name), name).toMatch(/^_/);
    }
    for (const name of ['console.pdf', 'CONTRACT.pdf', 'com10.pdf', 'auxiliary.pdf']) {
      expect(sanitizeFileName(name), name).toBe(name);
    }
  });

  it('shortens a long name to fit every file system, keeping its extension and whole characters', () => {
    const long = sanitizeFileName(`${'a'.repeat(300)}.pdf`);
    expect(long).toBe(`${'a'.repeat(MAX_SAVED_NAME_BYTES - 4)}.pdf`);
    // Three bytes each in UTF-8: cut between characters, never inside one.
    const wide = sanitizeFileName(`${'北'.repeat(120)}.pdf`);
    expect(Buffer.byteLength(wide)).toBeLessThanOrEqual(MAX_SAVED_NAME_BYTES);
    expect(wide).toBe(`${'北'.repeat(65)}.pdf`);
    const emoji = sanitizeFileName(`${'😀'.repeat(100)}.pdf`);
    expect(emoji).toBe(`${'😀'.repeat(49)}.pdf`);
    expect(emoji).not.toMatch(/\uFFFD/);
    // Still room for the number a duplicate gets.
    expect(Buffer.byteLength(numberedName(long, 999))).toBeLessThan(255);
  });
});

describe('numberedName', () => {
  it('numbers before the extension, like browsers and file managers', () => {
    expect(numberedName('report.pdf', 1)).toBe('report (1).pdf');
    expect(numberedName('archive.tar.gz', 2)).toBe('archive.tar (2).gz');
    expect(numberedName('README', 3)).toBe('README (3)');
  });
});

describe('saveWithoutReplacing', () => {
  it('creates the folder, and numbers the name when it is taken, leaving the old file alone', async () => {
    const downloads = join(dir, 'Downloads');
    expect(await saveWithoutReplacing(downloads, 'report.pdf', bytesOf('first'))).toBe(join(downloads, 'report.pdf'));
    await writeFile(join(downloads, 'report (1).pdf'), 'someone else’s');
    expect(await saveWithoutReplacing(downloads, 'report.pdf', bytesOf('second'))).toBe(join(downloads, 'report (2).pdf'));
    expect(await readFile(join(downloads, 'report.pdf'), 'utf8')).toBe('first');
    expect(await readFile(join(downloads, 'report (1).pdf'), 'utf8')).toBe('someone else’s');
    expect(await readFile(join(downloads, 'report (2).pdf'), 'utf8')).toBe('second');
  });

  it('gives saves made at the same moment a name each', async () => {
    const paths = await Promise.all(Array.from({ length: 8 }, (_, i) => saveWithoutReplacing(dir, 'same.pdf', bytesOf(`copy ${i}`))));
    expect(new Set(paths).size).toBe(8);
    const contents = await Promise.all(paths.map((p) => readFile(p, 'utf8')));
    expect(contents.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `copy ${i}`).sort());
  });

  it('does not write through a link planted under the name', async () => {
    const outside = join(dir, 'outside.txt');
    await writeFile(outside, 'keep me');
    const downloads = join(dir, 'Downloads');
    await saveWithoutReplacing(downloads, 'placeholder.pdf', bytesOf(''));
    await symlink(outside, join(downloads, 'report.pdf'));
    expect(await saveWithoutReplacing(downloads, 'report.pdf', bytesOf('new'))).toBe(join(downloads, 'report (1).pdf'));
    expect(await readFile(outside, 'utf8')).toBe('keep me');
  });

  it('gives up, with a message, when every numbered name is taken', async () => {
    await saveWithoutReplacing(dir, 'x.pdf', bytesOf('0'), 3);
    await saveWithoutReplacing(dir, 'x.pdf', bytesOf('1'), 3);
    await saveWithoutReplacing(dir, 'x.pdf', bytesOf('2'), 3);
    await expect(saveWithoutReplacing(dir, 'x.pdf', bytesOf('3'), 3)).rejects.toThrow(/already 3 files named like “x.pdf”/);
    expect((await readdir(dir)).sort()).toEqual(['x (1).pdf', 'x (2).pdf', 'x.pdf']);
  });

  it('refuses a name with a folder part should a caller skip the sanitizer', async () => {
    await expect(saveWithoutReplacing(join(dir, 'Downloads'), '../escaped.pdf', bytesOf('x'))).rejects.toThrow(/not a file name/);
    expect(await readdir(dir)).toEqual(['Downloads']);
  });
});
