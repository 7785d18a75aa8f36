/**
 * Bounded work on the reading path (issue 37): what an applicant's file holds is parsed in time
 * linear in its size, and the e-invoice XML reader refuses tags, attribute values and attribute
 * lists past its caps. Linearity is shown as a ratio measured in the same test: parsing 10n
 * characters may take about 10× parsing n (a generous 40× is allowed for a busy machine), where
 * the quadratic readers these tests were written against took 100× and more (and minutes).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_XML_LIMITS, einvoiceFromFiles, parseXml, XmlError } from '../../src/analyzer/einvoice/index.js';
import { addressParser, isPostcodeLine, type Parser } from '../../src/analyzer/extract/engine.js';
import { surveyStreams } from '../../src/analyzer/pdf/stream-guard.js';
import { scanActiveContent } from '../../src/applications/active-content-scan.mjs';

/** The fastest of a few runs, in ms: the least disturbed by the machine's other work. */
function timeOf(fn: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** Time of n against 10n: linear work stays near 10, quadratic near 100. */
function growth(make: (n: number) => string, run: (input: string) => unknown, n: number): { small: number; large: number; ratio: number } {
  const a = make(n);
  const b = make(10 * n);
  run(a); // warm up the code path before timing it
  const small = Math.max(timeOf(() => run(a)), 0.5);
  const large = timeOf(() => run(b));
  return { small, large, ratio: large / small };
}

const UNCAPPED = { maxChars: Infinity, maxTagChars: Infinity, maxAttrValueChars: Infinity, maxAttrs: Infinity };
const attempt = (src: string, limits = UNCAPPED) => {
  try {
    return parseXml(src, limits);
  } catch (e) {
    if (e instanceof XmlError) return e;
    throw e;
  }
};

describe('the e-invoice XML reader', () => {
  it('reads a start tag in time linear in its length, whatever its shape (caps lifted, the scan alone)', () => {
    const shapes: [string, (n: number) => string][] = [
      // The file: `<rsm:ExchangedDocument ` and a run of name characters with no `=`.
      ['a run of name characters', (n) => `<rsm:ExchangedDocument ${'b'.repeat(n)}>`],
      ['a run of white space before no =', (n) => `<a b${' '.repeat(n)}>`],
      ['names and = with no quote', (n) => `<a ${'b='.repeat(n / 2)}>`],
      ['many well-formed attributes', (n) => `<a ${Array.from({ length: n / 8 }, (_, i) => `a${i}="v" `).join('')}/>`],
    ];
    for (const [shape, make] of shapes) {
      const { small, large, ratio } = growth(make, (s) => attempt(s), 100_000);
      expect(ratio, `${shape}: ${small.toFixed(1)} ms for 100k characters, ${large.toFixed(1)} ms for 1M`).toBeLessThan(40);
    }
  });

  it('refuses the issue’s 1,000,000-character tag by its cap at once, and says why', () => {
    const hostile = `<?xml version="1.0"?><rsm:CrossIndustryInvoice><rsm:ExchangedDocument ${'b'.repeat(1_000_000)}></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;
    let error: unknown;
    const ms = timeOf(() => {
      try {
        parseXml(hostile);
      } catch (e) {
        error = e;
      }
    }, 1);
    expect(error).toBeInstanceOf(XmlError);
    expect((error as Error).message).toBe(`a start tag longer than ${DEFAULT_XML_LIMITS.maxTagChars} characters`);
    expect(ms).toBeLessThan(1_000);
    // In a PDF it is a note on the reading, never a failed file.
    const scan = einvoiceFromFiles([{ name: 'factur-x.xml', content: new TextEncoder().encode(hostile) }]);
    expect(scan.einvoice).toBeUndefined();
    expect(scan.notes).toEqual([expect.stringMatching(/factur-x\.xml could not be read as an e-invoice: a start tag longer than 65536 characters/)]);
  });

  it('caps a tag’s length, an attribute value’s length and the attributes of an element, each configurable', () => {
    const ok = '<a x="1" y=\'2\'\n z = "3"/>';
    expect(parseXml(ok)).toMatchObject({ name: 'a', attrs: { x: '1', y: '2', z: '3' } });
    expect(() => parseXml(`<a x="${'v'.repeat(200)}"/>`, { maxTagChars: 100 })).toThrow(/start tag longer than 100 characters/);
    expect(() => parseXml(`<a>1</${'a'.repeat(200)}>`, { maxTagChars: 100 })).toThrow(/end tag longer than 100 characters/);
    expect(() => parseXml(`<a x="${'v'.repeat(DEFAULT_XML_LIMITS.maxAttrValueChars + 1)}"/>`)).toThrow(/value of attribute x is longer than 16384 characters/);
    expect(parseXml(`<a x="${'v'.repeat(DEFAULT_XML_LIMITS.maxAttrValueChars)}"/>`).attrs.x).toHaveLength(DEFAULT_XML_LIMITS.maxAttrValueChars);
    expect(() => parseXml(`<a x="12345"/>`, { maxAttrValueChars: 4 })).toThrow(/longer than 4 characters/);
    const attrs = (k: number) => `<a ${Array.from({ length: k }, (_, i) => `a${i}="v"`).join(' ')}/>`;
    expect(Object.keys(parseXml(attrs(DEFAULT_XML_LIMITS.maxAttrs)).attrs)).toHaveLength(DEFAULT_XML_LIMITS.maxAttrs);
    expect(() => parseXml(attrs(DEFAULT_XML_LIMITS.maxAttrs + 1))).toThrow(/more than 256 attributes/);
    expect(() => parseXml(attrs(3), { maxAttrs: 2 })).toThrow(/more than 2 attributes/);
  });

  it('refuses malformed attributes, as XML does, instead of skipping to something that looks like one', () => {
    expect(() => parseXml('<a b/>')).toThrow(/attribute b has no value/);
    expect(() => parseXml('<a b=c/>')).toThrow(/not quoted/);
    expect(() => parseXml('<a x="1"y="2"/>')).toThrow(/separated by white space/);
    expect(() => parseXml('<a 1="2"/>')).toThrow(/malformed attribute/);
    // Namespaced attributes keep their local name, as elements do.
    expect(parseXml('<a xmlns:ram="urn:x" ram:format="102"/>').attrs).toEqual({ ram: 'urn:x', format: '102' });
  });
});

describe('the PDF stream guard', () => {
  it('surveys a file of many streams in time linear in its size', () => {
    const shapes: [string, (n: number) => string][] = [
      // Image dictionaries with no endstream: each stream's end was looked for to the file's end.
      ['image streams with no end', (n) => '<</Subtype/Image>>stream\n'.repeat(n / 25)],
      // No `obj` anywhere: it was looked for back to the file's start, and a 64 KB window read, for each stream.
      ['bare streams without obj', (n) => '<<>>stream\nendstream\n'.repeat(n / 21)],
      // Unclosed filter arrays: each was read to the end of its dictionary.
      ['unclosed filter arrays', (n) => `1 0 obj <<${'/Filter ['.repeat(n / 9)}>>stream\nendstream\n`],
    ];
    for (const [shape, make] of shapes) {
      const { small, large, ratio } = growth(make, (s) => surveyStreams(Buffer.from(s, 'latin1')), 100_000);
      expect(ratio, `${shape}: ${small.toFixed(1)} ms for 100 KB, ${large.toFixed(1)} ms for 1 MB`).toBeLessThan(40);
    }
  });
});

describe('the active-content scan of an upload', () => {
  it('reads a file of many small streams in time linear in its size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scan-'));
    try {
      const timed = async (n: number) => {
        const path = join(dir, `${n}.pdf`);
        await writeFile(path, `%PDF-1.7\n${'<<>>stream\nx\nendstream\n'.repeat(n)}`, 'latin1');
        await scanActiveContent(path);
        let best = Infinity;
        for (let i = 0; i < 3; i++) {
          const t = performance.now();
          await scanActiveContent(path);
          best = Math.min(best, performance.now() - t);
        }
        return Math.max(best, 0.5);
      };
      const small = await timed(20_000);
      const large = await timed(200_000);
      expect(large / small, `${small.toFixed(1)} ms for 20,000 streams, ${large.toFixed(1)} ms for 200,000`).toBeLessThan(40);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

/** The address reader looks at the text alone: the line it came from does not matter here. */
const readAddress = (text: string) => (addressParser as (text: string) => ReturnType<Parser<string>>)(text);

describe('field readers run on the server’s main thread', () => {
  it('reads an address after labelled references in time linear in the line, however many pairs it has', () => {
    // Ten `label: value` pairs with runs of spaces and no street number after them took hours.
    const line = (n: number) => `aaa: b${'          ccc: d'.repeat(n / 15)} x`;
    const { small, large, ratio } = growth(line, (s) => readAddress(s), 3_000);
    expect(ratio, `${small.toFixed(1)} ms, then ${large.toFixed(1)} ms`).toBeLessThan(40);
    expect(readAddress('Référence acheminement : 98765 12 Avenue Foch 75116 Paris')).toBe('12 Avenue Foch 75116 Paris');
  });

  it('does not take a long line for a postcode line (its pattern costs the length cubed)', () => {
    expect(isPostcodeLine('10115 Berlin')).toBe(true);
    const long = `10115 A${'-'.repeat(20_000)}!`;
    expect(timeOf(() => isPostcodeLine(long), 1)).toBeLessThan(100);
    expect(isPostcodeLine(long)).toBe(false);
  });
});
