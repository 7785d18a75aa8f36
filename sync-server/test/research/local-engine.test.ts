import { describe, expect, it } from 'vitest';
import { checkCitations, NO_EVIDENCE_ANSWER } from '../../src/research/citations.js';
import { LocalResearchEngine, YES_NO_DISCLAIMER, formatValue } from '../../src/research/local/local-engine.js';
import { analyze, buildIndex, expandQuery, search, stem } from '../../src/research/local/retrieval.js';
import type { CaseCorpus, CaseDocument, CaseLine, ResearchAnswer, ResearchQuestion } from '../../src/research/types.js';

const pageLines = (fileId: string, page: number, address: string | null, texts: string[]): CaseLine[] =>
  texts.map((text, line) => ({ address, fileId, page, line, text }));

const money = (amount: string) => ({ amount, currency: 'GBP' });

function corpus(): CaseCorpus {
  const lines = [
    ...pageLines('f-pay', 1, 'f-pay:p1-1', [
      'ACME TRADING LTD',
      'Payslip',
      'Employee: Jane Q Doe',
      'Pay date: 28/02/2025',
      'Gross pay £3,000.00',
      'Income tax £400.00',
      'National Insurance £254.33',
      'Net pay',
      '£2,345.67',
    ]),
    ...pageLines('f-pay2', 1, 'f-pay2:p1-1', ['ACME TRADING LTD', 'Payslip', 'Pay date: 31/01/2025', 'Gross pay £3,060.00', 'Net pay £2,400.00']),
    ...pageLines('f-bank', 1, 'f-bank:p1-2', [
      'Northern Bank plc',
      'Statement of account',
      'Account holder: Jane Doe',
      'Period 01/02/2025 to 28/02/2025',
      'Date Description Money out Money in Balance',
      '01 Feb Opening balance 1,020.00',
      '01 Feb DIRECT DEBIT CITY COUNCIL TAX 150.00 870.00',
      '03 Feb CARD PAYMENT TESCO STORES 45.10 824.90',
      '05 Feb DIRECT DEBIT HALIFAX MORTGAGE 950.00 -125.10',
    ]),
    ...pageLines('f-bank', 2, 'f-bank:p1-2', [
      '12 Feb DIRECT DEBIT OCTOPUS ENERGY 85.00 -210.10',
      '28 Feb BACS ACME TRADING LTD SALARY 2,345.67 2,135.57',
      '28 Feb Closing balance 2,135.57',
    ]),
    ...pageLines('f-id', 1, 'f-id:p1-1', [
      'PASSPORT',
      'Surname / Nom',
      'DOE',
      'Given names / Prénoms',
      'JANE QUINN',
      'Date of birth / Date de naissance',
      '14 MAR /MARS 85',
      'Date of expiry / Date d’expiration',
      '02 JUN /JUIN 31',
      'P<GBRDOE<<JANE<QUINN<<<<<<<<<<<<<<<<<<<<<<<<<',
    ]),
  ];
  const kv = (field: string, label: string, value: unknown, fileId: string, page: number, line: number) => ({
    field,
    label,
    value,
    confidence: 0.9,
    fileId,
    page,
    line,
  });
  const documents: CaseDocument[] = [
    {
      address: 'f-pay:p1-1',
      title: 'Payslip February 2025',
      docType: 'payslip',
      docTypeName: 'payslip',
      keyData: [
        kv('employeeName', 'employee name', 'Jane Q Doe', 'f-pay', 1, 2),
        kv('employerName', 'employer name', 'ACME TRADING LTD', 'f-pay', 1, 0),
        kv('payDate', 'pay date', '2025-02-28', 'f-pay', 1, 3),
        kv('grossPay', 'gross pay', money('3000.00'), 'f-pay', 1, 4),
        kv('netPay', 'net pay', money('2345.67'), 'f-pay', 1, 8),
      ],
    },
    {
      address: 'f-pay2:p1-1',
      title: 'Payslip January 2025',
      docType: 'payslip',
      docTypeName: 'payslip',
      keyData: [kv('netPay', 'net pay', money('2400.00'), 'f-pay2', 1, 4), kv('payDate', 'pay date', '2025-01-31', 'f-pay2', 1, 2)],
    },
    {
      address: 'f-bank:p1-2',
      title: 'Northern Bank statement',
      docType: 'bank-statement',
      docTypeName: 'bank statement',
      keyData: [
        kv('accountHolder', 'account holder', 'Jane Doe', 'f-bank', 1, 2),
        kv('openingBalance', 'opening balance', money('1020.00'), 'f-bank', 1, 5),
        kv('closingBalance', 'closing balance', money('2135.57'), 'f-bank', 2, 2),
      ],
    },
    {
      address: 'f-id:p1-1',
      title: 'Passport',
      docType: 'passport',
      docTypeName: 'passport',
      keyData: [
        kv('fullName', 'full name', 'Jane Quinn Doe', 'f-id', 1, 4),
        kv('dateOfBirth', 'date of birth', '1985-03-14', 'f-id', 1, 6),
        kv('expiryDate', 'expiry date', '2031-06-02', 'f-id', 1, 8),
      ],
    },
  ];
  return { applicantName: 'Jane Doe', lines, documents };
}

const lookupOf = (c: CaseCorpus) => {
  const byKey = new Map(c.lines.map((l) => [`${l.fileId}|${l.page}|${l.line}`, l.text]));
  return (fileId: string, page: number, line: number) => byKey.get(`${fileId}|${page}|${line}`);
};

const INCOME: ResearchQuestion = {
  prompt: 'What is the applicant’s regular net monthly income, and from which sources?',
  answerType: 'amount',
  guidance: 'Use the most recent payslips and the bank statements that show the salary credits. Give gross and net where shown.',
};
const OUTGOINGS: ResearchQuestion = {
  prompt: 'What are the applicant’s committed monthly outgoings?',
  answerType: 'list',
  guidance: 'List each recurring debit on the bank statements: rent or mortgage, loan and credit card repayments, utilities and council tax.',
};
const BOAT: ResearchQuestion = { prompt: 'Does the applicant own a boat?', answerType: 'yes-no' };

const at = (a: ResearchAnswer, fileId: string, page: number, line: number) =>
  a.citations.findIndex((c) => c.fileId === fileId && c.page === page && c.line === line);

describe('retrieval', () => {
  it('folds, stems, drops stopwords and keeps amounts and dates', () => {
    expect(analyze('The Salaries PAID, Prénoms; earnings of £2,345.67 on 12/03/2025')).toEqual([
      'salary',
      'paid',
      'prenom',
      'earn',
      '2345.67',
      '12/03/2025',
    ]);
    expect(stem('debits')).toBe('debit');
    expect(stem('credited')).toBe('credit');
    expect(stem('addresses')).toBe('address');
  });

  it('weighs the prompt over its synonyms and the guidance', () => {
    const terms = expandQuery({ prompt: 'What is the net income?', guidance: 'Cite the payslip.' }, []);
    const w = new Map(terms.map((t) => [t.term, t.weight]));
    expect(w.get('income')).toBe(1);
    expect(w.get('salary')).toBeGreaterThan(0);
    expect(w.get('salary')).toBeLessThan(1);
    expect(w.get('payslip')).toBeGreaterThan(0);
    expect(w.get('payslip')).toBeLessThan(w.get('salary') ?? 0);
    expect(w.has('what')).toBe(false);
    expect(expandQuery({ prompt: 'date of birth?' }, []).map((t) => t.term)).toEqual(expect.arrayContaining(['dob', 'born']));
  });

  it('brings up the value printed on the line below its label', () => {
    const lines = pageLines('f', 1, null, [
      'Employer reference 12',
      'Date of birth',
      '14 MAR 85',
      'Place of issue',
      'London',
      'Issued on 03 JAN 2020',
    ]);
    const hits = search(buildIndex(lines), expandQuery({ prompt: 'What is the date of birth?' }, []), 10);
    expect(hits.map((h) => h.line).slice(0, 2)).toEqual([1, 2]);
    expect(hits.every((h, i) => i === 0 || h.score <= (hits[i - 1]?.score ?? 0))).toBe(true);
    // "London" is two lines from the label: no context reaches it.
    expect(hits.some((h) => h.line === 4)).toBe(false);
  });

  it('breaks score ties by case order', () => {
    const lines = [...pageLines('b', 1, 'b', ['gift letter']), ...pageLines('a', 1, 'a', ['gift letter'])];
    const hits = search(buildIndex(lines), [{ term: 'gift', weight: 1 }], 5);
    expect(hits.map((h) => h.fileId)).toEqual(['b', 'a']);
    expect(hits[0]?.score).toBe(hits[1]?.score);
  });
});

describe('LocalResearchEngine', () => {
  it('answers the income question with the payslips’ net pay, each cited to its line', async () => {
    const c = corpus();
    const a = await new LocalResearchEngine().answer(INCOME, c);
    const net = at(a, 'f-pay', 1, 8);
    expect(net).toBeGreaterThanOrEqual(0);
    expect(a.citations[net]?.quote).toBe('£2,345.67');
    expect(a.answer).toContain(`Net pay GBP 2,345.67 [${net + 1}]`);
    expect(a.answer).toContain(`Net pay GBP 2,400.00 [${at(a, 'f-pay2', 1, 4) + 1}]`);
    expect(a.answer).toContain('Gross pay GBP 3,000.00');
    // (2345.67 + 2400.00) / 2 = 2372.835, rounded to the penny.
    expect(a.answer).toContain('Average net pay of 2 payslips (arithmetic on the figures above): GBP 2,372.84');
    // The salary credit repeating the net pay comes up from the statement.
    expect(at(a, 'f-bank', 2, 1)).toBeGreaterThanOrEqual(0);
    expect(a.answer).not.toContain('2,135.57 [');
    expect(a.citations.some((x) => x.fileId === 'f-id')).toBe(false);
  });

  it('cites only quotes that the citation checker finds on their lines', async () => {
    const c = corpus();
    const engine = new LocalResearchEngine();
    for (const q of [INCOME, OUTGOINGS, { prompt: 'What is the applicant’s date of birth?' }, { prompt: 'Full name and address?' }]) {
      const a = await engine.answer(q, c);
      expect(a.citations.length).toBeGreaterThan(0);
      const checked = checkCitations(a.citations, lookupOf(c));
      expect(checked.dropped).toBe(0);
      expect(checked.valid).toEqual(a.citations);
      for (const n of a.citations.keys()) expect(a.answer).toContain(`[${n + 1}]`);
    }
  });

  it('finds the direct debits for the outgoings question', async () => {
    const c = corpus();
    const a = await new LocalResearchEngine().answer(OUTGOINGS, c);
    for (const [page, line] of [[1, 6], [1, 8], [2, 0]] as const) {
      const i = at(a, 'f-bank', page, line);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(a.answer).toContain(`“${c.lines.find((l) => l.fileId === 'f-bank' && l.page === page && l.line === line)?.text}” [${i + 1}]`);
    }
    expect(a.answer).toContain('Lines that bear on the question:');
  });

  it('states the identity document’s date of birth', async () => {
    const a = await new LocalResearchEngine().answer({ prompt: 'What is the applicant’s date of birth?', answerType: 'date' }, corpus());
    const i = at(a, 'f-id', 1, 6);
    // The document by its title, as the case page lists it; never its address (issue 38, point 11).
    expect(a.answer).toContain(`Passport: Date of birth 1985-03-14 [${i + 1}]`);
    expect(a.answer).not.toContain('f-id:p1-1');
    expect(a.citations[i]?.quote).toBe('14 MAR /MARS 85');
  });

  it('says who corrected a value and what the cited line prints, so the claim and its citation agree', async () => {
    const c = corpus();
    const pay = c.documents.find((d) => d.address === 'f-pay:p1-1')!;
    const net = pay.keyData.find((k) => k.field === 'netPay')!;
    net.value = money('1999.99');
    net.corrected = { by: 'Cal Corrector', onPage: false };
    const a = await new LocalResearchEngine().answer(INCOME, c);
    const n = at(a, 'f-pay', 1, 8) + 1;
    expect(a.answer).toContain(`Net pay GBP 1,999.99 (corrected by Cal Corrector; the page prints “£2,345.67”) [${n}]`);
    expect(a.citations[n - 1]?.quote).toBe('£2,345.67');
    // Printed where it was read: only who set it.
    net.corrected = { by: 'Cal Corrector', onPage: true };
    expect((await new LocalResearchEngine().answer(INCOME, c)).answer).toContain(`Net pay GBP 1,999.99 (corrected by Cal Corrector) [${n}]`);
  });

  it('says it does not judge a yes-no question, and shows the evidence', async () => {
    const a = await new LocalResearchEngine().answer({ prompt: 'Is the identity document in date?', answerType: 'yes-no' }, corpus());
    expect(a.answer.startsWith(YES_NO_DISCLAIMER)).toBe(true);
    expect(a.answer).toContain('Expiry date 2031-06-02');
    expect(a.citations.slice(0, 3).every((x) => x.fileId === 'f-id')).toBe(true);
    expect(at(a, 'f-id', 1, 7)).toBeGreaterThanOrEqual(0);
  });

  it('finds no evidence for an unrelated question', async () => {
    const deltas: string[] = [];
    const a = await new LocalResearchEngine().answer(BOAT, corpus(), { progress: { delta: (t) => deltas.push(t) } });
    expect(a.answer).toBe(NO_EVIDENCE_ANSWER);
    expect(a.citations).toEqual([]);
    expect(deltas.join('')).toBe(NO_EVIDENCE_ANSWER);
  });

  it('is deterministic and streams exactly its answer', async () => {
    const run = async () => {
      const deltas: string[] = [];
      const retrieved: number[][] = [];
      const a = await new LocalResearchEngine({ maxCitations: 4 }).answer(INCOME, corpus(), {
        progress: { delta: (t) => deltas.push(t), retrieved: (ls) => retrieved.push(ls.map((l) => l.score)) },
      });
      return { a, deltas, retrieved };
    };
    const one = await run();
    const two = await run();
    expect(two).toEqual(one);
    expect(JSON.stringify(two.a)).toBe(JSON.stringify(one.a));
    expect(one.deltas.length).toBeGreaterThan(2);
    expect(one.deltas.join('')).toBe(one.a.answer);
    expect(one.retrieved).toHaveLength(1);
    const scores = one.retrieved[0] ?? [];
    expect(scores.length).toBeGreaterThan(0);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(one.a.usage.completionTokens).toBe(one.a.answer.split(/\s+/).filter(Boolean).length);
    expect(one.a.usage.promptTokens).toBeGreaterThan(corpus().lines.length);
  });

  it('cites a line once when two values were read from it', async () => {
    const c = corpus();
    const line = c.lines.find((l) => l.fileId === 'f-pay2' && l.line === 4);
    if (line) line.text = 'Gross pay £3,060.00 Net pay £2,400.00';
    c.documents[1]?.keyData.push({ field: 'grossPay', label: 'gross pay', value: money('3060.00'), confidence: 1, fileId: 'f-pay2', page: 1, line: 4 });
    const a = await new LocalResearchEngine().answer(INCOME, c);
    const n = at(a, 'f-pay2', 1, 4) + 1;
    expect(a.citations.filter((x) => x.fileId === 'f-pay2' && x.line === 4)).toHaveLength(1);
    expect(a.answer).toContain(`Net pay GBP 2,400.00 [${n}]; Gross pay GBP 3,060.00 [${n}]`);
    expect(checkCitations(a.citations, lookupOf(c)).valid).toEqual(a.citations);
  });

  it('keeps to maxCitations retrieved lines on top of the key values', async () => {
    const a = await new LocalResearchEngine({ maxCitations: 1, maxKeyValues: 1 }).answer(OUTGOINGS, corpus());
    expect(a.citations.length).toBeLessThanOrEqual(2);
    expect(a.citations.length).toBeGreaterThan(0);
  });

  it('stops when aborted', async () => {
    await expect(new LocalResearchEngine().answer(INCOME, corpus(), { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('formats values readably', () => {
    expect(formatValue({ amount: '-1234567.5', currency: 'EUR' })).toBe('EUR -1,234,567.5');
    expect(formatValue(['Jane Doe', 'John Doe'])).toBe('Jane Doe, John Doe');
    expect(formatValue('2025-03-12')).toBe('2025-03-12');
  });
});
