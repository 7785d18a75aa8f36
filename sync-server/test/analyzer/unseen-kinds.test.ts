/**
 * Kinds of error the cross-validated evaluation showed on documents the analyzer never learnt from
 * (issue 36), each pinned by a page made here: labels OCR misread by a letter, account numbers
 * printed in groups, a label that is part of a longer one, honorifics over a buyer's name, a form
 * titled as a type the model is sure it is not, a till's receipt, a machine-readable zone as a
 * type cue, and a typed document's unnamed next page.
 */
import { describe, expect, it } from 'vitest';
import { officialCatalogue } from '../../src/analyzer/catalogue.js';
import { DocumentClassifier } from '../../src/analyzer/classify/index.js';
import { cueEvidence, titleLines } from '../../src/analyzer/classify/cues.js';
import { nearMatches } from '../../src/analyzer/extract/doc.js';
import { accountNumberParser } from '../../src/analyzer/extract/documents.js';
import { splitPages } from '../../src/analyzer/split/index.js';
import type { ParsedPage } from '../../src/analyzer/types.js';
import { cellsPage, fieldValues } from './fixtures/cells.js';

const { types } = officialCatalogue('generic');
const values = fieldValues;
const page = cellsPage;

describe('labels as OCR reads them', () => {
  it('a long label with one letter wrong, missing or added is found on an OCR line; a longer word is not it', () => {
    const hit = (plain: string, text: string) => nearMatches(plain, text).map(([a, b]) => text.slice(a, b));
    expect(hit('date of issue', '8 katavimo data / date of isue | date de')).toEqual(['date of isue']);
    expect(hit('account number', 'acount number: 1234')).toEqual(['acount number']);
    expect(hit('date of birth', 'date ofbirth 12.03.1990')).toEqual(['date ofbirth']);
    expect(hit('account number', 'account numbers')).toEqual([]);
    expect(hit('date of issue', 'date of issuer')).toEqual([]);
    // The label's first letter the one missing, where its word starts.
    expect(hit('previous balance', 'your revious balance as of 04/04/2022')).toEqual(['revious balance']);
  });

  it('reads a field whose label OCR misspelt, on a scan only', () => {
    const cells: [string, number, number][] = [
      ['Northwind Water', 40, 20],
      ['Acount Number: 4471 2290 1183', 40, 60],
      ['Amount due £41.20', 40, 80],
    ];
    expect(values('utility-bill', [page(cells, { confidence: 0.9 })]).accountNumber).toBe('4471 2290 1183');
    // Printed text says what it says: a misspelt label there is another word.
    expect(values('utility-bill', [page(cells)]).accountNumber).toBeUndefined();
  });
});

describe('values as bills print them', () => {
  it('an account number in groups of digits, led by letters or not; no date or telephone number', () => {
    expect(accountNumberParser('91 00 02 20772 4')).toBe('91 00 02 20772 4');
    expect(accountNumberParser('R3902 700 081')).toBe('R3902 700 081');
    expect(accountNumberParser('12345678 01/02/2020')).toBe('12345678');
    expect(accountNumberParser('ACC-0012345')).toBe('ACC-0012345');
    expect(accountNumberParser('(519) 743-3600')).toBeNull();
  });

  it("a gas bill's column of labels over values: the account number under its label, the amount due now, the customer over the address", () => {
    const bill = page([
      ['RYAN FOBEL', 76, 143],
      ['442 JONES AVE', 76, 153],
      ['TORONTO ON M4J 3G3', 76, 163],
      ['Bill Date', 64, 240],
      ['Account Number', 226, 240],
      ['Enbridge Gas Distribution Inc.', 418, 240],
      ['Jan 27, 2015', 64, 252],
      ['91 00 02 20772 4', 226, 252],
      ['Customer Charge', 64, 400],
      ['$20.00', 349, 400],
      ['Site Restoration Clearance', 64, 413],
      ['10.24 CR', 354, 413],
      ['Amount due now', 64, 582],
      ['$101.40', 233, 582],
    ]);
    const v = values('utility-bill', [bill]);
    expect(v.accountNumber).toBe('91 00 02 20772 4');
    expect(v.amountDue).toMatchObject({ amount: '101.40' });
    // `Customer Charge` is a label of its own: the line under it names no customer.
    expect(v.customerName).toBe('Ryan Fobel');
  });

  it("an invoice's buyer without the `Herrn` over the name", () => {
    const inv = page([
      ['MVM Musterhafter', 71, 105],
      ['Versicherungsverein Musterstadt a.G.', 71, 117],
      ['Herrn', 71, 140],
      ['Max Mustermann', 71, 151],
      ['Musterstr. 11', 71, 163],
      ['12346 Bad Musterhausen', 71, 174],
      ['Rechnung Nr. 2014-0042', 71, 324],
      ['Rechnungsdatum: 11.03.2014', 71, 336],
      ['Gesamtbetrag 220,00 €', 71, 560],
    ]);
    expect(values('invoice', [inv]).customerName).toBe('Max Mustermann');
  });
});

describe('statements whose fields are read without their labels', () => {
  it("a bank statement's account by the IBAN its first page prints in a row of merged columns, its check digits kept; a logo's marks are no part of the bank's name", () => {
    const statement = (iban: string) =>
      page(
        [
          ['M@ Postbank', 387, 32],
          ['Herrn', 70, 149],
          ['Goran Bolsec', 70, 161],
          ['Reisewitzer Str. 80', 70, 173],
          ['01159 Dresden', 70, 185],
          ['Kontoauszug: Postbank Giro extra plus vom 02.04.2016 bis 02.06.2016', 70, 317],
          ['Auszug Seite IBAN BIC (SWIFT) Alter Kontostand', 75, 360],
          [`002 1/2 ${iban} PBNKDEFF EUR - 9,90`, 76, 372],
        ],
        { confidence: 0.9 },
      );
    const v = values('bank-statement', [statement('DE94 1001 0010 0914 0831 13')]);
    expect(v).toMatchObject({ bankName: 'Postbank', accountNumberLast4: '3113' });
    // One character misread: the check digits fail, and it is no account.
    const misread = page(
      [
        ['M@ Postbank', 387, 32],
        ['Kontoauszug vom 02.04.2016 bis 02.06.2016', 70, 317],
        ['Ihre Bankverbindung DE94 1001 0010 0914 0881 13 PBNKDEFF', 75, 360],
      ],
      { confidence: 0.9 },
    );
    expect(values('bank-statement', [misread]).accountNumberLast4).toBeUndefined();
  });

  it("a statement's account printed after its kind, unlabelled: the one the statement prints most often", () => {
    const statement = page(
      [
        ['AnyCompany Holdings LLC', 456, 96],
        ['Summary of your accounts', 50, 359],
        ['-ACSOUNTNUMBER BALANCE (S)__DETAILS ON', 159, 385],
        ['007871893283 18,189.84 page 1', 194, 394],
        ['SAVINGS 787189328336 5,077.57 page 3', 48, 427],
        ['§ CHECKING 007871893283', 47, 502],
      ],
      { confidence: 0.8 },
    );
    expect(values('bank-statement', [statement]).accountNumberLast4).toBe('3283');
    // The summary's row under `ACCOUNT NUMBER` cut the number short; the section prints it whole.
    const cut = page(
      [
        ['AnyCompany Credit Union', 442, 86],
        ['ACCOUNT NAME ACCOUNT NUMBER _DETAILS ON', 48, 381],
        ['CHECKING 008669" page 1', 49, 393],
        ['= CHECKING 008669178271', 52, 506],
      ],
      { confidence: 0.8 },
    );
    expect(values('bank-statement', [cut]).accountNumberLast4).toBe('8271');
  });

  it("a card statement without a statement date is dated by the close of its billing cycle", () => {
    const statement = page([
      ['Anycompany Bank USA | PLATINUM MEMBER', 25, 16],
      ['Platinum Member Credit Card ending in 1999', 428, 28],
      ['Jun 07, 2021 – Jul 07, 2021 | 31 days in Billing Cycle', 409, 39],
      ['Payment Due Date', 30, 86],
      ['Aug 01, 2021', 30, 99],
      ['New Balance', 30, 125],
      ['$4,782.16', 30, 138],
    ]);
    expect(values('credit-card-statement', [statement])).toMatchObject({ statementDate: '2021-07-07', paymentDueDate: '2021-08-01' });
  });
});

describe('forms, stubs and bills as OCR merges their columns', () => {
  it("an employer's verification form: the signature's `Date:` dates it, not `Date First Employed`; wages per period are no annual salary; `Position Held` is a label", () => {
    const form = page([
      ['REQUEST FOR VERIFICATION OF EMPLOYMENT', 150, 40],
      ['Employee Name: Aisha Renner', 36, 324],
      ['Job Title: Customer Service Representative', 313, 324],
      ['Date First Employed 11/04/2019', 176, 346],
      ['Current gross wages/salary: $ 2,105.00 (circle one) hourly weekly bi-weekly semi-monthly monthly yearly other', 36, 368],
      ['24. Reason for Leaving 25. Position Held', 47, 620],
      ['Signature:', 37, 704],
      ['Date: 1/9/2026', 389, 704],
    ]);
    const v = values('employment-letter', [form]);
    expect(v).toMatchObject({ letterDate: '2026-01-09', startDate: '2019-11-04', jobTitle: 'Customer Service Representative' });
    expect(v.annualSalary).toBeUndefined();
    const blank = page([
      ['REQUEST FOR VERIFICATION OF EMPLOYMENT', 150, 40],
      ['25. Position Held', 47, 620],
      ['PART IV - CERTIFICATION Federal statutes provide severe penalties for any fraud, intentional misrepresentation, or criminal connivance', 47, 632],
    ]);
    expect(values('employment-letter', [blank]).jobTitle).toBeUndefined();
    // A salary paid monthly is a salary all the same.
    const letter = page([
      ['Bramblewood Healthcare Ltd', 57, 40],
      ['His current basic annual salary is £81,600.00, paid monthly in arrears. In addition, he is eligible for our', 57, 249],
    ]);
    expect(values('employment-letter', [letter]).annualSalary).toEqual({ amount: '81600.00', currency: 'GBP' });
  });

  it("a mortgage lender's verification form (Form 1005): the applicant under `Name and Address of Applicant`, the employer before the row's next numbered field", () => {
    const form = page(
      [
        ['Request for Verification of Employment', 51, 87],
        ['1. To (Name and address of employer) 2. From (Name and address of lender)', 48, 185],
        ['Alejandro Rosalez Carlos Salazar', 67, 199],
        ['7. Name and Address of Applicant (include employee or badge number) 8. Signature of Applicant', 47, 285],
        ['Paulo Santos', 63, 293],
        ['Part Il — Verification of Present Employment', 48, 320],
        ["9. Applicant's Date of Employment 10. Present Position 11. Probability of Continued Employment", 47, 329],
        ['06/06/2006 General Manager 3 years', 83, 344],
        ['Part Ill — Verification of Previous Employment', 48, 586],
        ['21, Date Hired 04/04/2004 23, Salary/Wage at Termination Per (Year) (Month) (Week)', 47, 597],
      ],
      { confidence: 0.9 },
    );
    // OCR's lines: the label row's characters wider than the names' (each line's own box).
    form.lines[1]!.box.w = 420;
    form.lines[2]!.box.w = 330;
    // The previous job's `Date Hired` is no start date of the present one.
    expect(values('employment-letter', [form])).toMatchObject({ employeeName: 'Paulo Santos', employerName: 'Alejandro Rosalez', startDate: '2006-06-06' });
  });

  it("a French payslip's taxable net (`Net imposable`) is no net pay; the total paid heads its row's last column", () => {
    const slip = page([
      ['BULLETIN DE PAIE', 45, 71],
      ['Total brut 7 184,27', 286, 300],
      ['Net imposable 5 857,90', 49, 522],
      ['NET A PAYER AVANT IMPOT SUR LE REVENU 4 899,31', 45, 592],
      ['ALLEGEMENT | TOTAL VERSE NET A PAYER', 379, 658],
      ['10 486,94 3 868,32', 453, 680],
    ]);
    expect(values('payslip', [slip]).netPay).toMatchObject({ amount: '3868.32' });
  });

  it("a federal form's control number line and a row of abbreviated headings name no issuer", () => {
    const form = page([['VA OMB Control No. 2900-0521', 469, 25], ['Department of Veterans Affairs', 246, 39], ['REQUEST FOR VERIFICATION OF EMPLOYMENT', 245, 63]]);
    expect(values('employment-letter', [form]).employerName).toBe('Department of Veterans Affairs');
    const slip = page([['Ki.Frbtr. Konfession Freibetrag jährl. Freibetrag mtl.', 48, 49], ['Gesamt-Brutto 3.120,00', 400, 457]]);
    expect(values('payslip', [slip]).employerName).toBeUndefined();
  });

  it("a label's first word is no label when a longer one goes on to its colon (`Customer GSTIN : 29AAF…`)", () => {
    const invoice = page([['ADISHAKTI CARS PVT. LTD.', 40, 20], ['Tax Invoice No: IATIEN1819013536', 300, 40], ['Customer GSTIN : 29AAFCA0924K1ZN', 23, 244], ['Total 413.00', 300, 400]]);
    expect(values('invoice', [invoice]).customerName).not.toBe('GSTIN');
  });

  it("a blank tax form's `Name, Address` is nobody's name", () => {
    const form = page([
      ['1040 Department of the Treasury—Internal Revenue Service', 50, 30],
      ['U.S. Individual Income Tax Return 2010', 109, 34],
      ['Name,', 36, 68],
      ['Address, N', 36, 82],
      ['and SSN', 36, 95],
    ]);
    expect(values('tax-return', [form]).taxpayerName).toBeUndefined();
  });

  it("a DATEV payslip: the employee's address block under a header of thirty small cells, and no row of column headings as the employer", () => {
    const cells: [string, number, number][] = [['Abrechnung der Brutto/Netto-Bezüge für Dezember 2018', 48, 34], ['Personal-Nr. Geburtsdatum StKl Faktor Ki.Frbtr. Konfession', 48, 49]];
    // The header's cells: thirty lines before the address.
    for (let k = 0; k < 30; k++) cells.push([`${100 + k}`, 300 + (k % 6) * 40, 60 + Math.floor(k / 6) * 12]);
    cells.push(['Frau', 66, 183], ['Erna-Muster Eiermann', 66, 204], ['Musterstraße 78', 66, 213], ['90453 Nürnberg', 66, 222], ['Gesamt-Brutto 3.120,00', 400, 457]);
    const v = values('payslip', [page(cells)]);
    expect(v.employeeName).toBe('Erna-Muster Eiermann');
    expect(v.employerName).toBeUndefined();
  });

  it("a pay stub printed in the middle of its page is headed by its employer; a bill's `Label : value` lines and e-mail are no issuer, `N° client` is its account", () => {
    const stub = page(
      [
        ['ABC Company', 50, 278],
        ['123 Main Street', 51, 289],
        ['City, State 10011', 50, 300],
        ['Pay Date 5/22/09', 300, 350],
        ['Gross Pay 456.00 Net Pay 288.85', 52, 400],
      ],
      { confidence: 0.9 },
    );
    expect(values('payslip', [stub]).employerName).toBe('ABC Company');
    const bill = page(
      [
        ['NOUS CONTACTER', 43, 31],
        ['N° client : 1 234 567 890', 36, 49],
        ['Identifiant Internet : MAELLE@EXAMPLE.COM', 36, 55],
        ['MAELLE@EXAMPLE.COM', 36, 66],
        ['Facture du 11/12/2022', 300, 268],
      ],
      { confidence: 0.9 },
    );
    const v = values('utility-bill', [bill]);
    expect(v.accountNumber).toBe('1 234 567 890');
    expect(v.supplierName).toBeUndefined();
  });

  it("an invoice's addressee (`To MICROSOFT LTD`), a label awaiting its value (`PURCHASED BY`) and a `Name: …` field are no supplier", () => {
    for (const head of ['To MICROSOFT LTD', 'PURCHASED BY', 'Name: Mateo Jackson, PhD']) {
      const invoice = page([[head, 40, 40], ['Invoice Date 19/02/2024', 300, 60], ['Total 180.00', 300, 400]], { confidence: 0.9 });
      expect(values('invoice', [invoice]).supplierName).toBeUndefined();
    }
  });

  it("a row of labels over a row of values read as one line each: each date under its own label", () => {
    const invoice = page(
      [
        ['Contoso LTD', 163, 263],
        ['INVOICE TO', 163, 302],
        ['Microsoft Corporation India Pvt Ltd DATE PLEASE PAY DUE DATE', 163, 308],
        // The values stand under their labels (each character five points wide on both lines).
        ['Level 10, Tower C, DLF Epitome B 31-12-2022 6,54,321 31-03-2023', 163, 320],
      ],
      { confidence: 0.9 },
    );
    expect(values('invoice', [invoice]).dueDate).toBe('2023-03-31');
    // A clause's number under a heading is no row of values.
    const lease = page([
      ['Deposit', 62, 267],
      ['1.300,00 €', 216, 267],
      ['3. Security deposit', 57, 514],
      ['3.1 The deposit shall be held in a separate account and returned within two months', 57, 539],
    ]);
    expect(values('tenancy-agreement', [lease]).deposit).toEqual({ amount: '1300.00', currency: 'EUR' });
  });
});

describe("a US licence's numbered fields as OCR reads them", () => {
  it('a field number followed by its label misread in lower case (`3 vos:` for `3 DOB:`) still gives the field', () => {
    const card = page(
      [
        ['MONTANA DRIVER LICENSE', 189, 324],
        ['9 CLASS:D 12RESTR: NONE', 260, 363],
        ['3 vos: 08/04/1968', 261, 386],
        ['1 SAMPLE', 268, 423],
        ['2 BRENDA', 268, 430],
        ['8 123 MAIN STREET', 268, 440],
        ['HELENA, MT 59601', 274, 446],
      ],
      { confidence: 0.8 },
    );
    expect(values('driving-licence', [card]).dateOfBirth).toBe('1968-08-04');
  });

  it("labels OCR garbled beyond reading: the card's dates by their order, the one token shaped like a licence number", () => {
    const card = page(
      [
        ['ARIZONA DRIVER LICENSE USA', 194, 325],
        ['9 classD vain D12345678', 264, 357],
        ['12RESTNONE sx0s 02/01/1957', 271, 369],
        ['1 SAMPLE', 271, 380],
        ['2 JELANI', 271, 389],
        ['8 123 MAIN STREET', 258, 395],
        ['PHOENIX, AZ 85007', 278, 400],
        ['exe 02/01/2024 «iss 02/01/2016', 271, 412],
        ['5 DD 1234567890123456', 276, 460],
        ['REV 07/01/2018', 380, 470],
      ],
      { confidence: 0.8 },
    );
    const v = values('driving-licence', [card]);
    expect(v).toMatchObject({ licenceNumber: 'D12345678', dateOfBirth: '1957-02-01', issueDate: '2016-02-01', expiryDate: '2024-02-01' });
    // Two tokens shaped like a licence number: neither is taken.
    const two = page([...card.lines.map((l) => [l.text, l.box.x, l.box.y] as [string, number, number]), ['ID 99887766', 400, 380]], { confidence: 0.8 });
    expect(values('driving-licence', [two]).licenceNumber).toBeUndefined();
  });

  it("field 8's number glued to the house number, on a card that numbers its fields at one left edge; the one date read decades ago is the birth", () => {
    const card = page(
      [
        ['WASHINGTON DRIVER LICENSE', 194, 329],
        ['1 TALBOT', 267, 363],
        ['2 LIAM R.', 267, 372],
        ['8123 STREET ADDRESS', 267, 399],
        ['YOUR CITY WA 99999-1234 ae', 267, 408],
        ['e- ze 01/06/1958', 380, 420],
      ],
      { confidence: 0.8 },
    );
    expect(values('driving-licence', [card])).toMatchObject({ address: '123 STREET ADDRESS, YOUR CITY WA 99999-1234', dateOfBirth: '1958-01-06' });
  });

  it('the name over an unlabelled address, the surname over field 2 when its number is misread, a street whose field number reads as a letter', () => {
    const unlabelled = page(
      [
        ['GEORGIA DRIVER LICENSE', 200, 340],
        ['NO. 123456789 CLASS C', 288, 370],
        ['JOHN A. SMITH', 270, 390],
        ['222 PEACHTREE STREET', 270, 398],
        ['ATLANTA GA 30318-1234 ae', 270, 405],
      ],
      { confidence: 0.8 },
    );
    expect(values('driving-licence', [unlabelled])).toMatchObject({ fullName: 'John A. Smith', licenceNumber: '123456789', address: '222 PEACHTREE STREET, ATLANTA GA 30318-1234' });
    const numbered = page(
      [
        ['MASSACHUSETTS DRIVER LICENSE', 190, 320],
        [',SOUZA', 280, 399],
        ['2 JORGE', 280, 410],
        ['s 100 MAIN STREET', 280, 418],
        ['ANYTOWN, MA, 02127', 283, 427],
      ],
      { confidence: 0.8 },
    );
    expect(values('driving-licence', [numbered])).toMatchObject({ fullName: 'Jorge Souza', address: '100 MAIN STREET, ANYTOWN, MA, 02127' });
  });
});

describe('cards printed, photographed or both', () => {
  it("a browser's print of a card: the town's line OCR joined to artwork, the print's date, the discriminator's number", () => {
    const card = page(
      [
        ['7/8/2021', 26, 15],
        ['DRIVER LICENSE', 310, 317],
        ['I } 2 DL ADULT NON REAL ID', 121, 327],
        ['. 1 SAMPLE', 120, 329],
        ['8 1881 PIERCE ST', 228, 350],
        ['i ; LAKEWOOD , CO 80214-1249', 120, 358],
        ['bi 3 DOB dalss 9a Endorsements', 119, 368],
        ['04/24/1976 08/27/2015', 239, 374],
        ['4d Customer Identifier 4b Exp 12 Restrictions', 227, 391],
        ['04/24/2018 NONE', 290, 400],
        ['5 DD Previous Type 9 Vehicle Classifications', 227, 413],
        ['12345678917 A', 239, 423],
      ],
      { confidence: 0.8 },
    );
    const v = values('driving-licence', [card]);
    // The print's date (2021) is after the card's expiry: the dates between are its own.
    expect(v).toMatchObject({ address: '1881 PIERCE ST, LAKEWOOD , CO 80214-1249', dateOfBirth: '1976-04-24', issueDate: '2015-08-27', expiryDate: '2018-04-24' });
    // Neither the ZIP code nor the discriminator under `5 DD` is the licence number.
    expect(v.licenceNumber).toBeUndefined();
  });

  it("an identity card's name fields whose markers OCR read as scraps of letters (`(al MUSTERMANN`, `Prénoms Al`)", () => {
    const card = page(
      [
        ['BUNDESREPUBLIK DEUTSCHLAND', 223, 351],
        ['PERSONALAUSWEIS', 223, 361],
        ['[a] Name/Surname/Nom', 283, 375, 4],
        ['[b] Geburtsname/Name at birth/Nom de naissance', 283, 379, 4],
        ['(al MUSTERMANN “oy', 282, 385, 6],
        ['ti GABLER NO', 282, 393, 6],
        ['Vornamen/Given names/Prénoms Al', 283, 402, 5],
        ['ERIKA', 284, 410, 6],
      ],
      { confidence: 0.8 },
    );
    expect(values('national-id-card', [card]).fullName).toBe('Erika Mustermann');
    // Words in lower case around a name are a sentence, not a scrap: no name from them.
    const prose = page([['Name/Surname/Nom', 283, 375], ['see the holder MUSTERMANN overleaf', 283, 385], ['Vornamen/Given names/Prénoms', 283, 402], ['ERIKA', 284, 410]], { confidence: 0.8 });
    expect(values('national-id-card', [prose]).fullName).toBeUndefined();
  });
});

describe("a passport's name where its zone's first line was cut short", () => {
  it('is the data page\'s one line that holds the zone\'s other words and more', () => {
    const zone = [
      ['P<QATALNA<HAMAD<ABDULLAH<<<<<<<<<<<', 140, 492],
      ['00000000<0QAT7103070M110725012345458902<<<78', 139, 514],
    ] as [string, number, number][];
    const passport = page([['ALI HAMAD ABDULLAH AL-KAABI', 241, 378], ['o7 03 1971 < 12345458902', 241, 396], ...zone], { confidence: 0.8 });
    expect(values('passport', [passport])).toMatchObject({ fullName: 'Ali Hamad Abdullah Al-Kaabi', nationality: 'QAT', dateOfBirth: '1971-03-07', expiryDate: '2011-07-25' });
    // A page that prints no such line keeps the zone's name.
    const bare = page([['o7 03 1971 < 12345458902', 241, 396], ...zone], { confidence: 0.8 });
    expect(values('passport', [bare]).fullName).toBe('Alna Hamad Abdullah');
  });
});

describe('bilingual labels on identity documents', () => {
  it('a label followed by its translation (`DATE DE NAISS / Date of birth`) has its value under it, in its column', () => {
    const card = page(
      [
        ['CARTE NATIONALE D‘IDENTITE / IDENTITY CARD', 211, 351, 6],
        ['NOM/Surname', 269, 359, 5],
        ['MARTIN', 269, 365, 5],
        ['Prenoms / Given names ;', 269, 385, 5],
        ['PAUL', 269, 392, 5],
        ['SEXE /Sex NATIONALITE/ Nationality DATE DENAISS / Date ofbit', 269, 411, 5],
        ['F FRA 13 07 1990', 269, 418, 5],
      ],
      { confidence: 0.8 },
    );
    expect(values('national-id-card', [card])).toMatchObject({ fullName: 'Paul Martin', dateOfBirth: '1990-07-13' });
  });

  it("a printed name OCR broke at a wide gap (`ERIKS SON`) takes the zone's words", () => {
    const passport = page(
      [
        ['Surname / Nom', 240, 300, 6],
        ['ERIKS SON', 240, 308, 6],
        ['Given names / Prénoms', 240, 320, 6],
        ['ANNA MARIA', 240, 328, 6],
        ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 140, 500],
        ['L898902C36UTO7408122F1204159ZE184226B<<<<<10', 140, 515],
      ],
      { confidence: 0.8 },
    );
    expect(values('passport', [passport]).fullName).toBe('Anna Maria Eriksson');
  });
});

describe("an identity document's dates printed with spaces", () => {
  it('reads `01 01 1980` under its label as a date, day first', () => {
    const card = page([['DOCUMENTO NACIONAL DE IDENTIDAD', 244, 433], ['FECHA DE NACIMIENTO \\ Wy', 270, 509, 5], ['01 01 1980 Np.', 270, 514, 5]], { confidence: 0.8 });
    expect(values('national-id-card', [card]).dateOfBirth).toBe('1980-01-01');
    const passport = page([['REPUBLIC OF LITHUANIA', 134, 306], ['8 Išdavimo data / Date of issue', 234, 434, 6], ['02 01 2019', 237, 441, 6], ['10. Galioja iki / Date of expiry', 235, 452, 6], ['02 01 2029', 237, 459, 6]], { confidence: 0.8 });
    expect(values('passport', [passport])).toMatchObject({ issueDate: '2019-01-02', expiryDate: '2029-01-02' });
  });
});

describe('an invoice set as a letter', () => {
  it('names its issuer over two lines ending in a legal form (a.G.), numbers itself in its subject line, dates itself at the right', () => {
    const premium = page([
      ['MVM Musterhafter', 71, 105],
      ['Versicherungsverein Musterstadt a.G.', 71, 117],
      ['Herrn', 71, 140],
      ['Max Mustermann', 71, 151],
      ['Musterstr. 11', 71, 163],
      ['12346 Bad Musterhausen', 71, 174],
      ['Beitragsrechnung zur Kraftfahrtversicherung Nr. 00.123.456.7', 71, 324],
      ['11. März 2014', 460, 324],
      ['Rechnungszeitraum: 01.04.2014 - 30.06.2014', 71, 335],
      ['Fälligkeitstag: 01.04.2014', 71, 347],
    ]);
    expect(values('invoice', [premium])).toMatchObject({ supplierName: 'MVM Musterhafter Versicherungsverein Musterstadt a.G.', invoiceNumber: '00.123.456.7', invoiceDate: '2014-03-11', dueDate: '2014-04-01' });
  });

  it("takes no date from a line that holds figures besides it (an address's ZIP code), nor one a label on its row names", () => {
    const scan = page([
      ['Peake Printers, Inc.', 88, 83],
      ['BILL TO THE TOBACCO INSTITUTE', 43, 155],
      ['DC 20006 ) ese 10/13/92', 81, 196],
      ['Payment due', 300, 210],
      ['12/12/92', 400, 210],
    ], { confidence: 0.8 });
    expect(values('invoice', [scan]).invoiceDate).toBeUndefined();
  });
});

describe("a phone bill whose logo OCR cannot read", () => {
  it("is dated by its title; its section headings and a line with a sum name no supplier", () => {
    const bill = page(
      [
        ['Statement for', 269, 123],
        ['Monthly Statement FIRST NAME LAST NAME Feb 14, 2024', 100, 131],
        ['Balance', 106, 164],
        ['Pravious balance $95.80', 106, 177],
        ['Credits and one time charges ($95.80)', 106, 188],
        ['Current charges', 107, 222],
        ['Total amount due by 02/28/24 $110.70', 107, 260],
      ],
      { confidence: 0.9 },
    );
    const v = values('utility-bill', [bill]);
    expect(v.billDate).toBe('2024-02-14');
    expect(v.supplierName).toBeUndefined();
    // A later page's heading (`Détail de votre facture du …`) is no title that dates the bill.
    const detail = page([['KEOLIO', 28, 26], ['Détail de votre facture du 29/01/2021 n° 10123590373', 28, 42]]);
    expect(values('utility-bill', [detail]).billDate).toBeUndefined();
  });
});

describe("a statement's balances in a table", () => {
  it('a currency column under the label, the amount in the cell beside it', () => {
    const statement = page([
      ['Postbank', 376, 40],
      ['Kontoauszug: Postbank Giro plus vom 01.01.2020 bis 02.02.2020', 69, 316],
      ['Neuer Kontostand', 391, 552],
      ['EUR', 391, 564],
      ['+ 5.314,05', 500, 564],
    ]);
    expect(values('bank-statement', [statement]).closingBalance).toEqual({ amount: '5314.05', currency: 'EUR' });
  });
});

describe("an invoice's parties and sums", () => {
  it("the amount a shipping invoice calls its `Invoice Amount`; a DANFE's title is no supplier, its `EMITENTE` is", () => {
    const shipping = page([['ABN: 16 112 221 123', 64, 67], ['Bill To: Custom Board Makers', 355, 67], ['Issue Date:', 640, 68], ['8th December 2021', 705, 67], ['Invoice Amount:', 619, 90], ['$5,270.00 AUD', 723, 89], ['Customs Duties $75.00', 400, 246], ['TOTAL $1,980.00', 400, 267]]);
    expect(values('invoice', [shipping]).totalAmount).toMatchObject({ amount: '5270.00', currency: 'AUD' });
    const danfe = page([['DANFE SIMPLIFICADO', 232, 7], ['DATA EMISSAO', 332, 24], ['27/03/2015', 492, 24], ['EMITENTE', 267, 151], ['Plotag Sistemas e Suprimentos Ltda', 217, 168], ['VALOR TOTAL DA NOTA', 300, 300], ['R$ 689,91', 450, 300]]);
    expect(values('invoice', [danfe]).supplierName).toBe('Plotag Sistemas e Suprimentos Ltda');
  });
});

describe("an issuer's name over two lines", () => {
  it('a lender whose brand is printed over its legal name (`AnyCompany` / `Loan Servicing LLC`) is named by both', () => {
    const statement: ParsedPage = {
      page: 1,
      width: 612,
      height: 1008,
      source: 'text',
      images: [],
      lines: [
        { text: 'AnyCompany', box: { x: 41, y: 10, w: 110, h: 18 }, confidence: 1 },
        { text: 'Loan Servicing LLC', box: { x: 42, y: 30, w: 90, h: 10 }, confidence: 1 },
        { text: 'MONTHLY STATEMENT', box: { x: 391, y: 27, w: 120, h: 12 }, confidence: 1 },
        { text: '100 Main Street | Any Town, USA 23450 | 1.800.555.0100', box: { x: 39, y: 60, w: 250, h: 8 }, confidence: 1 },
        { text: 'Mortgage account number 0012345678', box: { x: 39, y: 100, w: 200, h: 9 }, confidence: 1 },
        { text: 'Outstanding principal $212,500.00', box: { x: 39, y: 120, w: 200, h: 9 }, confidence: 1 },
      ],
    };
    expect(values('mortgage-statement', [statement]).lenderName).toBe('AnyCompany Loan Servicing LLC');
  });
});

describe("a filled form's answers", () => {
  it("an agency's verification form: each answer under its own label (not the next label's, half a line lower), the form's questions no answers", () => {
    const form = cellsPage([
      ['Department of Social', 108, 53, 9],
      ['& Health Services Employment Verification', 108, 57, 9],
      ['DATE', 464, 94, 9],
      ['07/02/2026', 460, 101, 10.2],
      ['Section 2: To be filled out by the employer.', 78, 187, 11.6],
      ['EMPLOYEE’S NAME', 78, 199.2, 8.9],
      ['EMPLOYER’S NAME', 290, 199.2, 8.9],
      // The fields' answers sit in boxes that start above the labels' bottom line.
      ['Terrence Boyd', 74, 206.5, 10.2],
      ['Harbor Ridge Landscaping', 286, 206.5, 10.2],
      ['EMPLOYEE’S JOB TITLE', 78, 228, 8.9],
      ['EMPLOYER’S ADDRESS', 290, 228, 8.9],
      ['Grounds Crew', 74, 235.3, 10.2],
      ['1408 SE Mill Plain Blvd, Vancouver, WA 98683', 286, 235.3, 10.2],
      ['DATE EMPLOYEE STARTED WORK', 250, 256.8, 8.9],
      ['Is this a new job? No Yes 02/03/2025', 78, 264, 17.4],
      ['WHEN WILL YOUR', 474, 345, 8.9],
      ['POSITION END?', 474, 354, 8.9],
    ]);
    expect(values('employment-letter', [form])).toMatchObject({ employeeName: 'Terrence Boyd', employerName: 'Harbor Ridge Landscaping', jobTitle: 'Grounds Crew', startDate: '2025-02-03' });
  });
});

describe('types by what documents say they are', () => {
  const classifier = new DocumentClassifier(types);

  it("a form titled as a type is that type even when the model is sure it is none (a state's employment verification form)", () => {
    const form = page([
      ['EMPLOYMENT VERIFICATION', 200, 30],
      ['Employee name', 40, 90],
      ['Employer', 40, 110],
      ['Job title', 40, 130],
    ]);
    const probs = classifier.withCues([form], { fallback: 0.985, 'employment-letter': 0.005, payslip: 0.005, invoice: 0.005 });
    expect(Object.entries(probs).sort((a, b) => b[1] - a[1])[0]![0]).toBe('employment-letter');
    // Without a title naming another type, a model this sure is left as it is.
    const untitled = page([['Employee name', 40, 90], ['Employer', 40, 110]]);
    expect(classifier.withCues([untitled], { fallback: 0.985, 'employment-letter': 0.005, payslip: 0.005, invoice: 0.005 }).fallback).toBe(0.985);
  });

  it("a form's words for the return it is filed with are no title (a W-2's `To Be Filed with Employee's State, City, or Local Income Tax Return`)", () => {
    const w2 = page([
      ["Copy 2 -- To Be Filed with Employee's State,", 47, 146],
      ['OMB NO. 1545-0008', 435, 149],
      ['City, or Local Income Tax Return.', 41, 155],
      ["Employee's Soc Sec No", 47, 166],
      ['1 Wages, tips, other comp.', 198, 166],
    ]);
    expect(titleLines(w2).map((l) => l.text)).not.toContain('City, or Local Income Tax Return.');
    expect(cueEvidence([w2]).title['tax-return'] ?? 0).toBe(0);
    // The same words as a title are one.
    expect(cueEvidence([page([['Income Tax Return 2024', 200, 40]])]).title['tax-return']).toBeGreaterThan(0);
  });

  it("a till's receipt is told by the cash handed over and the change given back", () => {
    const receipt = page([
      ['SAM SAM TRADING CO', 150, 58],
      ['TAX INVOICE', 230, 190],
      ['TOTAL RM 14.10', 130, 494],
      ['CASH RM 20.00', 130, 513],
      ['CHANGE RM 5.90', 130, 552],
      ['GOODS SOLD ARE NOT RETURNABLE', 160, 607],
    ]);
    const { score, title } = cueEvidence([receipt]);
    // The cash and the change say `receipt` as surely as its `TAX INVOICE` heading says invoice.
    expect(title.fallback).toBeGreaterThanOrEqual(title.invoice ?? 0);
    expect(score.fallback).toBeGreaterThan(score.invoice ?? 0);
  });

  it("a shop's receipt that totals and taxes like an invoice is told by its `CHANGE DUE`", () => {
    const receipt = page([
      ['MEGA MARKET PLUS', 246, 115],
      ['LG FLATSCREEN 65 $899.99 S', 154, 161],
      ['SUBTOTAL $1699.96', 259, 239],
      ['TAX $110.50', 259, 254],
      ['TOTAL $1810.46', 259, 270],
      ['TEND $1810.46', 259, 286],
      ['CHANGE DUE 0.00', 224, 473],
      ['# ITEMS SOLD 4', 184, 500],
    ]);
    expect(classifier.classify([receipt]).docType).toBe('fallback');
  });

  it("a visa's zone and a US state's identity card (`NOT A DRIVER LICENSE`) are none of the types, as surely as a title says so", () => {
    const visa = page([['UTOPIA VISA', 263, 305], ['Surname, Given names', 259, 409], ['ERIKSSON ANNA MARIA', 264, 416], ['V<UTOERIKSSON<<ANNA<KMARIA<<<<<<<<<<<<<<<<<<<', 145, 488], ['L8988901C4XXX4009078F96121096ZE184226B<<<<<<', 145, 504]], { confidence: 0.8 });
    expect(cueEvidence([visa]).title.fallback).toBeGreaterThanOrEqual(6);
    expect(classifier.classify([visa]).docType).toBe('fallback');
    const stateId = page([['WISCONSIN', 203, 317], ['1 SAMPLE', 263, 354], ['2 JENNIFER AMY', 261, 363], ['NOT A DRIVER LICENSE', 266, 411], ['3 DOB 03/14/1976', 262, 454]], { confidence: 0.8 });
    expect(cueEvidence([stateId]).score['driving-licence'] ?? 0).toBeLessThan(3);
    expect(classifier.classify([stateId]).docType).toBe('fallback');
  });

  it("a German premium invoice (`Beitragsrechnung`) is an invoice; a closing checklist or a guide to forms is none of the types", () => {
    expect(cueEvidence([page([['Beitragsrechnung zur Kraftfahrtversicherung Nr. 00.123.456.7', 71, 100]])]).score.invoice).toBeGreaterThanOrEqual(3.5);
    expect(cueEvidence([page([['Your closing checklist', 28, 40]])]).title.fallback).toBeGreaterThanOrEqual(6);
    expect(cueEvidence([page([['Guide to closing forms', 28, 40]])]).title.fallback).toBeGreaterThanOrEqual(6);
  });

  it("a passport's zone is a passport cue whatever the name after the state; a word like `identificacion` is no card's zone", () => {
    const zone = page([['P<JPNGAIMU<<SAKURA<<<<<<<<<<<<<<<<<<<<<<<<<<<', 130, 495]], { confidence: 0.8 });
    expect(cueEvidence([zone]).score.passport).toBeGreaterThan(0);
    const form = page([['Numero de identificacion del contribuyente', 40, 100]]);
    expect(cueEvidence([form]).score['national-id-card'] ?? 0).toBe(0);
  });
});

describe('the next page of a typed document', () => {
  const types = (t: string) => () => ({ [t]: 0.9, fallback: 0.1 });
  it('a page the model calls none of the types joins the document before it when it names its issuer, and starts one when it does not', () => {
    const invoice = page([['Tata Motors Dealer Services', 40, 20], ['Invoice 8928', 40, 60], ['Total 1,800.00', 40, 400]]);
    const terms = page([['Terms of sale', 40, 40], ['Goods once sold by Tata Motors Dealer Services are not taken back.', 40, 60]], { n: 2 });
    const letter = page([['Recipe for lemon cake', 40, 40], ['Mix the flour and the sugar.', 40, 60]], { n: 2 });
    const classifyPage = (p: ParsedPage) => (p === invoice ? types('invoice')() : types('fallback')());
    expect(splitPages([invoice, terms], { classifyPage }).documents.map((d) => d.pages)).toEqual([[1, 2]]);
    expect(splitPages([invoice, letter], { classifyPage }).documents.map((d) => d.pages)).toEqual([[1], [2]]);
  });

  it("a card's back that OCR read as a few unsure characters stays with its front; a back with words of its own is read as a page", () => {
    const front = page([['REPUBLIQUE FRANCAISE', 331, 354], ['PERMIS DE CONDUIRE', 331, 370], ['1. MARTIN', 331, 390]], { confidence: 0.8 });
    const noise = page([['penn nas', 247, 359]], { n: 2, confidence: 0.32 });
    const classifyPage = (p: ParsedPage) => (p === front ? types('driving-licence')() : types('fallback')());
    expect(splitPages([front, noise], { classifyPage }).documents.map((d) => d.pages)).toEqual([[1, 2]]);
    const letter = page([['Recipe for lemon cake', 40, 40], ['Mix the flour and the sugar.', 40, 60]], { n: 2, confidence: 0.9 });
    expect(splitPages([front, letter], { classifyPage }).documents.map((d) => d.pages)).toEqual([[1], [2]]);
  });

  it('information returns that each name their own form are one document each; a guide naming the same form on two pages is one', () => {
    const form = (n: number, title: string) =>
      page([['CORRECTED (if checked)', 40, 20], [title, 40, 40], ["PAYER'S name, street address, city or town", 40, 60], ['Department of the Treasury - Internal Revenue Service', 40, 700]], { n });
    const allFallback = () => ({ fallback: 0.9, invoice: 0.1 });
    const returns = [form(1, 'Form 1099-NEC'), form(2, 'Form 1099-MISC'), form(3, 'Form 1099-INT')];
    expect(splitPages(returns, { classifyPage: allFallback }).documents.map((d) => d.pages)).toEqual([[1], [2], [3]]);
    const guide = [form(1, 'Promissory Note'), form(2, 'Promissory Note')];
    expect(splitPages(guide, { classifyPage: allFallback }).documents.map((d) => d.pages)).toEqual([[1, 2]]);
  });

  it("a sentence at the top of a page names no issuer: a survey then a biographical sketch that both say 'the following' are two papers", () => {
    const survey = page([['PLEASE TELL US WHAT YOU THINK', 40, 20], ['How satisfied were you in each of the following areas:', 40, 40], ['Service quality', 40, 80]]);
    const sketch = page([['BIOGRAPHICAL SKETCH', 40, 20], ['Give the following information for the key personnel', 40, 40], ['Education and training', 40, 80]], { n: 2 });
    const r = splitPages([survey, sketch], { classifyPage: () => ({ fallback: 0.9, invoice: 0.1 }) });
    expect(r.boundaries[0]!.reasons.join(' ')).not.toMatch(/names the issuer/);
  });
});
