import { describe, expect, it } from 'vitest';
import { renumber } from '../../src/research/engines.js';
import type { Citation } from '../../src/research/types.js';

const cite = (line: number): Citation => ({ address: 'f:p1-1', fileId: 'f', page: 1, line, quote: `line ${line}` });

describe('renumber', () => {
  it('numbers the markers for the citations kept and removes those of dropped ones', () => {
    const [a, b, c] = [cite(1), cite(2), cite(3)];
    expect(renumber('Net pay GBP 10 [1]; rent GBP 5 [2]; tax GBP 1 [3].', [a!, b!, c!], [a!, c!])).toBe('Net pay GBP 10 [1]; rent GBP 5; tax GBP 1 [2].');
    expect(renumber('Both [1][2].', [a!, b!], [b!])).toBe('Both [1].');
    // A duplicate collapsed by the check points at the citation of its line.
    expect(renumber('Twice [1] and [2].', [a!, { ...a! }], [a!])).toBe('Twice [1] and [1].');
  });
});
