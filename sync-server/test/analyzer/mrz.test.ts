import { describe, expect, it } from 'vitest';
import { checkDigit, cleanMrzLine, findMrz } from '../../src/analyzer/extract/mrz.js';
import { countryCode, isMrzState, mrzCountry } from '../../src/analyzer/extract/countries.js';
import { looksLikeName, normaliseName } from '../../src/analyzer/extract/names.js';
import { cleanAddress } from '../../src/analyzer/extract/engine.js';

// ICAO 9303 part 4 and part 5 specimens.
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const lines = (xs: string[]) => xs.map((text) => ({ text }));

describe('MRZ', () => {
  it('check digits (7-3-1)', () => {
    expect(checkDigit('L898902C3')).toBe('6');
    expect(checkDigit('740812')).toBe('2');
    expect(checkDigit('120415')).toBe('9');
  });

  it('reads a clean TD3', () => {
    const r = findMrz(lines(['Passport', ...TD3]))!;
    expect(r.format).toBe('TD3');
    expect(r).toMatchObject({ surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: 'L898902C3', dateOfBirth: '1974-08-12', sex: 'F' });
    expect(Object.values(r.checks).every(Boolean)).toBe(true);
    expect(r.sourceLines).toEqual([1, 2]);
  });

  it('reads a clean TD1', () => {
    const r = findMrz(lines(TD1))!;
    expect(r).toMatchObject({ format: 'TD1', surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: 'D23145890' });
    expect(Object.values(r.checks).every(Boolean)).toBe(true);
  });

  it('repairs OCR confusions by position until the check digits validate', () => {
    // O for 0 and I for 1 in the date fields, S for 5 in the document number, « and K-less fillers.
    const noisy = ['P«UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<cce', 'L898902C36UT07408I22F12O4I59ZE184226B<<<<<I0'];
    const r = findMrz(lines(noisy))!;
    expect(r.dateOfBirth).toBe('1974-08-12');
    expect(r.nationality).toBe('UTO');
    expect(r.checks.dateOfBirth && r.checks.expiryDate && r.checks.documentNumber).toBe(true);
    const swapped = findMrz(lines([TD3[0]!, 'L8989O2C36UTO7408122F1204159ZE184226B<<<<<10']))!;
    expect(swapped.documentNumber).toBe('L898902C3');
    expect(swapped.checks.documentNumber).toBe(true);
  });

  it('repairs a document number to the shape numbers have when several swaps validate', () => {
    // An Estonian specimen as tesseract read it: KBOOO0000 with check digit 3. One O swapped
    // (KB0OO0000) validates by chance, as does the whole run swapped: digits after the letters win.
    const r = findMrz(lines(['P<ESTMAENNIK<<MARI<KLIIS<<<<<<<<<<<< <<< KKK <<<', 'KBOOO00003EST7501229F 120522647501220010<<<02']))!;
    expect(r.documentNumber).toBe('KB0000000');
    expect(r.checks.documentNumber).toBe(true);
    // ROOOOOOOO with check digit 9: ROOOOOOO0 validates with one swap, R00000000 with eight.
    expect(findMrz(lines(['P<MYSHAIRUDDIN<<AFIFAH<<<<<<<<<<<<<<<<<<<<<<', 'ROOOOOOOO9MYS7511024F2203104751102076384<<04']))!.documentNumber).toBe('R00000000');
    // Letters that are letters of the number (L, T, K) stay letters: only the O was a zero.
    expect(findMrz(lines(['IDD<<LN3TLOKK16<<<<<<<<<cccccee', '8907057F3309139D<<<<<<c<ccccccG', 'SCHROEDER<<ANNA<<<<<<<<cccccee']))!.documentNumber).toBe('LN3TL0KK1');
    // A number read right is kept as read even when it mixes letters and digits.
    expect(findMrz(lines([TD3[0]!, TD3[1]!]))!.documentNumber).toBe('L898902C3');
  });

  it('reads a card whose document code OCR read as a one and whose name line ends in noise', () => {
    // A Swedish specimen as tesseract read it.
    const r = findMrz(lines(['1<SWE59000002<8198703142391<<<', '8703145M1701027SWE<<<<<<<<<<<8', 'SPECIMEN<K<SVEN<K<<<<<<<d << SSK KK']))!;
    expect(r).toMatchObject({ format: 'TD1', surname: 'SPECIMEN', givenNames: 'SVEN', documentNumber: '59000002', nationality: 'SWE', dateOfBirth: '1987-03-14', expiryDate: '2017-01-02' });
  });

  it('drops a character OCR read twice, where the check digits say (a French specimen: 60RFOO08099 for 60RF008099)', () => {
    const r = findMrz(lines(['P<FRASPECIMEN<<NATACHA<K<<<<<<<<<<<sdsssdssss', "' = 60RFOO08099FRA5307128F1902237<<<<<<<<<<<<<<06"]))!;
    expect(r).toMatchObject({ documentNumber: '60RF00809', dateOfBirth: '1953-07-12', expiryDate: '2019-02-23', nationality: 'FRA' });
    expect(Object.values(r.checks).every(Boolean)).toBe(true);
  });

  it('copes with spaces and a missing filler', () => {
    const r = findMrz(lines(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<', 'L898902C3 6UTO7408122F1204159ZE184226B<<<<10']))!;
    expect(r.documentNumber).toBe('L898902C3');
    expect(r.expiryDate).toBe('2012-04-15');
  });

  it('finds the name separator in a filler OCR read as K', () => {
    // A UK specimen as tesseract read it: `<<` came out as `K<K<`, the trailing fillers as K's.
    const r = findMrz(lines(['P<GBRPUDARSANK<K<HENERT<< <<< <<< KKK KKK KKK KK', '7077979792GBR9505209M1704224<<<<<<<<<<<<<<00']))!;
    expect(r).toMatchObject({ surname: 'PUDARSANK', givenNames: 'HENERT' });
    // A real one-letter part beside a proper separator stays.
    expect(findMrz(lines(['P<UTOERIKSSON<<ANNA<K<MARIA<<<<<<<<<<<<<<<<<<', TD3[1]!]))!).toMatchObject({ surname: 'ERIKSSON', givenNames: 'ANNA K MARIA' });
  });

  it('reads a TD2 card (ICAO 9303 part 6 specimen)', () => {
    const r = findMrz(lines(['Identity card', 'I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D231458907UTO7408122F1204159<<<<<<<6']))!;
    expect(r).toMatchObject({ format: 'TD2', surname: 'ERIKSSON', givenNames: 'ANNA MARIA', documentNumber: 'D23145890', nationality: 'UTO', dateOfBirth: '1974-08-12', expiryDate: '2012-04-15', sex: 'F' });
    expect(Object.values(r.checks).every(Boolean)).toBe(true);
    expect(r.sourceLines).toEqual([1, 2]);
    // Repaired like the others: O for 0 in the birth date, S for 5 in the number.
    const noisy = findMrz(lines(['I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<', 'D2314S8907UTO74O8122F1204159<<<<<<<6']))!;
    expect(noisy).toMatchObject({ format: 'TD2', documentNumber: 'D23145890', dateOfBirth: '1974-08-12' });
    expect(noisy.checks.composite).toBe(true);
  });

  it('reads the French ID card of 1988–2021: its own layout, several given names, no expiry in the zone', () => {
    // The published specimen (Wikipedia, "Carte nationale d'identité en France").
    const r = findMrz(lines(['IDFRADOUEL<<<<<<<<<<<<<<<<<<<<932013', '0506932020438CHRISTIANE<<NI2906209F3']))!;
    expect(r).toMatchObject({ format: 'FR-ID', surname: 'DOUEL', givenNames: 'CHRISTIANE NI', documentNumber: '050693202043', nationality: 'FRA', issuingState: 'FRA', dateOfBirth: '1929-06-20', expiryDate: null, sex: 'F' });
    expect(r.checks).toEqual({ documentNumber: true, dateOfBirth: true, expiryDate: false, composite: true });
  });

  it('puts a birth year before the document: a card issued in 2005 was not held by someone born in 2015', () => {
    const l1 = 'IDFRAMARTIN<<<<<<<<<<<<<<<<<<<<<<<<<';
    const number = '050693202043';
    const head = `${number}${checkDigit(number)}PAUL<<<<<<<<<<`;
    const dob = '150301';
    const l2 = `${head}${dob}${checkDigit(dob)}M`;
    const r = findMrz(lines([l1, l2 + checkDigit(l1 + l2)]))!;
    expect(r.format).toBe('FR-ID');
    expect(r.dateOfBirth).toBe('1915-03-01');
    // A passport that expired in 2012 was not issued to someone born in 2015 either.
    const passport = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', `L898902C36UTO150301${checkDigit('150301')}F1204159ZE184226B<<<<<`];
    const comp = checkDigit(passport[1]!.slice(0, 10) + passport[1]!.slice(13, 20) + passport[1]!.slice(21, 43));
    expect(findMrz(lines([passport[0]!, passport[1]! + comp]))!.dateOfBirth).toBe('1915-03-01');
  });

  it('says how many look-alike swaps a document number needed: a number that meets its check digit only so is no sure reading', () => {
    const asRead = findMrz([{ text: 'P<AUSCITIZEN<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<' }, { text: 'U0996738<2UTO7906075F1112256<50013871L<<<<68' }])!;
    expect(asRead).toMatchObject({ documentNumber: 'U0996738', numberSwaps: 0 });
    // The U read as V: swaps of look-alikes find a number that validates by chance.
    const misread = findMrz([{ text: 'P<AUSCITIZEN<<JANE<<<<<<<<<<<<<<<<<<<<<<<<<<' }, { text: 'V0996738<2UTO7906075F1112256<50013871L<<<<68' }])!;
    expect(misread.checks.documentNumber).toBe(true);
    expect(misread.numberSwaps).toBeGreaterThanOrEqual(2);
  });

  it("settles by the data page what the zone's check digits cannot: a letter read as two, a number whose misreads both validate", () => {
    // A blurred specimen: the name's A read as BA, the number's S as K5 (X51234567 and K51234567 meet
    // the same check digit as XS1234567). Both lines read a character too long.
    const zone = ['P<JPNGAIMU<<SAKURBA<<<<<<<<<<<<<<<<<<<<<<<<<<', 'XK512345673JPN7902206F1603202<<<<<<<<<<<<<<02'];
    const page = ['> JPN.:s«S1234567', 'GAIMU', 'SAKURA'];
    expect(findMrz(lines([...page, ...zone]))).toMatchObject({ surname: 'GAIMU', givenNames: 'SAKURA', documentNumber: 'XS1234567', checks: { documentNumber: true, composite: true } });
    // The zone alone says what it read: nothing on a page to settle it by.
    expect(findMrz(lines(zone))).toMatchObject({ givenNames: 'SAKURBA', documentNumber: 'K51234567' });
    // A page that prints the name as the zone reads it keeps it (the 45th character was a filler).
    expect(findMrz(lines(['GAIMU', 'SAKURBA', ...zone]))!.givenNames).toBe('SAKURBA');
  });

  it("reads a passport whose first line a stamp cut short: the state from it, the rest from a whole second line", () => {
    const r = findMrz(lines(['P<QATALNA <HAMAD<ABDULLAH<<<<<<<<<<<', '00000000<0QAT7103070M110725012345458902<<<78']))!;
    expect(r).toMatchObject({ format: 'TD3', issuingState: 'QAT', nationality: 'QAT', dateOfBirth: '1971-03-07', expiryDate: '2011-07-25', checks: { dateOfBirth: true, expiryDate: true, composite: true } });
    // A short first line over a short second line is no passport's zone.
    expect(findMrz(lines(['P<QATALNA <HAMAD<ABDULLAH<<<<<<<<<<<', '00000000<0QAT7103070M1107250']))?.format).not.toBe('TD3');
  });

  it("reads a passport's first line alone where its second is unreadable: the state and the name, nothing validated", () => {
    const r = findMrz(lines(['; P<USAROSALEZ< <ALEJANDRO< <<<<<<<<<<<<<<<<<<<<<', '349587345029USA1209381M2394820392344059 < < 834983457']))!;
    expect(r).toMatchObject({ format: 'TD3', issuingState: 'USA', surname: 'ROSALEZ', givenNames: 'ALEJANDRO', documentNumber: '', dateOfBirth: null });
    expect(Object.values(r.checks).some(Boolean)).toBe(false);
    // A line of capitals and fillers that names no state, or a short one, is no zone.
    expect(findMrz(lines(['P<XXQROSALEZ<<ALEJANDRO<<<<<<<<<<<<<<<<<<<<<<<']))).toBeNull();
    expect(findMrz(lines(['P<USAROSALEZ<<ALEJANDRO<<<<']))).toBeNull();
  });

  it('cleans filler look-alikes', () => {
    expect(cleanMrzLine('IDD<<LHRC9L7C5 /<<<<<<<<<<<cccce')).toBe('IDD<<LHRC9L7C5' + '<'.repeat(16));
  });

  it('countries', () => {
    expect(mrzCountry('D<<')).toBe('DEU');
    expect(countryCode('BRITISH CITIZEN')).toBe('GBR');
    expect(countryCode('DEUTSCH')).toBe('DEU');
    expect(countryCode('Française')).toBe('FRA');
    expect(countryCode('IRL')).toBe('IRL');
  });

  it('finds no zone in a payment slip: a sentence in capitals and a scan line whose repaired digits validate by chance', () => {
    // OCR of a mortgage statement's coupon; read as TD1 ("AF…", 3 of 3 check digits after look-alike
    // repairs) it typed the statement an identity card. No state code, no zone.
    const lines = ['*A late fee of $145.52 may be assessed if payment is received', 'after normal business hours on 07/16/2021.', '+ 0643324 000999213 04LPSA 0763259 096', 'Customer Service/Pay-by-Phone: 1.800.555.0100*'];
    expect(findMrz(lines.map((text) => ({ text })))).toBeNull();
    expect(isMrzState('UTO') && isMrzState('D<<') && isMrzState('GBD') && isMrzState('KOR')).toBe(true);
    expect(isMrzState('TER') || isMrzState('EOA')).toBe(false);
  });
});

describe('names', () => {
  it.each([
    ['MS N HOLLOWAY', 'N Holloway'],
    ['HOLLOWAY, Niamh', 'Niamh HOLLOWAY'],
    ['PRITCHARD Imran', 'Imran PRITCHARD'],
    ['Mr I. Pritchard', 'I. Pritchard'],
    ['Dr. Siobhán Kelly', 'Siobhán Kelly'],
    ['EMILY MARIE KOWALSKI', 'Emily Marie Kowalski'],
    ['Frau Lena Schäfer', 'Lena Schäfer'],
    ['Herrn Max Mustermann', 'Max Mustermann'],
    ['Name: John Doe', 'John Doe'],
    ['Customer name : Alfonso Avila', 'Alfonso Avila'],
  ])('%s', (raw, want) => {
    expect(normaliseName(raw)).toBe(want);
  });
});

describe('what is not a name', () => {
  // A payslip's or a tax form's column headings sit where a name would (issue 36: the employee read as "Taxes Withheld").
  it.each(['Taxes Withheld', 'Federal Withholding', 'YTD Earnings', 'Social Security', 'Adjusted Gross Income', 'Direct Deposit Voucher'])('%s', (heading) => {
    expect(looksLikeName(heading)).toBe(false);
  });
  it.each(['Sarah Whitcombe', 'Jean-Luc Picard', 'Aoife Ní Bhriain', 'Kate Statham'])('%s is one', (name) => {
    expect(looksLikeName(name)).toBe(true);
  });
});

describe('an address read with its label', () => {
  it.each([
    ['Property Address: 305 MRAZ WAY FRANKIESIDE, WA 46764', '305 MRAZ WAY FRANKIESIDE, WA 46764'],
    ['Adresse : 12 rue de la Paix 75002 Paris', '12 rue de la Paix 75002 Paris'],
    ['305 Mraz Way, Frankieside, WA 46764', '305 Mraz Way, Frankieside, WA 46764'],
  ])('%s', (raw, want) => {
    expect(cleanAddress(raw)).toBe(want);
  });
});
