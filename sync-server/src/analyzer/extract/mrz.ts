/**
 * The machine-readable zone of passports (ICAO 9303 TD3: 2 × 44), ID cards (TD1: 3 × 30; TD2:
 * 2 × 36) and the French national ID card of 1988–2021 (2 × 36, a layout of its own), read back
 * from OCR text. OCR gets the MRZ font wrong in known ways (`<` as `K`/`c`/`«`, O/0, I/1, S/5,
 * B/8), so each field is repaired by what its position may hold (digits, letters, either) and the
 * ambiguous characters of a mixed field are tried both ways until its check digit validates.
 */
import { isMrzState, mrzCountry } from './countries.js';
import { fullYear, parseMrzDate } from './dates.js';

export interface MrzResult {
  /** `FR-ID`: the French card's own two lines (no expiry in the zone). */
  format: 'TD3' | 'TD1' | 'TD2' | 'FR-ID';
  documentType: string;
  issuingState: string | undefined;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string | undefined;
  dateOfBirth: string | null;
  expiryDate: string | null;
  sex: string;
  /** Look-alike swaps the document number needed to meet its check digit (0: read as printed). */
  numberSwaps: number;
  /** Which check digits validated (a zone without the field, the French card's expiry: false). */
  checks: { documentNumber: boolean; dateOfBirth: boolean; expiryDate: boolean; composite: boolean };
  /** The repaired lines. */
  lines: string[];
  /** Indexes of the source lines the MRZ was read from. */
  sourceLines: number[];
}

const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', B: '8', G: '6', A: '4', E: '3' };
const TO_ALPHA: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '4': 'A', '3': 'E', '7': 'T' };

const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? +c : c.charCodeAt(0) - 55);

export function checkDigit(s: string): string {
  const w = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += value(s[i]!) * w[i % 3]!;
  return String(sum % 10);
}

/** OCR text of one line to the MRZ alphabet: filler look-alikes to `<`, spaces out. */
export function cleanMrzLine(text: string): string {
  let s = text.replace(/[«‹(\[{]/g, '<').replace(/\s+/g, '');
  // Runs of fillers that OCR read partly as small letters (`<<<<cccce`) are fillers.
  // A line's tail of fillers read partly as small letters (`<<<<<eeddeececee`) likewise.
  s = s.replace(/<<[<a-z]*$/, (run) => '<'.repeat(run.length));
  s = s.replace(/[<a-z]{2,}/g, (run) => (run.includes('<') && /^[<a-z]*$/.test(run) && (run.match(/</g)?.length ?? 0) * 2 >= run.length - 1 ? '<'.repeat(run.length) : run));
  return s.toUpperCase().replace(/[^A-Z0-9<]/g, '');
}

export function looksLikeMrz(clean: string): boolean {
  if (clean.length < 26 || clean.length > 48) return false;
  const fillers = clean.match(/</g)?.length ?? 0;
  // A passport's second line may hold a single filler, its personal-number field filled.
  return fillers >= 2 || ((/^[A-Z0-9]{26,}$/.test(clean) || (fillers === 1 && clean.length >= 40)) && /\d{6}/.test(clean));
}

const digits = (s: string) => [...s].map((c) => TO_DIGIT[c] ?? c).join('');
const alphas = (s: string) => [...s].map((c) => TO_ALPHA[c] ?? c).join('');

/** The masks of up to 10 bits, fewest bits first: the smallest repair is tried first. */
const MASKS = Array.from({ length: 1 << 10 }, (_, m) => m)
  .slice(1)
  .sort((a, b) => popcount(a) - popcount(b) || a - b);
function popcount(m: number): number {
  let n = 0;
  for (let x = m; x; x &= x - 1) n++;
  return n;
}

/**
 * A mixed field whose check digit fails: the look-alike swaps (up to 2^10) are tried. A check digit
 * validates one wrong reading in ten, so several swapped readings validate; the likely one has the
 * shape document numbers have, digits after a short letter prefix: an O or an I kept as a letter
 * past the first two characters (`KB0OO0000`, `ROOOOOOO0`, which validate by chance) costs first,
 * then the number of swaps (`D2314S890`: the S alone, not the D as well).
 */
function repairAlnum(field: string, check: string): { value: string; ok: boolean; swaps: number } {
  // As read and validating: kept (German numbers mix letters and digits: `C01X00T47`).
  if (checkDigit(field) === check) return { value: field, ok: true, swaps: 0 };
  const swaps: Record<string, string> = { ...TO_DIGIT, ...TO_ALPHA };
  const idx = [...field].map((c, i) => (swaps[c] ? i : -1)).filter((i) => i >= 0).slice(0, 10);
  let best: { value: string; cost: number; swaps: number } | null = null;
  for (const mask of MASKS) {
    if (mask >= 1 << idx.length) continue;
    const chars = [...field];
    idx.forEach((p, b) => {
      if (mask & (1 << b)) chars[p] = swaps[chars[p]!]!;
    });
    const v = chars.join('');
    if (checkDigit(v) !== check) continue;
    // A letter of the prefix made a digit costs a little more: prefixes are letters (`S0002068`, not `500D2068`).
    const cost = lettersPastPrefix(v) * 100 + popcount(mask) + idx.filter((p, b) => mask & (1 << b) && p < 2 && /\d/.test(v[p]!)).length * 0.5;
    if (!best || cost < best.cost) best = { value: v, cost, swaps: popcount(mask) };
  }
  return best ? { value: best.value, ok: true, swaps: best.swaps } : { value: field, ok: false, swaps: 0 };
}

/**
 * O, Q and I past a number's first two characters: issuers avoid them beside digits for the very
 * confusion OCR makes, where S, B, Z, L or T are letters of the number as often as not.
 */
const lettersPastPrefix = (v: string) => [...v].filter((c, i) => i >= 2 && /[OQI]/.test(c)).length;

function fitLength(s: string, n: number): string {
  if (s.length === n) return s;
  if (s.length > n) {
    // Extra characters are most likely stray fillers read inside a filler run: drop from the longest run.
    const m = /<{2,}(?!.*<{2,})/.exec(s) ?? /<+/.exec(s);
    if (m) return fitLength(s.slice(0, m.index) + s.slice(m.index + 1), n);
    return s.slice(0, n);
  }
  const m = /<{2,}/.exec(s);
  if (m) return fitLength(s.slice(0, m.index) + '<' + s.slice(m.index), n);
  return s.padEnd(n, '<');
}

/**
 * A date of birth's century: the most recent year that is not after `bornBy`, the year the
 * document was issued or, failing that, of its expiry when that has passed (a holder is born before
 * the document), else this year. The zone gives years in two digits.
 */
function birthDate(dob: string, bornBy?: number): string | null {
  return parseMrzDate(dob, 'past', Math.min(bornBy ?? Infinity, new Date().getUTCFullYear()));
}

/** The year of an expiry that validated, as a bound on the year of birth. */
const expiryYear = (exp: string, ok: boolean): number | undefined => (ok ? Number(parseMrzDate(exp, 'future')?.slice(0, 4)) || undefined : undefined);

/**
 * Surname and given names of a name field. Every name field with given names holds `<<` between
 * them; OCR often reads a filler as `K` (the chevron's shape), so a field without `<<` whose fillers
 * hold a lone `K` (`PUDARSANK<K<HENERT`) had its separator there. A one-letter name part is rare in
 * an MRZ; a missing separator would make the whole field the surname.
 */
function parseName(field: string): { surname: string; givenNames: string } {
  // The trailing fillers, with any read as K (`HENERT<<<<KKKK`).
  // The name ends at the filler run (a name holds at most two fillers in a row); what OCR made of
  // the rest (`<<<<<<<d<<SSKKK`) is no name.
  let f = alphas(field).replace(/<{4,}.*$/s, '').replace(/<[<K]*$/, '');
  if (!f.includes('<<')) f = f.replace(/<K(?=<)/, '<<');
  const [sur = '', rest = ''] = f.split(/<<(.*)/s);
  const given = rest.split(/<</)[0] ?? '';
  const clean = (x: string) => x.split('<').filter((w) => w.length > 0).join(' ').replace(/[^A-Z ]/g, '').trim();
  return { surname: clean(sur), givenNames: clean(given) };
}

/**
 * A passport's first line read a character too long whose filler run is whole: OCR split a letter
 * of the name in two (`SAKURBA` for `SAKURA`, a blurred A read as BA). The name has no check digit,
 * so the deletion kept is the one that gives the words the data page prints, and only when the name
 * as read is not printed there; otherwise the line is what it was.
 */
function nameAsPrinted(r: MrzResult, l1: string, l2: string, page: () => PrintedPage): MrzResult {
  if (l1.length !== 45) return r;
  const printed = page().words;
  const words = (x: MrzResult) => `${x.surname} ${x.givenNames}`.split(' ').filter(Boolean);
  if (words(r).every((w) => printed.has(w))) return r;
  const nameEnd = l1.search(/<{3,}/);
  for (let i = 5; i < nameEnd; i++) {
    if (l1[i] === '<') continue;
    const d = readTd3(l1.slice(0, i) + l1.slice(i + 1), l2);
    if (words(d).length && words(d).every((w) => printed.has(w))) return d;
  }
  return r;
}

/** What the page prints outside its zone: its words, and its letters and digits run together. */
interface PrintedPage {
  words: Set<string>;
  compact: string;
}

function printedPage(lines: { text: string }[], zone: { i: number }[]): PrintedPage {
  const outside = lines.filter((_, i) => !zone.some((x) => x.i === i)).map((l) => l.text.toUpperCase());
  return {
    words: new Set(outside.flatMap((t) => t.split(/[^A-Z]+/)).filter((w) => w.length >= 2)),
    compact: outside.map((t) => t.replace(/[^A-Z0-9]/g, '')).join(' '),
  };
}

/** TD3 line 2 fields by position, repaired. */
function readTd3(l1: string, l2raw: string): MrzResult {
  const l2 = fitLength(l2raw, 44);
  const docRaw = l2.slice(0, 9);
  const docCheck = digits(l2[9]!);
  const doc = repairAlnum(docRaw, docCheck);
  const nat = alphas(l2.slice(10, 13));
  const dob = digits(l2.slice(13, 19));
  const dobCheck = digits(l2[19]!);
  const sex = l2[20]!.replace(/[^MFX<]/, '<');
  const exp = digits(l2.slice(21, 27));
  const expCheck = digits(l2[27]!);
  const personal = l2.slice(28, 42);
  const composite = digits(l2[43]!);
  const comp = checkDigit(doc.value + docCheck + dob + dobCheck + exp + expCheck + personal + digits(l2[42]!)) === composite;
  const name = parseName(fitLength(l1, 44).slice(5));
  return {
    format: 'TD3',
    documentType: alphas(l1.slice(0, 2)).replace(/<+$/, ''),
    issuingState: mrzCountry(alphas(l1.slice(2, 5))),
    ...name,
    documentNumber: doc.value.replace(/<+$/, ''),
    nationality: mrzCountry(nat),
    dateOfBirth: birthDate(dob, expiryYear(exp, checkDigit(exp) === expCheck)),
    expiryDate: parseMrzDate(exp, 'future'),
    sex,
    numberSwaps: doc.swaps,
    checks: { documentNumber: doc.ok, dateOfBirth: checkDigit(dob) === dobCheck, expiryDate: checkDigit(exp) === expCheck, composite: comp },
    lines: [fitLength(l1, 44), l2],
    sourceLines: [],
  };
}

function readTd1(l1raw: string, l2raw: string, l3raw: string): MrzResult {
  const l1 = fitLength(l1raw, 30);
  const l2 = fitLength(l2raw, 30);
  const l3 = fitLength(l3raw, 30);
  const docCheck = digits(l1[14]!);
  const doc = repairAlnum(l1.slice(5, 14), docCheck);
  const dob = digits(l2.slice(0, 6));
  const dobCheck = digits(l2[6]!);
  const exp = digits(l2.slice(8, 14));
  const expCheck = digits(l2[14]!);
  const compositeData = l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29);
  return {
    format: 'TD1',
    documentType: alphas(l1.slice(0, 2)).replace(/<+$/, ''),
    issuingState: mrzCountry(alphas(l1.slice(2, 5))),
    ...parseName(l3),
    documentNumber: doc.value.replace(/<+$/, ''),
    nationality: mrzCountry(alphas(l2.slice(15, 18))),
    dateOfBirth: birthDate(dob, expiryYear(exp, checkDigit(exp) === expCheck)),
    expiryDate: parseMrzDate(exp, 'future'),
    sex: l2[7]!.replace(/[^MFX<]/, '<'),
    numberSwaps: doc.swaps,
    checks: {
      documentNumber: doc.ok,
      dateOfBirth: checkDigit(dob) === dobCheck,
      expiryDate: checkDigit(exp) === expCheck,
      composite: checkDigit(compositeData) === digits(l2[29]!),
    },
    lines: [l1, l2, l3],
    sourceLines: [],
  };
}

/** TD2 (ICAO 9303 part 6): line 1 type, state and name; line 2 as TD3's, with 7 optional characters. */
function readTd2(l1raw: string, l2raw: string): MrzResult {
  const l1 = fitLength(l1raw, 36);
  const l2 = fitLength(l2raw, 36);
  const docCheck = digits(l2[9]!);
  const doc = repairAlnum(l2.slice(0, 9), docCheck);
  const dob = digits(l2.slice(13, 19));
  const dobCheck = digits(l2[19]!);
  const exp = digits(l2.slice(21, 27));
  const expCheck = digits(l2[27]!);
  const compositeData = doc.value + docCheck + dob + dobCheck + exp + expCheck + l2.slice(28, 35);
  return {
    format: 'TD2',
    documentType: alphas(l1.slice(0, 2)).replace(/<+$/, ''),
    issuingState: mrzCountry(alphas(l1.slice(2, 5))),
    ...parseName(l1.slice(5)),
    documentNumber: doc.value.replace(/<+$/, ''),
    nationality: mrzCountry(alphas(l2.slice(10, 13))),
    dateOfBirth: birthDate(dob, expiryYear(exp, checkDigit(exp) === expCheck)),
    expiryDate: parseMrzDate(exp, 'future'),
    sex: l2[20]!.replace(/[^MFX<]/, '<'),
    numberSwaps: doc.swaps,
    checks: { documentNumber: doc.ok, dateOfBirth: checkDigit(dob) === dobCheck, expiryDate: checkDigit(exp) === expCheck, composite: checkDigit(compositeData) === digits(l2[35]!) },
    lines: [l1, l2],
    sourceLines: [],
  };
}

/**
 * The French national ID card (carte nationale d'identité, 1988–2021): line 1 `IDFRA`, the surname
 * (25) and the issuing office (6); line 2 the card number (12: year and month of issue, office,
 * sequence) and its check digit, the given names (14, each pair of fillers between two), the date
 * of birth and its check digit, the sex, and a check digit over both lines. Its expiry is not in the
 * zone (10 or 15 years from the issue the number begins with).
 */
function readFrenchId(l1raw: string, l2raw: string): MrzResult {
  const l1 = fitLength(l1raw, 36);
  const l2 = fitLength(l2raw, 36);
  const docCheck = digits(l2[12]!);
  const doc = repairAlnum(l2.slice(0, 12), docCheck);
  const dob = digits(l2.slice(27, 33));
  const dobCheck = digits(l2[33]!);
  const given = alphas(l2.slice(13, 27))
    .replace(/<[<K]*$/, '')
    .split(/<{2,}/)
    .map((n) => n.replace(/<+/g, ' ').replace(/[^A-Z ]/g, '').trim())
    .filter(Boolean)
    .join(' ');
  return {
    format: 'FR-ID',
    documentType: 'ID',
    issuingState: 'FRA',
    surname: alphas(l1.slice(5, 30)).replace(/<[<K]*$/, '').split('<').filter(Boolean).join(' ').replace(/[^A-Z ]/g, '').trim(),
    givenNames: given,
    documentNumber: doc.value.replace(/<+$/, ''),
    nationality: 'FRA',
    // The card number begins with the year of issue: the holder was born before it.
    dateOfBirth: birthDate(dob, doc.ok && /^\d{2}/.test(doc.value) ? fullYear(Number(doc.value.slice(0, 2)), 'past') : undefined),
    expiryDate: null,
    sex: l2[34]!.replace(/[^MFX<]/, '<'),
    numberSwaps: doc.swaps,
    checks: {
      documentNumber: doc.ok,
      dateOfBirth: checkDigit(dob) === dobCheck,
      expiryDate: false,
      composite: checkDigit(l1 + doc.value + docCheck + l2.slice(13, 27) + dob + dobCheck + l2[34]!) === digits(l2[35]!),
    },
    lines: [l1, l2],
    sourceLines: [],
  };
}

const score = (r: MrzResult) => Object.values(r.checks).filter(Boolean).length;

/** The MRZ of a page's lines, if it has one: TD3, TD2 or the French card (two lines) or TD1 (three), the best-validating reading. */
export function findMrz(lines: { text: string }[]): MrzResult | null {
  const cand: { i: number; s: string }[] = [];
  lines.forEach((l, i) => {
    // A card's document code I read as a one (`1<SWE…`).
    const s = cleanMrzLine(l.text).replace(/^1(?=[<D][A-Z]{3})/, 'I');
    if (looksLikeMrz(s)) cand.push({ i, s });
  });
  let best: MrzResult | null = null;
  // The page outside the zone, read only when a repair needs it to decide, and then once.
  let printed: PrintedPage | undefined;
  const page = () => (printed ??= printedPage(lines, cand));
  const consider = (r: MrzResult) => {
    // A zone names a state ICAO knows: check digits repaired from look-alike letters validate
    // by chance in a payment slip's scan line or a sentence in capitals; a state code rarely does.
    if (!isMrzState(r.issuingState ?? '') && !isMrzState(r.nationality ?? '')) return;
    if (!best || score(r) > score(best)) best = r;
  };
  for (let k = 0; k < cand.length; k++) {
    const a = cand[k]!;
    const b = cand[k + 1];
    const c = cand[k + 2];
    // A first line cut short (a stamp over its name) still gives the state, and a whole second line all the rest.
    if (b && /^[PV]/.test(a.s) && (a.s.length >= 36 || (a.s.length >= 30 && b.s.length >= 43)) && b.s.length >= 36) {
      const r = nameAsPrinted(readTd3(a.s, b.s), a.s, b.s, page);
      r.sourceLines = [a.i, b.i];
      consider(r);
      // One character too many (OCR read one twice, `60RFOO08099` for `60RF008099`): each
      // deletion is tried, and the one under which the most check digits validate is kept; of
      // those, the one whose number the page prints (the data page's own `Passport No.`), then a
      // doubled character's first (what OCR adds is most often a glyph read twice).
      if (b.s.length === 45 && score(r) < 4) {
        let best: { r: MrzResult; key: number } | null = null;
        for (let i = 0; i < 44; i++) {
          const l2 = b.s.slice(0, i) + b.s.slice(i + 1);
          const d = nameAsPrinted(readTd3(a.s, l2), a.s, l2, page);
          // OCR of the page drops a number's first character more often than any other.
          const onPage = d.documentNumber.length >= 7 && page().compact.includes(d.documentNumber.slice(1));
          const key = score(d) * 4 + (onPage ? 2 : 0) + (b.s[i] === b.s[i + 1] || b.s[i] === b.s[i - 1] ? 1 : 0);
          if (!best || key > best.key) best = { r: d, key };
        }
        if (best && score(best.r) > score(r) + 1) {
          best.r.sourceLines = [a.i, b.i];
          consider(best.r);
        }
      }
    }
    if (b && c && /^[ICA]/.test(a.s) && a.s.length <= 34 && b.s.length <= 34) {
      const r = readTd1(a.s, b.s, c.s);
      r.sourceLines = [a.i, b.i, c.i];
      consider(r);
    }
    // Two lines of about 36: TD2, or the French card when line 1 says IDFRA (its check digits decide).
    if (b && /^[ICAPV]/.test(a.s) && a.s.length >= 32 && a.s.length <= 40 && b.s.length >= 32 && b.s.length <= 40) {
      const td2 = readTd2(a.s, b.s);
      td2.sourceLines = [a.i, b.i];
      consider(td2);
      if (/^[I1][D0]FRA/.test(a.s)) {
        const fr = readFrenchId(a.s, b.s);
        fr.sourceLines = [a.i, b.i];
        consider(fr);
      }
    }
  }
  return best ?? firstLineAlone(cand);
}

/**
 * A passport's first line read where its second is not (a mock's second line in a proportional
 * font, a photo's glare): the issuing state and the name, nothing validated. The state must be
 * one ICAO knows and the line a zone's first (letters and fillers only, a run of fillers).
 */
function firstLineAlone(cand: { i: number; s: string }[]): MrzResult | null {
  const c = cand.find((x) => x.s.length >= 40 && /^[PV][A-Z<][A-Z]{3}[A-Z<]*<<[A-Z<]*$/.test(x.s) && isMrzState(x.s.slice(2, 5)));
  if (!c) return null;
  const line = fitLength(c.s, 44);
  return {
    format: 'TD3',
    documentType: alphas(line.slice(0, 2)).replace(/<+$/, ''),
    issuingState: mrzCountry(alphas(line.slice(2, 5))),
    ...parseName(line.slice(5)),
    documentNumber: '',
    nationality: undefined,
    dateOfBirth: null,
    expiryDate: null,
    sex: '<',
    numberSwaps: 0,
    checks: { documentNumber: false, dateOfBirth: false, expiryDate: false, composite: false },
    lines: [line],
    sourceLines: [c.i],
  };
}
