import { describe, expect, it } from 'vitest';
import { layoutVector, UNCONFIRMED_MAX, type LearnPage } from '../../src/analyzer/learn/index.js';
import { learnedTyper } from '../../src/learning/service.js';
import type { DocumentTyper, ParsedPage } from '../../src/runs/analyzer-port.js';

/**
 * What one person's approvals teach about a layout's type (issue 37, point 8): blended in, but
 * above what confirmed examples vouch for only up to UNCONFIRMED_MAX, under the review threshold.
 */
const advice = (month: string): ParsedPage =>
  ({
    page: 1,
    width: 595,
    height: 842,
    source: 'text',
    images: [],
    lines: ['KESTREL CREWING SERVICES', 'Seafarer remittance advice', 'Crew member Sarah Whitcombe', `Rotation ${month}`, 'Allotment remitted', 'GBP 811.50'].map((text, i) => ({
      text,
      box: { x: 60, y: 50 + i * 20, w: 5.5 * text.length, h: 11 },
      confidence: 1,
    })),
  }) as unknown as ParsedPage;

/** The built-in typer as the issue met it: this layout is nothing it knows. */
const base: DocumentTyper = {
  classify: () => ({ docType: 'fallback', confidence: 0.7, runnersUp: [{ docType: 'payslip', confidence: 0.1 }] }),
  pageTypes: () => ({ fallback: 0.7, payslip: 0.1 }),
};

describe('learnedTyper', () => {
  const examples = ['03/2025', '04/2025', '05/2025'].map((m) => ({ docType: 'payslip', layout: layoutVector([advice(m) as unknown as LearnPage]) }));
  const offered = new Set(['payslip', 'fallback']);

  it('types the layout as its examples say, under the review threshold while nobody confirmed them', () => {
    const c = learnedTyper(base, examples.map((e) => ({ ...e, confirmed: false })), offered).classify([advice('06/2025')]);
    expect(c.docType).toBe('payslip');
    expect(c.confidence).toBeLessThanOrEqual(UNCONFIRMED_MAX);
  });

  it('types it surely once they are confirmed, and as confirmed ones alone vouch when some are not', () => {
    const confirmed = learnedTyper(base, examples.map((e) => ({ ...e, confirmed: true })), offered).classify([advice('06/2025')]);
    expect(confirmed).toMatchObject({ docType: 'payslip' });
    expect(confirmed.confidence).toBeGreaterThan(0.7);
    const mixed = learnedTyper(base, examples.map((e, i) => ({ ...e, confirmed: i < 2 })), offered).classify([advice('06/2025')]);
    const two = learnedTyper(base, examples.slice(0, 2).map((e) => ({ ...e, confirmed: true })), offered).classify([advice('06/2025')]);
    expect(mixed.confidence).toBe(two.confidence);
  });
});
