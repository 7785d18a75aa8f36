import { describe, expect, it, vi } from 'vitest';
import { officialCatalogue } from '../../src/analyzer/catalogue.js';
import { DocumentClassifier, loadPageModel, loadTypeModel } from '../../src/analyzer/classify/index.js';
import { cueEvidence } from '../../src/analyzer/classify/cues.js';
import { featurize, tokens } from '../../src/analyzer/classify/features.js';
import { GENERATORS, Rng, generateDocuments } from '../../src/analyzer/classify/generator/index.js';
import { toParsedPages } from '../../src/analyzer/classify/generator/pages.js';
import { TypeModel, toJson, train } from '../../src/analyzer/classify/model.js';

const { types } = officialCatalogue();
const classifier = new DocumentClassifier(types);
const classify = (lines: string[][]) => classifier.classify(toParsedPages(lines));

describe('classify', () => {
  it('the checked-in model classifies generated documents of a seed it was not trained on', () => {
    const docs = generateDocuments({ seed: 777, perType: 8, noisy: 0.5 });
    const wrong = docs.filter((d) => classify(d.pages).docType !== d.docType).map((d) => d.docType);
    expect(wrong.length / docs.length).toBeLessThan(0.03);
  });

  it('gives a confidence and runners-up', () => {
    const c = classify(GENERATORS.payslip!(new Rng(5)).pages);
    expect(c.docType).toBe('payslip');
    expect(c.confidence).toBeGreaterThan(0.5);
    expect(c.runnersUp.length).toBeGreaterThan(0);
    expect(c.runnersUp[0]!.confidence).toBeLessThanOrEqual(c.confidence);
  });

  it('a cover letter that mentions payslips and statements is fallback, and so is a bank’s brochure', () => {
    const cover = [
      ['Ada Lovell', '12 Mill Lane', 'Leeds LS6 2AB', '3 March 2025', 'Dear Sir or Madam,', 'Re: my mortgage application', 'Please find enclosed my last three payslips, my P60, bank statements for the last three months and a copy of my passport.', 'Kind regards,', 'Ada Lovell'],
    ];
    expect(classify(cover).docType).toBe('fallback');
    const brochure = [['Northfield Bank', 'Make your savings work harder', 'Fixed Rate Saver 4.10% AER', 'Open with as little as £500', 'Your eligible deposits are protected by the FSCS.', 'Apply online or in branch.']];
    expect(classify(brochure).docType).toBe('fallback');
  });

  it("names a type in the words of its own domain: a fapiao and a DANFE are invoices, a quotation is none", () => {
    expect(classify([['湖南增值税电子普通发票', '发票代码 043002000111', '发票号码 61548202', '开票日期 2023年05月14日', '价税合计 ¥ 1,280.00']]).docType).toBe('invoice');
    expect(classify([['DANFE', 'Documento Auxiliar da Nota Fiscal Eletrônica', 'Nº 000.118.207  Série 1', 'Emitente: Papelaria Sol Nascente Ltda', 'Data de emissão 14/03/2023', 'Valor total da nota 412,90']]).docType).toBe('invoice');
    expect(classify([['Harlow Joinery Ltd', 'QUOTATION', 'Quote No: Q-2291', 'Prepared for: Dev Malhotra', 'Oak staircase, supply and fit   £4,200.00', 'This quotation is valid for 30 days.']]).docType).toBe('fallback');
    // The cues themselves, whatever the model already makes of these pages.
    const top = (lines: string[]) => Object.entries(cueEvidence(toParsedPages([lines])).score).sort((a, b) => b[1] - a[1])[0]?.[0];
    expect(top(['增值税电子普通发票', '开票日期 2023年05月14日'])).toBe('invoice');
    expect(top(['DANFE', 'Série 1'])).toBe('invoice');
    expect(top(['御見積書', '合計 ¥ 52,800'])).toBe('fallback');
    expect(top(['Angebot Nr. 2291', 'Gültig 30 Tage'])).toBe('fallback');
    expect(top(['Card ending 1009', 'Membership Rewards points 12,400'])).toBe('credit-card-statement');
  });

  it('an MRZ with validating check digits makes a passport or an ID card', () => {
    const td3 = [['Some faint copy', 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']];
    expect(classify(td3)).toMatchObject({ docType: 'passport' });
    const td1 = [['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<']];
    expect(classify(td1).docType).toBe('national-id-card');
  });

  it('an official type the catalogue does not offer is fallback; a coined type is found by its description', () => {
    const noP60 = new DocumentClassifier(types.filter((t) => t.docType !== 'p60'));
    expect(noP60.classify(toParsedPages(GENERATORS.p60!(new Rng(8)).pages)).docType).toBe('fallback');
    const withGift = new DocumentClassifier([...types, { docType: 'gift-letter', name: 'Gifted deposit letter', kind: 'correspondence', description: 'A signed letter from a family member gifting money towards a deposit, stating the amount and that it is a gift and not a loan.' }]);
    const gift = [['14 Rose Lane, York', '2 May 2025', 'To whom it may concern,', 'I confirm that I am gifting £20,000 to my daughter towards the deposit on her first home.', 'This money is a gift and not a loan, and I expect no repayment and hold no interest in the property.', 'Signed, Margaret Lovell (mother)']];
    expect(withGift.classify(toParsedPages(gift)).docType).toBe('gift-letter');
    // …without taking documents of the official types.
    const rng = new Rng(12);
    for (const t of ['payslip', 'reference-letter', 'employment-letter', 'bank-statement']) expect(withGift.classify(toParsedPages(GENERATORS[t]!(rng).pages)).docType).toBe(t);
  });

  it('keeps a model loaded while it is used and lets it go 30 s after its last use', () => {
    vi.useFakeTimers();
    try {
      const first = loadTypeModel();
      vi.advanceTimersByTime(20_000);
      expect(loadTypeModel()).toBe(first);
      vi.advanceTimersByTime(20_000);
      // 20 s after the second use: still kept.
      expect(loadTypeModel()).toBe(first);
      vi.advanceTimersByTime(31_000);
      const again = loadTypeModel();
      expect(again).not.toBe(first);
      expect(again.classes).toEqual(first.classes);
      expect(loadPageModel()).toBe(loadPageModel());
    } finally {
      vi.useRealTimers();
    }
    // Reading the 6 MB of tables twice takes seconds when the suite loads both cores.
  }, 30_000);

  it('features fold case, accents and numbers', () => {
    expect(tokens('Gehaltsabrechnung März 2025: €1.234,56')).toEqual(['gehaltsabrechnung', 'marz', '#4', '€', '#1', '#3', '#2']);
    // The features see what the tokens see: folded text and its plain twin are one vector.
    expect(featurize('März NET PAY 1.234,56')).toEqual(featurize('marz net pay 9.876,54'));
    expect(featurize('payslip net pay')).not.toEqual(featurize('bank statement balance'));
  });

  it('training is deterministic for a seed', () => {
    const docs = generateDocuments({ seed: 3, perType: 3 });
    const classes = [...new Set(docs.map((d) => d.docType))];
    const xs = docs.map((d) => featurize(d.pages.flat().join('\n')));
    const ys = docs.map((d) => classes.indexOf(d.docType));
    const a = toJson(classes, 12, 1, ...Object.values(train(xs.map((x) => ({ idx: x.idx.map((i) => i & 4095), val: x.val })), ys, classes.length, 12, { epochs: 2, lr: 0.2, l2: 1e-6, seed: 1 })) as [number[], Float32Array], 0.01);
    const b = toJson(classes, 12, 1, ...Object.values(train(xs.map((x) => ({ idx: x.idx.map((i) => i & 4095), val: x.val })), ys, classes.length, 12, { epochs: 2, lr: 0.2, l2: 1e-6, seed: 1 })) as [number[], Float32Array], 0.01);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(new TypeModel(a).classes).toEqual(classes);
  });
});
