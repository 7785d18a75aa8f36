import { describe, expect, it } from 'vitest';
import { catalogChain, mergeChain } from '../src/library/chain.js';

describe('catalogChain', () => {
  const parents = new Map<string, string | null>([
    ['generic', null],
    ['finance', 'generic'],
    ['mortgages', 'finance'],
  ]);

  it('walks from the marked catalogue down to generic, answering root first', () => {
    expect(catalogChain('mortgages', parents)).toEqual(['generic', 'finance', 'mortgages']);
    expect(catalogChain('generic', parents)).toEqual(['generic']);
  });

  it('falls back to the root when the marked catalogue is not available', () => {
    expect(catalogChain('withdrawn', parents)).toEqual(['generic']);
  });

  it('ends in the root even when a catalogue forgets its parent, and stops at a cycle', () => {
    expect(catalogChain('orphan', new Map([...parents, ['orphan', null]]))).toEqual(['generic', 'orphan']);
    const cyclic = new Map<string, string | null>([['generic', null], ['a', 'b'], ['b', 'a']]);
    expect(catalogChain('a', cyclic)).toEqual(['generic', 'b', 'a']);
  });
});

describe('mergeChain', () => {
  it('lets the more specific layer win by docType, keeping the root’s order', () => {
    const merged = mergeChain([
      { layer: 'generic', entries: [{ docType: 'passport', n: 1 }, { docType: 'payslip', n: 1 }] },
      { layer: 'finance', entries: [{ docType: 'credit-report', n: 2 }, { docType: 'payslip', n: 3 }] },
      { layer: 'custom', entries: [{ docType: 'passport', n: 4 }] },
    ]);
    expect(merged).toEqual([
      { docType: 'passport', n: 4, definedIn: 'custom' },
      { docType: 'payslip', n: 3, definedIn: 'finance' },
      { docType: 'credit-report', n: 2, definedIn: 'finance' },
    ]);
  });
});
