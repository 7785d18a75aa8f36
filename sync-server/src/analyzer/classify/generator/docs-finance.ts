import { type GenDoc, kv, money2, paginate } from './common.js';
import { type Country, address, addDays, bankName, company, currencyOf, digits, fmtDate, fmtMoney, iso, lastDay, letters, person, pickCountry, printName, randomDate, regionOf, MONTHS_EN } from './pools.js';
import type { Rng } from './rng.js';

const money = (x: number) => ({ amount: x.toFixed(2), currency: '' });
const withCur = (x: number, cur: string) => ({ amount: x.toFixed(2), currency: cur });

const MERCHANTS = {
  UK: ['TESCO STORES', 'SAINSBURYS', 'WAITROSE', 'COSTA COFFEE', 'PRET A MANGER', 'AMAZON MKTPLACE', 'TFL TRAVEL', 'BOOTS', 'ARGOS', 'DELIVEROO', 'SHELL', 'GREGGS', 'NETFLIX.COM', 'SPOTIFY', 'CO-OP', 'TRAINLINE', 'PUREGYM', 'JOHN LEWIS', 'MARKS & SPENCER', 'LIDL GB', 'ALDI STORES', 'UBER TRIP', 'COUNCIL TAX DD', 'WATER DD', 'MOBILE DD'],
  US: ['WALMART', 'TARGET', 'STARBUCKS', 'AMAZON.COM', 'SHELL OIL', 'CHIPOTLE', 'COSTCO WHSE', 'HOME DEPOT', 'UBER EATS', 'NETFLIX', 'SPOTIFY USA', 'TRADER JOES', 'CVS PHARMACY', 'WALGREENS', 'KROGER', 'VENMO PAYMENT', 'ZELLE TRANSFER', 'COMCAST', 'VERIZON WIRELESS', 'GEICO AUTO', 'PLANET FITNESS', 'APPLE.COM/BILL'],
  EU: ['REWE', 'EDEKA', 'LIDL', 'ALDI', 'CARREFOUR', 'MONOPRIX', 'ALBERT HEIJN', 'JUMBO', 'MERCADONA', 'EL CORTE INGLES', 'ESSELUNGA', 'CONAD', 'DM DROGERIE', 'DEUTSCHE BAHN', 'SNCF', 'NS REIZIGERS', 'RENFE', 'TRENITALIA', 'BIEDRONKA', 'ZABKA', 'TESCO IRELAND', 'DUNNES STORES', 'SPAR', 'IKEA', 'ZALANDO', 'BOL.COM', 'FNAC'],
};

function transactions(rng: Rng, region: 'UK' | 'US' | 'EU', start: { y: number; m: number; d: number }, days: number, opening: number, cur: string, n: number, salary: number) {
  const rows: { date: { y: number; m: number; d: number }; desc: string; out: number; inn: number; bal: number }[] = [];
  let bal = opening;
  let day = 0;
  for (let i = 0; i < n; i++) {
    day = Math.min(days - 1, day + rng.int(0, 2));
    const isSalary = i === Math.floor(n * 0.6);
    const inn = isSalary ? salary : rng.chance(0.08) ? money2(rng, 5, 300) : 0;
    const out = inn ? 0 : money2(rng, 1.5, rng.chance(0.1) ? 900 : 120);
    bal = Math.round((bal + inn - out) * 100) / 100;
    const desc = isSalary ? rng.v('{SALARY|PAYROLL|GEHALT|SALAIRE|NOMINA|BGC SALARY|DIRECT DEP PAYROLL}') : rng.pick(MERCHANTS[region]) + (rng.chance(0.4) ? ` ${digits(rng, 4)}` : '');
    rows.push({ date: addDays(start, day), desc, out, inn, bal });
  }
  return { rows, closing: bal };
}

export function bankStatement(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const bank = bankName(rng, c);
  const p = person(rng, c);
  const nm = printName(rng, p, rng.pick(['caps', 'title-initial-caps', 'title-full', 'full']));
  const a = address(rng, c);
  const y = rng.int(2023, 2025);
  const m = rng.int(1, 12);
  const start = { y, m, d: 1 };
  const end = { y, m, d: lastDay(y, m) };
  const opening = money2(rng, -800, 9000);
  const nTx = rng.int(6, 70);
  const { rows, closing } = transactions(rng, region, start, end.d, opening, cur, nTx, money2(rng, 1200, 6000));
  const acct = region === 'EU' ? `${c === 'IE' ? 'IE' : c}${digits(rng, 2)} ${letters(rng, 4)} ${digits(rng, 4)} ${digits(rng, 4)} ${digits(rng, 4)} ${digits(rng, 2)}` : digits(rng, region === 'US' ? 10 : 8);
  const acctShown = region === 'US' && rng.chance(0.5) ? `XXXXXX${acct.slice(-4)}` : acct;
  const ds = rng.pick(region === 'US' ? ['us-num', 'us-long'] : region === 'UK' ? ['long', 'short', 'uk-num'] : ['dot', 'long']);
  const title = rng.v(
    region === 'US'
      ? '{Checking Account Statement|Account Statement|Your {Everyday|Premier|Basic} Checking statement|Monthly Statement|Statement of Account}'
      : region === 'UK'
        ? '{Statement|Current Account Statement|Your {Classic|Select|Everyday|Premier} Current Account statement|Account Statement|Statement of account}'
        : '{Account statement|Current account statement|Kontoauszug / Account statement|Relevé de compte / Statement|Estratto conto / Statement|Rekeningafschrift / Statement|Statement of account}',
  );
  const head = [bank, rng.v(`${bank.replace(/ (plc|AG|N\.V\.|DAC)$/, '')} {plc|}, ${address(rng, c).lines.join(', ')}`), title];
  const period = rng.v(`{Statement period|Period|For the period|Statement from|Period covered}`) + `: ${fmtDate(rng, start, region, ds)} ${rng.v('{to|-|–|through}')} ${fmtDate(rng, end, region, ds)}`;
  const info = [
    ...(rng.chance(0.5) ? [nm.shown, ...a.lines] : []),
    ...kv(rng, rng.v('{Account name|Account holder|Name|Account Owner|Kontoinhaber}'), nm.shown),
    ...(region === 'UK' ? kv(rng, 'Sort code', `${digits(rng, 2)}-${digits(rng, 2)}-${digits(rng, 2)}`) : []),
    ...kv(rng, region === 'EU' ? 'IBAN' : rng.v('{Account number|Account no.|Account #|Acct No}'), acctShown),
    ...(region === 'EU' || rng.chance(0.3) ? kv(rng, 'BIC', `${letters(rng, 4)}${c === 'US' ? 'US' : c}${letters(rng, 2)}`) : []),
    period,
  ];
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: rng.chance(0.5) });
  const summary =
    region === 'US'
      ? [
          ...kv(rng, rng.v('{Beginning balance|Beginning Balance on ' + fmtDate(rng, start, 'US', ds) + '|Previous balance}'), fm(opening)),
          ...kv(rng, rng.v('{Deposits and other additions|Deposits/Credits|Total deposits}'), fm(rows.reduce((s, r) => s + r.inn, 0))),
          ...kv(rng, rng.v('{Withdrawals and other subtractions|Withdrawals/Debits|Checks and debits}'), fm(rows.reduce((s, r) => s + r.out, 0))),
          ...kv(rng, rng.v('{Ending balance|Ending Balance on ' + fmtDate(rng, end, 'US', ds) + '|Closing balance}'), fm(closing)),
        ]
      : [
          ...kv(rng, rng.v(`{Opening balance|Balance on ${fmtDate(rng, start, region, ds)}|Previous balance|Balance brought forward|Anfangssaldo / Opening balance|Solde initial / Opening balance}`), fm(opening)),
          ...kv(rng, rng.v('{Money in|Payments in|Total credits|Paid in|Gutschriften / Credits}'), fm(rows.reduce((s, r) => s + r.inn, 0))),
          ...kv(rng, rng.v('{Money out|Payments out|Total debits|Paid out|Belastungen / Debits}'), fm(rows.reduce((s, r) => s + r.out, 0))),
          ...kv(rng, rng.v(`{Closing balance|Balance on ${fmtDate(rng, end, region, ds)}|New balance|Endsaldo / Closing balance|Solde final / Closing balance}`), fm(closing)),
        ];
  const colHead = rng.v(
    region === 'US' ? '{Date  Description  Amount  Balance|Date  Description  Withdrawals  Deposits  Balance|Posting Date  Description  Debits  Credits  Daily Balance}' : region === 'UK' ? '{Date  Description  Paid out  Paid in  Balance|Date  Type  Description  Money out  Money in  Balance|Date  Details  Debit  Credit  Balance}' : '{Booking date  Value date  Description  Debit  Credit  Balance|Buchungstag  Wertstellung  Verwendungszweck  Soll  Haben  Saldo|Date  Description  Debit  Credit  Balance|Date opération  Date valeur  Libellé  Débit  Crédit}',
  );
  const txStyle = region === 'US' ? 'us-num' : region === 'EU' ? 'dot' : rng.pick(['short', 'uk-num']);
  const txLines = rows.map((r) => {
    const d = fmtDate(rng, r.date, region, txStyle).replace(/ \d{4}$/, '').replace(/\/\d{4}$/, '');
    const amt = r.out ? fmtMoney(rng, r.out, cur, { symbol: false }) : fmtMoney(rng, r.inn, cur, { symbol: false });
    const type = region === 'UK' ? rng.v(r.inn ? '{BGC|FPI|CR} ' : '{DEB|DD|SO|CPT|FPO} ') : '';
    return `${d}  ${region === 'EU' && rng.chance(0.5) ? d + '  ' : ''}${type}${r.desc}  ${r.out ? amt : ''}  ${r.inn ? amt : ''}  ${fmtMoney(rng, r.bal, cur, { symbol: false })}`;
  });
  const perPage = rng.int(14, 30);
  const chunks: string[][] = [];
  for (let i = 0; i < txLines.length; i += perPage) chunks.push(txLines.slice(i, i + perPage));
  if (!chunks.length) chunks.push([]);
  const pages: string[][] = chunks.map((ch, i) => {
    const out: string[] = [];
    if (i === 0) out.push(...head, ...info, ...summary, rng.v('{Your transactions|Transactions|Account activity|Transaction details|Umsätze}'));
    else out.push(bank, rng.v(`{${nm.shown} · Account ${acctShown.slice(-4)}|${title} (continued)|Account ${acctShown}|${period}}`));
    out.push(colHead);
    if (i > 0 || rng.chance(0.5)) out.push(rng.v('{BALANCE BROUGHT FORWARD|Balance brought forward|Balance forward|Übertrag|Report à nouveau|Opening balance}'));
    out.push(...ch);
    if (i < chunks.length - 1) out.push(rng.v('{BALANCE CARRIED FORWARD|Balance carried forward|Continued on next page|Übertrag|À reporter}'));
    else if (rng.chance(0.6)) out.push(rng.v('{Closing balance|Ending balance|BALANCE CARRIED FORWARD|Endsaldo}') + '  ' + fm(closing));
    out.push(rng.v(`{${bank} is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority.|Member FDIC. Equal Housing Lender.|Deposits are protected by the deposit guarantee scheme.|Please check this statement carefully and tell us about any errors.|Overdraft interest is charged at {19.9|39.9}% EAR (variable).|Registered in England and Wales.}`));
    return out;
  });
  const holderValue = nm.value;
  return {
    docType: 'bank-statement',
    region,
    pages: paginate(rng, pages, { style: rng.int(0, 4) }),
    keyData: { accountHolder: holderValue, bankName: bank, accountNumberLast4: acct.replace(/\s/g, '').slice(-4), periodStart: iso(start), periodEnd: iso(end), openingBalance: withCur(opening, cur), closingBalance: withCur(closing, cur) },
  };
}

export function creditCardStatement(rng: Rng): GenDoc {
  const c = pickCountry(rng, rng.pick(['UK', 'US', 'US', 'EU']));
  const region = regionOf(c);
  const cur = currencyOf(c);
  const issuer = rng.v(`{${bankName(rng, c)}|${rng.pick(['Aurora', 'Harbour', 'Summit', 'Cobalt', 'Vantage', 'Orion'])} {Card Services|Credit Card|Card|Visa|Mastercard|Rewards Card|Platinum}}`);
  const p = person(rng, c);
  const nm = printName(rng, p);
  const a = address(rng, c);
  const sd = randomDate(rng, 2023, 2025);
  const due = addDays(sd, rng.int(20, 28));
  const prev = money2(rng, 0, 4000);
  const purchases = money2(rng, 50, 2500);
  const payments = Math.min(prev, money2(rng, 25, 2000));
  const interest = money2(rng, 0, 60);
  const newBal = Math.round((prev - payments + purchases + interest) * 100) / 100;
  const minPay = Math.max(5, Math.round(newBal * 0.03 * 100) / 100);
  const last4 = digits(rng, 4);
  const ds = region === 'US' ? rng.pick(['us-num', 'us-long']) : rng.pick(['long', 'short', 'uk-num', 'dot']);
  const fm = (x: number) => fmtMoney(rng, x, cur);
  const page1 = [
    issuer,
    rng.v('{Credit Card Statement|Your {Visa|Mastercard|credit card} statement|Card Statement|Monthly Statement|Statement of your credit card account|Kreditkartenabrechnung / Credit card statement}'),
    ...(rng.chance(0.7) ? [nm.shown, ...a.lines] : []),
    ...kv(rng, rng.v('{Cardholder|Card holder|Name|Primary cardholder}'), nm.shown),
    ...kv(rng, rng.v('{Card number|Account number|Card ending in|Account ending}'), rng.v(`{**** **** **** ${last4}|XXXX XXXX XXXX ${last4}|${last4}|•••• ${last4}|${digits(rng, 4)} XXXX XXXX ${last4}}`)),
    ...kv(rng, rng.v('{Statement date|Statement closing date|Closing Date|Date of statement}'), fmtDate(rng, sd, region, ds)),
    ...kv(rng, rng.v('{Payment due date|Payment due by|Please pay by|Due date}'), fmtDate(rng, due, region, ds)),
    rng.v('{Account summary|Summary of your account|Your account at a glance}'),
    ...kv(rng, rng.v('{Previous balance|Balance from last statement|Opening balance}'), fm(prev)),
    ...kv(rng, rng.v('{Payments|Payments and credits|Payments received}'), `-${fm(payments)}`),
    ...kv(rng, rng.v('{Purchases|New purchases|Purchases and debits}'), fm(purchases)),
    ...kv(rng, rng.v('{Interest charged|Interest|Fees and interest charged}'), fm(interest)),
    ...kv(rng, rng.v('{New balance|Statement balance|New Balance|Closing balance}'), fm(newBal)),
    ...kv(rng, rng.v('{Minimum payment|Minimum payment due|Minimum amount due|Minimum Payment Due}'), fm(minPay)),
    ...kv(rng, rng.v('{Credit limit|Credit line}'), fm(rng.pick([1500, 3000, 5000, 7500, 10000, 12000]))),
    ...kv(rng, rng.v('{Available credit|Available to spend}'), fm(money2(rng, 100, 5000))),
    rng.v('{Purchase APR|Purchase rate} {19.9|22.9|24.99|29.49}% {p.a.|(v)|variable}'),
  ];
  if (region === 'US' && rng.chance(0.6)) page1.push('Minimum Payment Warning: If you make only the minimum payment each period, you will pay more in interest and it will take you longer to pay off your balance.', 'Late Payment Warning: If we do not receive your minimum payment by the date listed above, you may have to pay a late fee.');
  if (region === 'UK' && rng.chance(0.5)) page1.push('Paying only the minimum payment will increase the time it takes to repay your balance and the amount of interest you pay.');
  const tx = Array.from({ length: rng.int(5, 35) }, () => `${fmtDate(rng, addDays(sd, -rng.int(1, 30)), region, ds).replace(/[ ,/.-]*\d{4}$/, '')}  ${rng.pick(MERCHANTS[region])}  ${fmtMoney(rng, money2(rng, 2, 300), cur, { symbol: false })}`);
  const page2 = [rng.v('{Transactions|Your transactions|Transaction details|Purchases and adjustments}'), rng.v('{Date  Description  Amount|Trans date  Post date  Description  Amount|Date  Merchant  Amount}'), ...tx, rng.v('{Interest charges|Interest charge calculation|Fees}'), rng.v('{Total fees charged this period|Total interest for this period}  ') + fm(interest)];
  const pages = rng.chance(0.35) ? [[...page1, ...page2]] : [page1, page2];
  return {
    docType: 'credit-card-statement',
    region,
    pages: paginate(rng, pages),
    keyData: { cardholderName: nm.value, issuerName: issuer, cardNumberLast4: last4, statementDate: iso(sd), paymentDueDate: iso(due), newBalance: withCur(newBal, cur), minimumPayment: withCur(minPay, cur) },
  };
}

export function payslip(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const employer = company(rng, c);
  const p = person(rng, c);
  const nm = printName(rng, p);
  const payDate = randomDate(rng, 2023, 2025);
  const gross = money2(rng, 900, 9000);
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: rng.chance(0.3) });
  const ds = region === 'US' ? rng.pick(['us-num', 'us-num', 'us-long']) : rng.pick(region === 'UK' ? ['uk-num', 'long', 'short'] : ['dot', 'uk-num', 'long']);
  const lines: string[] = [employer, ...(rng.chance(0.6) ? address(rng, c).lines : [])];
  lines.push(rng.v(region === 'US' ? '{Earnings Statement|Pay Statement|Payroll Statement|Statement of Earnings and Deductions|Pay Stub|Direct Deposit Advice}' : region === 'UK' ? '{PAYSLIP|Payslip|Pay Advice|Pay Slip|Salary Slip|Monthly Payslip|Pay statement}' : '{Payslip|Salary statement|Gehaltsabrechnung / Payslip|Bulletin de paie / Payslip|Nómina / Payslip|Busta paga / Payslip|Loonstrook / Payslip|Pay advice|Salary slip}'));
  if (rng.chance(0.4)) lines.push(rng.v('{Private & Confidential|Confidential|Strictly private}'));
  lines.push(...kv(rng, rng.v('{Employee|Employee name|Name|Pay to|Mitarbeiter / Employee|Salarié / Employee}'), nm.shown));
  lines.push(...kv(rng, rng.v('{Employee No.|Employee ID|Staff number|Payroll No.|Personnel no.}'), digits(rng, rng.int(4, 6))));
  const deductions: [string, number][] = [];
  if (region === 'UK') {
    lines.push(...kv(rng, rng.v('{NI Number|NI No.|National Insurance No.}'), `${letters(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)} ${rng.pick(['A', 'B', 'C', 'D'])}`));
    lines.push(...kv(rng, 'Tax Code', rng.v('{1257L|1257L M1|BR|K475|1100L|S1257L|C1257L}')));
    lines.push(...kv(rng, rng.v('{Tax Period|Period|Pay period}'), rng.v(`{Month ${rng.int(1, 12)}|Week ${rng.int(1, 52)}|M${rng.int(1, 12)}}`)));
    deductions.push(['{PAYE Tax|Income Tax|Tax}', gross * 0.17], ['{National Insurance|NI|Employee NIC}', gross * 0.06], ['{Pension|Pension (employee 5%)|Workplace pension}', gross * 0.05]);
    if (rng.chance(0.3)) deductions.push(['{Student Loan|Student Loan Plan 2}', gross * 0.03]);
  } else if (region === 'US') {
    lines.push(...kv(rng, rng.v('{Pay Period|Period Beginning|Pay period start}'), fmtDate(rng, addDays(payDate, -19), 'US', ds)));
    lines.push(...kv(rng, rng.v('{Period Ending|Pay period end}'), fmtDate(rng, addDays(payDate, -6), 'US', ds)));
    lines.push(...kv(rng, 'SSN', `XXX-XX-${digits(rng, 4)}`));
    deductions.push(['{Federal Income Tax|Fed Withholding|Federal Tax}', gross * 0.11], ['{Social Security Tax|OASDI|Social Security}', gross * 0.062], ['{Medicare Tax|Medicare}', gross * 0.0145], ['{State Income Tax|CA SDI|NY State Tax|State Tax}', gross * 0.045], ['{401(k)|401k|Retirement 401(k)}', gross * 0.05]);
    if (rng.chance(0.4)) deductions.push(['{Medical Pre-Tax|Dental|Health Insurance}', money2(rng, 20, 200)]);
  } else if (c === 'IE') {
    lines.push(...kv(rng, 'PPS No.', `${digits(rng, 7)}${letters(rng, 1)}`));
    deductions.push(['PAYE', gross * 0.16], ['USC', gross * 0.03], ['PRSI', gross * 0.04], ['{Pension|AVC}', gross * 0.05]);
  } else if (c === 'DE' || c === 'AT') {
    lines.push(...kv(rng, rng.v('{Steuerklasse / Tax class|Steuerklasse}'), rng.v('{I|III|IV|V}')));
    deductions.push(['{Lohnsteuer|Lohnsteuer / Income tax}', gross * 0.15], ['{Solidaritätszuschlag|Soli}', gross * 0.005], ['{Krankenversicherung|KV}', gross * 0.073], ['{Rentenversicherung|RV}', gross * 0.093], ['{Arbeitslosenversicherung|AV}', gross * 0.013], ['{Pflegeversicherung|PV}', gross * 0.017]);
  } else if (c === 'FR' || c === 'BE') {
    deductions.push(['{CSG déductible|CSG/CRDS}', gross * 0.068], ['{Cotisations sociales|Sécurité sociale}', gross * 0.07], ['{Retraite complémentaire|Retraite}', gross * 0.04], ['{Prélèvement à la source|Impôt sur le revenu}', gross * 0.08]);
  } else {
    deductions.push(['{Income tax|IRPF|IRPEF|Loonheffing|Zaliczka na PIT|IRS}', gross * 0.15], ['{Social security|Seguridad Social|INPS|Sociale verzekeringen|ZUS|Segurança Social}', gross * 0.07]);
  }
  lines.push(...kv(rng, rng.v('{Pay Date|Payment date|Date paid|Pay date|Check Date|Date of payment|Zahltag / Pay date|Date de paiement}'), fmtDate(rng, payDate, region, ds)));
  if (rng.chance(0.5)) lines.push(...kv(rng, rng.v('{Department|Dept|Job title|Position}'), rng.v('{Operations|Finance|Clinical Services|Engineering|Sales|Logistics|Customer Care}')));
  lines.push(rng.v('{Payments  Amount|Earnings  Rate  Hours  This Period  Year to Date|Description  Units  Rate  Amount|Earnings  Current  YTD|Bezüge  Betrag}'));
  lines.push(`${rng.v('{Basic Salary|Regular|Basic pay|Salary|Grundgehalt|Salaire de base|Regular Pay}')}  ${fm(gross)}${rng.chance(0.5) ? '  ' + fm(gross * rng.int(2, 11)) : ''}`);
  if (rng.chance(0.3)) lines.push(`${rng.v('{Overtime|Bonus|Shift allowance|Commission}')}  ${fm(0)}`);
  let ded = 0;
  for (const [label, amt] of deductions) {
    const a = Math.round(amt * 100) / 100;
    ded += a;
    lines.push(`${rng.v(label)}  ${fm(a)}${rng.chance(0.5) ? '  ' + fm(a * rng.int(2, 11)) : ''}`);
  }
  ded = Math.round(ded * 100) / 100;
  const net = Math.round((gross - ded) * 100) / 100;
  lines.push(...kv(rng, rng.v('{Total Gross Pay|Gross Pay|Gross pay|Total earnings|Gross|Total Gross|Bruttobezüge|Salaire brut}'), fm(gross), rng.pick(['gap', 'colon'])));
  lines.push(...kv(rng, rng.v('{Total Deductions|Deductions|Total deductions|Gesetzliche Abzüge}'), fm(ded), rng.pick(['gap', 'colon'])));
  lines.push(...kv(rng, rng.v('{NET PAY|Net Pay|Net pay|Take home pay|Net Pay This Period|Nettobezüge / Net pay|Net à payer|Auszahlungsbetrag|Amount paid}'), fmtMoney(rng, net, cur, { symbol: true }), rng.pick(['gap', 'colon'])));
  if (rng.chance(0.6)) lines.push(rng.v('{Year to date|YTD totals|Cumulative|Jahressummen}'), `${rng.v('{Gross pay|Taxable pay|Gross YTD}')}  ${fm(gross * rng.int(2, 11))}`, `${rng.v('{Income tax|Tax paid YTD|Federal YTD}')}  ${fm(gross * 0.17 * rng.int(2, 11))}`);
  lines.push(rng.v(`{Employer PAYE reference: ${digits(rng, 3)}/${letters(rng, 2)}${digits(rng, 5)}|Paid by {BACS|bank transfer|direct deposit} to account ending ${digits(rng, 4)}|Please keep this payslip safe.|Net pay distribution: direct deposit to checking account XXXX${digits(rng, 4)}|Employer: ${employer}|}`));
  return {
    docType: 'payslip',
    region,
    pages: [lines],
    keyData: { employeeName: nm.value, employerName: employer, payDate: iso(payDate), grossPay: withCur(gross, cur), netPay: withCur(net, cur) },
  };
}

export function p60(rng: Rng): GenDoc {
  const p = person(rng, 'GB');
  const employer = company(rng, 'GB');
  const y = rng.int(2019, 2025);
  const pay = money2(rng, 12000, 95000);
  const tax = Math.round(pay * 0.16 * 100) / 100;
  const ni = `${letters(rng, 2)}${digits(rng, 6)}${rng.pick(['A', 'B', 'C', 'D'])}`;
  const niShown = rng.chance(0.6) ? `${ni.slice(0, 2)} ${ni.slice(2, 4)} ${ni.slice(4, 6)} ${ni.slice(6, 8)} ${ni.slice(8)}` : ni;
  const fm = (x: number) => fmtMoney(rng, x, 'GBP', { symbol: rng.chance(0.3) });
  const lines = [
    rng.v('{P60 End of Year Certificate|P60 End of year certificate|P60|End of Year Certificate P60|P60 (Single sheet)}'),
    rng.v(`{Tax year to 5 April ${y}|Tax year ending 5 April ${y}|Year to 5 April ${y}|Tax year ${y - 1}-${String(y).slice(2)} (to 5 April ${y})}`),
    rng.v('{To the employee:|Employee:} Please keep this certificate in a safe place as you will need it if you have to fill in a tax return.'),
    rng.v("{Employee's details|Employee details}"),
    ...kv(rng, 'Surname', p.family),
    ...kv(rng, 'Forenames or initials', [p.given, p.middle].filter(Boolean).join(' ')),
    ...kv(rng, rng.v('{National Insurance number|NI number}'), niShown),
    ...kv(rng, rng.v('{Works/payroll number|Payroll number}'), digits(rng, 5)),
    rng.v('{Pay and Income Tax details|Pay and income tax details}  Pay £  Tax deducted £'),
    `${rng.v('{In previous employment(s)|Previous employment}')}  ${fm(0)}  ${fm(0)}`,
    `${rng.v('{In this employment|This employment}')}  ${fm(pay)}  ${fm(tax)}`,
    `${rng.v('{Total for year|Total for the year}')}  ${fm(pay)}  ${fm(tax)}`,
    ...kv(rng, rng.v('{Final tax code|Final tax code used}'), rng.v('{1257L|1250L|1185L|BR}')),
    rng.v('{National Insurance contributions in this employment|NIC details}'),
    `${rng.v('{NIC letter|Letter}')}  A  ${fm(pay * 0.1)}  ${fm(pay * 0.1)}  ${fm(pay * 0.5)}  ${fm(pay * 0.06)}`,
    rng.v("{Statutory payments included in the pay 'In this employment' figure above|Statutory payments}"),
    rng.v('{Certificate by Employer/Paying Office|Certificate by employer}'),
    'This form shows your total pay for Income Tax purposes in this employment for the year.',
    ...kv(rng, rng.v('{Employer name and address|Employer}'), `${employer}, ${address(rng, 'GB').lines.join(', ')}`),
    ...kv(rng, rng.v('{Employer PAYE reference|PAYE reference}'), `${digits(rng, 3)}/${letters(rng, 2)}${digits(rng, 5)}`),
    rng.v('{HM Revenue & Customs approved substitute.|HMRC|P60(Single sheet)}'),
  ];
  return {
    docType: 'p60',
    region: 'UK',
    pages: [lines],
    keyData: { employeeName: [p.given, p.middle, p.family].filter(Boolean).join(' '), employerName: employer, taxYearEnd: `${y}-04-05`, totalPay: withCur(pay, 'GBP'), totalTax: withCur(tax, 'GBP'), nationalInsuranceNumber: ni },
  };
}

export function taxReturn(rng: Rng): GenDoc {
  const kind = rng.pick(['sa302', 'sa302', 'f1040', 'f1040', 'transcript', 'ie', 'ie-noa']);
  const c: Country = kind.startsWith('sa') ? 'GB' : kind.startsWith('ie') ? 'IE' : 'US';
  const region = regionOf(c);
  const cur = currencyOf(c);
  const p = person(rng, c);
  const nm = printName(rng, p);
  const y = rng.int(2020, 2024);
  const income = money2(rng, 15000, 180000);
  const tax = Math.round(income * (0.12 + rng.next() * 0.15) * 100) / 100;
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: rng.chance(0.5) });
  let pages: string[][];
  let taxYear: string;
  if (kind === 'sa302') {
    taxYear = `${y}-${String(y + 1).slice(2)}`;
    pages = [
      [
        rng.v('{HM Revenue & Customs|HMRC}'),
        rng.v('{Tax calculation|SA302 Tax Calculation|Your tax calculation|Tax Calculation summary}'),
        ...kv(rng, rng.v('{Tax year|Year}'), rng.v(`{${taxYear}|6 April ${y} to 5 April ${y + 1}|${y}-${y + 1}}`)),
        ...kv(rng, 'Name', nm.shown),
        ...kv(rng, rng.v('{Unique Taxpayer Reference (UTR)|UTR}'), digits(rng, 10)),
        ...kv(rng, rng.v('{Issue date|Date}'), fmtDate(rng, randomDate(rng, y + 1, y + 2), 'UK')),
        rng.v('{Income|Your income}'),
        `${rng.v('{Pay from employment|Profit from self-employment|Self-employment}')}  ${fm(income * 0.7)}`,
        `${rng.v('{Interest from UK banks|Dividends from UK companies|Property income}')}  ${fm(income * 0.3)}`,
        `${rng.v('{Total income received|Total income}')}  ${fm(income)}`,
        `${rng.v('{minus Personal Allowance|Personal allowance}')}  ${fm(12570)}`,
        `${rng.v('{Total income on which tax is due|Taxable income}')}  ${fm(income - 12570)}`,
        `${rng.v('{Basic rate|Basic rate band}')}  20%  ${fm(tax * 0.6)}`,
        `${rng.v('{Higher rate|Higher rate band}')}  40%  ${fm(tax * 0.4)}`,
        `${rng.v('{Income Tax due|Total Income Tax due|Income Tax charged}')}  ${fm(tax)}`,
        `${rng.v('{Class 4 National Insurance|Class 2 NIC}')}  ${fm(income * 0.02)}`,
        `${rng.v('{minus tax deducted|Tax deducted at source|Less: tax paid through PAYE}')}  ${fm(tax * 0.5)}`,
        `${rng.v('{Total tax due|Balance due|Amount payable}')}  ${fm(tax * 0.5)}`,
        rng.v('{This calculation is based on the figures you gave us on your tax return.|These figures are taken from your Self Assessment tax return.}'),
      ],
    ];
  } else if (kind === 'f1040' || kind === 'transcript') {
    taxYear = String(y);
    const a = address(rng, 'US');
    const p1 = kind === 'f1040'
      ? [
          rng.v(`{Form 1040 U.S. Individual Income Tax Return ${y}|1040 Department of the Treasury—Internal Revenue Service U.S. Individual Income Tax Return ${y}}`),
          'OMB No. 1545-0074',
          rng.v('{Filing Status|Filing status}  {Single|Married filing jointly|Head of household}'),
          ...kv(rng, 'Your first name and middle initial', p.given, 'below'),
          ...kv(rng, 'Last name', p.family, 'below'),
          ...kv(rng, 'Your social security number', `XXX-XX-${digits(rng, 4)}`, 'below'),
          ...kv(rng, 'Home address (number and street)', a.lines[0]!, 'below'),
          `1a Total amount from Form(s) W-2, box 1  ${fm(income * 0.9)}`,
          `2b Taxable interest  ${fm(income * 0.02)}`,
          `3b Ordinary dividends  ${fm(income * 0.03)}`,
          `9 Add lines 1z, 2b, 3b, 4b, 5b, 6b, 7, and 8. This is your total income  ${fm(income)}`,
          `11 Subtract line 10 from line 9. This is your adjusted gross income  ${fm(income * 0.97)}`,
          `12 Standard deduction or itemized deductions  ${fm(14600)}`,
          `15 Subtract line 14 from line 11. This is your taxable income  ${fm(income * 0.8)}`,
        ]
      : [
          rng.v('{Internal Revenue Service|IRS} {Tax Return Transcript|Account Transcript|Record of Account}'),
          ...kv(rng, 'Request Date', fmtDate(rng, randomDate(rng, y + 1, y + 2), 'US')),
          ...kv(rng, 'Tax Period Ending', `Dec. 31, ${y}`),
          ...kv(rng, 'SSN Provided', `XXX-XX-${digits(rng, 4)}`),
          ...kv(rng, 'Taxpayer', nm.shown),
          `Form Number: 1040  Filing status: ${rng.v('{Single|Married Filing Joint}')}`,
          `WAGES, SALARIES, TIPS, ETC:  ${fm(income * 0.9)}`,
          `TOTAL INCOME:  ${fm(income)}`,
          `ADJUSTED GROSS INCOME:  ${fm(income * 0.97)}`,
          `TAXABLE INCOME:  ${fm(income * 0.8)}`,
          `TOTAL TAX LIABILITY TP FIGURES:  ${fm(tax)}`,
        ];
    const p2 = kind === 'f1040'
      ? [
          `Form 1040 (${y})  Page 2`,
          `16 Tax  ${fm(tax * 0.95)}`,
          `22 Subtract line 21 from line 18  ${fm(tax * 0.95)}`,
          `23 Other taxes, including self-employment tax  ${fm(tax * 0.05)}`,
          `24 Add lines 22 and 23. This is your total tax  ${fm(tax)}`,
          `25a Federal income tax withheld from Form(s) W-2  ${fm(tax * 1.05)}`,
          `34 Amount overpaid  ${fm(tax * 0.05)}`,
          `35a Amount you want refunded to you  ${fm(tax * 0.05)}`,
          'Sign Here  Under penalties of perjury, I declare that I have examined this return and accompanying schedules and statements.',
          `Your signature  Date  ${fmtDate(rng, randomDate(rng, y + 1, y + 1), 'US')}  Your occupation  ${rng.pick(['Engineer', 'Teacher', 'Nurse', 'Analyst'])}`,
          'Paid Preparer Use Only',
        ]
      : [`TOTAL TAX:  ${fm(tax)}`, 'This Product Contains Sensitive Taxpayer Data'];
    pages = kind === 'f1040' || rng.chance(0.5) ? [p1, p2] : [[...p1, ...p2]];
  } else {
    taxYear = String(y);
    pages = [
      [
        rng.v('{Revenue|Revenue Irish Tax and Customs|Office of the Revenue Commissioners}'),
        rng.v(`{Statement of Liability ${y}|PAYE Statement of Liability|Notice of Assessment ${y}|Income Tax Notice of Assessment}`),
        ...kv(rng, 'Name', nm.shown),
        ...kv(rng, 'PPS Number', `${digits(rng, 7)}${letters(rng, 1)}`),
        ...kv(rng, rng.v('{Year of assessment|Tax year}'), String(y)),
        `${rng.v('{Total income|Gross income|Total Income}')}  ${fm(income)}`,
        `${rng.v('{Tax at 20%|Standard rate}')}  ${fm(income * 0.1)}`,
        `${rng.v('{Tax at 40%|Higher rate}')}  ${fm(income * 0.1)}`,
        `${rng.v('{Gross tax|Total gross tax}')}  ${fm(tax + 3500)}`,
        `${rng.v('{Less tax credits|Tax credits}')}  ${fm(3500)}`,
        `${rng.v('{Total tax liability|Total liability|Tax due|Net tax due}')}  ${fm(tax)}`,
        `${rng.v('{USC|Universal Social Charge}')}  ${fm(income * 0.03)}`,
        `${rng.v('{Tax paid|PAYE deducted}')}  ${fm(tax)}`,
        rng.v('{Balance: Nil|Overpayment|Underpayment}'),
      ],
    ];
  }
  return { docType: 'tax-return', region, pages: paginate(rng, pages, { style: rng.int(2, 7) }), keyData: { taxpayerName: kind === 'f1040' ? `${p.given} ${p.family}` : nm.value, taxYear, totalIncome: withCur(income, cur), totalTax: withCur(tax, cur) } };
}

export function mortgageStatement(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const lender = rng.v(`{${bankName(rng, c)}|${rng.pick(['Harbour', 'Summit', 'Keystone', 'Beacon', 'Granite'])} {Mortgages|Home Loans|Mortgage Servicing|Home Lending}}`);
  const p = person(rng, c);
  const nm = printName(rng, p);
  const joint = rng.chance(0.35) ? person(rng, c) : null;
  const jn = joint ? printName(rng, { ...joint, family: rng.chance(0.7) ? p.family : joint.family }) : null;
  const prop = address(rng, c);
  const sd = randomDate(rng, 2023, 2025);
  const bal = money2(rng, 40000, 650000);
  const pay = Math.round((bal / rng.int(150, 350)) * 100) / 100;
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: rng.chance(0.6) });
  const annual = rng.chance(0.5);
  const lines = [
    lender,
    rng.v(annual ? '{Annual Mortgage Statement|Your annual mortgage statement|Annual statement of your mortgage account|Mortgage Annual Summary}' : region === 'US' ? '{Mortgage Statement|Monthly Mortgage Statement|Home Loan Statement|Loan Statement}' : '{Mortgage statement|Your mortgage statement|Mortgage account statement}'),
    ...(rng.chance(0.7) ? [jn ? `${nm.shown} & ${jn.shown}` : nm.shown, ...address(rng, c).lines] : []),
    ...kv(rng, rng.v('{Borrower|Borrower(s)|Account holder(s)|Mortgagor|Name}'), jn ? `${nm.shown} and ${jn.shown}` : nm.shown),
    ...kv(rng, rng.v('{Mortgage account number|Loan number|Account number|Mortgage number}'), digits(rng, rng.int(8, 12))),
    ...kv(rng, rng.v('{Property address|Property|Mortgaged property|Security address}'), prop.lines.join(', ')),
    ...kv(rng, rng.v('{Statement date|Date of statement|Statement Date|Statement period ending}'), fmtDate(rng, sd, region)),
    ...kv(rng, rng.v('{Outstanding balance|Balance outstanding|Unpaid principal balance|Principal balance|Amount outstanding|Balance at statement date}'), fm(bal)),
    ...kv(rng, rng.v('{Monthly payment|Regular monthly payment|Your monthly payment|Current monthly payment|Total monthly payment}'), fm(pay)),
    ...kv(rng, rng.v('{Interest rate|Current interest rate|Rate}'), `${(2 + rng.next() * 5).toFixed(2)}%`),
    ...kv(rng, rng.v('{Remaining term|Term remaining|Maturity date}'), rng.v(`{${rng.int(5, 30)} years ${rng.int(0, 11)} months|${fmtDate(rng, randomDate(rng, 2035, 2055), region)}}`)),
  ];
  if (region === 'US') lines.push(...kv(rng, rng.v('{Escrow balance|Escrow (taxes and insurance)}'), fm(money2(rng, 200, 6000))), rng.v('{Principal  Interest  Escrow  Total|Explanation of amount due}'), `${fm(pay * 0.4)}  ${fm(pay * 0.45)}  ${fm(pay * 0.15)}  ${fm(pay)}`);
  const history = [rng.v('{Transactions during the year|Account activity|Payment history|Transaction history}'), ...Array.from({ length: rng.int(3, 12) }, (_, i) => `${fmtDate(rng, addDays(sd, -30 * (i + 1)), region)}  ${rng.v('{Payment received|Monthly payment|Interest charged}')}  ${fm(pay)}`)];
  history.push(rng.v('{If you are having difficulty making your payments, please contact us as soon as possible.|Your home may be repossessed if you do not keep up repayments on your mortgage.|If you are experiencing financial difficulty, HUD-approved housing counselors are available.}'));
  const pages = rng.chance(0.5) ? [lines, history] : [[...lines, ...history]];
  const kd: Record<string, unknown> = { borrowerName: nm.value, lenderName: lender, propertyAddress: prop.lines.join(', '), statementDate: iso(sd), outstandingBalance: withCur(bal, cur), monthlyPayment: withCur(pay, cur) };
  if (jn) kd.jointBorrower = jn.value;
  return { docType: 'mortgage-statement', region, pages: paginate(rng, pages), keyData: kd };
}

export function pensionStatement(rng: Rng): GenDoc {
  const c = pickCountry(rng);
  const region = regionOf(c);
  const cur = currencyOf(c);
  const provider = rng.v(`{${rng.pick(['Aurora', 'Meridian', 'Heron', 'Sterling', 'Evergreen', 'Lighthouse', 'Pinnacle'])} {Pensions|Life & Pensions|Retirement Services|Investments|Retirement Plan Services|Pension Trust|Vorsorge|Retraite}|${company(rng, c, 'Pension')}}`);
  const p = person(rng, c);
  const nm = printName(rng, p);
  const sd = randomDate(rng, 2023, 2025);
  const value = money2(rng, 3000, 450000);
  const fm = (x: number) => fmtMoney(rng, x, cur, { symbol: rng.chance(0.6) });
  const us = region === 'US';
  const lines = [
    provider,
    rng.v(us ? '{401(k) Retirement Plan Statement|Quarterly Retirement Account Statement|Your 401(k) Statement|403(b) Plan Statement|IRA Statement}' : '{Annual Pension Statement|Your pension statement|Annual benefit statement|Statement of pension benefits|Personal pension annual statement|Workplace pension statement}'),
    ...(rng.chance(0.6) ? [nm.shown, ...address(rng, c).lines] : []),
    ...kv(rng, rng.v('{Member|Member name|Participant|Plan member|Name}'), nm.shown),
    ...kv(rng, rng.v('{Policy number|Member number|Plan number|Account number|Scheme reference}'), `${letters(rng, 2)}${digits(rng, 7)}`),
    ...kv(rng, rng.v('{Statement date|Valuation date|Statement period ending|As at|Value as at}'), fmtDate(rng, sd, region)),
    ...kv(rng, rng.v(us ? '{Account balance|Total account balance|Ending balance|Vested balance}' : '{Total value|Fund value|Your pension pot|Total pot value|Transfer value|Current value of your pension}'), fm(value)),
    ...kv(rng, rng.v('{Contributions this year|Your contributions|Employee contributions}'), fm(value * 0.05)),
    ...kv(rng, rng.v('{Employer contributions|Employer match|Company contributions}'), fm(value * 0.03)),
    ...kv(rng, rng.v('{Investment growth|Investment return|Change in value|Gain/loss}'), fm(value * 0.04)),
    ...kv(rng, rng.v('{Selected retirement age|Normal retirement date|Target retirement date}'), rng.v(`{${rng.int(60, 68)}|${fmtDate(rng, randomDate(rng, 2040, 2060), region)}}`)),
  ];
  const p2 = [
    rng.v('{Your investments|Investment allocation|Fund breakdown|Asset allocation}'),
    ...Array.from({ length: rng.int(2, 7) }, () => `${rng.v('{Global Equity Index Fund|Balanced Growth Fund|Target Date 2050 Fund|Bond Index Fund|Cash Fund|Lifestyle Strategy|S&P 500 Index|Stable Value Fund}')}  ${rng.int(2, 60)}%  ${fm(money2(rng, 500, value))}`),
    rng.v('{Projected retirement income|Your estimated pension at retirement|Illustration}'),
    rng.v(`{If you keep paying in, your pension could be worth ${fm(value * 3)} at retirement in today's money.|This illustration is not guaranteed.|Projections assume investment growth of 5% a year.|Past performance is not a guide to future returns.}`),
  ];
  return { docType: 'pension-statement', region, pages: paginate(rng, rng.chance(0.5) ? [lines, p2] : [[...lines, ...p2]]), keyData: { memberName: nm.value, providerName: provider, statementDate: iso(sd), totalValue: withCur(value, cur) } };
}

export { money };
export const MONTHS = MONTHS_EN;
