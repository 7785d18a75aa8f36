/**
 * The machine-readable zone of passports (ICAO 9303 TD3: 2 × 44) and ID cards (TD1: 3 × 30), read
 * back from OCR text. OCR gets the MRZ font wrong in known ways (`<` as `K`/`c`/`«`, O/0, I/1, S/5,
 * B/8), so each field is repaired by what its position may hold (digits, letters, either) and the
 * ambiguous characters of a mixed field are tried both ways until its check digit validates.
 */
import { mrzCountry } from './countries.js';
import { parseMrzDate } from './dates.js';

export interface MrzResult {
  format: 'TD3' | 'TD1';
  documentType: string;
  issuingState: string | undefined;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string | undefined;
  dateOfBirth: string | null;
  expiryDate: string | null;
  sex: string;
  /** Which check digits validated. */
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

/** A mixed field whose check digit fails: try the look-alike swaps (up to 2^10) until it validates. */
function repairAlnum(field: string, check: string): { value: string; ok: boolean } {
  if (checkDigit(field) === check) return { value: field, ok: true };
  const swaps: Record<string, string> = { ...TO_DIGIT, ...TO_ALPHA };
  const idx = [...field].map((c, i) => (swaps[c] ? i : -1)).filter((i) => i >= 0).slice(0, 10);
  for (let mask = 1; mask < 1 << idx.length; mask++) {
    const chars = [...field];
    idx.forEach((p, b) => {
      if (mask & (1 << b)) chars[p] = swaps[chars[p]!]!;
    });
    const v = chars.join('');
    if (checkDigit(v) === check) return { value: v, ok: true };
  }
  return { value: field, ok: false };
}

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
 * Surname and given names of a name field. Every name field with given names holds `<<` between
 * them; OCR often reads a filler as `K` (the chevron's shape), so a field without `<<` whose fillers
 * hold a lone `K` (`PUDARSANK<K<HENERT`) had its separator there. A one-letter name part is rare in
 * an MRZ; a missing separator would make the whole field the surname.
 */
function parseName(field: string): { surname: string; givenNames: string } {
  // The trailing fillers, with any read as K (`HENERT<<<<KKKK`).
  let f = alphas(field).replace(/<[<K]*$/, '');
  if (!f.includes('<<')) f = f.replace(/<K(?=<)/, '<<');
  const [sur = '', rest = ''] = f.split(/<<(.*)/s);
  const given = rest.split(/<</)[0] ?? '';
  const clean = (x: string) => x.split('<').filter((w) => w.length > 0).join(' ').replace(/[^A-Z ]/g, '').trim();
  return { surname: clean(sur), givenNames: clean(given) };
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
    dateOfBirth: parseMrzDate(dob, 'past'),
    expiryDate: parseMrzDate(exp, 'future'),
    sex,
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
    dateOfBirth: parseMrzDate(dob, 'past'),
    expiryDate: parseMrzDate(exp, 'future'),
    sex: l2[7]!.replace(/[^MFX<]/, '<'),
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

const score = (r: MrzResult) => Object.values(r.checks).filter(Boolean).length;

/** The MRZ of a page's lines, if it has one: TD3 (two lines) or TD1 (three), best-validating reading. */
export function findMrz(lines: { text: string }[]): MrzResult | null {
  const cand: { i: number; s: string }[] = [];
  lines.forEach((l, i) => {
    const s = cleanMrzLine(l.text);
    if (looksLikeMrz(s)) cand.push({ i, s });
  });
  let best: MrzResult | null = null;
  const consider = (r: MrzResult) => {
    if (!best || score(r) > score(best)) best = r;
  };
  for (let k = 0; k < cand.length; k++) {
    const a = cand[k]!;
    const b = cand[k + 1];
    const c = cand[k + 2];
    if (b && /^[PV]/.test(a.s) && a.s.length >= 36 && b.s.length >= 36) {
      const r = readTd3(a.s, b.s);
      r.sourceLines = [a.i, b.i];
      consider(r);
    }
    if (b && c && /^[ICA]/.test(a.s) && a.s.length <= 34 && b.s.length <= 34) {
      const r = readTd1(a.s, b.s, c.s);
      r.sourceLines = [a.i, b.i, c.i];
      consider(r);
    }
  }
  return best;
}
