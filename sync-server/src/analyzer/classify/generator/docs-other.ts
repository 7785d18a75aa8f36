import { type GenDoc, kv, money2, paginate } from './common.js';
import { type Country, JOB_TITLES, address, addDays, company, currencyOf, digits, fmtDate, fmtMoney, iso, letters, person, pickCountry, printName, randomDate, regionOf, supplier } from './pools.js';
import type { Rng } from './rng.js';

const withCur = (x: number, cur: string) => ({ amount: x.toFixed(2), currency: cur });

function signOff(rng: Rng, signer: string, role: string, org: string): string[] {
  return [rng.v('{Yours faithfully,|Yours sincerely,|Kind regards,|Sincerely,|Best regards,|With best wishes,}'), ...(rng.chance(0.6) ? [signer] : []), signer, role, ...(rng.chance(0.7) ? [org] : [])];
}

export function employmentLetter(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const employer = company(rng, c);
  const p = person(rng, c);
  const nm = printName(rng, p, rng.pick(['title-full', 'full', 'given-family']));
  const signer = person(rng, c);
  const letterDate = randomDate(rng, 2023, 2025);
  const start = randomDate(rng, 2005, letterDate.y - 1);
  const salary = rng.int(18, 160) * 1000 + (rng.chance(0.3) ? rng.int(1, 9) * 100 : 0);
  const job = rng.pick(JOB_TITLES);
  const he = p.sex === 'F' ? 'she' : 'he';
  const his = p.sex === 'F' ? 'her' : 'his';
  const sal = fmtMoney(rng, salary, cur, { symbol: true });
  const sd = fmtDate(rng, start, region);
  const lines = [
    employer,
    ...address(rng, c).lines,
    ...(rng.chance(0.5) ? [rng.v(`{Tel|Phone|T}: ${digits(rng, 4)} ${digits(rng, 3)} ${digits(rng, 4)}`)] : []),
    fmtDate(rng, letterDate, region),
    rng.v('{To Whom It May Concern,|To whom it may concern|Dear Sir or Madam,|Dear Sir/Madam,|Dear Letting Agent,|Dear Mortgage Underwriter,}'),
    rng.v(`{Re: Confirmation of employment — ${nm.shown}|Re: Employment verification for ${nm.shown}|Subject: Employment confirmation|Confirmation of Employment|Employment Reference: ${nm.shown}|Verification of employment}`),
    rng.v(
      `{I am writing to confirm that ${nm.shown} has been employed by ${employer} since ${sd} in the role of ${job}.|This letter is to confirm that ${nm.shown} is employed by ${employer} as a ${job}, and has been since ${sd}.|We confirm that ${nm.shown} joined ${employer} on ${sd} and is currently employed as ${job}.|${employer} hereby confirms the employment of ${nm.shown}, who started with us on ${sd}. ${he[0]!.toUpperCase() + he.slice(1)} holds the position of ${job}.}`,
    ),
    rng.v('{The position is permanent and full-time.|The role is a permanent, full-time contract of 37.5 hours per week.|The employment is on a permanent basis and is not subject to a probationary period.|The position is full-time and permanent.}'),
    rng.v(`{${his[0]!.toUpperCase() + his.slice(1)} current basic annual salary is ${sal}, paid monthly in arrears.|${he[0]!.toUpperCase() + he.slice(1)} receives a gross annual salary of ${sal}.|The current annual base salary is ${sal} per annum.|${he[0]!.toUpperCase() + he.slice(1)} is paid a salary of ${sal} per year, before tax.}`),
    rng.v('{In addition, the employee is eligible for our company pension scheme and annual bonus.|To the best of my knowledge there are no disciplinary matters pending.|This letter is provided at the employee’s request.|This information is given in confidence and without liability.|Please do not hesitate to contact me should you require further information.}'),
    ...signOff(rng, `${signer.given} ${signer.family}`, rng.v('{Head of People|HR Manager|Human Resources Director|Payroll Manager|HR Business Partner|Managing Director|People Operations Lead}'), employer),
  ];
  return {
    docType: 'employment-letter',
    region,
    pages: [lines],
    keyData: { employeeName: nm.value, employerName: employer, jobTitle: job, startDate: iso(start), annualSalary: withCur(salary, cur), letterDate: iso(letterDate) },
  };
}

export function referenceLetter(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const subject = person(rng, c);
  const referee = person(rng, c);
  const sn = printName(rng, subject, rng.pick(['full', 'title-full', 'given-family']));
  const rn = printName(rng, referee, rng.pick(['full', 'title-full']));
  const org = rng.chance(0.8) ? company(rng, c, rng.pick(['Lettings', 'Property Management', 'Estates', 'Academy', 'Healthcare', 'Consulting', 'Partners', 'Solicitors'])) : rng.v('{St Mary’s Parish|Westbrook Academy|Riverside Surgery|Harbour Tennis Club}');
  const d = randomDate(rng, 2023, 2025);
  const since = randomDate(rng, 2010, d.y - 1);
  const kind = rng.pick(['landlord', 'character', 'professional']);
  const he = subject.sex === 'F' ? 'she' : 'he';
  const He = he[0]!.toUpperCase() + he.slice(1);
  const body =
    kind === 'landlord'
      ? [
          `${sn.shown} ${rng.v('{was a tenant at a property I manage|rented a flat from me|has been a tenant of ours|rented from us}')} from ${fmtDate(rng, since, region)} ${rng.v('{until recently|to date|until last month}')}.`,
          rng.v(`{During this time the rent of ${fmtMoney(rng, money2(rng, 500, 2500), currencyOf(c), { symbol: true })} per month was always paid in full and on time.|Rent was always paid promptly and the property was kept in excellent condition.|${He} was a considerate tenant and reported maintenance issues promptly.}`),
          rng.v('{The deposit was returned in full at the end of the tenancy.|I would have no hesitation in recommending them as a tenant.|I would happily rent to them again.}'),
        ]
      : kind === 'character'
        ? [
            rng.v(`{I have known ${sn.shown} for ${rng.int(3, 20)} years, first as a neighbour and later as a friend.|I am pleased to provide a character reference for ${sn.shown}, whom I have known since ${since.y}.|It is my pleasure to recommend ${sn.shown}.}`),
            rng.v(`{${He} is honest, reliable and trustworthy.|${He} is one of the most dependable people I know.|${He} is responsible, courteous and hard-working.}`),
            rng.v('{I recommend them without reservation.|I have no hesitation in recommending them.|Please feel free to contact me if you need more information.}'),
          ]
        : [
            rng.v(`{I worked with ${sn.shown} at ${org} between ${since.y} and ${d.y}.|${sn.shown} reported to me for ${rng.int(2, 8)} years.|I was ${sn.shown}'s line manager for several years.}`),
            rng.v(`{${He} consistently met deadlines and was a valued member of the team.|${He} showed excellent judgement and integrity.|${He} was punctual, diligent and well liked by colleagues and clients.}`),
            rng.v('{I would recommend them for any position of trust.|I recommend them highly.|They would be an asset to any organisation.}'),
          ];
  const lines = [
    ...(rng.chance(0.5) ? [rn.shown, org] : [org]),
    ...address(rng, c).lines,
    fmtDate(rng, d, region),
    rng.v('{Dear Sir or Madam,|To whom it may concern,|Dear Letting Agent,|To Whom It May Concern:|Dear Sir/Madam}'),
    rng.v(`{Reference for ${sn.shown}|Re: ${sn.shown}|Character reference: ${sn.shown}|Landlord reference — ${sn.shown}|Subject: Reference for ${sn.shown}|Tenant reference}`),
    ...body,
    ...signOff(rng, rn.shown, rng.v('{Property Manager|Landlord|Director|Head of Department|Team Leader|Senior Partner|Practice Manager|Club Secretary}') + (rng.chance(0.4) ? `, ${org}` : ''), org),
    ...(rng.chance(0.5) ? [rng.v(`{Tel|Phone|Email}: ${rng.chance(0.5) ? digits(rng, 11) : referee.given.toLowerCase() + '@example.org'}`)] : []),
  ];
  return { docType: 'reference-letter', region, pages: [lines], keyData: { subjectName: sn.value, refereeName: rn.value, refereeOrganisation: org, letterDate: iso(d) } };
}

export function utilityBill(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const kind = rng.pick(['energy', 'energy', 'gas', 'water', 'broadband'] as const);
  const sup = supplier(rng, c, kind);
  const p = person(rng, c);
  const nm = printName(rng, p);
  const svc = address(rng, c);
  const billDate = randomDate(rng, 2023, 2025);
  const due = money2(rng, 18, 480);
  const acct = rng.chance(0.5) ? digits(rng, rng.int(8, 12)) : `${letters(rng, 2)}${digits(rng, 8)}`;
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: rng.chance(0.7) });
  const ds = region === 'US' ? rng.pick(['us-num', 'us-long']) : region === 'UK' ? rng.pick(['long', 'short', 'uk-num']) : rng.pick(['dot', 'long']);
  const title = {
    energy: '{Your electricity bill|Electricity bill|Your energy statement|Energy bill|Your bill|Electric Service Statement|Stromrechnung / Electricity bill|Facture d’électricité}',
    gas: '{Your gas bill|Gas bill|Natural Gas Statement|Your energy bill}',
    water: '{Your water bill|Water and sewerage bill|Water Services Bill|Water & Wastewater Statement}',
    broadband: '{Your broadband bill|Your bill|Monthly bill|Internet & Phone bill|Your fibre broadband statement}',
  }[kind];
  const page1 = [
    sup,
    rng.v(title),
    ...(rng.chance(0.7) ? [nm.shown, ...address(rng, c).lines] : kv(rng, rng.v('{Customer name|Account name|Customer}'), nm.shown)),
    ...kv(rng, rng.v('{Account number|Account no.|Customer number|Account #|Customer reference}'), acct),
    ...kv(rng, rng.v('{Bill date|Date of issue|Statement date|Invoice date|Billing date|Date of bill}'), fmtDate(rng, billDate, region, ds)),
    ...kv(rng, rng.v('{Supply address|Service address|Premises address|Property supplied|Installation address}'), svc.lines.join(', ')),
    ...kv(rng, rng.v('{Billing period|Period|For the period}'), `${fmtDate(rng, addDays(billDate, -35), region, ds)} - ${fmtDate(rng, addDays(billDate, -5), region, ds)}`),
    ...kv(rng, rng.v('{Amount due|Total to pay|Balance due|Total amount due|Amount to pay|Please pay|Total due}'), fm(due)),
    rng.v(`{We will collect this by Direct Debit on or after ${fmtDate(rng, addDays(billDate, 14), region, ds)}.|Please pay by ${fmtDate(rng, addDays(billDate, 21), region, ds)}.|Due date: ${fmtDate(rng, addDays(billDate, 21), region, ds)}|Payment due ${fmtDate(rng, addDays(billDate, 21), region, ds)}}`),
  ];
  const charges =
    kind === 'broadband'
      ? [rng.v('{Your charges|Charges this month|Summary of charges}'), `${rng.v('{Fibre 500 broadband|Superfast Fibre|Home Internet 300 Mbps}')}  ${fm(due * 0.7)}`, `${rng.v('{Line rental|Home phone|Router rental}')}  ${fm(due * 0.2)}`, `${rng.v('{Calls|Equipment fee|Add-ons}')}  ${fm(due * 0.1)}`]
      : kind === 'water'
        ? [rng.v('{Your charges|Charges}'), `${rng.v('{Water supply|Fresh water}')}  ${rng.int(20, 90)} m³  ${fm(due * 0.5)}`, `${rng.v('{Wastewater|Sewerage|Sewer service}')}  ${fm(due * 0.4)}`, `${rng.v('{Standing charge|Fixed charge}')}  ${fm(due * 0.1)}`]
        : [
            rng.v('{Your charges|Charges for this period|Energy used|Meter readings}'),
            `${rng.v('{Meter reading|Previous reading|Opening read}')}  ${digits(rng, 5)}  ${rng.v('{Actual|Estimated|Customer}')}`,
            `${rng.v('{Current reading|Closing read}')}  ${digits(rng, 5)}`,
            `${rng.v('{Electricity used|Gas used|Energy consumed|Usage}')}  ${rng.int(90, 1200)} kWh  ${rng.v('{@ 24.50p/kWh|at unit rate|× tariff rate}')}  ${fm(due * 0.75)}`,
            `${rng.v('{Standing charge|Daily standing charge|Basic service charge}')}  ${rng.int(28, 31)} days  ${fm(due * 0.2)}`,
            `${rng.v('{VAT at 5%|VAT 5%|Sales tax|MwSt. 19%|TVA 20%}')}  ${fm(due * 0.05)}`,
            rng.v('{Your tariff: Standard Variable|Tariff: Fixed Saver 12M|Rate Schedule R-1|Tarif: Grundversorgung}'),
            rng.v('{MPAN|MPRN|Meter serial number|ESI ID|Zählernummer} ') + digits(rng, 13),
          ];
  const pages = rng.chance(0.55) ? [page1, [sup, ...charges, rng.v('{How to pay|Ways to pay|Payment options}'), rng.v('{Pay online at our website, by phone or by Direct Debit.|Sort code and account number for bank transfers are shown below.|Questions about your bill? Call us.}')]] : [[...page1, ...charges]];
  return {
    docType: 'utility-bill',
    region,
    pages: paginate(rng, pages),
    keyData: { customerName: nm.value, supplierName: sup, billDate: iso(billDate), serviceAddress: svc.lines.join(', '), amountDue: withCur(due, 'cur' === 'cur' ? cur : cur), accountNumber: acct },
  };
}

export function councilTaxBill(rng: Rng): GenDoc {
  const p = person(rng, 'GB');
  const nm = printName(rng, p);
  const town = rng.pick(['Leeds', 'Bristol', 'Norwich', 'Cardiff', 'Sheffield', 'Exeter', 'York', 'Derby', 'Oxford', 'Brighton and Hove', 'Wiltshire', 'Cornwall', 'Kent', 'Lambeth', 'Camden', 'Salford', 'Trafford', 'Calderdale']);
  const council = rng.v(`{${town} City Council|${town} Council|${town} Borough Council|London Borough of ${town}|${town} District Council|Royal Borough of ${town}|${town} County Council}`);
  const prop = address(rng, 'GB');
  const y = rng.int(2022, 2025);
  const bd = { y, m: 3, d: rng.int(1, 20) };
  const band = rng.pick(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  const charge = money2(rng, 1100, 3900);
  const discount = rng.chance(0.35) ? Math.round(charge * 0.25 * 100) / 100 : 0;
  const payable = Math.round((charge - discount) * 100) / 100;
  const fm = (x: number) => fmtMoney(rng, x, 'GBP', { symbol: rng.chance(0.6) });
  const lines = [
    council,
    rng.v(`{Council Tax Bill ${y}/${String(y + 1).slice(2)}|Council Tax Demand Notice ${y}/${y + 1}|Council Tax bill for ${y}-${String(y + 1).slice(2)}|Your Council Tax ${y}/${String(y + 1).slice(2)}|COUNCIL TAX DEMAND NOTICE}`),
    ...(rng.chance(0.7) ? [nm.shown, ...address(rng, 'GB').lines] : []),
    ...kv(rng, rng.v('{Account reference|Account number|Council Tax reference|Reference}'), digits(rng, 8)),
    ...kv(rng, rng.v('{Date of issue|Bill date|Issue date|Date}'), fmtDate(rng, bd, 'UK')),
    ...kv(rng, rng.v('{Liable person|Name|Resident|Council Tax payer}'), nm.shown),
    ...kv(rng, rng.v('{Property|Property address|Address of property|Property to which this bill relates}'), prop.lines.join(', ')),
    ...kv(rng, rng.v('{Band|Valuation band|Council Tax band|Property band}'), band),
    `${rng.v('{Period|Charge period}')}  1 April ${y} to 31 March ${y + 1}`,
    rng.v('{How your bill is calculated|Breakdown of charges|Your charge}'),
    `${council}  ${fm(charge * 0.78)}`,
    `${rng.v('{Adult social care precept|Adult Social Care}')}  ${fm(charge * 0.08)}`,
    `${rng.v('{Police and Crime Commissioner|Police}')}  ${fm(charge * 0.1)}`,
    `${rng.v('{Fire and Rescue Authority|Fire Authority|Parish precept}')}  ${fm(charge * 0.04)}`,
    `${rng.v('{Total charge|Gross charge|Annual charge}')}  ${fm(charge)}`,
    ...(discount ? [`${rng.v('{Less single person discount (25%)|Single person discount|Discount 25%}')}  -${fm(discount)}`] : []),
    `${rng.v('{Amount payable|Total amount payable|Net amount payable|Amount due for the year|Total charge for the year}')}  ${fm(payable)}`,
    rng.v('{Instalments|Your instalments|Payment plan}'),
    ...Array.from({ length: rng.int(2, 10) }, (_, i) => `${fmtDate(rng, { y: i < 9 ? y : y + 1, m: ((3 + i) % 12) + 1, d: 1 }, 'UK', 'short')}  ${fm(payable / 10)}`),
    rng.v('{Pay by Direct Debit: it is the easiest way to pay.|If you think your band is wrong you can appeal to the Valuation Office Agency.|You may be entitled to a Council Tax Reduction.}'),
  ];
  return { docType: 'council-tax-bill', region: 'UK', pages: paginate(rng, rng.chance(0.3) ? [lines.slice(0, 18), lines.slice(18)] : [lines]), keyData: { residentName: nm.value, councilName: council, propertyAddress: prop.lines.join(', '), band, annualCharge: withCur(payable, 'GBP'), billDate: iso(bd) } };
}

export function tenancyAgreement(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const tenants = Array.from({ length: rng.chance(0.4) ? 2 : 1 }, () => person(rng, c));
  const tns = tenants.map((t) => printName(rng, t, rng.pick(['full', 'title-full', 'given-family'])));
  const landlordIsCo = rng.chance(0.4);
  const landlord = landlordIsCo ? company(rng, c, rng.pick(['Lettings', 'Property', 'Estates', 'Homes', 'Residential'])) : [person(rng, c)].map((x) => `${x.given} ${x.family}`)[0]!;
  const prop = address(rng, c);
  const start = randomDate(rng, 2022, 2025);
  const months = rng.pick([6, 12, 12, 24]);
  const total = start.m - 1 + months;
  const end = addDays({ y: start.y + Math.floor(total / 12), m: (total % 12) + 1, d: start.d }, -1);
  const rent = rng.int(5, 35) * 50;
  const dep = region === 'UK' ? Math.round(((rent * 12) / 52) * 5 * 100) / 100 : rent * rng.int(1, 3);
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: true });
  const title = rng.v(region === 'UK' ? '{Assured Shorthold Tenancy Agreement|ASSURED SHORTHOLD TENANCY AGREEMENT|Tenancy Agreement|Assured Shorthold Tenancy}' : region === 'US' ? '{Residential Lease Agreement|RESIDENTIAL LEASE|Lease Agreement|Apartment Lease|Residential Rental Agreement}' : '{Residential Tenancy Agreement|Lease Agreement|Rental Agreement|Mietvertrag / Tenancy agreement|Contrat de location / Lease|Contrato de arrendamiento / Lease}');
  const T = region === 'US' ? rng.v('{Tenant|Lessee|Resident}') : 'Tenant';
  const LL = region === 'US' ? rng.v('{Landlord|Lessor|Owner}') : 'Landlord';
  const p1 = [
    title,
    rng.v(region === 'UK' ? '{This agreement is made under Part I of the Housing Act 1988 as amended.|An assured shorthold tenancy under the Housing Act 1988.}' : '{This agreement is made and entered into on the date below.|THIS LEASE is made between the parties named below.}'),
    ...kv(rng, rng.v(`{Date of agreement|This agreement is dated|Dated}`), fmtDate(rng, addDays(start, -rng.int(5, 30)), region)),
    ...kv(rng, rng.v(`{The ${LL}|${LL}|${LL}(s)}`), landlord),
    ...kv(rng, rng.v(`{The ${T}(s)|${T}(s)|${T}s|The ${T}}`), tns.map((t) => t.shown).join(rng.v('{ and | & |, }'))),
    ...kv(rng, rng.v('{The Property|Property|Premises|Property address|The Premises}'), prop.lines.join(', ')),
    ...kv(rng, rng.v('{Term|The Term|Lease term}'), rng.v(`{${months} months|a fixed term of ${months} months}`)),
    ...kv(rng, rng.v('{Commencement date|Start date|Term start|Beginning on|The tenancy starts on}'), fmtDate(rng, start, region)),
    ...kv(rng, rng.v('{End date|Ending on|Term end|Expiry date|The tenancy ends on}'), fmtDate(rng, end, region)),
    ...kv(rng, rng.v('{Rent|Monthly rent|The Rent}'), `${fm(rent)} ${rng.v('{per calendar month|per month|monthly|payable monthly in advance}')}`),
    ...kv(rng, rng.v('{Deposit|Security deposit|Tenancy deposit|Kaution / Deposit}'), fm(dep)),
    ...(region === 'UK' ? [rng.v('{The deposit will be protected with the Deposit Protection Service.|The Deposit will be registered with a government-authorised tenancy deposit scheme.|Deposit protected by mydeposits.}')] : []),
  ];
  const clauses = [
    `1. ${rng.v(`{The ${T} agrees to pay the Rent on the due date.|The ${T} shall pay rent in advance on the first day of each month.}`)}`,
    `2. ${rng.v(`{The ${T} shall keep the Property clean and in good condition.|The ${T} agrees not to cause damage or nuisance to neighbours.}`)}`,
    `3. ${rng.v(`{The ${T} shall not sublet or assign the tenancy without the written consent of the ${LL}.|No pets shall be kept without the ${LL}'s consent.}`)}`,
    `4. ${rng.v(`{The ${LL} shall keep in repair the structure and exterior of the Property.|The ${LL} shall carry out repairs to heating and hot water installations.}`)}`,
    `5. ${rng.v(`{The ${LL} may enter the Property on giving at least 24 hours' written notice.|Either party may end this agreement by giving notice as required by law.}`)}`,
    `6. ${rng.v(`{Utilities and council tax are the responsibility of the ${T}.|The ${T} is responsible for utilities unless otherwise stated.}`)}`,
    `7. ${rng.v('{Late payment of rent will incur interest.|Smoking is not permitted inside the Property.|Any notices must be given in writing.}')}`,
  ];
  const sig = [rng.v('{Signed by the parties|SIGNATURES|Signatures|IN WITNESS WHEREOF the parties have signed this agreement}'), `${LL}: ${landlord}  Signature ______  Date ______`, ...tns.map((t) => `${T}: ${t.shown}  Signature ______  Date ______`), rng.v('{Witness|Witnessed by}: ______')];
  const inventory = [rng.v('{Schedule 1: Inventory|Inventory and Schedule of Condition|Inventory}'), ...Array.from({ length: rng.int(4, 12) }, () => `${rng.v('{Living room|Kitchen|Bedroom 1|Bedroom 2|Bathroom|Hallway}')}: ${rng.v('{sofa|oven|bed frame|wardrobe|curtains|fridge freezer|carpet|table and 4 chairs}')} — ${rng.v('{good|fair|as new|worn}')}`)];
  const nPages = rng.int(2, 5);
  const all = [...p1, ...clauses, ...(nPages > 3 ? inventory : []), ...sig];
  const per = Math.ceil(all.length / nPages);
  const pages: string[][] = [];
  for (let i = 0; i < all.length; i += per) pages.push(all.slice(i, i + per));
  const header = rng.chance(0.5) ? [rng.v(`{${title}|${prop.lines[0]}|Tenancy of ${prop.lines[0]}}`)] : undefined;
  return {
    docType: 'tenancy-agreement',
    region,
    pages: paginate(rng, pages, { style: rng.int(0, 3), header }),
    keyData: { tenantNames: tns.map((t) => t.value), landlordName: landlord, propertyAddress: prop.lines.join(', '), startDate: iso(start), endDate: iso(end), monthlyRent: withCur(rent, cur), deposit: withCur(dep, cur) },
  };
}

export function companyCertificate(rng: Rng): GenDoc {
  const kind = rng.pick(['uk', 'uk', 'de', 'us', 'us-fl', 'ie', 'nl', 'fr']);
  const c: Country = kind === 'uk' ? 'GB' : kind === 'de' ? 'DE' : kind.startsWith('us') ? 'US' : kind === 'ie' ? 'IE' : kind === 'nl' ? 'NL' : 'FR';
  const region = regionOf(c);
  const name = company(rng, c).replace(/ (Ltd|Limited|plc|LLP|& Co Ltd)$/, ' ' + (kind === 'uk' ? rng.pick(['LIMITED', 'LTD', 'Limited']) : '$1'));
  const d = randomDate(rng, 1995, 2025);
  let number: string;
  let jurisdiction: string;
  let lines: string[];
  if (kind === 'uk') {
    number = rng.chance(0.8) ? digits(rng, 8).replace(/^./, '0') : `SC${digits(rng, 6)}`;
    jurisdiction = number.startsWith('SC') ? 'Scotland' : 'England and Wales';
    lines = [
      rng.v('{CERTIFICATE OF INCORPORATION|Certificate of Incorporation of a Private Limited Company|CERTIFICATE OF INCORPORATION OF A PRIVATE LIMITED COMPANY}'),
      ...kv(rng, 'Company Number', number),
      rng.v(`{The Registrar of Companies for ${jurisdiction}, hereby certifies that|I hereby certify that}`),
      name.toUpperCase(),
      rng.v(`{is this day incorporated under the Companies Act 2006 as a private company, that the company is limited by shares, and the situation of its registered office is in ${jurisdiction}.|was incorporated under the Companies Act 2006 on the date below.}`),
      rng.v(`{Given at Companies House, {Cardiff|Edinburgh|London}, on|Dated} ${fmtDate(rng, d, 'UK', rng.pick(['long', 'ord']))}`),
      rng.v('{Companies House|The Registrar of Companies}'),
      rng.v('{The above information was communicated by electronic means and authenticated by the Registrar of Companies under section 1115 of the Companies Act 2006|Registrar of Companies}'),
    ];
  } else if (kind === 'de') {
    number = `HRB ${digits(rng, 6)}${rng.chance(0.3) ? ' B' : ''}`;
    jurisdiction = rng.pick(['Germany', 'Berlin (Charlottenburg)', 'Germany']);
    lines = [
      rng.v('{Certified translation from German|Beglaubigte Übersetzung aus dem Deutschen / Certified translation}'),
      rng.v('{Handelsregister B des Amtsgerichts {Charlottenburg|München|Hamburg|Köln}|Commercial Register B of the Local Court of {Charlottenburg|Munich|Hamburg|Cologne}}'),
      rng.v('{Current printout|Chronological extract|Aktueller Ausdruck}'),
      ...kv(rng, rng.v('{Number|Registration number|Nummer der Firma}'), number),
      ...kv(rng, rng.v('{Company name|Firma|Name}'), name),
      ...kv(rng, rng.v('{Registered office|Sitz}'), rng.pick(['Berlin', 'München', 'Hamburg', 'Köln'])),
      ...kv(rng, rng.v('{Object of the company|Gegenstand des Unternehmens}'), rng.v('{software development and consulting|trade in goods of all kinds|management consultancy}')),
      ...kv(rng, rng.v('{Share capital|Stammkapital}'), fmtMoney(rng, 25000, 'EUR', { symbol: true })),
      ...kv(rng, rng.v('{Date of first registration|Tag der ersten Eintragung|Date of entry}'), fmtDate(rng, d, 'EU', 'dot')),
      rng.v('{Managing directors|Geschäftsführer}: ') + `${person(rng, 'DE').given} ${person(rng, 'DE').family}`,
      rng.v('{I, the undersigned sworn translator, certify that the above is a true and complete translation of the original document.|Sworn translator for the English language}'),
    ];
  } else if (kind.startsWith('us')) {
    const fl = kind === 'us-fl';
    jurisdiction = fl ? 'Florida' : rng.pick(['Delaware', 'Delaware', 'Nevada', 'Wyoming', 'Texas']);
    number = fl ? `L${digits(rng, 11)}` : digits(rng, 7);
    lines = fl
      ? [
          'State of Florida',
          'Department of State',
          rng.v('{Articles of Organization|ARTICLES OF ORGANIZATION FOR FLORIDA LIMITED LIABILITY COMPANY}'),
          ...kv(rng, 'Document Number', number),
          ...kv(rng, 'Name of Limited Liability Company', name),
          ...kv(rng, rng.v('{Filed|Effective date|Date filed}'), fmtDate(rng, d, 'US')),
          'I certify the attached is a true and correct copy of the Articles of Organization of the above named limited liability company.',
          'Secretary of State',
        ]
      : [
          `State of ${jurisdiction}`,
          rng.v('{Secretary of State|Division of Corporations}'),
          rng.v('{CERTIFICATE OF INCORPORATION|Certificate of Formation|Certificate of Good Standing}'),
          `I, ${rng.v('{the Secretary of State of the State of ' + jurisdiction + '|Secretary of State}')}, DO HEREBY CERTIFY THAT "${name.toUpperCase()}" IS DULY INCORPORATED UNDER THE LAWS OF THE STATE OF ${jurisdiction.toUpperCase()}`,
          rng.v(`{AND WAS FILED IN THIS OFFICE ON THE ${fmtDate(rng, d, 'US', 'us-long')}.|The date of incorporation is ${fmtDate(rng, d, 'US')}.}`),
          ...kv(rng, rng.v('{File Number|File No.|Entity number}'), number),
          ...kv(rng, 'Authentication', digits(rng, 9)),
          ...kv(rng, 'Date', fmtDate(rng, randomDate(rng, d.y, 2025), 'US')),
        ];
  } else if (kind === 'ie') {
    number = digits(rng, 6);
    jurisdiction = 'Ireland';
    lines = [
      rng.v('{Companies Registration Office|CRO}'),
      rng.v('{Certificate of Incorporation|CERTIFICATE OF INCORPORATION}'),
      rng.v('{I hereby certify that|The Registrar of Companies certifies that}'),
      name.toUpperCase(),
      `is this day incorporated under the Companies Act 2014, and that the company is a private company limited by shares.`,
      ...kv(rng, rng.v('{Company number|Registered number}'), number),
      rng.v(`{Given under my hand at Dublin, this|Dated} ${fmtDate(rng, d, 'EU', rng.pick(['long', 'ord']))}`),
      'Registrar of Companies',
    ];
  } else {
    number = digits(rng, 8);
    jurisdiction = kind === 'nl' ? 'Netherlands' : 'France';
    lines = [
      rng.v(kind === 'nl' ? '{Kamer van Koophandel|Netherlands Chamber of Commerce}' : '{Registre du Commerce et des Sociétés|Greffe du Tribunal de Commerce}'),
      rng.v(kind === 'nl' ? '{Extract from the Trade Register|Uittreksel Handelsregister}' : '{Extrait Kbis|Extract of registration}'),
      ...kv(rng, rng.v(kind === 'nl' ? '{KvK number|Chamber of Commerce number}' : '{Numéro d’identification|RCS number}'), number),
      ...kv(rng, rng.v('{Name|Trade name|Dénomination}'), name),
      ...kv(rng, rng.v('{Legal form|Forme juridique|Rechtsvorm}'), rng.v('{Besloten Vennootschap|Société par actions simplifiée|Private limited company}')),
      ...kv(rng, rng.v('{Date of incorporation|Registration date|Date d’immatriculation|Datum oprichting}'), fmtDate(rng, d, 'EU', 'dot')),
      ...kv(rng, rng.v('{Registered office|Siège social|Statutaire zetel}'), rng.pick(['Amsterdam', 'Rotterdam', 'Paris', 'Lyon'])),
      rng.v('{This extract was issued on|Extrait délivré le} ') + fmtDate(rng, randomDate(rng, 2024, 2025), 'EU'),
    ];
  }
  return { docType: 'company-registration-certificate', region, pages: paginate(rng, rng.chance(0.2) ? [lines.slice(0, 5), lines.slice(5)] : [lines], { style: rng.int(2, 7) }), keyData: { companyName: name, companyNumber: number, incorporationDate: iso(d), jurisdiction } };
}

export function invoice(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const sup = company(rng, c);
  const cust = rng.chance(0.6) ? company(rng, c) : (() => {
    const p = person(rng, c);
    return `${p.given} ${p.family}`;
  })();
  const inv = rng.v(`{INV-${digits(rng, 5)}|${digits(rng, 6)}|${letters(rng, 2)}-${rng.int(2023, 2025)}-${digits(rng, 4)}|${rng.int(2023, 2025)}/${digits(rng, 4)}|#${digits(rng, 4)}}`).replace(/^#/, '');
  const d = randomDate(rng, 2023, 2025);
  const due = addDays(d, rng.pick([14, 30, 30, 45, 60]));
  const items = Array.from({ length: rng.int(1, 9) }, () => ({ desc: rng.v('{Consulting services|Software licence (annual)|Website maintenance|Office cleaning|Catering for event|Printing and binding|Equipment hire|Professional services — {March|April|Q2}|Installation and labour|Delivery charge|Design work}'), qty: rng.int(1, 20), unit: money2(rng, 15, 900) }));
  const net = Math.round(items.reduce((s, i) => s + i.qty * i.unit, 0) * 100) / 100;
  const rate = region === 'US' ? rng.pick([0, 0.0625, 0.07, 0.08875]) : region === 'UK' ? 0.2 : rng.pick([0.19, 0.2, 0.21, 0.22, 0.23]);
  const tax = Math.round(net * rate * 100) / 100;
  const total = Math.round((net + tax) * 100) / 100;
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: rng.chance(0.5) });
  const taxLabel = region === 'US' ? rng.v('{Sales tax|Sales Tax ' + (rate * 100).toFixed(2) + '%|Tax}') : rng.v(`{VAT ${rate * 100}%|VAT @ ${rate * 100}%|MwSt. ${rate * 100}%|TVA ${rate * 100}%|IVA ${rate * 100}%|BTW ${rate * 100}%}`);
  const lines = [
    sup,
    ...address(rng, c).lines,
    ...(region !== 'US' && rng.chance(0.6) ? [rng.v(`{VAT Reg No|VAT No.|USt-IdNr.|N° TVA|VAT number}: ${c === 'GB' ? 'GB' : c}${digits(rng, 9)}`)] : []),
    rng.v(region === 'UK' ? '{INVOICE|Invoice|TAX INVOICE|VAT Invoice|Sales Invoice}' : '{INVOICE|Invoice|Rechnung / Invoice|Facture / Invoice|Factura / Invoice|Fattura / Invoice|Factuur / Invoice}'),
    ...kv(rng, rng.v('{Invoice number|Invoice No.|Invoice #|Invoice no|Rechnungsnummer|Number}'), inv),
    ...kv(rng, rng.v('{Invoice date|Date|Date of issue|Tax point|Invoice Date|Rechnungsdatum}'), fmtDate(rng, d, region)),
    ...kv(rng, rng.v('{Due date|Payment due|Due|Pay by|Fällig am|Date d’échéance}'), fmtDate(rng, due, region)),
    ...kv(rng, rng.v('{Bill to|Invoice to|Customer|Billed to|Sold to|Client}'), cust),
    ...address(rng, c).lines,
    rng.v('{Description  Qty  Unit price  Amount|Item  Quantity  Rate  Total|Description  Hours  Rate  Line total|Pos.  Beschreibung  Menge  Preis  Betrag}'),
    ...items.map((i) => `${i.desc}  ${i.qty}  ${fm(i.unit)}  ${fm(i.qty * i.unit)}`),
    `${rng.v('{Subtotal|Net total|Sub-total|Total excl. VAT|Zwischensumme}')}  ${fm(net)}`,
    `${taxLabel}  ${fm(tax)}`,
    `${rng.v('{Total|TOTAL DUE|Total due|Amount due|Total incl. VAT|Invoice total|Balance due|Gesamtbetrag}')}  ${fmtMoney(rng, total, cur, { symbol: true })}`,
    rng.v(`{Payment terms: {14|30|45} days.|Please pay within 30 days of the invoice date.|Thank you for your business.|Bank: ${rng.v('{Sort code 20-00-00 Account 12345678|IBAN ' + c + digits(rng, 2) + ' ' + digits(rng, 4) + ' ' + digits(rng, 4) + '|ACH routing ' + digits(rng, 9) + '}')}|Late payments may incur interest under the Late Payment of Commercial Debts Act.}`),
  ];
  return { docType: 'invoice', region, pages: paginate(rng, [lines], { style: rng.int(0, 7) }), keyData: { supplierName: sup, customerName: cust, invoiceNumber: inv, invoiceDate: iso(d), dueDate: iso(due), totalAmount: withCur(total, cur) } };
}

export { printName };
