/**
 * Country words as printed on identity documents (codes, names, nationality adjectives, native
 * spellings) to ISO 3166-1 alpha-3. German documents print `D` in the MRZ.
 */

const TABLE: [string, string[]][] = [
  ['GBR', ['GBR', 'GB', 'UK', 'BRITISH', 'BRITISH CITIZEN', 'UNITED KINGDOM', 'GREAT BRITAIN', 'ENGLAND', 'SCOTLAND', 'WALES', 'NORTHERN IRELAND', 'GBD', 'GBN', 'GBO', 'GBS', 'GBP']],
  ['USA', ['USA', 'US', 'UNITED STATES', 'UNITED STATES OF AMERICA', 'AMERICAN', 'U.S.A.', 'U.S.']],
  ['IRL', ['IRL', 'IRELAND', 'IRISH', 'ÉIRE', 'EIRE', 'ÉIREANNACH', 'EIREANNACH']],
  ['DEU', ['DEU', 'D', 'GERMANY', 'GERMAN', 'DEUTSCH', 'DEUTSCHE', 'DEUTSCHLAND', 'BUNDESREPUBLIK DEUTSCHLAND', 'ALLEMAND', 'ALLEMANDE']],
  ['FRA', ['FRA', 'FRANCE', 'FRENCH', 'FRANÇAISE', 'FRANCAISE', 'FRANÇAIS', 'FRANCAIS', 'RÉPUBLIQUE FRANÇAISE']],
  ['ESP', ['ESP', 'SPAIN', 'SPANISH', 'ESPAÑA', 'ESPANA', 'ESPAÑOLA', 'ESPANOLA', 'ESPAÑOL', 'ESPANOL']],
  ['NLD', ['NLD', 'NETHERLANDS', 'DUTCH', 'NEDERLAND', 'NEDERLANDSE', 'NEDERLANDER', 'HOLLAND', 'KONINKRIJK DER NEDERLANDEN']],
  ['ITA', ['ITA', 'ITALY', 'ITALIAN', 'ITALIA', 'ITALIANA', 'ITALIANO', 'REPUBBLICA ITALIANA']],
  ['POL', ['POL', 'POLAND', 'POLISH', 'POLSKA', 'POLSKIE', 'POLSKI', 'RZECZPOSPOLITA POLSKA']],
  ['BEL', ['BEL', 'BELGIUM', 'BELGIAN', 'BELGIQUE', 'BELGIË', 'BELGIE', 'BELGE']],
  ['AUT', ['AUT', 'AUSTRIA', 'AUSTRIAN', 'ÖSTERREICH', 'OSTERREICH', 'ÖSTERREICHISCH', 'REPUBLIK ÖSTERREICH']],
  ['PRT', ['PRT', 'PORTUGAL', 'PORTUGUESE', 'PORTUGUESA', 'PORTUGUÊS', 'PORTUGUES']],
  ['IND', ['IND', 'INDIA', 'INDIAN', 'REPUBLIC OF INDIA', 'BHARAT']],
  ['CHE', ['CHE', 'SWITZERLAND', 'SWISS', 'SCHWEIZ', 'SUISSE']],
  ['SWE', ['SWE', 'SWEDEN', 'SWEDISH', 'SVERIGE', 'SVENSK']],
  ['DNK', ['DNK', 'DENMARK', 'DANISH', 'DANMARK', 'DANSK']],
  ['FIN', ['FIN', 'FINLAND', 'FINNISH', 'SUOMI']],
  ['NOR', ['NOR', 'NORWAY', 'NORWEGIAN', 'NORGE', 'NORSK']],
  ['GRC', ['GRC', 'GREECE', 'GREEK', 'HELLENIC']],
  ['CZE', ['CZE', 'CZECH', 'CZECH REPUBLIC', 'CZECHIA', 'ČESKÁ REPUBLIKA']],
  ['ROU', ['ROU', 'ROMANIA', 'ROMANIAN', 'ROMÂNIA', 'ROMÂNĂ']],
  ['HUN', ['HUN', 'HUNGARY', 'HUNGARIAN', 'MAGYAR']],
  ['LTU', ['LTU', 'LITHUANIA', 'LITHUANIAN', 'LIETUVA']],
  ['LVA', ['LVA', 'LATVIA', 'LATVIAN', 'LATVIJA']],
  ['CAN', ['CAN', 'CANADA', 'CANADIAN']],
  ['AUS', ['AUS', 'AUSTRALIA', 'AUSTRALIAN']],
  ['NZL', ['NZL', 'NEW ZEALAND', 'NEW ZEALANDER']],
  ['ZAF', ['ZAF', 'SOUTH AFRICA', 'SOUTH AFRICAN']],
  ['NGA', ['NGA', 'NIGERIA', 'NIGERIAN']],
  ['PAK', ['PAK', 'PAKISTAN', 'PAKISTANI']],
  ['CHN', ['CHN', 'CHINA', 'CHINESE']],
  ['BRA', ['BRA', 'BRAZIL', 'BRAZILIAN', 'BRASIL', 'BRASILEIRA']],
];

const LOOKUP = new Map<string, string>();
for (const [code, words] of TABLE) for (const w of words) LOOKUP.set(w.normalize('NFC').toUpperCase(), code);
const CODES = new Set(TABLE.map(([c]) => c));

/** The alpha-3 code of a printed country word, or undefined. Codes must be exact; words may sit in a longer text. */
export function countryCode(text: string): string | undefined {
  const t = text.normalize('NFC').toUpperCase().replace(/[^\p{L}.\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  const exact = LOOKUP.get(t);
  if (exact) return exact;
  // The longest known word inside the text, whole words only (`BRITISH CITIZEN`, `DEUTSCH`).
  let best: [string, number] | undefined;
  for (const [w, c] of LOOKUP) {
    if (w.length < 4) continue;
    const i = ` ${t} `.indexOf(` ${w} `);
    if (i >= 0 && (!best || w.length > best[1])) best = [c, w.length];
  }
  if (best) return best[0];
  // An ISO alpha-3 code among other values (`F FRA 13 07 1990`).
  const codes = new Set(LOOKUP.values());
  return t.split(' ').find((w) => w.length === 3 && codes.has(w));
}

/** An MRZ nationality or issuing-state field (`GBR`, `D<<`, `UTO`) to alpha-3. */
export function mrzCountry(field: string): string | undefined {
  const f = field.replace(/</g, '');
  if (f === 'D') return 'DEU';
  if (CODES.has(f)) return f;
  return LOOKUP.get(f) ?? (f.length === 3 ? f : undefined);
}

/**
 * Every code an MRZ may carry as issuing state or nationality: ISO 3166-1 alpha-3, and the codes
 * ICAO 9303 part 3 adds (British nationals' GBD…GBS, the UN's UNO/UNA/UNK, stateless XXA/XXB/XXC/XXX,
 * organizations' X… codes, the EU's EUE, Kosovo's RKS, the specimens' UTO). A zone found in the
 * noise of a page has letters here by chance one time in seventy.
 */
const MRZ_STATES = new Set(`AFG ALA ALB DZA ASM AND AGO AIA ATA ATG ARG ARM ABW AUS AUT AZE BHS BHR BGD BRB BLR BEL BLZ BEN BMU BTN BOL BES BIH BWA BVT BRA IOT BRN BGR BFA BDI CPV KHM CMR CAN CYM CAF TCD CHL CHN CXR CCK COL COM COG COD COK CRI CIV HRV CUB CUW CYP CZE DNK DJI DMA DOM ECU EGY SLV GNQ ERI EST SWZ ETH FLK FRO FJI FIN FRA GUF PYF ATF GAB GMB GEO DEU GHA GIB GRC GRL GRD GLP GUM GTM GGY GIN GNB GUY HTI HMD VAT HND HKG HUN ISL IND IDN IRN IRQ IRL IMN ISR ITA JAM JPN JEY JOR KAZ KEN KIR PRK KOR KWT KGZ LAO LVA LBN LSO LBR LBY LIE LTU LUX MAC MDG MWI MYS MDV MLI MLT MHL MTQ MRT MUS MYT MEX FSM MDA MCO MNG MNE MSR MAR MOZ MMR NAM NRU NPL NLD NCL NZL NIC NER NGA NIU NFK MKD MNP NOR OMN PAK PLW PSE PAN PNG PRY PER PHL PCN POL PRT PRI QAT REU ROU RUS RWA BLM SHN KNA LCA MAF SPM VCT WSM SMR STP SAU SEN SRB SYC SLE SGP SXM SVK SVN SLB SOM ZAF SGS SSD ESP LKA SDN SUR SJM SWE CHE SYR TWN TJK TZA THA TLS TGO TKL TON TTO TUN TUR TKM TCA TUV UGA UKR ARE GBR USA UMI URY UZB VUT VEN VNM VGB VIR WLF ESH YEM ZMB ZWE GBD GBN GBO GBP GBS UNO UNA UNK XXA XXB XXC XXX XBA XIM XCC XCE XCO XEC XES XMP XOM XPO XSC EUE RKS UTO`.split(/\s+/));

/** Whether an MRZ issuing-state or nationality field names a state ICAO knows (`D<<` is Germany). */
export function isMrzState(field: string): boolean {
  const f = field.replace(/</g, '');
  return f === 'D' || MRZ_STATES.has(f);
}
