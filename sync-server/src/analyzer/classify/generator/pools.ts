/**
 * The people, places and organizations the training pages are made of, and the printed styles of
 * dates and money by region. All invented; nothing here comes from the evaluation corpus.
 */
import type { Rng } from './rng.js';

export type Region = 'UK' | 'US' | 'EU';
export type Country = 'GB' | 'IE' | 'US' | 'DE' | 'FR' | 'NL' | 'ES' | 'IT' | 'PL' | 'BE' | 'AT' | 'PT';

const GIVEN = {
  GB: ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Ava', 'Jack', 'Mia', 'Charlie', 'Freya', 'Thomas', 'Grace', 'James', 'Lily', 'William', 'Sophie', 'Daniel', 'Chloe', 'Samuel', 'Ruth', 'Priya', 'Arjun', 'Mohammed', 'Aisha', 'Rhys', 'Cerys', 'Callum', 'Eilidh', 'Gareth', 'Bethan', 'Imogen', 'Rupert', 'Hannah', 'Joseph', 'Olivia', 'Nathan', 'Zara', 'Kwame', 'Adaeze', 'Tariq'],
  IE: ['Siobhán', 'Aoife', 'Ciarán', 'Niamh', 'Seán', 'Róisín', 'Eoin', 'Orla', 'Darragh', 'Caoimhe', 'Pádraig', 'Saoirse', 'Cian', 'Gráinne', 'Fionn'],
  US: ['Emily', 'Michael', 'Madison', 'Christopher', 'Ashley', 'Joshua', 'Brianna', 'Tyler', 'Jessica', 'Brandon', 'Kayla', 'Jacob', 'Morgan', 'Austin', 'Taylor', 'Carlos', 'Maria', 'DeShawn', 'Latoya', 'Kevin', 'Jennifer', 'Robert', 'Linda', 'Hunter', 'Savannah', 'Wei', 'Mei', 'Rafael', 'Gabriela', 'Dylan'],
  DE: ['Lena', 'Lukas', 'Anna', 'Jonas', 'Lea', 'Felix', 'Marie', 'Maximilian', 'Sophie', 'Paul', 'Johanna', 'Tobias', 'Katharina', 'Moritz', 'Jürgen', 'Sabine'],
  FR: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Manon', 'Théo', 'Léa', 'Antoine', 'Inès', 'Mathieu', 'Élodie', 'Julien', 'Margaux', 'Guillaume'],
  NL: ['Daan', 'Sanne', 'Bram', 'Fleur', 'Sem', 'Lotte', 'Thijs', 'Eva', 'Jeroen', 'Marloes', 'Joost', 'Anouk'],
  ES: ['Lucía', 'Alejandro', 'Sofía', 'Javier', 'Carmen', 'Pablo', 'Elena', 'Diego', 'Marta', 'Álvaro', 'Nuria', 'Sergio'],
  IT: ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara', 'Alessandro', 'Sara', 'Matteo', 'Valentina', 'Davide', 'Federica', 'Lorenzo'],
  PL: ['Katarzyna', 'Piotr', 'Agnieszka', 'Tomasz', 'Magdalena', 'Krzysztof', 'Joanna', 'Paweł', 'Zofia', 'Michał', 'Aleksandra', 'Wojciech'],
  BE: ['Lotte', 'Arne', 'Elise', 'Wout', 'Amélie', 'Maxime'],
  AT: ['Lukas', 'Hannah', 'Florian', 'Magdalena', 'Stefan', 'Theresa'],
  PT: ['João', 'Beatriz', 'Tiago', 'Inês', 'Rui', 'Mariana'],
};
const FAMILY = {
  GB: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Walker', 'Wright', 'Robinson', 'Thompson', 'Hughes', 'Edwards', 'Green', 'Hall', 'Wood', 'Harris', 'Clarke', 'Patel', 'Khan', 'Ahmed', 'Begum', 'Okafor', 'Mensah', 'Fairweather', 'Ashworth', 'Pemberton', 'Greenhalgh', 'Blackwood', 'Trevelyan', 'Marsden', 'Kershaw', 'Lockwood', 'Sinclair', 'MacLeod', 'Fraser', 'Campbell'],
  IE: ['Murphy', 'Kelly', "O'Sullivan", 'Walsh', "O'Brien", 'Byrne', 'Ryan', "O'Connor", 'Doyle', 'McCarthy', 'Gallagher', 'Kavanagh', 'Nolan', 'Brennan', 'Fitzgerald'],
  US: ['Johnson', 'Miller', 'Davis', 'Garcia', 'Rodriguez', 'Martinez', 'Anderson', 'Jackson', 'White', 'Harris', 'Lewis', 'Young', 'Allen', 'Hernandez', 'Nguyen', 'Kim', 'Washington', 'Kowalczyk', 'Schmidt', 'Russo', 'Cohen', 'Bennett', 'Reyes', 'Foster', 'Hayes', 'Brooks', 'Sullivan', 'Chen', 'Okoye', 'Lindqvist'],
  DE: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer', 'Richter', 'Klein', 'Wolf', 'Neumann', 'Zimmermann'],
  FR: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefèvre', 'Michel', 'Garnier', 'Rousseau'],
  NL: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Visser', 'Smit', 'Meijer', 'de Boer', 'Mulder', 'Bos'],
  ES: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Ruiz', 'Navarro', 'Torres'],
  IT: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco', 'Bruno', 'Conti'],
  PL: ['Nowak', 'Kowalski', 'Wiśniewski', 'Wójcik', 'Kowalczyk', 'Kamiński', 'Lewandowski', 'Zieliński', 'Szymański', 'Woźniak', 'Dąbrowski', 'Mazur'],
  BE: ['Peeters', 'Janssens', 'Maes', 'Jacobs', 'Dupont', 'Lambert'],
  AT: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner'],
  PT: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa'],
};

const TOWNS = {
  GB: [['Leeds', 'LS'], ['Bristol', 'BS'], ['Norwich', 'NR'], ['Cardiff', 'CF'], ['Glasgow', 'G'], ['Sheffield', 'S'], ['Exeter', 'EX'], ['York', 'YO'], ['Nottingham', 'NG'], ['Brighton', 'BN'], ['Derby', 'DE'], ['Plymouth', 'PL'], ['Oxford', 'OX'], ['Cambridge', 'CB'], ['Leicester', 'LE'], ['Swansea', 'SA'], ['Aberdeen', 'AB'], ['Belfast', 'BT'], ['London', 'SE'], ['London', 'N'], ['Manchester', 'M'], ['Liverpool', 'L'], ['Bath', 'BA'], ['Chester', 'CH'], ['Preston', 'PR']],
  IE: [['Dublin', 'D'], ['Cork', 'T12'], ['Galway', 'H91'], ['Limerick', 'V94'], ['Waterford', 'X91'], ['Kilkenny', 'R95']],
  US: [['Austin', 'TX'], ['Denver', 'CO'], ['Columbus', 'OH'], ['Raleigh', 'NC'], ['Tucson', 'AZ'], ['Madison', 'WI'], ['Boise', 'ID'], ['Richmond', 'VA'], ['Sacramento', 'CA'], ['Albany', 'NY'], ['Tampa', 'FL'], ['Portland', 'OR'], ['Nashville', 'TN'], ['Omaha', 'NE'], ['Savannah', 'GA'], ['Springfield', 'IL'], ['Burlington', 'VT'], ['Spokane', 'WA'], ['Newark', 'NJ'], ['Lansing', 'MI']],
  DE: [['Berlin', '10'], ['Hamburg', '20'], ['München', '80'], ['Köln', '50'], ['Frankfurt am Main', '60'], ['Stuttgart', '70'], ['Leipzig', '04'], ['Dresden', '01'], ['Bremen', '28'], ['Hannover', '30']],
  FR: [['Paris', '75'], ['Lyon', '69'], ['Marseille', '13'], ['Toulouse', '31'], ['Nantes', '44'], ['Bordeaux', '33'], ['Lille', '59'], ['Rennes', '35']],
  NL: [['Amsterdam', '10'], ['Rotterdam', '30'], ['Utrecht', '35'], ['Den Haag', '25'], ['Eindhoven', '56'], ['Groningen', '97']],
  ES: [['Madrid', '28'], ['Barcelona', '08'], ['Valencia', '46'], ['Sevilla', '41'], ['Bilbao', '48'], ['Málaga', '29']],
  IT: [['Roma', '00'], ['Milano', '20'], ['Torino', '10'], ['Bologna', '40'], ['Firenze', '50'], ['Napoli', '80']],
  PL: [['Warszawa', '00'], ['Kraków', '30'], ['Gdańsk', '80'], ['Wrocław', '50'], ['Poznań', '60']],
  BE: [['Brussel', '10'], ['Antwerpen', '20'], ['Gent', '90'], ['Liège', '40']],
  AT: [['Wien', '10'], ['Graz', '80'], ['Linz', '40'], ['Salzburg', '50']],
  PT: [['Lisboa', '11'], ['Porto', '40'], ['Braga', '47'], ['Coimbra', '30']],
};
const STREETS_EN = ['High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Mill Lane', 'Park Avenue', 'Queens Road', 'Kings Drive', 'Orchard Close', 'Meadow Way', 'Willow Crescent', 'Elm Grove', 'Chapel Street', 'Bridge Street', 'The Green', 'Manor Road', 'Hawthorn Drive', 'Riverside Walk', 'Beech Avenue', 'Albert Terrace', 'Oakfield Road', 'Castle Hill', 'Granby Place', 'Linden Gardens'];
const STREETS_US = ['Maple Street', 'Oak Avenue', 'Pine Road', 'Cedar Lane', 'Elm Street', 'Washington Blvd', 'Lakeview Drive', 'Sunset Boulevard', 'Main Street', 'Highland Ave', 'Ridge Road', 'Spring Street', 'Jefferson Ave', 'Walnut Court', 'Hillcrest Drive', 'Harbor Way', 'Prairie Lane', 'Mission St'];
const STREETS = {
  DE: ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Lindenallee', 'Schillerstraße', 'Goethestraße', 'Kirchplatz', 'Am Markt'],
  FR: ['rue de la République', 'avenue Victor Hugo', 'rue des Lilas', 'boulevard Voltaire', 'rue du Moulin', 'place de la Mairie'],
  NL: ['Keizersgracht', 'Dorpsstraat', 'Kerkstraat', 'Molenweg', 'Stationsplein', 'Lindelaan'],
  ES: ['Calle Mayor', 'Avenida de la Constitución', 'Calle del Sol', 'Paseo de Gracia', 'Calle de Alcalá'],
  IT: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Via Dante', 'Piazza del Popolo', 'Via Verdi'],
  PL: ['ul. Długa', 'ul. Marszałkowska', 'ul. Kwiatowa', 'ul. Polna', 'ul. Lipowa'],
  BE: ['Kerkstraat', 'Rue Royale', 'Stationsstraat', 'Avenue Louise'],
  AT: ['Ringstraße', 'Mariahilfer Straße', 'Landstraße', 'Herrengasse'],
  PT: ['Rua Augusta', 'Avenida da Liberdade', 'Rua de Santa Catarina', 'Rua do Carmo'],
};

export interface Person {
  given: string;
  family: string;
  middle?: string;
  title: string;
  sex: 'M' | 'F';
  country: Country;
}

export interface Address {
  lines: string[];
  country: Country;
}

export const regionOf = (c: Country): Region => (c === 'GB' ? 'UK' : c === 'US' ? 'US' : 'EU');
export const currencyOf = (c: Country) => (c === 'GB' ? 'GBP' : c === 'US' ? 'USD' : 'EUR');

export function pickCountry(rng: Rng, region?: Region): Country {
  const r = region ?? rng.pick<Region>(['UK', 'UK', 'US', 'EU', 'EU']);
  if (r === 'UK') return 'GB';
  if (r === 'US') return 'US';
  return rng.pick<Country>(['IE', 'IE', 'DE', 'DE', 'FR', 'FR', 'NL', 'ES', 'IT', 'PL', 'BE', 'AT', 'PT']);
}

export function person(rng: Rng, country: Country): Person {
  const pool = rng.chance(0.15) ? rng.pick<Country>(['GB', 'US', 'IE', 'PL', 'DE', 'FR', 'ES', 'IT']) : country;
  const given = rng.pick(GIVEN[pool]);
  const sex: 'M' | 'F' = /a$|e$|h$|ie$|y$|ine$|ia$/.test(given) && !['Luca', 'Jonas', 'Dylan', 'Pablo'].includes(given) ? 'F' : 'M';
  const p: Person = { given, family: rng.pick(FAMILY[pool]), title: sex === 'F' ? rng.pick(['Ms', 'Mrs', 'Miss', 'Ms']) : 'Mr', sex, country };
  if (rng.chance(0.25)) p.middle = rng.pick(GIVEN[pool]);
  if (rng.chance(0.05)) p.title = 'Dr';
  return p;
}

/** How a name is printed: many styles, and the key-data form (given first, no honorific). */
export function printName(rng: Rng, p: Person, style?: string): { shown: string; value: string } {
  const full = [p.given, p.middle, p.family].filter(Boolean).join(' ');
  const s = style ?? rng.pick(['full', 'full', 'title-full', 'caps', 'title-initial-caps', 'surname-comma', 'surname-caps-first', 'title-initial', 'given-family']);
  switch (s) {
    case 'title-full':
      return { shown: `${p.title} ${full}`, value: full };
    case 'caps':
      return { shown: full.toUpperCase(), value: full };
    case 'title-initial-caps':
      return { shown: `${p.title.toUpperCase()} ${p.given[0]} ${p.family.toUpperCase()}`, value: `${p.given[0]} ${p.family}` };
    case 'surname-comma':
      return { shown: `${p.family.toUpperCase()}, ${p.given}`, value: `${p.given} ${p.family}` };
    case 'surname-caps-first':
      return { shown: `${p.family.toUpperCase()} ${p.given}`, value: `${p.given} ${p.family}` };
    case 'title-initial':
      return { shown: `${p.title} ${p.given[0]}. ${p.family}`, value: `${p.given[0]}. ${p.family}` };
    case 'given-family':
      return { shown: `${p.given} ${p.family}`, value: `${p.given} ${p.family}` };
    default:
      return { shown: full, value: full };
  }
}

const L = 'ABCDEFGHJKLMNPRSTUVWXYZ';
export const letters = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.pick([...L])).join('');
export const digits = (rng: Rng, n: number) => Array.from({ length: n }, (_, i) => String(i === 0 ? rng.int(1, 9) : rng.int(0, 9))).join('');

export function address(rng: Rng, country: Country): Address {
  const [town, code] = rng.pick(TOWNS[country]) as [string, string];
  const num = rng.int(1, 240);
  if (country === 'GB') {
    const first = rng.chance(0.25) ? [`Flat ${rng.int(1, 30)}`, `${num} ${rng.pick(STREETS_EN)}`] : rng.chance(0.15) ? [`${rng.pick(['Rose', 'Ivy', 'Holly', 'Fern', 'Laurel'])} Cottage`, rng.pick(STREETS_EN)] : [`${num} ${rng.pick(STREETS_EN)}`];
    const district = rng.chance(0.3) ? [rng.pick(['Headingley', 'Clifton', 'Roath', 'Jesmond', 'Heaton', 'Southville', 'Didsbury', 'Morningside', 'Hove', 'Lenton'])] : [];
    const pc = `${code}${rng.int(1, 28)} ${rng.int(1, 9)}${letters(rng, 2)}`;
    return { lines: rng.chance(0.5) ? [...first, ...district, `${town} ${pc}`] : [...first, ...district, town, pc], country };
  }
  if (country === 'US') {
    const apt = rng.chance(0.3) ? [`${rng.pick(['Apt', 'Unit', 'Suite'])} ${rng.int(1, 40)}${rng.pick(['', 'B', 'C'])}`] : [];
    const street = `${rng.int(10, 9800)} ${rng.pick(STREETS_US)}`;
    const last = `${town}, ${code} ${digits(rng, 5)}`;
    return { lines: rng.chance(0.5) ? [street, ...apt, last] : [apt.length ? `${street}, ${apt[0]}` : street, last], country };
  }
  if (country === 'IE') {
    const pc = `${code}${code === 'D' ? rng.int(1, 24) : ''} ${letters(rng, 1)}${rng.int(1, 9)}${letters(rng, 1)}${rng.int(1, 9)}`;
    return { lines: [`${num} ${rng.pick(STREETS_EN)}`, rng.pick(['Rathmines', 'Ballsbridge', 'Douglas', 'Salthill', 'Clontarf', 'Drumcondra']), `${town} ${pc}`], country };
  }
  const street = rng.pick(STREETS[country]);
  const zip = `${code}${digits(rng, country === 'NL' ? 2 : country === 'PT' ? 2 : 3)}${country === 'NL' ? ' ' + letters(rng, 2) : ''}`;
  const first = country === 'FR' ? `${num} ${street}` : country === 'PL' ? `${street} ${num}` : `${street} ${num}`;
  return { lines: [first, `${zip} ${town}`], country };
}

const ORG_WORDS = ['Kestrel', 'Harbour', 'Meridian', 'Summit', 'Northgate', 'Bluebell', 'Oakridge', 'Falcon', 'Riverside', 'Granite', 'Silverline', 'Beacon', 'Heron', 'Ashford', 'Pinnacle', 'Lakeside', 'Evergreen', 'Copperfield', 'Redwood', 'Cobalt', 'Westbrook', 'Hollybush', 'Marlow', 'Orion', 'Thistle', 'Larkspur', 'Greystone', 'Sterling', 'Brightwater', 'Foxglove', 'Juniper', 'Windmill', 'Lighthouse', 'Keystone', 'Albion', 'Cedar', 'Aurora', 'Vantage', 'Quayside', 'Halcyon'];
const SUFFIX = { GB: ['Ltd', 'Limited', 'plc', 'LLP', '& Co Ltd'], IE: ['Ltd', 'Limited', 'DAC', 'Teoranta'], US: ['Inc.', 'LLC', 'Corp.', 'Co.', 'Group LLC'], DE: ['GmbH', 'AG', 'GmbH & Co. KG', 'UG'], FR: ['SARL', 'SAS', 'SA'], NL: ['B.V.', 'N.V.'], ES: ['S.L.', 'S.A.'], IT: ['S.r.l.', 'S.p.A.'], PL: ['Sp. z o.o.', 'S.A.'], BE: ['BV', 'SRL', 'NV'], AT: ['GmbH', 'AG'], PT: ['Lda.', 'S.A.'] };
const SECTORS = ['Healthcare', 'Logistics', 'Engineering', 'Software', 'Consulting', 'Facilities Management', 'Construction', 'Foods', 'Retail', 'Media', 'Analytics', 'Pharma', 'Design', 'Legal Services', 'Education Trust', 'Hospitality', 'Energy Services', 'Manufacturing', 'Recruitment', 'Dental Care', 'Architects', 'Medical Group', 'Systems', 'Labs', 'Partners'];

export function company(rng: Rng, country: Country, sector?: string): string {
  const w = rng.pick(ORG_WORDS);
  const base = rng.chance(0.3) ? `${w} ${rng.pick(ORG_WORDS)}` : w;
  return `${base} ${sector ?? rng.pick(SECTORS)} ${rng.pick(SUFFIX[country])}`.replace(/\s+/g, ' ');
}

export function bankName(rng: Rng, country: Country): string {
  const w = rng.pick(ORG_WORDS);
  return rng.pick(
    country === 'US'
      ? [`${w} National Bank`, `${w} Bank & Trust`, `${w} Federal Credit Union`, `First ${w} Bank`, `${w} Savings Bank`]
      : country === 'GB'
        ? [`${w} Bank`, `${w} Building Society`, `${w} Bank plc`, `The ${w} Bank`, `${w} & County Bank`]
        : [`${w} Bank`, `Banque ${w}`, `${w} Bank AG`, `Banco ${w}`, `${w} Bank N.V.`, `${w} Bank DAC`, `Caisse ${w}`],
  );
}

export function supplier(rng: Rng, country: Country, kind: 'energy' | 'water' | 'broadband' | 'gas'): string {
  const w = rng.pick(ORG_WORDS);
  const m = {
    energy: [`${w} Energy`, `${w} Power`, `${w} Electric`, `${w} Energy Supply Ltd`, `${w} Electricity`, `${w} Utilities`],
    gas: [`${w} Gas`, `${w} Gas & Power`, `${w} Energy`],
    water: [`${w} Water`, `${w} Water Services`, `${w} Water Authority`, `${w} Water Utility District`],
    broadband: [`${w} Broadband`, `${w} Fibre`, `${w} Telecom`, `${w}Net`, `${w} Communications`],
  }[kind];
  return rng.pick(m);
}

export const JOB_TITLES = ['Facilities Coordinator', 'Senior Software Engineer', 'Staff Nurse', 'Account Manager', 'Operations Analyst', 'Marketing Executive', 'Project Manager', 'Finance Officer', 'Data Scientist', 'Customer Service Advisor', 'Warehouse Supervisor', 'Teaching Assistant', 'HR Business Partner', 'Civil Engineer', 'Pharmacist', 'Paralegal', 'Graphic Designer', 'Store Manager', 'Quality Inspector', 'Research Associate', 'Dental Nurse', 'Sales Representative', 'Electrician', 'Chef de Partie', 'Payroll Administrator', 'Head of Logistics', 'Physiotherapist', 'IT Support Technician'];

export const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS_FR_UP = ['JAN', 'FEV', 'MARS', 'AVR', 'MAI', 'JUIN', 'JUIL', 'AOUT', 'SEPT', 'OCT', 'NOV', 'DEC'];

export interface D {
  y: number;
  m: number;
  d: number;
}
export const iso = (x: D) => `${x.y}-${String(x.m).padStart(2, '0')}-${String(x.d).padStart(2, '0')}`;
export function randomDate(rng: Rng, y0: number, y1: number): D {
  const y = rng.int(y0, y1);
  const m = rng.int(1, 12);
  return { y, m, d: rng.int(1, new Date(Date.UTC(y, m, 0)).getUTCDate()) };
}
export function addDays(x: D, n: number): D {
  const t = new Date(Date.UTC(x.y, x.m - 1, x.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}
export const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

const p2 = (n: number) => String(n).padStart(2, '0');
const ord = (n: number) => `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** A date printed in one of the region's styles. */
export function fmtDate(rng: Rng, x: D, region: Region, style?: string): string {
  const mon = MONTHS_EN[x.m - 1]!;
  const styles = region === 'US' ? ['us-num', 'us-num', 'us-long', 'us-short', 'us-dot', 'iso'] : region === 'UK' ? ['uk-num', 'long', 'long', 'ord', 'short', 'dash', 'short-dash'] : ['dot', 'dot', 'uk-num', 'long', 'iso', 'short'];
  switch (style ?? rng.pick(styles)) {
    case 'us-num':
      return `${p2(x.m)}/${p2(x.d)}/${x.y}`;
    case 'us-long':
      return `${mon} ${x.d}, ${x.y}`;
    case 'us-short':
      return `${mon.slice(0, 3)}. ${x.d}, ${x.y}`;
    case 'us-dot':
      return `${mon.slice(0, 3)} ${p2(x.d)}, ${x.y}`;
    case 'iso':
      return iso(x);
    case 'uk-num':
      return `${p2(x.d)}/${p2(x.m)}/${x.y}`;
    case 'ord':
      return `${ord(x.d)} ${mon} ${x.y}`;
    case 'short':
      return `${x.d} ${mon.slice(0, 3)} ${x.y}`;
    case 'dash':
      return `${p2(x.d)}-${p2(x.m)}-${x.y}`;
    case 'short-dash':
      return `${p2(x.d)}-${mon.slice(0, 3)}-${x.y}`;
    case 'dot':
      return `${p2(x.d)}.${p2(x.m)}.${x.y}`;
    case 'passport':
      return `${p2(x.d)} ${mon.slice(0, 3).toUpperCase()} /${MONTHS_FR_UP[x.m - 1]} ${String(x.y).slice(2)}`;
    case 'passport-long':
      return `${p2(x.d)} ${mon.slice(0, 3).toUpperCase()} ${x.y}`;
    default:
      return `${x.d} ${mon} ${x.y}`;
  }
}

/** Money printed in the region's style. */
export function fmtMoney(rng: Rng, amount: number, currency: string, opts: { symbol?: boolean; style?: string } = {}): string {
  const neg = amount < 0;
  const a = Math.abs(amount);
  const [i, f] = a.toFixed(2).split('.') as [string, string];
  const grouped = (sep: string) => i.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const sym = currency === 'GBP' ? '£' : currency === 'USD' ? '$' : '€';
  const withSym = opts.symbol ?? rng.chance(0.6);
  let s: string;
  if (currency === 'EUR') {
    const style = opts.style ?? rng.pick(['de', 'de', 'fr', 'en', 'code']);
    s =
      style === 'de' ? `${grouped('.')},${f}${withSym ? ' €' : ''}` : style === 'fr' ? `${grouped(' ')},${f}${withSym ? ' €' : ''}` : style === 'code' ? `EUR ${grouped('.')},${f}` : `${withSym ? '€' : ''}${grouped(',')}.${f}`;
  } else {
    s = `${withSym ? sym : ''}${grouped(',')}.${f}`;
  }
  if (!neg) return s;
  return rng.pick([`-${s}`, `(${s})`, `${s} DR`, `${s} OD`]);
}
