import { describe, expect, it } from 'vitest';
import {
  amountsIn,
  anchorOf,
  blendTypes,
  checkValue,
  cosine,
  datesIn,
  layoutVector,
  locateValue,
  mergeLearned,
  UNCONFIRMED_MAX,
  readLearned,
  typeVote,
  type FieldAnchor,
  type LearnPage,
} from '../../src/analyzer/learn/index.js';

/** A page of lines placed as given (x, y in points), boxes as wide as the text roughly is. */
const page = (lines: [string, number, number][], n = 1): LearnPage => ({
  page: n,
  width: 595,
  height: 842,
  lines: lines.map(([text, x, y]) => ({ text, box: { x, y, w: 5.5 * text.length, h: 11 } })),
});

/** A made-up issuer's layout: labels the base reader does not know, values beside, under and after them. */
const remittance = (o: { name: string; month: string; paid: string; net: string; gross: string }) =>
  page([
    ['KESTREL CREWING SERVICES', 60, 50],
    ['Seafarer remittance advice', 60, 68],
    ['Crew member', 60, 110],
    [o.name, 200, 110],
    ['Vessel MV Northern Tern   Voyage 118', 60, 128],
    [`Rotation ${o.month}`, 60, 146],
    ['Wages earned at sea', 60, 180],
    [o.gross, 300, 180],
    ['Allotment remitted', 60, 210],
    [`GBP ${o.net}`, 60, 224],
    [`Remitted on ${o.paid}`, 60, 260],
  ]);
const a = remittance({ name: 'Sarah Whitcombe', month: '03/2025', paid: '14/04/2025', net: '2,940.00', gross: '3,410.00' });
const b = remittance({ name: 'Sarah Whitcombe', month: '04/2025', paid: '14/05/2025', net: '3,015.50', gross: '3,480.00' });
const c = remittance({ name: 'Tomasz Nowak', month: '05/2025', paid: '13/06/2025', net: '2,870.25', gross: '3,300.00' });
const water = page([
  ['Severn Vale Water', 60, 50],
  ['Your water bill', 60, 70],
  ['Customer: Sarah Whitcombe', 60, 90],
  ['Bill date 3 May 2025', 60, 110],
  ['Amount due 84.20', 60, 130],
]);
const payslip = { employeeName: { type: 'name' }, payDate: { type: 'date' }, grossPay: { type: 'money' }, netPay: { type: 'money' } };
const gbp = (amount: string) => ({ amount, currency: 'GBP' });

describe('learn: values as people give them and pages print them', () => {
  it('checks a corrected value against its field type, normalising money amounts given as numbers', () => {
    expect(checkValue({ type: 'date' }, '2025-04-14')).toEqual({ value: '2025-04-14' });
    expect(checkValue({ type: 'date' }, '2025-02-30')).toHaveProperty('error');
    expect(checkValue({ type: 'date' }, '14/04/2025')).toHaveProperty('error');
    expect(checkValue({ type: 'money' }, { amount: 2940, currency: 'GBP' })).toEqual({ value: gbp('2940.00') });
    expect(checkValue({ type: 'money' }, { amount: '2,940', currency: 'GBP' })).toHaveProperty('error');
    expect(checkValue({ type: 'money' }, { amount: '1.00', currency: 'gbp' })).toHaveProperty('error');
    expect(checkValue({ type: 'money' }, { amount: '1.00', currency: 'GBP', note: 'x' })).toHaveProperty('error');
    expect(checkValue({ type: 'name' }, '  Sarah   Whitcombe ')).toEqual({ value: 'Sarah Whitcombe' });
    expect(checkValue({ type: 'text' }, '   ')).toHaveProperty('error');
    expect(checkValue({ type: 'text' }, 12)).toHaveProperty('error');
    expect(checkValue({ type: 'enum', options: ['A', 'B'] }, 'B')).toEqual({ value: 'B' });
    expect(checkValue({ type: 'enum', options: ['A', 'B'] }, 'C')).toHaveProperty('error');
    expect(checkValue({ type: 'number' }, 3)).toEqual({ value: 3 });
    expect(checkValue({ type: 'boolean' }, 'yes')).toHaveProperty('error');
    expect(checkValue({ type: 'text', multiple: true }, ['Ann Lee', 'Bo Lee'])).toEqual({ value: ['Ann Lee', 'Bo Lee'] });
    expect(checkValue({ type: 'text', multiple: true }, 'Ann Lee')).toHaveProperty('error');
  });

  it('finds dates and amounts in printed lines', () => {
    expect(datesIn('Remitted on 14/04/2025').map((d) => [d.value, d.order])).toEqual([['2025-04-14', 'dmy']]);
    expect(datesIn('03/04/2025').map((d) => d.value)).toEqual(['2025-04-03', '2025-03-04']);
    expect(datesIn('Paid 3rd May 2025, due June 1, 2025').map((d) => d.value)).toEqual(['2025-05-03', '2025-06-01']);
    expect(amountsIn('GBP 2,940.00').map((m) => m.value)).toEqual([gbp('2940.00')]);
    expect(amountsIn('Saldo 2.940,00 €').map((m) => m.value)).toEqual([{ amount: '2940.00', currency: 'EUR' }]);
    expect(locateValue([water], { type: 'money' }, gbp('84.20'))).toEqual({ page: 0, line: 4 });
    expect(locateValue([water], { type: 'name' }, 'sarah whitcombe')).toEqual({ page: 0, line: 2 });
    expect(locateValue([water], { type: 'date' }, '2025-05-04')).toBeNull();
  });
});

describe('learn: layouts', () => {
  it('two documents of one layout are close whatever their values; another layout is far', () => {
    expect(cosine(layoutVector([a]), layoutVector([c]))).toBeGreaterThan(0.85);
    expect(cosine(layoutVector([a]), layoutVector([water]))).toBeLessThan(0.4);
    expect(cosine(layoutVector([a]), layoutVector([a]))).toBeCloseTo(1, 3);
  });

  it('types: neighbours of the same layout carry the reviewers’ type, more surely with more examples; other layouts are left alone', () => {
    const one = [{ docType: 'payslip', layout: layoutVector([a]) }];
    const two = [...one, { docType: 'payslip', layout: layoutVector([b]) }];
    const base = { fallback: 0.27, 'company-registration-certificate': 0.11, payslip: 0.1 };
    const v1 = typeVote(layoutVector([c]), one)!;
    const v2 = typeVote(layoutVector([c]), two)!;
    expect(v1.docType).toBe('payslip');
    expect(v2.weight).toBeGreaterThan(v1.weight);
    const blended = blendTypes(base, v2);
    expect(Object.entries(blended).sort((x, y) => y[1] - x[1])[0]![0]).toBe('payslip');
    expect(blended.payslip).toBeGreaterThan(0.6);
    expect(typeVote(layoutVector([water]), two)).toBeNull();
    expect(blendTypes(base, null)).toEqual(base);
    // A type the organization's catalogue does not offer is not voted for.
    expect(typeVote(layoutVector([c]), two, new Set(['utility-bill']))).toBeNull();
  });

  it('types: neighbours that disagree weigh less than neighbours that agree', () => {
    const split = [
      { docType: 'payslip', layout: layoutVector([a]) },
      { docType: 'bank-statement', layout: layoutVector([b]) },
    ];
    const agree = [
      { docType: 'payslip', layout: layoutVector([a]) },
      { docType: 'payslip', layout: layoutVector([b]) },
    ];
    expect(typeVote(layoutVector([c]), split)!.weight).toBeLessThan(typeVote(layoutVector([c]), agree)!.weight);
  });
});

describe('learn: fields', () => {
  const anchorsFrom = (pages: LearnPage, values: Record<string, unknown>, reader: Record<string, unknown> = {}) =>
    Object.entries(values)
      .map(([field, value]) => anchorOf([pages], { docType: 'payslip', field, spec: payslip[field as keyof typeof payslip], value, readerValue: reader[field] }))
      .filter((x): x is FieldAnchor => x !== null);

  it('an anchor is the label the value follows, sits beside or under, and where it sits', () => {
    const [name, paid, gross, net] = anchorsFrom(a, { employeeName: 'Sarah Whitcombe', payDate: '2025-04-14', grossPay: gbp('3410.00'), netPay: gbp('2940.00') });
    expect(name).toMatchObject({ label: ['crew', 'member'], relation: 'right', readerWrong: true });
    expect(paid).toMatchObject({ label: ['remitted', 'on'], relation: 'inline', order: 'dmy' });
    expect(gross).toMatchObject({ label: ['wages', 'earned', 'at', 'sea'], relation: 'right' });
    expect(net).toMatchObject({ label: ['allotment', 'remitted'], relation: 'below', currency: 'GBP' });
    // A value the page does not print teaches nothing about where to read it.
    expect(anchorOf([a], { docType: 'payslip', field: 'netPay', spec: { type: 'money' }, value: gbp('1.00'), readerValue: undefined })).toBeNull();
    expect(anchorsFrom(a, { netPay: gbp('2940.00') }, { netPay: gbp('2940.00') })[0]!.readerWrong).toBe(false);
  });

  it('reads a new document of the layout at the anchors, surer with more agreeing examples, and nothing on another layout or type', () => {
    const one = anchorsFrom(a, { employeeName: 'Sarah Whitcombe', payDate: '2025-04-14', grossPay: gbp('3410.00'), netPay: gbp('2940.00') });
    const two = [...one, ...anchorsFrom(b, { employeeName: 'Sarah Whitcombe', payDate: '2025-05-14', grossPay: gbp('3480.00'), netPay: gbp('3015.50') })];
    const r1 = readLearned([c], 'payslip', payslip, one);
    const r2 = readLearned([c], 'payslip', payslip, two);
    expect(Object.fromEntries(Object.entries(r2).map(([k, v]) => [k, v.value]))).toEqual({
      employeeName: 'Tomasz Nowak',
      payDate: '2025-06-13',
      grossPay: gbp('3300.00'),
      netPay: gbp('2870.25'),
    });
    expect(r2.netPay).toMatchObject({ page: 1, line: 9, examples: 2, readerWrong: true });
    expect(r2.netPay!.confidence).toBeGreaterThan(r1.netPay!.confidence);
    expect(r1.netPay!.confidence).toBeGreaterThan(0.5);
    expect(readLearned([water], 'payslip', payslip, two)).toEqual({});
    expect(readLearned([c], 'bank-statement', payslip, two)).toEqual({});
  });

  it('falls back to where the value sat when its label is gone', () => {
    const anchors = anchorsFrom(a, { netPay: gbp('2940.00') });
    const relabelled = { ...c, lines: c.lines.map((l) => (l.text === 'Allotment remitted' ? { ...l, text: 'Amount sent home' } : l)) };
    const r = readLearned([relabelled], 'payslip', payslip, anchors);
    expect(r.netPay?.value).toEqual(gbp('2870.25'));
    expect(r.netPay!.confidence).toBeLessThan(readLearned([c], 'payslip', payslip, anchors).netPay!.confidence);
  });

  it('merging: a confirmed learned value fills a miss, replaces a value the reader gets wrong on the layout, and leaves the rest; the readings it overrules are kept', () => {
    const base = { employerName: { value: 'KESTREL CREWING SERVICES', confidence: 0.81, page: 1, line: 0 }, netPay: { value: gbp('118.00'), confidence: 0.9, page: 1, line: 4 } };
    const learned = {
      netPay: { value: gbp('2870.25'), confidence: 0.8, page: 1, line: 9, examples: 2, readerWrong: true, from: ['lex_1', 'lex_2'], confirmed: true },
      payDate: { value: '2025-06-13', confidence: 0.8, page: 1, line: 10, examples: 2, readerWrong: true, from: ['lex_3', 'lex_4'], confirmed: true },
    };
    const merged = mergeLearned(base, learned);
    expect(merged.fields.employerName).toEqual(base.employerName);
    expect(merged.fields.netPay).toEqual({ value: gbp('2870.25'), confidence: 0.8, page: 1, line: 9 });
    expect(merged.fields.payDate!.value).toBe('2025-06-13');
    expect(merged.learned).toEqual({ netPay: { examples: 2, confirmed: true, from: ['lex_1', 'lex_2'] }, payDate: { examples: 2, confirmed: true, from: ['lex_3', 'lex_4'] } });
    // The reader stood behind 118.00 (0.9): the learned value wins, confirmed, but not silently.
    expect(merged.disputed).toEqual({ netPay: { value: gbp('118.00'), confidence: 0.9, page: 1, line: 4, by: 'reader' } });
    // Examples that found the reader right do not overrule a surer reading; the disagreement is kept.
    const right = mergeLearned(base, { netPay: { ...learned.netPay, readerWrong: false } });
    expect(right.fields.netPay).toEqual(base.netPay);
    expect(right.disputed.netPay).toMatchObject({ value: gbp('2870.25'), by: 'learned', examples: 2, confirmed: true });
  });

  it('merging: what unconfirmed examples read is under the review threshold, and never overrules a reading the reader stands behind', () => {
    const base = { employeeName: { value: 'Sarah Whitcombe', confidence: 0.92, page: 1, line: 2 }, netPay: { value: gbp('118.00'), confidence: 0.55, page: 1, line: 4 } };
    const one = (value: unknown, line: number) => ({ value, confidence: 0.85, page: 1, line, examples: 1, readerWrong: true, from: ['lex_9'], confirmed: false });
    const merged = mergeLearned(base, { employeeName: one('Clinical Services', 3), netPay: one(gbp('811.50'), 9), payDate: one('2025-06-13', 10) });
    // A miss filled, at 0.6 at most: shown, marked for review.
    expect(merged.fields.payDate).toEqual({ value: '2025-06-13', confidence: UNCONFIRMED_MAX, page: 1, line: 10 });
    expect(UNCONFIRMED_MAX).toBeLessThan(0.7);
    // A reading the reader was unsure of (0.55) is replaced, and kept beside.
    expect(merged.fields.netPay).toMatchObject({ value: gbp('811.50'), confidence: UNCONFIRMED_MAX });
    expect(merged.disputed.netPay).toMatchObject({ value: gbp('118.00'), by: 'reader' });
    // One the reader stands behind (0.92) stays; the learned reading is kept beside it, and the field needs review.
    expect(merged.fields.employeeName).toEqual(base.employeeName);
    expect(merged.disputed.employeeName).toEqual({ value: 'Clinical Services', confidence: UNCONFIRMED_MAX, page: 1, line: 3, by: 'learned', examples: 1, confirmed: false });
    expect(Object.keys(merged.learned).sort()).toEqual(['netPay', 'payDate']);
    expect(merged.learned.payDate).toEqual({ examples: 1, confirmed: false, from: ['lex_9'] });
  });
});
