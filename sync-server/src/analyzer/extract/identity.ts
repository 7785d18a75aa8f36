/**
 * Passports, identity cards and driving licences: printed fields by their (often bilingual)
 * labels, confirmed or corrected by the MRZ when its check digits validate.
 */
import { countryCode, isMrzState } from './countries.js';
import { findDates } from './dates.js';
import { type DocView, type XLine, wholeLine } from './doc.js';
import { type Candidate, L, type Parser, US_ZIP, addressParser, candidate, cutAtLabel, dateParser, isPostcodeLine, lookup, nameParser } from './engine.js';
import { type MrzResult, findMrz } from './mrz.js';
import { normaliseName, titleCase } from './names.js';

type Out = Record<string, Candidate<unknown>>;

const SURNAME = L('surname', 'nom', 'name/surname', 'apellidos', 'cognome', 'nazwisko', 'achternaam', 'familienname', 'sobrenome', 'last name', 'ln');
const GIVEN = L('given names', 'given name', 'prenoms', 'prenom', 'vornamen', 'vorname', 'nombre', 'nome', 'imiona', 'imie', 'voornamen', 'first name', 'fn');
const NATIONALITY = L('nationality', 'nationalite', 'staatsangehorigkeit', 'nacionalidad', 'cittadinanza', 'obywatelstwo', 'nationaliteit', 'nacionalidade');
const DOB = L('date of birth', 'date de naissance', 'date de naiss', 'geburtsdatum', 'geburtstag', 'fecha de nacimiento', 'fecha nacimiento', 'data di nascita', 'data urodzenia', 'geboortedatum', 'data de nascimento', 'birth date', 'dob', 'born', 'nee le', 'ne le', 'geboren am', 'nato il', 'nata il', 'nacido el', 'nacida el', 'geboren op', 'nascido em');
const ISSUE = L('date of issue', 'date de delivrance', 'ausstellungsdatum', 'ausgestellt am', 'fecha de expedicion', 'expedicion', 'data di rilascio', 'data rilascio', 'data wydania', 'datum van afgifte', 'date of issuance', 'issue date', 'issued on', 'iss');
const EXPIRY = L('date of expiry', "date d'expiration", 'date d expiration', 'date d.expir', "valable jusqu'au", 'valable jusqu', 'gultig bis', 'valido fino al', 'valida fino al', 'valido hasta', 'valida ate', 'geldig tot en met', 'valid until', 'valid to', 'fecha de caducidad', 'validez', 'scadenza', 'data di scadenza', 'data waznosci', 'geldig tot', 'expiry date', 'expiration date', 'expires', 'exp');
const DOCNUM = L('passport no', 'passeport no', 'passport number', 'passport n', 'passnummer', 'pasaporte n', 'passaporto n', 'numer paszportu', 'paspoortnummer', 'document no', 'document number', 'card number', 'card no', 'ausweisnummer', 'num soporte', 'numero de soporte', 'n de carte', 'numer dokumentu', 'documentnummer', 'no du passeport', 'n du document', 'n° du document', 'document no', 'numero documento', 'numero de documento', 'no', 'n°', 'nr');

const ID_TOKEN = /\b(?=[A-Z0-9]*\d)[A-Z0-9]{6,10}\b/g;

function idToken(text: string, prefer?: string): string | null {
  const toks = [...text.toUpperCase().matchAll(ID_TOKEN)].map((m) => m[0]).filter((t) => !/^\d{6}$/.test(t) || true);
  if (prefer && toks.includes(prefer)) return prefer;
  // The number is usually the last token of the line (`P GBR 538960943`).
  return toks.length ? toks[toks.length - 1]! : null;
}

/** A name field's value: identity documents print it in capitals (a bilingual label is not a value). */
const upperWords = (text: string) => {
  const t = text.replace(/\(.*?\)/g, ' ').replace(/[^\p{L}\s'\-]/gu, ' ').replace(/\s+/g, ' ').trim();
  if (t.length >= 2 && t === t.toUpperCase()) return t;
  // A field marker or a guilloche read as a scrap of letters at either end (`(a) MUSTERMANN` read
  // `(al MUSTERMANN “oy`): the capitals between the scraps are the value.
  const words = t.split(' ');
  const isCaps = (w: string) => w.length >= 2 && w === w.toUpperCase();
  const first = words.findIndex(isCaps);
  const last = words.findLastIndex(isCaps);
  if (first < 0) return null;
  const inner = words.slice(first, last + 1);
  const scraps = [...words.slice(0, first), ...words.slice(last + 1)];
  return inner.every(isCaps) && inner.join('').length >= 4 && scraps.length <= 2 && scraps.every((w) => w.length <= 2) ? inner.join(' ') : null;
};

function mrzOf(doc: DocView): MrzResult | null {
  let best: MrzResult | null = null;
  for (const p of doc.pages) {
    const r = findMrz(p.lines);
    if (r && (!best || Object.values(r.checks).filter(Boolean).length > Object.values(best.checks).filter(Boolean).length)) best = r;
  }
  return best;
}

/** Letters that carry no combining accent to strip (a stroke, a bar) as ICAO 9303 writes them in the MRZ. */
const latinLetters = (s: string) => s.replace(/[ŁĿ]/g, 'L').replace(/[łŀ]/g, 'l').replace(/[ĐÐ]/g, 'D').replace(/[đð]/g, 'd').replace(/Ħ/g, 'H').replace(/ħ/g, 'h').replace(/ı/g, 'i').replace(/Þ/g, 'TH').replace(/þ/g, 'th');
const plainAscii = (s: string) => latinLetters(s).normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z]/g, '');
/** ICAO transliteration: Ö → OE, Ü → UE, Ä → AE, ß → SS, Å → AA, Ø → OE, Æ → AE. */
const icao = (s: string) => plainAscii(s.toUpperCase().replace(/Ö/g, 'OE').replace(/Ü/g, 'UE').replace(/Ä/g, 'AE').replace(/ß/g, 'SS').replace(/Å/g, 'AA').replace(/Ø/g, 'OE').replace(/Æ/g, 'AE').replace(/Œ/g, 'OE').replace(/Ĳ/g, 'IJ'));
/** Whether a word carries letters beyond A–Z (accents, strokes): the spelling a page prints a name in. */
const accented = (w: string) => plainAscii(w) !== w.toUpperCase();
const sameName = (a: string, b: string) => plainAscii(a) === plainAscii(b) || icao(a) === plainAscii(b) || icao(a) === icao(b);

function mrzLine(doc: DocView, mrz: MrzResult): XLine {
  const page = doc.pages.find((p) => findMrz(p.lines) !== null)?.page ?? doc.pages[0]!.page;
  return doc.plain(page).find((l) => l.index === mrz.sourceLines[0]) ?? doc.plain(page)[0]!;
}

/**
 * The MRZ's name as the page prints it: each word in its printed spelling (accents, ICAO's
 * transliterations undone), names the page hyphenates hyphenated, and a filler read as a letter at
 * either end of a word (`HOLLIEX`, `CARMENK`, `KLIIS`) dropped when the page spells the word without it.
 */
/**
 * ICAO's two-letter transliterations of one letter, as a printed word OCR read without its marks
 * shows them: MAENNIK in the zone, MANNIK on the page, is Männik. Danish and Norwegian write Æ and Ø
 * where the others write Ä and Ö.
 */
function umlautOf(digraph: string, state: string | undefined): string {
  const nordic = state === 'DNK' || state === 'NOR';
  return ({ AE: nordic ? 'Æ' : 'Ä', OE: nordic ? 'Ø' : 'Ö', UE: 'Ü', AA: 'Å' } as Record<string, string>)[digraph]!;
}

function withUmlauts(w: string, spelt: Map<string, string>, state: string | undefined): string | undefined {
  const at = [...w.matchAll(/AE|OE|UE|AA/g)].map((m) => m.index);
  // Each digraph either stays or is one letter the page printed without its marks.
  for (let mask = 1; mask < 1 << at.length && at.length <= 4; mask++) {
    let plain = '';
    const marks: [number, string][] = [];
    let from = 0;
    at.forEach((i, k) => {
      if (!(mask & (1 << k))) return;
      plain += w.slice(from, i);
      marks.push([plain.length, umlautOf(w.slice(i, i + 2), state)]);
      plain += w[i];
      from = i + 2;
    });
    plain += w.slice(from);
    const printed = spelt.get(plain);
    if (!printed || accented(printed) || printed.length !== plain.length) continue;
    let out = printed;
    for (const [i, letter] of marks) out = out.slice(0, i) + (out[i] === out[i]!.toLowerCase() ? letter.toLowerCase() : letter) + out.slice(i + 1);
    return out;
  }
  return undefined;
}

function printedSpelling(doc: DocView, name: string, state?: string): string {
  const printed = doc.plain().filter((l) => !l.text.includes('<<')).flatMap((l) => l.text.split(/[^\p{L}]+/u)).filter(Boolean);
  // Each printed word under the letters the MRZ writes it in (accents dropped, or ICAO's
  // transliteration: Þ TH, Ä AE …), the spelling with accents preferred: the zone spells Þuríður
  // THURIDUR and Männik MAENNIK, the page prints them as the holder's name is.
  const spelt = new Map<string, string>();
  for (const w of printed)
    for (const k of [plainAscii(w), icao(w)]) {
      const had = spelt.get(k);
      if (!had || (!accented(had) && accented(w))) spelt.set(k, w);
    }
  return name
    .split(' ')
    .map((w) => {
      if (spelt.has(w)) return spelt.get(w)!;
      // A filler read as a letter at either end of a name (`HOLLIEX`, `KLIIS`).
      const cuts = [/[KXLCS]$/.test(w) ? w.slice(0, -1) : '', /^[KXLC]/.test(w) ? w.slice(1) : ''];
      for (const cut of cuts) if (w.length > 3 && cut && spelt.has(cut)) return spelt.get(cut)!;
      return withUmlauts(w, spelt, state) ?? w;
    })
    .reduce((out, w, i, all) => {
      if (i === 0) return w;
      const hyphened = new RegExp(`(?:^|[^\\p{L}])${escape(all[i - 1]!)}\\s*-\\s*${escape(w)}(?:$|[^\\p{L}])`, 'iu');
      return `${out}${doc.plain().some((l) => hyphened.test(l.text)) ? '-' : ' '}${w}`;
    }, '');
}

/**
 * The data page's full name on one line (`ALI HAMAD ABDULLAH AL-KAABI`) where the zone's name has
 * one word the page does not print (a stamp over the zone's first line: `ALNA<HAMAD<ABDULLAH`): the
 * line holds the zone's other words and more, and is the name as issued.
 */
function nameLineOf(doc: DocView, mrzName: string): string | undefined {
  const words = mrzName.split(/[\s-]+/).map(plainAscii).filter(Boolean);
  if (words.length < 2) return undefined;
  for (const l of doc.plain()) {
    if (l.conf < 0.8 || l.text.includes('<') || !/^[\p{Lu}\s'\-]+$/u.test(l.text.trim())) continue;
    const own = l.text.trim().split(/[\s-]+/).map(plainAscii);
    const matched = words.filter((w) => own.includes(w)).length;
    if (matched >= 2 && matched === words.length - 1 && own.length > words.length - 1) return titleCase(l.text.trim().replace(/\s+/g, ' '));
  }
  return undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Printed values first; where the MRZ validates and disagrees, the MRZ wins. */
function reconcile(doc: DocView, out: Out, mrz: MrzResult | null, fields: { issue: boolean }): void {
  if (!mrz) return;
  const at = mrzLine(doc, mrz);
  if (mrz.checks.dateOfBirth && mrz.dateOfBirth) {
    const printed = out.dateOfBirth?.value as string | undefined;
    // The MRZ has only two-digit years: a printed date with the same day and month keeps its century.
    if (!printed || printed.slice(2) !== mrz.dateOfBirth.slice(2)) out.dateOfBirth = candidate(mrz.dateOfBirth, at, 0.95);
  }
  if (mrz.checks.expiryDate && mrz.expiryDate) {
    const printed = out.expiryDate?.value as string | undefined;
    if (!printed || printed.slice(2) !== mrz.expiryDate.slice(2)) out.expiryDate = candidate(mrz.expiryDate, at, 0.95);
  }
  if (mrz.checks.documentNumber && mrz.documentNumber) {
    const printed = out.documentNumber?.value as string | undefined;
    if (!printed || printed.replace(/\s/g, '') !== mrz.documentNumber) out.documentNumber = candidate(mrz.documentNumber, at, 0.95);
  } else if (!out.documentNumber && mrz.documentNumber.length >= 6) out.documentNumber = candidate(zerosAmongDigits(mrz.documentNumber), at, 0.5);
  // A nationality no state has is a misread field: the issuing state is the holder's on most documents.
  const nationality = mrz.nationality && isMrzState(mrz.nationality) ? mrz.nationality : undefined;
  if (nationality && (!out.nationality || (mrz.checks.composite && out.nationality.value !== nationality))) out.nationality = candidate(nationality, at, mrz.checks.composite ? 0.95 : 0.6);
  else if (!out.nationality && !nationality && mrz.issuingState && isMrzState(mrz.issuingState)) out.nationality = candidate(mrz.issuingState, at, 0.5);
  const mrzName = [mrz.givenNames, mrz.surname].filter(Boolean).map((n) => printedSpelling(doc, n!, mrz.issuingState)).join(' ');
  const printed = out.fullName?.value as string | undefined;
  const nameLine = printed ? undefined : nameLineOf(doc, mrzName);
  if (nameLine) out.fullName = candidate(nameLine, at, 0.7);
  else if (mrzName && (!printed || !sameName(printed, mrzName))) {
    // A printed name that spells the MRZ's letters (accents apart) is kept; otherwise the MRZ's.
    // A name no check digit stands behind when nothing of its zone validated: for review.
    const sure = Object.values(mrz.checks).some(Boolean);
    if (!printed || plainAscii(printed).length < 3 || !plainAscii(mrzName).includes(plainAscii(printed).slice(0, 3))) out.fullName = candidate(titleCase(mrzName), at, sure ? 0.7 : 0.5);
  } else if (printed && mrzName && printed.split(/\s+/).length > mrzName.split(/\s+/).length) {
    // The same letters, one word more: OCR broke a printed word at a wide gap (`MUS TERMANN`);
    // the zone separates its words with fillers, in the page's spelling here.
    out.fullName = { ...out.fullName!, value: titleCase(mrzName) };
  }
  void fields;
}

export function passportLike(doc: DocView, withIssue: boolean): Out {
  const out: Out = {};
  const mrz = mrzOf(doc);
  const sur = lookup(doc, { labels: SURNAME, parse: upperWords, where: ['below', 'after'] });
  const giv = lookup(doc, { labels: GIVEN, parse: upperWords, where: ['below', 'after'] });
  if (sur && giv && !/\d/.test(String(sur.value) + String(giv.value))) {
    out.fullName = { ...giv, value: normaliseName(`${giv.value} ${sur.value}`), confidence: Math.min(sur.confidence, giv.confidence) };
  }
  const num = lookup(doc, { labels: DOCNUM, parse: (t) => idToken(t, mrz?.documentNumber), where: ['below', 'after', 'right'] });
  if (num) out.documentNumber = num;
  const nat = lookup(doc, { labels: NATIONALITY, parse: (t) => countryCode(t.replace(/\b(sex|sexe)\b.*$/i, '')) ?? null, where: ['below', 'after', 'right'] });
  if (nat) out.nationality = nat;
  // Cards print dates with spaces (`01 01 1980`), and OCR splits them (`08/1 2/2020`).
  const cardDate = (hint: 'past' | 'future'): Parser<string> => (t, l, w) => dateParser(doc, hint)(repairDates(ocrMonths(t)), l, w);
  const dob = lookup(doc, { labels: DOB, parse: cardDate('past'), where: ['below', 'after', 'right'] });
  if (dob) out.dateOfBirth = dob;
  if (withIssue) {
    const iss = lookup(doc, { labels: ISSUE, parse: cardDate('past'), where: ['below', 'after', 'right'] });
    if (iss) out.issueDate = iss;
  }
  const exp = lookup(doc, { labels: EXPIRY, parse: cardDate('future'), where: ['below', 'after', 'right'] });
  if (exp) out.expiryDate = exp;
  reconcile(doc, out, mrz, { issue: withIssue });
  if (withIssue && !out.issueDate) {
    const inferred = issueByValidity(doc, out.dateOfBirth?.value as string | undefined, out.expiryDate?.value as string | undefined);
    if (inferred) out.issueDate = inferred;
  }
  bornBeforeIssue(out);
  return out;
}

/**
 * A holder is born before their document is issued: a two-digit year of birth (the MRZ's) read
 * into the century after the issue date belongs to the one before (`110101` on a passport issued in
 * 2006 is 1911).
 */
function bornBeforeIssue(out: Out): void {
  const dob = out.dateOfBirth?.value;
  const issued = out.issueDate?.value;
  if (typeof dob !== 'string' || typeof issued !== 'string' || dob <= issued) return;
  const earlier = `${Number(dob.slice(0, 4)) - 100}${dob.slice(4)}`;
  if (earlier <= issued && Number(issued.slice(0, 4)) - Number(earlier.slice(0, 4)) < 120) out.dateOfBirth = { ...out.dateOfBirth!, value: earlier };
}

/**
 * An unvalidated MRZ document number's O next to a digit is a zero: numbers mix letters and digits,
 * and OCR reads a zero as O far more often than a number carries an O beside its digits.
 */
function zerosAmongDigits(n: string): string {
  return n.replace(/O/g, (o, i: number) => (/\d/.test(n[i - 1] ?? '') || (/[\dO]/.test(n[i + 1] ?? '') && /\d/.test(n.slice(i + 1))) ? '0' : o));
}

/**
 * A passport is valid for 5 or 10 years: when the issue date's label was not read, the one date
 * on the page that lies that far before the expiry (to within a few days) is the issue date.
 */
function issueByValidity(doc: DocView, dob: string | undefined, expiry: string | undefined): Candidate<unknown> | null {
  if (!expiry) return null;
  const exp = Date.parse(expiry);
  const day = 86_400_000;
  let best: { c: Candidate<unknown>; off: number } | null = null;
  for (const l of doc.plain()) {
    if (l.text.includes('<<')) continue;
    for (const d of findDates(ocrMonths(l.text), { region: doc.region, yearHint: 'past' })) {
      if (d.iso === dob || d.iso === expiry) continue;
      const t = Date.parse(d.iso);
      for (const years of [10, 5]) {
        const off = Math.abs(exp - t - years * 365.25 * day);
        if (off <= 3 * day && (!best || off < best.off)) best = { c: candidate(d.iso, l, 0.6), off };
      }
    }
  }
  return best?.c ?? null;
}

/** OCR's zero for the O of a month (`15 0CT`, `150CT`, `N0V`), and a day glued to its month. */
export function ocrMonths(text: string): string {
  return text
    .replace(/(\d)?0CT\b/gi, (_, d: string | undefined) => `${d ?? ''} OCT`)
    .replace(/\bN0V\b/gi, 'NOV')
    .replace(/\b(\d{1,2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)\b/gi, '$1 $2');
}

/** The US card's own words after a field number (`4a ISS`, `4d DLN`, `3 DOB`). */
const CARD_LABEL = '(?:iss|exp|dob|dln|dl|lic#?|ln|fn|no)';

/** OCR splits a date's digits (`08/1 2/2020`): closed up inside a numeric date only. */
export function repairDates(text: string): string {
  return text
    .replace(/\b(\d{2})[.\s](\d{2})[.\s](\d{4})\b/g, '$1.$2.$3').replace(/\b(\d{1,2})\s?([/.\-])\s?(\d)\s(\d)\s?\2\s?(\d{2,4})\b/g, '$1$2$3$4$2$5').replace(/\b(\d)\s(\d)\s?([/.\-])\s?(\d{1,2})\s?\3\s?(\d{4})\b/g, '$1$2$3$4$3$5');
}

/** A US town line's state and ZIP code (`CO 80214-1249`): a number no licence has. */
const STATE_ZIP = new RegExp(US_ZIP.source, 'g');

/** Driving licences: the EU/UK numbered fields (1. surname … 5. number, 8. address) or US labels. */
/** A US card's field label: its AAMVA number (OCR may misread it) and its word. */
const ROW_LABEL = /(?:^|\s)(?:\w{1,2}\s*)?(iss|exp|dob|dln|number|lic#?|class|rest|end|sex|hgt|eyes|hair|wgt)\b/gi;
const ROW_FIELD: Record<string, 'issueDate' | 'expiryDate' | 'dateOfBirth' | 'licenceNumber'> = { iss: 'issueDate', exp: 'expiryDate', dob: 'dateOfBirth', dln: 'licenceNumber', number: 'licenceNumber', lic: 'licenceNumber', 'lic#': 'licenceNumber' };

/**
 * A row of field labels over a row of their values, as US cards print them
 * (`4a ISS   4d NUMBER` / `03/18/1978   820BAC729CBAC`): the values in the labels' order, when
 * the row under the labels holds one value for each.
 */
function labelRowValues(doc: DocView): Map<string, { value: string; line: XLine }> {
  const out = new Map<string, { value: string; line: XLine }>();
  for (const p of doc.pages) {
    const lines = doc.plain(p.page);
    for (const l of lines) {
      const labels = [...l.text.matchAll(ROW_LABEL)].map((m) => m[1]!.toLowerCase());
      // Only labels on the line: nothing left once they are taken out.
      if (labels.length < 2 || l.text.replace(ROW_LABEL, ' ').trim().length > 2) continue;
      const under = lines
        .filter((o) => o !== l && o.box.y > l.box.y && o.box.y - (l.box.y + l.box.h) < l.box.h * 1.2 && o.box.x < l.box.x + l.box.w && o.box.x + o.box.w > l.box.x)
        .sort((a, b) => a.box.y - b.box.y)[0];
      const values = under?.text.trim().split(/\s+/);
      if (!under || values?.length !== labels.length) continue;
      labels.forEach((label, i) => {
        const field = ROW_FIELD[label];
        if (field && !out.has(field)) out.set(field, { value: values[i]!, line: under });
      });
    }
  }
  return out;
}

/** A street line, its field number misread as a letter or two (`s 100 MAIN STREET` for `8 100 …`). */
const MISREAD_FIELD_NUMBER = /^[^\s\d]{1,2}\s+(?=\d+\s+\S)/;
/** A house number and a street of two words or more (`2 JORGE` is field 2, `3 DOB 01/06/1958` field 3). */
const NAME_FIELD = { 1: /^1\s+\p{L}/u, 2: /^2\s+\p{L}/u } as const;
const STREET_LINE = /^(?:[^\s\d]{1,2}\s+)?\d+\s+\p{L}[\p{L}.'\-]*\s+\S/u;

/**
 * Field 1 (the surname) is printed right over field 2 (the given names) on every AAMVA and EU
 * card: when OCR misread its number (`,SOUZA`), the line over field 2 at its left edge is it.
 */
function fieldAbove(doc: DocView, f2: Candidate<unknown>): Candidate<string> | null {
  const lines = doc.plain(f2.page);
  const two = lines.find((l) => l.index === f2.line);
  if (!two) return null;
  const over = lines.find((l) => l.box.y < two.box.y && two.box.y - (l.box.y + l.box.h) < two.box.h * 1.2 && Math.abs(l.box.x - two.box.x) < two.box.h);
  const m = over && /^[^\p{L}\d]{0,2}\s*(\p{Lu}[\p{Lu}'\- ]+)$/u.exec(over.text.trim());
  return m ? candidate(m[1]!.trim(), over!, 0.6) : null;
}

/**
 * A US card's licence number when no label was read (`vain D12345678`, `sgtic : 0812319684104`):
 * the one token shaped like one — seven or more letters and digits, four digits at least — outside
 * the document discriminator's line (`5 DD …`), dates and the ZIP. Two such tokens: no answer.
 */
function licenceNumberByShape(doc: DocView): Candidate<string> | null {
  const found = new Map<string, XLine>();
  // The discriminator's, revision's and audit number's lines, and the line under a row of labels
  // naming them (`5 DD Previous Type` over `12345678917 A`), hold the card stock's numbers.
  const stock = (l: XLine) => /\bDD\b|\bREV\b|\bAUDIT\b/i.test(l.text);
  const underStock = new Set(doc.plain().filter((l) => stock(l) && !/\d{5}/.test(l.text)).flatMap((l) => doc.below(wholeLine(l), 1)));
  for (const l of doc.plain()) {
    if (stock(l) || underStock.has(l)) continue;
    for (const m of l.text.matchAll(/(?<![\w/-])([A-Z]?\d[A-Z0-9]{6,}|[A-Z]{1,3}\d{6,}[A-Z0-9]*)(?![\w/-])/g)) {
      const t = m[1]!;
      if ((t.match(/\d/g)?.length ?? 0) >= 4 && !found.has(t)) found.set(t, l);
    }
  }
  if (found.size !== 1) return null;
  const [value, line] = [...found][0]!;
  return candidate(value, line, 0.5);
}

/**
 * A US card's dates when their labels were misread (`exe 02/01/2018`, `satss: 02/15/2015`): the
 * birth is decades before the others, the expiry the latest, the issue between them. Only when
 * the card's dates say so unambiguously, and never over a date a label gave.
 */
function datesByOrder(doc: DocView, out: Out): void {
  const seen = new Map<string, XLine>();
  for (const l of doc.plain()) {
    // A card's revision (`REV 07/01/2018`) and discriminator lines carry dates of the card stock.
    if (/\bREV\b|\bDD\b/i.test(l.text)) continue;
    for (const d of findDates(repairDates(l.text), { region: 'US' })) if (!seen.has(d.iso)) seen.set(d.iso, l);
  }
  // No date of the card lies after its expiry: a later one is the print's or the scan's (a
  // browser's header `7/8/2021` over a card that expired in 2018).
  const expiry = out.expiryDate?.value as string | undefined;
  const dates = [...seen.keys()].filter((d) => !expiry || d <= expiry).sort();
  const year = (iso: string) => Number(iso.slice(0, 4));
  // The one date read, decades ago: the holder's birth (a licence is issued and expires within years of now).
  if (dates.length === 1 && !out.dateOfBirth && year(dates[0]!) < new Date().getUTCFullYear() - 16 && !Object.values(out).some((c) => c.value === dates[0])) {
    out.dateOfBirth = candidate(dates[0]!, seen.get(dates[0]!)!, 0.45);
    return;
  }
  if (dates.length < 2 || dates.length > 4) return;
  const taken = new Set([out.dateOfBirth?.value, out.issueDate?.value, out.expiryDate?.value].filter(Boolean) as string[]);
  const birth = year(dates[1]!) - year(dates[0]!) >= 14 ? dates[0]! : undefined;
  if (birth && !out.dateOfBirth && !taken.has(birth)) out.dateOfBirth = candidate(birth, seen.get(birth)!, 0.5);
  const rest = dates.filter((d) => d !== (out.dateOfBirth?.value ?? birth));
  if (rest.length !== 2) return;
  const [issued, expires] = rest as [string, string];
  // A licence runs 4 to 12 years.
  if (year(expires) - year(issued) < 2 || year(expires) - year(issued) > 12) return;
  if (!out.expiryDate && !taken.has(expires) && (!out.issueDate || out.issueDate.value === issued)) out.expiryDate = candidate(expires, seen.get(expires)!, 0.5);
  if (!out.issueDate && !taken.has(issued) && (!out.expiryDate || out.expiryDate.value === expires)) out.issueDate = candidate(issued, seen.get(issued)!, 0.5);
}

export function drivingLicence(doc: DocView): Out {
  const out: Out = {};
  // A US card (AAMVA: "license", DLN, field 4d) prints month-first dates wherever it is read.
  const all = doc.plain().map((l) => l.text).join('\n');
  const region = doc.region !== 'EU' && /\blicense\b|\bdln\b|(?<![\w.])4d\b/i.test(all) ? 'US' : doc.region;
  const cardDate = (hint: 'past' | 'future') => (t: string) => findDates(repairDates(t), { region, yearHint: hint })[0]?.iso ?? null;
  // OCR glues a field's number to its label (`4aiss 01/06/2015`, `4bEXP`): the separator is
  // optional before the US card's own label words.
  const field = (n: string) =>
    lookup(doc, {
      labels: [new RegExp(`(?<![\\d.a-z])${n === '5' ? '[5§]' : n}(?:[.\\s]+(?:${CARD_LABEL}\\b[\\s:#.]*)?|${CARD_LABEL}\\b[\\s:#.]*)(?=\\S)`)],
      parse: (t) => repairDates(t).trim() || null,
      where: ['after'],
      numbered: true,
    });
  // Surname (field 1, or LN) and given names (field 2, or FN), in whichever style the card mixes.
  const f2 = field('2') ?? lookup(doc, { labels: GIVEN, parse: upperWords, where: ['after', 'right', 'below'] });
  const f1 = field('1') ?? lookup(doc, { labels: SURNAME, parse: upperWords, where: ['after', 'right', 'below'] }) ?? (f2 ? fieldAbove(doc, f2) : null);
  if (f1 && f2) {
    const sur = String(f1.value).replace(/[^\p{L}\s'\-]/gu, ' ').trim();
    const giv = String(f2.value).replace(/[^\p{L}\s'\-.]/gu, ' ').trim();
    // OCR's noise read as two fields (`v`, `v`) names nobody: a name has a word of three letters.
    if (sur && giv && /\p{L}{3}/u.test(`${giv} ${sur}`)) out.fullName = { ...f1, value: normaliseName(`${giv} ${sur}`) };
  }
  // EU cards print the number in field 5; US cards (AAMVA) in 4d, and 5 is their document
  // discriminator (`5 DD 1234567890123456`), which is no licence number.
  const f5 = field('5');
  const num = field('4d') ?? (f5 && !/^\s*dd/i.test(String(f5.value)) ? f5 : null);
  const tok = num && /(?=[A-Z0-9]*\d)[A-Z0-9]{5,}/.exec(String(num.value).toUpperCase().replace(/\s+\d{1,2}$/, ''));
  if (num && tok) out.licenceNumber = { ...num, value: tok[0] };
  const d3 = field('3');
  const d4a = field('4a');
  const d4b = field('4b');
  const dp = (c: Candidate<unknown> | null, hint: 'past' | 'future') => (c ? findDates(String(c.value), { region, yearHint: hint })[0]?.iso : undefined);
  if (d3 && dp(d3, 'past')) out.dateOfBirth = { ...d3, value: dp(d3, 'past') };
  if (d4a && dp(d4a, 'past')) out.issueDate = { ...d4a, value: dp(d4a, 'past') };
  if (d4b && dp(d4b, 'future')) out.expiryDate = { ...d4b, value: dp(d4b, 'future') };
  const f8 = field('8');
  if (f8) {
    // The street on field 8's line, the town and postcode on the line under it.
    const line = doc.plain(f8.page).find((l) => l.index === f8.line);
    // The town's line starts under the street, or further left where OCR joined the card's
    // artwork to it (`i ; LAKEWOOD , CO 80214-1249`): those scraps are no part of the address.
    const under = line && doc.plain(f8.page).find((l) => l !== line && l.box.y > line.box.y && l.box.y - (line.box.y + line.box.h) < line.box.h * 1.5 && (Math.abs(l.box.x - line.box.x) < line.box.h * 3 || (l.box.x < line.box.x && l.box.x + l.box.w > line.box.x + line.box.h * 3)) && isPostcodeLine(cutAtLabel(l.text)));
    const town = under && cutAtLabel(under.text).replace(/^(?:[^\p{L}\d]*\p{L}?[^\p{L}\d]+)+(?=\p{L}{3})/u, '');
    const text = town && !isPostcodeLine(String(f8.value)) ? `${String(f8.value).trim()}, ${town}` : String(f8.value);
    const a = addressParser(text, doc.lines[0]!);
    if (a) out.address = { ...f8, value: a };
  }
  // US cards: DL/LIC#, DOB, ISS, EXP labels.
  // Labels over their values: each value is the one under its own label, whatever the label
  // lookups above took (the value under a label is, to them, whatever line lies below it).
  const rows = labelRowValues(doc);
  const rowDate = (f: 'issueDate' | 'expiryDate' | 'dateOfBirth', hint: 'past' | 'future') => {
    const r = rows.get(f);
    const iso = r && findDates(repairDates(r.value), { region, yearHint: hint })[0]?.iso;
    if (iso) out[f] = candidate(iso, r.line, 0.8);
  };
  rowDate('dateOfBirth', 'past');
  rowDate('issueDate', 'past');
  rowDate('expiryDate', 'future');
  const rowNumber = rows.get('licenceNumber');
  if (rowNumber && /^(?=[A-Z0-9\-]*\d)[A-Z0-9\-]{5,}$/i.test(rowNumber.value)) out.licenceNumber = candidate(rowNumber.value.toUpperCase(), rowNumber.line, 0.8);
  if (!out.licenceNumber) {
    const c = lookup(doc, { labels: L('dl', 'lic#', 'lic', 'dln', 'license no', 'licence no', 'license number', 'licence number', 'driver license number', 'permis n', 'fuhrerschein nr', 'no'), parse: (t) => /\b(?=[A-Z0-9]*\d)[A-Z0-9]{5,}\b/.exec(t.toUpperCase().replace(STATE_ZIP, ' '))?.[0] ?? null, where: ['after', 'right', 'below'] });
    if (c) out.licenceNumber = c;
  }
  if (!out.licenceNumber && region === 'US') {
    const c = licenceNumberByShape(doc);
    if (c) out.licenceNumber = c;
  }
  if (!out.dateOfBirth) {
    const c = lookup(doc, { labels: DOB, parse: cardDate('past') });
    if (c) out.dateOfBirth = c;
  }
  if (!out.issueDate) {
    const c = lookup(doc, { labels: ISSUE, parse: cardDate('past') });
    if (c) out.issueDate = c;
  }
  if (!out.expiryDate) {
    const c = lookup(doc, { labels: EXPIRY, parse: cardDate('future') });
    if (c) out.expiryDate = c;
  }
  if (region === 'US') datesByOrder(doc, out);
  if (!out.fullName) {
    const ln = lookup(doc, { labels: SURNAME, parse: upperWords, where: ['after', 'right', 'below'] });
    const fn = lookup(doc, { labels: GIVEN, parse: upperWords, where: ['after', 'right', 'below'] });
    if (ln && fn) out.fullName = { ...fn, value: normaliseName(`${fn.value} ${ln.value}`) };
    else {
      const n = lookup(doc, { labels: L('name'), parse: nameParser });
      if (n) out.fullName = n;
    }
  }
  if (!out.address) {
    // The label opens its line: `123 STREET ADDRESS` is a street, not the label of the line under it.
    const a = lookup(doc, { labels: [/^\s*(?:\d{1,2}[.\s]+)?(?:address|addr|anschrift|adresse)\b/], parse: addressParser, wrap: true });
    if (a) out.address = a;
  }
  if (!out.address) {
    // US cards print the address unlabelled under the name: street line(s), then city, state and ZIP.
    const lines = doc.plain();
    const zip = lines.findIndex((l) => US_ZIP.test(l.text) && /[A-Za-z]{3}/.test(l.text));
    if (zip > 0) {
      // A card's numbered name field (`1 TALBOT`, `2 LIAM R.`) at a left edge.
      const nameFieldAt = (x: number, n: 1 | 2, where: (o: XLine) => boolean = () => true) => lines.some((o) => Math.abs(o.box.x - x) < 6 && NAME_FIELD[n].test(o.text) && where(o));
      const block = [lines[zip]!];
      for (let k = zip - 1; k >= Math.max(0, zip - 2); k--) {
        const l = lines[k]!;
        // A card's name fields (`1 TALBOT` over `2 LIAM R.`) stand at the same edge: no street.
        if (Math.abs(l.box.x - lines[zip]!.box.x) > 6 || (/^[12]\s+\p{L}/u.test(l.text) && nameFieldAt(l.box.x, 1) && nameFieldAt(l.box.x, 2)) || !(STREET_LINE.test(l.text) || /^(apt|unit|suite|#)\b/i.test(l.text))) break;
        block.unshift(l);
      }
      if (block.length >= 2) {
        // What OCR adds past the ZIP code (`99999-1234 ae`) is the card's artwork.
        // Field 8's number glued to the house number (`8123 STREET ADDRESS` for `8 123 …`), on a card
        // whose fields 1 and 2 print their numbers at the same left edge.
        const numbered = nameFieldAt(block[0]!.box.x, 2, (o) => o.page === block[0]!.page && o.box.y < block[0]!.box.y);
        const street = (t: string, k: number) => (k === 0 && numbered ? t.replace(/^8(?=\d+\s+\p{L})/u, '') : t);
        const text = block.map((l, k) => street(l.text.trim().replace(MISREAD_FIELD_NUMBER, ''), k)).join(', ').replace(/(\b\d{5}(?:-\d{4})?)\b\D*$/, '$1');
        out.address = candidate(text, block[0]!, 0.6);
        // …and the holder's name on the line over the street, unlabelled too.
        if (!out.fullName) {
          const top = block[0]!;
          const name = lines.find((l) => l.page === top.page && l.box.y < top.box.y && top.box.y - (l.box.y + l.box.h) < top.box.h * 1.2 && Math.abs(l.box.x - top.box.x) < 6);
          const n = name && /^[A-Z][A-Za-z'\-]*(?:\s+[A-Z][A-Za-z'\-.]*){1,3}$/.test(name.text.trim()) && !/\b(?:LICEN[CS]E|DRIVER|STATE|CLASS|USA)\b/i.test(name.text) ? nameParser(name.text, name) : null;
          if (n) out.fullName = candidate(n, name!, 0.55);
        }
      }
    }
  }
  return out;
}
