/**
 * Kinds of error real documents showed (issue 26), each pinned by a page made here: a card
 * photocopied small onto a sheet is read and rated, a title in another language names its type,
 * a continuation page that starts nothing stays with its document, a letter after a bill starts
 * one, and kinds that are none of the types stay "anything else".
 */
import { describe, expect, it } from 'vitest';
import { officialCatalogue } from '../../src/analyzer/catalogue.js';
import { DocumentClassifier } from '../../src/analyzer/classify/index.js';
import { cueEvidence, titleCue } from '../../src/analyzer/classify/cues.js';
import { analyzePages } from '../../src/analyzer/index.js';
import { createOcrEngine } from '../../src/analyzer/parse/ocr/create-engine.js';
import { DEFAULT_OCR_ENGINE } from '../../src/analyzer/parse/ocr/engine.js';
import { splitPages } from '../../src/analyzer/split/index.js';
import type { ParsedPage } from '../../src/analyzer/types.js';
import { A4, drawSheet, encode, makePdf } from './fixtures/pages.js';
import { brief, readAndCheck } from './fixtures/read.js';

const { types, schemas } = officialCatalogue('generic');
const classifier = new DocumentClassifier(types);

/** A page of lines top to bottom; a line given as [text, size] is printed at that size (a title). */
function page(n: number, lines: (string | [string, number])[], height = 842): ParsedPage {
  let y = 40;
  return {
    page: n,
    width: 595,
    height,
    source: 'text',
    images: [],
    lines: lines.map((l) => {
      const [text, size] = typeof l === 'string' ? [l, 10] : l;
      const line = { text, box: { x: 50, y, w: text.length * size * 0.5, h: size }, confidence: 1 };
      y += size * 1.8;
      return line;
    }),
  };
}

describe('a card smaller than the page', () => {
  it('is read by OCR, enlarged, and rated low_dpi; a logo alone is not the page', async () => {
    // A licence-sized card (86 × 54 mm) at 120 ppi, centred on an A4 sheet like a photocopy.
    const card = drawSheet({
      widthIn: 86 / 25.4,
      heightIn: 54 / 25.4,
      dpi: 120,
      seed: 3,
      noise: 18,
      shadow: false,
      lines: [
        { text: 'USA DRIVER LICENSE', x: 0.15, y: 0.12, size: 11, bold: true },
        { text: '1 HOLLOWAY', x: 1.2, y: 0.55, size: 8 },
        { text: '2 NIAMH', x: 1.2, y: 0.75, size: 8 },
        { text: '3 DOB 04/12/1987', x: 1.2, y: 0.95, size: 8 },
        { text: '4d DLN K1234567', x: 1.2, y: 1.15, size: 8 },
      ],
    });
    const w = (86 / 25.4) * 72;
    const h = (54 / 25.4) * 72;
    const pdf = await makePdf([{ kind: 'image', bytes: await encode(card, 'png'), format: 'png', at: { x: (A4[0] - w) / 2, y: 120, w, h } }]);
    const { engine } = await createOcrEngine(DEFAULT_OCR_ENGINE);
    try {
      const r = await readAndCheck(pdf, engine);
      expect(r.pages[0]!.source).toBe('ocr');
      const text = r.pages[0]!.lines.map((l) => l.text).join('\n');
      expect(text).toMatch(/HOLLOWAY/);
      expect(text).toMatch(/K1234567/);
      expect(brief(r.flags)).toEqual(['low_dpi@1']);
      const analysis = analyzePages(r.pages, r.flags, { catalogue: types, schemas });
      expect(analysis.documents[0]).toMatchObject({ docType: 'driving-licence', keyData: { fullName: 'Niamh Holloway', licenceNumber: 'K1234567', dateOfBirth: '1987-04-12' } });
    } finally {
      await engine.close();
    }
  }, 60_000);
});

describe('titles in seven languages', () => {
  const cases: [string, (string | [string, number])[]][] = [
    ['invoice', [['Facture', 20], 'Numéro de facture : F-2024-118', 'Date : 12/03/2024', 'Désignation   Quantité   Prix unitaire HT', 'Total TTC   1 240,00 €']],
    ['bank-statement', [['Kontoauszug', 18], 'Kontoinhaber: Lena Vogt', 'IBAN DE12 5001 0517 0648 4898 90', 'Alter Kontostand   1.204,10 EUR', 'Neuer Kontostand   984,55 EUR']],
    ['payslip', [['Loonstrook', 18], 'Werknemer: Sanne de Vries', 'Brutoloon   3.250,00', 'Loonheffing   -612,40', 'Nettoloon   2.410,20']],
    ['utility-bill', [['Factura de electricidad', 18], 'Titular: Lucía Romero', 'Consumo   312 kWh', 'Potencia contratada 4,6 kW', 'Total a pagar   88,14 €']],
    ['tenancy-agreement', [['Contratto di locazione', 18], 'Il locatore concede in locazione al conduttore', "l'immobile sito in Via Roma 12, Milano.", 'Canone mensile: 950,00 euro', 'Deposito cauzionale: 1.900,00 euro']],
    ['pension-statement', [['Plano de pensões', 18], 'Participante: João Silva', 'Contribuições do ano   2.400,00 €', 'Valor do fundo em 31/12/2024   48.120,55 €']],
  ];
  it.each(cases)('%s', (docType, lines) => {
    expect(classifier.classify([page(1, lines)]).docType).toBe(docType);
    expect(titleCue(page(1, lines))?.docType).toBe(docType);
  });

  it('a utility’s bill that calls itself an invoice is a utility bill: its domain decides', () => {
    const bill = page(1, [['Facture', 20], 'Électricité – Offre Base 6 kVA', 'Consommation du 01/01 au 31/01 : 412 kWh', 'Abonnement   12,44 €', 'Montant TTC à payer   96,30 €']);
    expect(cueEvidence([bill]).score['utility-bill']).toBeGreaterThan(cueEvidence([bill]).score.invoice!);
    expect(classifier.classify([bill]).docType).toBe('utility-bill');
  });

  it('tax forms and applications that are none of the types stay fallback', () => {
    const w2 = page(1, [['Form W-2 Wage and Tax Statement', 14], 'b Employer identification number (EIN)', '1 Wages, tips, other compensation   48,500.00', '2 Federal income tax withheld   6,120.00']);
    expect(classifier.classify([w2]).docType).toBe('fallback');
    const loan = page(1, [['Uniform Residential Loan Application', 14], 'Section 1: Borrower Information', 'Name (First, Middle, Last, Suffix)', 'Gross Monthly Income   $7,500.00']);
    expect(classifier.classify([loan]).docType).toBe('fallback');
  });
});

describe('continuation', () => {
  const statementStart = page(1, [['Bank Statement', 18], 'Account holder: Omar Haddad', 'Account number 5512 0098', 'Opening balance   2,410.00', 'Date   Description   Amount   Balance', '03/02 CARD PAYMENT TESCO   -24.10   2,385.90']);
  const onlyRows = page(2, ['Date   Description   Amount   Balance', '14/02 DIRECT DEBIT WATER   -31.00   2,101.10', '15/02 TRANSFER FROM SAVINGS   200.00   2,301.10', '20/02 CARD PAYMENT CAFE   -4.20   2,296.90']);
  const options = { classifyPage: (p: ParsedPage) => classifier.pageTypes(p) };

  it('a page that starts nothing stays with the statement it follows', () => {
    const r = splitPages([statementStart, onlyRows], options);
    expect(r.documents.map((d) => d.pages)).toEqual([[1, 2]]);
  });

  it('"Page 1 of 3" after "Page 2 of 3" under the same running header is a numbering slip', () => {
    const header = (k: number) => [`Page ${k} of 3`, 'Account 004417762291'];
    const r = splitPages(
      [page(1, [...header(1), ...statementStart.lines.map((l) => l.text)]), page(2, [...header(2), ...onlyRows.lines.map((l) => l.text)]), page(3, [...header(1), ...onlyRows.lines.map((l) => l.text)])],
      options,
    );
    expect(r.documents.map((d) => d.pages)).toEqual([[1, 2, 3]]);
  });

  it('a letter after a bill starts a document of its own', () => {
    const bill = page(1, [['Electricity bill', 18], 'Account number 88120043', 'Electricity used 312 kWh', 'Amount due £96.30']);
    const letter = page(2, ['Ada Lovell', '12 Mill Lane, Leeds LS6 2AB', '3 March 2025', 'Dear Sir or Madam,', 'Please find enclosed the documents you asked for.', 'Yours faithfully,']);
    expect(splitPages([bill, letter], options).documents.map((d) => d.pages)).toEqual([[1], [2]]);
  });
});
