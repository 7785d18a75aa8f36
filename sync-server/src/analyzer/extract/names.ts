/**
 * Person names as DOC-TYPES.md wants them: given names first, surname last, no honorific, initials
 * kept. Printed as `MS N HOLLOWAY`, `HOLLOWAY, Niamh`, `PRITCHARD Imran`, `Mr I. Pritchard`.
 */

const HONORIFICS = new Set(
  ['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'rev', 'herr', 'frau', 'mme', 'mlle', 'm', 'sr', 'sra', 'srta', 'dott', 'dssa', 'sig', 'sig.ra', 'pan', 'pani', 'dhr', 'mevr', 'mw', 'messrs', 'mr.', 'mrs.', 'herrn', 'monsieur', 'madame', 'mademoiselle', 'don', 'dona', 'doña', 'signor', 'signora', 'sig.na', 'sehr', 'geehrte', 'geehrter', 'exmo', 'exma', 'exmos', 'senhor', 'senhora', 'senhores', 'sres', 'señor', 'señora', 'sz', 'mevrouw', 'heer', 'fru', 'hr'].map((s) => s.replace(/\.$/, '')),
);

const isUpperWord = (w: string) => /\p{Lu}/u.test(w) && w === w.toUpperCase() && w.replace(/[^\p{L}]/gu, '').length > 1;

export function titleCase(s: string): string {
  return s
    .toLowerCase()
    .replace(/(^|[\s'’\-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase())
    .replace(/\bMc(\p{L})/gu, (_, c: string) => `Mc${c.toUpperCase()}`);
}

/** Honorifics alone (`Herrn`, `Mr & Mrs`): the line over a name in a German or French address block. */
export function onlyHonorifics(s: string): boolean {
  const words = s.trim().split(/\s+/).filter((w) => w !== '&' && w.toLowerCase() !== 'and');
  return words.length > 0 && words.every((w) => HONORIFICS.has(w.toLowerCase().replace(/[.,:]+$/, '')));
}

/** A party's name without the honorifics that open it (`Herrn Max Mustermann`, `Exmo. Sr. Avila`). */
export function withoutHonorifics(s: string): string {
  const words = s.trim().split(/\s+/);
  let k = 0;
  while (k < words.length - 1 && HONORIFICS.has(words[k]!.toLowerCase().replace(/\((?:s|es|as)\)/g, '').replace(/[.,:]+$/, ''))) k++;
  return words.slice(k).join(' ');
}

/** Drops honorifics and puts the surname last; all-capital names come back title-cased. */
export function normaliseName(raw: string): string {
  let s = raw
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/^[\s,:;.\-–—]+|[\s,:;\-–—]+$/g, '')
    // A label read with its value (`Name: John Doe`, `Nom : Dupont`).
    .replace(/^(?:(?:full |customer |employee |patient |account |card ?holder |member )?name|customer|employee|patient|nom|nombre|nome|naam|kunde|cliente?)\s*[:：]\s*/i, '')
    .trim();
  if (!s) return '';
  // `HOLLOWAY, Niamh` → `Niamh HOLLOWAY`
  const comma = /^([^,]+),\s*([^,]+)$/.exec(s);
  if (comma) s = `${comma[2]} ${comma[1]}`;
  let words = s.split(' ').filter((w) => w && !HONORIFICS.has(w.toLowerCase().replace(/\.$/, '')));
  // `PRITCHARD Imran` → `Imran PRITCHARD`: leading capitals followed by mixed-case given names.
  const mixed = words.some((w) => !isUpperWord(w) && /\p{Ll}/u.test(w));
  if (!comma && mixed && words.length >= 2 && isUpperWord(words[0]!)) {
    let k = 0;
    while (k < words.length && isUpperWord(words[k]!)) k++;
    if (k < words.length) words = [...words.slice(k), ...words.slice(0, k)];
  }
  const out = words.join(' ');
  return out === out.toUpperCase() ? titleCase(out) : out;
}

/** Words that make a line an organization, a title or a place rather than a person. */
const NOT_NAME = new Set(
  'ltd limited plc llp llc inc corp gmbh ag sas sarl bv nv srl spa dac bank banque banco caisse society union council borough county city energy electric power water gas broadband fibre telecom pension pensions retirement mortgage mortgages insurance trust services service group partners studio solutions holdings associates consulting healthcare university school academy church college club surgery practice lettings estates property properties management company statement account number date page total balance payslip invoice bill certificate agreement tenancy lease street road avenue lane address purchased billed shipped drive court house way place close crescent terrace square boulevard the of and for to your our with from department office revenue customs republic kingdom states united passport licence license card identity national government registrar director manager head team customer member employee employer tenant landlord dear yours regards sincerely faithfully private confidential summary details information period year month status filing id ssn cottage lodge barn farm mill manor electricity fibre flat apartment apt suite unit building floor position rate hours earnings deductions gross net pay amount description type code tax reference charged payment payments interest minimum credit debit due checking savings money market loan visa mastercard express platinum gold rewards taxes withheld withholding job applicant federal state local social security medicare fica ytd salary wages overtime bonus commission allowance allowances benefits contribution contributions deduction earning hourly vacation deposit voucher stub adjusted income schedule refund owed'.split(' '),
);

/**
 * The same for the other languages' documents (accents folded): their titles and parts, which a
 * capitalised heading (`RELEVÉ DE COMPTE`, `Kontoauszug`) would otherwise pass for a name.
 */
const NOT_NAME_ELSEWHERE = new Set(
  'nous vous votre notre contacter contactez kontakt kontaktieren contacto contactenos contatti contattaci releve compte facture quittance bulletin salaire paie avis echeance contrat attestation certificat permis carte identite passeport societe rechnung kontoauszug konto abrechnung gehaltsabrechnung lohnabrechnung vertrag mietvertrag bescheinigung ausweis personalausweis fuhrerschein reisepass gesellschaft factura extracto cuenta nomina recibo contrato certificado pasaporte sociedad fattura estratto conto contratto certificato passaporto societa factuur rekeningafschrift rekening loonstrook overeenkomst paspoort'.split(' '),
);

const PARTICLES = new Set(['de', 'del', 'della', 'di', 'da', 'dos', 'das', 'du', 'van', 'von', 'der', 'den', 'ter', 'ten', 'le', 'la', 'ní', 'ni', 'nic', 'ó', 'o', 'mac', 'bin', 'binti', 'al', 'el', 'y', 'e', 'zu']);

/** Whether a string reads like a person's name (2–5 words, letters, initials). */
export function looksLikeName(s: string): boolean {
  const t = s.trim();
  if (t.length < 3 || t.length > 60) return false;
  if (/\d|@|:/.test(t)) return false;
  const words = t.split(/\s+/);
  if (words.length < 2 || words.length > 6) return false;
  // A possessive is its word too: `Employer's Name` names no one.
  if (words.some((w) => NOT_NAME.has(w.toLowerCase().replace(/[.,]$/, '').replace(/['’]s$/, '')) || NOT_NAME_ELSEWHERE.has(w.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[.,]$/, '')))) return false;
  // Each word a capitalised name, an initial, or a particle (de, van, von, ní, bin …).
  return words.every((w) => /^\p{Lu}[\p{L}'’.\-]*$/u.test(w) || /^\p{Lu}\.?$/u.test(w) || PARTICLES.has(w.toLowerCase())) && /^\p{Lu}/u.test(words[words.length - 1]!);
}
