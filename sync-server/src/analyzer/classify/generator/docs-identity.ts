import { checkDigit } from '../../extract/mrz.js';
import { type GenDoc, kv } from './common.js';
import { type Country, address, digits, fmtDate, iso, letters, person, pickCountry, printName, randomDate, addDays, regionOf } from './pools.js';
import type { Rng } from './rng.js';

const ISO3: Record<Country, string> = { GB: 'GBR', IE: 'IRL', US: 'USA', DE: 'D', FR: 'FRA', NL: 'NLD', ES: 'ESP', IT: 'ITA', PL: 'POL', BE: 'BEL', AT: 'AUT', PT: 'PRT' };
const COUNTRY_NAME: Record<Country, string[]> = {
  GB: ['UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND'],
  IE: ['ÉIRE IRELAND', 'IRELAND'],
  US: ['UNITED STATES OF AMERICA'],
  DE: ['BUNDESREPUBLIK DEUTSCHLAND', 'FEDERAL REPUBLIC OF GERMANY'],
  FR: ['RÉPUBLIQUE FRANÇAISE'],
  NL: ['KONINKRIJK DER NEDERLANDEN', 'KINGDOM OF THE NETHERLANDS'],
  ES: ['REINO DE ESPAÑA', 'ESPAÑA'],
  IT: ['REPUBBLICA ITALIANA'],
  PL: ['RZECZPOSPOLITA POLSKA', 'REPUBLIC OF POLAND'],
  BE: ['ROYAUME DE BELGIQUE', 'KONINKRIJK BELGIË'],
  AT: ['REPUBLIK ÖSTERREICH'],
  PT: ['REPÚBLICA PORTUGUESA'],
};
const NATIONALITY: Record<Country, string[]> = {
  GB: ['BRITISH CITIZEN'],
  IE: ['ÉIREANNACH/IRISH', 'IRISH'],
  US: ['UNITED STATES OF AMERICA', 'USA'],
  DE: ['DEUTSCH'],
  FR: ['FRANÇAISE'],
  NL: ['NEDERLANDSE'],
  ES: ['ESPAÑOLA'],
  IT: ['ITALIANA'],
  PL: ['POLSKIE', 'POLSKA'],
  BE: ['BELGE'],
  AT: ['ÖSTERREICH'],
  PT: ['PORTUGUESA'],
};
const ALPHA3: Record<Country, string> = { GB: 'GBR', IE: 'IRL', US: 'USA', DE: 'DEU', FR: 'FRA', NL: 'NLD', ES: 'ESP', IT: 'ITA', PL: 'POL', BE: 'BEL', AT: 'AUT', PT: 'PRT' };

const mrzName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z ]/g, '')
    .trim()
    .replace(/\s+/g, '<');
const yymmdd = (x: { y: number; m: number; d: number }) => `${String(x.y).slice(2)}${String(x.m).padStart(2, '0')}${String(x.d).padStart(2, '0')}`;
const mrzPad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);

export function passport(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const p = person(rng, c);
  const region = regionOf(c);
  const dob = randomDate(rng, 1950, 2004);
  const issue = randomDate(rng, 2015, 2025);
  const expiry = addDays({ ...issue, y: issue.y + 10 }, -1);
  const num = c === 'GB' || c === 'US' ? digits(rng, 9) : `${letters(rng, 2)}${digits(rng, 7)}`;
  const code = ISO3[c];
  const given = [p.given, p.middle].filter(Boolean).join(' ');
  const line1 = mrzPad(`P<${mrzPad(code, 3)}${mrzName(p.family)}<<${mrzName(given)}`, 44);
  const dn = mrzPad(num, 9);
  const personal = mrzPad('', 14);
  const body = `${dn}${checkDigit(dn)}${mrzPad(code, 3)}${yymmdd(dob)}${checkDigit(yymmdd(dob))}${p.sex}${yymmdd(expiry)}${checkDigit(yymmdd(expiry))}${personal}${checkDigit(personal)}`;
  const line2 = body + checkDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  const bi = rng.chance(0.7);
  const dstyle = c === 'GB' ? 'passport' : rng.pick(['passport', 'passport-long', 'dot']);
  const L = (en: string, fr: string) => (bi ? `${en}/${fr}` : en);
  const lines: string[] = [];
  lines.push(rng.pick(COUNTRY_NAME[c]));
  lines.push(rng.v('{PASSPORT|PASSPORT / PASSEPORT|PASSEPORT|REISEPASS / PASSPORT|PASAPORTE / PASSPORT|PASSAPORTO / PASSPORT|PASZPORT / PASSPORT|PASPOORT / PASSPORT}'));
  lines.push(...kv(rng, `${L('Type', 'Type')}  ${L('Code', 'Code')}  ${L('Passport No.', 'Passeport No.')}`, `P  ${code.replace('<', '')}  ${num}`, 'below'));
  lines.push(...kv(rng, `${L('Surname', 'Nom')} (1)`, p.family.toUpperCase(), 'below'));
  lines.push(...kv(rng, `${L('Given names', 'Prénoms')} (2)`, given.toUpperCase(), 'below'));
  lines.push(...kv(rng, `${L('Nationality', 'Nationalité')} (3)`, rng.pick(NATIONALITY[c]), 'below'));
  lines.push(...kv(rng, `${L('Date of birth', 'Date de naissance')} (4)  ${L('Sex', 'Sexe')} (5)`, `${fmtDate(rng, dob, region, dstyle)}  ${p.sex}`, 'below'));
  lines.push(...kv(rng, `${L('Place of birth', 'Lieu de naissance')} (6)`, rng.v('{LONDON|BRISTOL|DUBLIN|BERLIN|LYON|MADRID|ROMA|KRAKÓW|AMSTERDAM|CHICAGO|LEEDS|CORK}'), 'below'));
  lines.push(...kv(rng, `${L('Date of issue', 'Date de délivrance')} (7)  ${L('Authority', 'Autorité')} (8)`, `${fmtDate(rng, issue, region, dstyle)}  ${rng.v('{HMPO|IPS|U.S. DEPARTMENT OF STATE|STADT BERLIN|PRÉFECTURE|DGP|QUESTURA|BURGEMEESTER}')}`, 'below'));
  lines.push(...kv(rng, `${L('Date of expiry', "Date d'expiration")} (9)`, fmtDate(rng, expiry, region, dstyle), 'below'));
  if (rng.chance(0.5)) lines.push(rng.v("{Holder's signature|Signature of bearer|Unterschrift / Signature}"));
  lines.push(line1, line2);
  if (rng.chance(0.25)) {
    lines.push(...rng.v('{I certify that this is a true copy of the original document which I have seen.|Certified true copy of the original.|CERTIFIED TRUE COPY}').split('\n'));
    lines.push(rng.v('{Signed|Signature}: ______  {Solicitor|Notary Public|Commissioner for Oaths}'), rng.v('{Date|Dated}: ') + fmtDate(rng, randomDate(rng, 2024, 2025), region));
  }
  const name = given ? `${given} ${p.family}` : p.family;
  return {
    docType: 'passport',
    region,
    pages: [lines],
    keyData: { fullName: name, documentNumber: num, nationality: ALPHA3[c], dateOfBirth: iso(dob), issueDate: iso(issue), expiryDate: iso(expiry) },
  };
}

export function nationalIdCard(rng: Rng): GenDoc {
  const c = pickCountry(rng, 'EU');
  const p = person(rng, c);
  const dob = randomDate(rng, 1950, 2004);
  const issue = randomDate(rng, 2016, 2025);
  const expiry = addDays({ ...issue, y: issue.y + 10 }, -1);
  const num = rng.chance(0.5) ? `${letters(rng, 3)}${digits(rng, 6)}` : `${letters(rng, 1)}${digits(rng, 2)}${letters(rng, 2)}${digits(rng, 4)}`;
  const code = ISO3[c];
  const titles: Record<string, string> = {
    DE: 'PERSONALAUSWEIS / IDENTITY CARD / CARTE D’IDENTITÉ',
    FR: "CARTE NATIONALE D'IDENTITÉ / IDENTITY CARD",
    NL: 'IDENTITEITSKAART / IDENTITY CARD',
    ES: 'DOCUMENTO NACIONAL DE IDENTIDAD',
    IT: "CARTA D'IDENTITÀ / IDENTITY CARD",
    PL: 'DOWÓD OSOBISTY / IDENTITY CARD',
    BE: 'IDENTITEITSKAART / CARTE D’IDENTITÉ / IDENTITY CARD',
    AT: 'PERSONALAUSWEIS / IDENTITY CARD',
    PT: 'CARTÃO DE CIDADÃO / CITIZEN CARD',
    IE: 'PASSPORT CARD / CÁRTA PAS',
  };
  const given = [p.given, p.middle].filter(Boolean).join(' ');
  const l1 = mrzPad(`I${rng.pick(['<', 'D', 'D'])}${mrzPad(code, 3)}${num}${checkDigit(num)}`, 30);
  const l2body = `${yymmdd(dob)}${checkDigit(yymmdd(dob))}${p.sex}${yymmdd(expiry)}${checkDigit(yymmdd(expiry))}${mrzPad(code, 3)}${mrzPad('', 11)}`;
  const l2 = l2body + checkDigit(l1.slice(5, 30) + l2body.slice(0, 7) + l2body.slice(8, 15) + l2body.slice(18, 29));
  const l3 = mrzPad(`${mrzName(p.family)}<<${mrzName(given)}`, 30);
  const front = [rng.pick(COUNTRY_NAME[c]), titles[c] ?? 'IDENTITY CARD'];
  front.push(...kv(rng, rng.v('{Name/Surname/Nom|Surname / Nom|Apellidos / Surname|Cognome / Surname|Nazwisko / Surname|Achternaam / Surname}'), p.family.toUpperCase(), 'below'));
  front.push(...kv(rng, rng.v('{Vornamen/Given names/Prénoms|Given names / Prénoms|Nombre / Given name|Nome / Given names|Imiona / Given names|Voornamen / Given names}'), given.toUpperCase(), 'below'));
  front.push(...kv(rng, rng.v('{Geburtstag/Date of birth|Date of birth / Date de naissance|Fecha de nacimiento / Date of birth|Data di nascita / Date of birth|Data urodzenia / Date of birth}'), fmtDate(rng, dob, 'EU', 'dot'), 'below'));
  front.push(...kv(rng, rng.v('{Staatsangehörigkeit/Nationality|Nationality / Nationalité|Nacionalidad / Nationality|Cittadinanza / Nationality|Obywatelstwo / Nationality}'), rng.pick(NATIONALITY[c]), 'below'));
  front.push(...kv(rng, rng.v('{Gültig bis/Date of expiry|Date of expiry / Date d’expiration|Válido hasta / Date of expiry|Scadenza / Expiry|Data ważności / Date of expiry}'), fmtDate(rng, expiry, 'EU', 'dot'), 'below'));
  front.push(...kv(rng, rng.v('{Ausweisnummer/Card number|Card No. / N° de carte|Document number|Numer dokumentu / Document number|Número de soporte}'), num, 'below'));
  if (rng.chance(0.6)) front.push(`${p.given} ${p.family}`);
  const a = address(rng, c);
  const back = [
    ...kv(rng, rng.v('{Anschrift/Address|Address / Adresse|Domicilio / Address|Indirizzo / Address|Adres / Address}'), a.lines.join(', ').toUpperCase(), 'below'),
    ...kv(rng, rng.v('{Ausgestellt am/Date of issue|Date of issue / Date de délivrance|Fecha de expedición|Data rilascio / Date of issue}'), fmtDate(rng, issue, 'EU', 'dot'), 'below'),
    rng.v('{Behörde/Authority|Authority / Autorité|Autoridad|Autorità / Authority} {Bürgeramt|Mairie|Comune|Gemeente|Urząd Miasta|Dirección General de la Policía}'),
    ...(rng.chance(0.5) ? [rng.v('{Größe/Height|Height / Taille|Estatura} 1{6|7|8}{0|2|5|8} cm'), rng.v('{Augenfarbe/Eye colour|Eyes / Yeux} {BLAU|BRAUN|GRÜN|BLUE|BROWN}')] : []),
    l1,
    l2,
    l3,
  ];
  return {
    docType: 'national-id-card',
    region: 'EU',
    pages: rng.chance(0.2) ? [front, back] : [[...front, ...back]],
    keyData: { fullName: `${given} ${p.family}`, documentNumber: num, nationality: ALPHA3[c], dateOfBirth: iso(dob), expiryDate: iso(expiry) },
  };
}

export function drivingLicence(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const p = person(rng, c);
  const dob = randomDate(rng, 1955, 2005);
  const issue = randomDate(rng, 2016, 2025);
  const expiry = addDays({ ...issue, y: issue.y + (region === 'US' ? 8 : 10) }, -1);
  const a = address(rng, c);
  const given = [p.given, p.middle].filter(Boolean).join(' ');
  let lines: string[];
  let num: string;
  if (region === 'US') {
    num = rng.chance(0.5) ? `${letters(rng, 1)}${digits(rng, 8)}` : digits(rng, 9);
    const st = a.lines[a.lines.length - 1]!.match(/, ([A-Z]{2}) /)?.[1] ?? 'CA';
    lines = [
      rng.v(`{${st}|STATE OF ${st}} {DRIVER LICENSE|DRIVER'S LICENSE|DRIVER LICENCE} {USA|}`),
      `${rng.v('{DL|LIC#|DLN|4d DLN}')} ${num}`,
      `${rng.v('{CLASS|CLASS D|CLASS C}')}  ${rng.v('{END NONE|END|}')}  ${rng.v('{RESTR NONE|RESTR B|}')}`,
      `${rng.v('{EXP|4b EXP}')} ${fmtDate(rng, expiry, 'US', 'us-num')}`,
      `${rng.v('{1|LN}')} ${p.family.toUpperCase()}`,
      `${rng.v('{2|FN}')} ${given.toUpperCase()}`,
      ...a.lines.map((l) => l.toUpperCase()),
      `${rng.v('{DOB|3 DOB}')} ${fmtDate(rng, dob, 'US', 'us-num')}`,
      `${rng.v('{ISS|4a ISS}')} ${fmtDate(rng, issue, 'US', 'us-num')}`,
      `SEX ${p.sex}  HGT ${rng.int(5, 6)}'-${String(rng.int(0, 11)).padStart(2, '0')}"  EYES ${rng.v('{BRN|BLU|GRN|HAZ}')}`,
      rng.v('{DONOR|VETERAN|}'),
    ];
    if (rng.chance(0.7)) lines.push(rng.v('{This card is the property of the Department of Motor Vehicles.|Valid only with signature.|Report loss to the DMV.}'), `DD ${digits(rng, 10)}`);
  } else if (c === 'GB') {
    const fam = p.family.toUpperCase().replace(/[^A-Z]/g, '').padEnd(5, '9').slice(0, 5);
    num = `${fam}${String(dob.y).slice(2, 3)}${String(dob.m + (p.sex === 'F' ? 50 : 0)).padStart(2, '0')}${String(dob.d).padStart(2, '0')}${String(dob.y).slice(3)}${(p.given[0]! + (p.middle?.[0] ?? '9')).toUpperCase()}${rng.int(1, 9)}${letters(rng, 2)}`;
    lines = [
      rng.v('{DRIVING LICENCE|UK DRIVING LICENCE|Driving Licence}'),
      rng.v('{UNITED KINGDOM|UK}'),
      `1. ${p.family.toUpperCase()}`,
      `2. ${p.title.toUpperCase()} ${given.toUpperCase()}`,
      `3. ${fmtDate(rng, dob, 'UK', 'dot')} ${rng.v('{UNITED KINGDOM|ENGLAND|WALES|SCOTLAND}')}`,
      `4a. ${fmtDate(rng, issue, 'UK', 'dot')}  4c. DVLA`,
      `4b. ${fmtDate(rng, expiry, 'UK', 'dot')}`,
      `5. ${num}`,
      `7. ${rng.v('{signature|}')}`,
      `8. ${a.lines.join(', ').toUpperCase()}`,
      `9. ${rng.v('{AM/A/B1/B/f/k/l/n/p/q|B/f/k/l/n/p/q|AM/B/BE/f/k/q}')}`,
      rng.v('{10. 11. 12. Categories valid from to codes|9. 10. 11. 12.}'),
    ];
  } else {
    num = `${letters(rng, 1)}${digits(rng, 7)}${letters(rng, 2)}`;
    lines = [
      rng.v('{FÜHRERSCHEIN|PERMIS DE CONDUIRE|PERMISO DE CONDUCCIÓN|PATENTE DI GUIDA|RIJBEWIJS|PRAWO JAZDY|DRIVING LICENCE|CEADÚNAS TIOMÁNA / DRIVING LICENCE}'),
      rng.pick(COUNTRY_NAME[c]),
      `1. ${p.family.toUpperCase()}`,
      `2. ${given.toUpperCase()}`,
      `3. ${fmtDate(rng, dob, 'EU', 'dot')} ${rng.v('{BERLIN|PARIS|MADRID|ROMA|UTRECHT|DUBLIN|WARSZAWA}')}`,
      `4a. ${fmtDate(rng, issue, 'EU', 'dot')}  4c. ${rng.v('{Landratsamt|Préfecture|DGT|Motorizzazione|RDW|NDLS|Starosta}')}`,
      `4b. ${fmtDate(rng, expiry, 'EU', 'dot')}`,
      `5. ${num}`,
      `9. ${rng.v('{AM/A1/B|B|AM/B/BE}')}`,
    ];
  }
  const kd: Record<string, unknown> = { fullName: `${given} ${p.family}`, licenceNumber: num, dateOfBirth: iso(dob), issueDate: iso(issue), expiryDate: iso(expiry) };
  if (region !== 'EU') kd.address = a.lines.join(', ');
  const back = rng.chance(0.5) ? [rng.v('{Categories|Catégories|Klassen} {AM A1 A2 A B BE C1 C D|B BE}'), rng.v('{Restrictions / codes|Codes|Beschränkungen} {01|78|NONE}')] : [];
  return { docType: 'driving-licence', region, pages: rng.chance(0.15) ? [lines, back.length ? back : ['(reverse)']] : [[...lines, ...back]], keyData: kd };
}
