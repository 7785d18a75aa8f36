/**
 * The key fields of the financial, property, business and correspondence types: label wordings
 * (English and the common EU ones), where each type prints its issuer and its person, and the
 * few type-specific readings (a statement's period, a P60's "In this employment" row, a tenancy's
 * term, a letter's subject).
 */
import { findDates, sharedYearPeriod } from './dates.js';
import { type DocView, type LabelHit, type XLine, fold, wholeLine } from './doc.js';
import {
  type Candidate,
  L,
  continuesSentence,
  orgName,
  addressee,
  addressParser,
  atCellStart,
  candidate,
  cleanAddress,
  cutAtLabel,
  dateParser,
  letterhead,
  loneName,
  lookup,
  moneyParser,
  nameParser,
  ocrLegalForm,
  withoutOcrTail,
  textParser,
} from './engine.js';
import { findMoney } from './money.js';
import { FAILED_CHECK, ibanValid } from './validate.js';
import { looksLikeName, normaliseName, onlyHonorifics, withoutHonorifics } from './names.js';

type Out = Record<string, Candidate<unknown>>;

const set = (out: Out, key: string, c: Candidate<unknown> | null | undefined) => {
  if (c && out[key] === undefined) out[key] = c;
};

const YTD = /year to date|year-to-date|\bytd\b|cumulative|jahressumme|cumul annuel/;

/** Not a year-to-date figure: neither the label's line nor a heading just above it says YTD. */
function notYtd(hit: LabelHit, doc: DocView): boolean {
  if (YTD.test(hit.line.norm)) return false;
  const above = doc
    .plain(hit.line.page)
    .filter((l) => l.box.y < hit.line.box.y && hit.line.box.y - l.box.y < hit.line.box.h * 5 && Math.abs(l.box.x - hit.line.box.x) < 30)
    .sort((a, b) => b.box.y - a.box.y)
    .slice(0, 3);
  // A heading (a short line alone on its row) that says YTD puts the rows under it in that section.
  return !above.some((l) => YTD.test(l.norm) && l.text.length < 40 && doc.rightOf(wholeLine(l)).length === 0);
}

function issuer(doc: DocView, labels?: RegExp[]): Candidate<unknown> | null {
  if (labels) {
    // Only a label that stands alone or ends in a colon: not "Employer PAYE reference", "Employer pension".
    const c = lookup(doc, { labels, parse: (t, l) => { const v = textParser(t, l); return v ? orgName(v) : null; }, where: ['after', 'right'], accept: (h) => /^\s*(?::|$)/.test(h.line.text.slice(h.end)) });
    if (c) return c;
  }
  const lh = letterhead(doc);
  return lh ? candidate(orgName(lh.text), lh.line, Math.min(0.9, 0.5 + lh.score / 8)) : null;
}

const PAYEE_JOINERS = new Set(['of', 'and', '&', 'de', 'du', 'des', 'et', 'la', 'le']);

/**
 * Who a bill or an invoice asks to be paid (`Make checks payable to Electricity Company`, `Chèque à
 * l'ordre de EDF`): its supplier, in words printed for a person to copy, where the letterhead is
 * often a logo OCR cannot read. The name's words run until a lower-case word, a number or the end.
 */
function payee(doc: DocView): Candidate<unknown> | null {
  const parse = (t: string) => {
    const words: string[] = [];
    for (const w of t.replace(/^[\s:]+/, '').split(/\s+/)) {
      if (/\d/.test(w) || !(/^[\p{Lu}&]/u.test(w) || (words.length > 0 && PAYEE_JOINERS.has(w)))) break;
      words.push(w);
      if (/[,;:]$/.test(w)) break;
    }
    while (words.length > 0 && PAYEE_JOINERS.has(words.at(-1)!)) words.pop();
    // A sentence's full stop is not the name's, an abbreviation's is (`Inc.`, `Co.`).
    const name = words.join(' ').replace(/[,;:]$/, '').replace(/(?<!\b(?:inc|co|corp|ltd|llc|plc|bros|sa|sas|gmbh))\.$/i, '');
    return /\p{L}{2}/u.test(name) ? orgName(name) : null;
  };
  return lookup(doc, { labels: L('checks payable to', 'check payable to', 'cheques payable to', 'cheque payable to', 'payable to', "a l'ordre de"), parse, where: ['after', 'below'] });
}

/** The employee's name as forms label it; a verification form asks for the applicant (Form 1005, VA 26-8497: `Name and Address of Applicant`). */
const EMPLOYEE_NAME = L("employee's name", 'employee name', 'name and address of applicant', "applicant's name", 'name of applicant', 'employee', 'name');

function personByLabel(doc: DocView, labels: RegExp[]): Candidate<unknown> | null {
  return lookup(doc, { labels, parse: nameParser, accept: atCellStart });
}

function addresseeName(doc: DocView): Candidate<unknown> | null {
  const a = addressee(doc);
  return a ? candidate(a.name, a.nameLine, 0.75) : null;
}

function lastChars(text: string, n: number): string | null {
  const t = text.replace(/[\s\-]/g, '').toUpperCase();
  const m = /[A-Z0-9*Xx•]{4,}$/.exec(t.replace(/[^A-Z0-9*•X]+$/, ''));
  if (!m) return null;
  const tail = m[0].slice(-n);
  return /^[A-Z0-9]+$/.test(tail) && /\d/.test(tail) ? tail : null;
}

/** A period printed as two dates joined by to/through/–, near the top of the first page. */
function period(doc: DocView): { start: Candidate<string>; end: Candidate<string> } | null {
  const hits = doc.findLabels(L('statement period', 'period covered', 'for the period', 'billing period', 'period', 'from', 'zeitraum', 'periode'));
  const tryLine = (text: string, line: XLine, conf: number) => {
    const shared = sharedYearPeriod(text);
    if (shared) return { start: candidate(shared.start, line, conf), end: candidate(shared.end, line, conf) };
    const ds = findDates(text, { region: doc.region });
    if (ds.length >= 2 && /\b(to|through|thru|until|bis|au|al|-|–|—)\b|[-–—]/.test(text.slice(ds[0]!.end, ds[1]!.index))) {
      return { start: candidate(ds[0]!.iso, line, conf), end: candidate(ds[1]!.iso, line, conf) };
    }
    return null;
  };
  for (const h of hits) {
    const rest = [doc.after(h), ...doc.block(h.line).slice(1).map((l) => l.text)].join(' ');
    const r = tryLine(rest, h.line, 0.9);
    if (r) return r;
    for (const l of doc.rightOf(h).slice(0, 2)) {
      const rr = tryLine(doc.block(l).map((x) => x.text).join(' '), l, 0.85);
      if (rr) return rr;
    }
  }
  const first = doc.pages[0]?.page ?? 1;
  for (const l of doc.plain(first).filter((x) => x.rank < 20)) {
    const r = tryLine(doc.block(l, 2).map((x) => x.text).join(' '), l, 0.7);
    if (r) return r;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

/**
 * The account's IBAN wherever the first page prints it (a header row's `IBAN` over a line that
 * merges every column): its check digits tell it from any other run of characters, and the first
 * valid one is the statement's own, the counterparties' coming later in the transactions.
 */
function ibanOnFirstPage(doc: DocView): Candidate<unknown> | null {
  const first = doc.pages[0]?.page;
  if (first === undefined) return null;
  for (const l of doc.plain(first)) {
    for (const m of l.text.toUpperCase().matchAll(/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g)) {
      const iban = m[0].replace(/\s/g, '');
      if (ibanValid(iban)) return candidate(iban.slice(-4), l, 0.7);
    }
  }
  return null;
}

export function bankStatement(doc: DocView): Out {
  const out: Out = {};
  set(out, 'accountHolder', personByLabel(doc, L('account name', 'account holder', 'account holders', 'name of account holder', 'kontoinhaber', 'titulaire', 'titular', 'intestatario', 'rekeninghouder', 'account owner', 'customer name', 'name')));
  set(out, 'accountHolder', addresseeName(doc));
  set(out, 'bankName', issuer(doc));
  if (!out.accountHolder) {
    const lone = loneName(doc, out.bankName ? doc.plain(out.bankName.page).find((l) => l.index === out.bankName!.line) : undefined);
    if (lone) out.accountHolder = candidate(lone.name, lone.line, 0.55);
  }
  const acct = lookup(doc, {
    labels: L('iban', 'account number', 'account no', 'account #', 'acct no', 'acct #', 'account', 'kontonummer', 'numero de compte', 'numero de cuenta', 'rekeningnummer', 'numer rachunku'),
    // Or, in a table row under the label (`CHECKING 009070568735 15,619.65`), its long run of digits.
    parse: (t) => lastChars(cutAtLabel(t.replace(/^\s*(number|no\.?|#)\s*:?/i, '')), 4) ?? /(?:^|\s)[*Xx•]*(\d{6,})(?=\s|$)/.exec(t)?.[1]?.slice(-4) ?? null,
  });
  // …or printed after the account's kind, unlabelled (`CHECKING 007871893283`): of several, the
  // one the statement prints most often (its own account, in the summary and over its section).
  const all = doc.plain().map((l) => l.text).join('\n');
  const kinds = doc.plain().flatMap((l) => [...l.text.matchAll(/\b(?:checking|savings|current account|chequing|giro(?:konto)?)\s+[*Xx•]*(\d{8,})\b/gi)].map((m) => ({ l, digits: m[1]!, times: all.split(m[1]!).length - 1 })));
  const byKind = kinds.sort((a, b) => b.times - a.times)[0];
  if (!acct && byKind) set(out, 'accountNumberLast4', candidate(byKind.digits.slice(-4), byKind.l, 0.6));
  // A summary row that cut the number short (`CHECKING 008669` over `CHECKING 008669178271`): the whole one.
  else if (acct && byKind && byKind.digits.includes(String(acct.value)) && !byKind.digits.endsWith(String(acct.value))) acct.value = byKind.digits.slice(-4);
  if (acct) {
    // An IBAN carries its own check digits: one that fails them was misread.
    const line = doc.plain(acct.page).find((l) => l.index === acct.line);
    const iban = line && /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{2,4}){3,8}\b/.exec(line.text.toUpperCase());
    if (iban && !ibanValid(iban[0])) acct.confidence *= FAILED_CHECK;
  }
  // An IBAN that validates is the account whatever a label's neighbourhood gave.
  set(out, 'accountNumberLast4', ibanOnFirstPage(doc));
  set(out, 'accountNumberLast4', acct);
  const p = period(doc);
  if (p) {
    set(out, 'periodStart', p.start);
    set(out, 'periodEnd', p.end);
  }
  const money = moneyParser(doc);
  set(out, 'openingBalance', lookup(doc, { labels: L('opening balance', 'beginning balance', 'balance brought forward', 'brought forward', 'previous balance', 'starting balance', 'anfangssaldo', 'alter kontostand', 'alter saldo', 'saldo alt', 'kontostand alt', 'vorheriger kontostand', 'ancien solde', 'solde initial', 'solde precedent', 'saldo inicial', 'saldo iniziale', 'beginsaldo', 'balance on'), parse: money }));
  set(out, 'closingBalance', lookup(doc, { labels: L('closing balance', 'ending balance', 'new balance', 'balance carried forward', 'endsaldo', 'neuer kontostand', 'neuer saldo', 'saldo neu', 'kontostand neu', 'solde final', 'nouveau solde', 'saldo final', 'saldo finale', 'eindsaldo', 'balance on'), parse: money, accept: (h) => !(/balance on/.test(h.line.norm) && out.openingBalance?.line === h.line.index) }));
  // "Balance on 1 February" then "Balance on 28 February": the later one closes.
  const balOn = doc.findLabels(L('balance on', 'balance at', 'balance as at', 'balance as of')).filter((h) => h.line.page === doc.pages[0]?.page);
  if (balOn.length >= 2) {
    const vals = balOn
      .map((h) => ({ h, d: findDates(h.line.text.slice(h.end), { region: doc.region })[0]?.iso, m: lookup(doc, { labels: [new RegExp(h.line.norm.slice(h.start, h.end + 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))], parse: money }) }))
      .filter((v) => v.d && v.m)
      .sort((a, b) => a.d!.localeCompare(b.d!));
    if (vals.length >= 2) {
      out.openingBalance = vals[0]!.m!;
      out.closingBalance = vals[vals.length - 1]!.m!;
    }
  }
  return out;
}

export function creditCardStatement(doc: DocView): Out {
  const out: Out = {};
  set(out, 'cardholderName', personByLabel(doc, L('cardholder', 'card holder', 'primary cardholder', 'account holder', 'name')));
  set(out, 'cardholderName', addresseeName(doc));
  const card = issuer(doc);
  // A card's product name before its issuer (`Blue Cash® from American Express`): the issuer.
  const from = card && /\bfrom\s+(\p{Lu}[\p{L}&'.\- ]{2,40})$/u.exec(String(card.value));
  set(out, 'issuerName', from ? { ...card!, value: from[1]!.trim() } : card);
  if (!out.cardholderName) {
    const lone = loneName(doc, out.issuerName ? doc.plain(out.issuerName.page).find((l) => l.index === out.issuerName!.line) : undefined);
    if (lone) out.cardholderName = candidate(lone.name, lone.line, 0.55);
  }
  set(out, 'cardNumberLast4', lookup(doc, { labels: L('card number', 'card ending in', 'card ending', 'account ending in', 'account ending', 'account number', 'card no'), parse: (t) => /(\d{4})\b(?!.*\d{4}\b)/.exec(cutAtLabel(t))?.[1] ?? null }));
  set(out, 'statementDate', lookup(doc, { labels: L('statement date', 'closing date', 'statement closing date', 'date of statement', 'statement closing'), parse: dateParser(doc, 'past') }));
  // A card statement is drawn up when its billing cycle closes (`Jun 07, 2021 – Jul 07, 2021`).
  if (!out.statementDate) {
    const cycle = period(doc);
    if (cycle) set(out, 'statementDate', { ...cycle.end, confidence: cycle.end.confidence * 0.85 });
  }
  set(out, 'paymentDueDate', lookup(doc, { labels: L('payment due date', 'payment due by', 'payment due', 'please pay by', 'pay by', 'due date'), parse: dateParser(doc) }));
  const money = moneyParser(doc);
  set(out, 'newBalance', lookup(doc, { labels: L('new balance', 'statement balance', 'closing balance', 'balance due'), parse: money }));
  set(out, 'minimumPayment', lookup(doc, { labels: L('minimum payment due', 'minimum amount due', 'minimum payment', 'minimum due', 'minimum to pay'), parse: money, accept: (h) => !/if you|only the|warning/.test(h.line.norm) }));
  return out;
}

export function payslip(doc: DocView): Out {
  const out: Out = {};
  set(out, 'employeeName', personByLabel(doc, L('employee name', 'employee', 'name', 'pay to', 'mitarbeiter', 'salarie', 'empleado', 'dipendente', 'werknemer', 'pracownik')));
  set(out, 'employeeName', addresseeName(doc));
  set(out, 'employerName', issuer(doc, L('employer name', 'employer', 'company', 'arbeitgeber', 'employeur', 'empresa', 'datore di lavoro', 'werkgever')));
  set(out, 'payDate', lookup(doc, { labels: L('pay date', 'payment date', 'date paid', 'paid on', 'date of payment', 'check date', 'pay day', 'payday', 'deposit date', 'zahltag', 'auszahlungsdatum', 'date de paiement', 'paye le', 'date de versement', 'fecha de pago', 'data di pagamento', 'data pagamento', 'betaaldatum', 'data de pagamento', 'data wyplaty', 'process date', 'advice date'), parse: dateParser(doc, 'past') }));
  const money = moneyParser(doc);
  set(out, 'grossPay', lookup(doc, { labels: L('total gross pay', 'gross pay', 'total gross', 'gross earnings', 'total earnings', 'gross salary', 'gross wages', 'gross', 'bruttobezuge', 'brutto', 'gesamtbrutto', 'salaire brut', 'brut', 'total brut', 'total devengado', 'devengado', 'retribuzione lorda', 'totale competenze', 'lordo', 'brutoloon', 'bruto', 'vencimento ilíquido', 'wynagrodzenie brutto', 'current gross', 'gross this period'), parse: money, accept: notYtd }));
  if (!out.grossPay) {
    // An earnings table's own "Total" row: the first amount on it is this period's gross.
    const heads = doc.findLabels(L('earnings', 'gains', 'bezuge', 'verdienste', 'devengos', 'competenze', 'verdiensten', 'rendimentos'));
    const ends = doc.findLabels(L('deductions', 'retenues', 'cotisations', 'abzuge', 'deducciones', 'trattenute', 'inhoudingen', 'descontos', 'taxes'));
    for (const head of heads) {
      const end = ends.find((e) => e.line.page === head.line.page && e.line.box.y > head.line.box.y + 1);
      const c = lookup(doc, { labels: L('total'), parse: money, where: ['after', 'right'], rightCells: 3, accept: (h) => h.line.page === head.line.page && h.line.box.y > head.line.box.y && (!end || h.line.box.y < end.line.box.y) && atCellStart(h) });
      if (c) {
        set(out, 'grossPay', { ...c, confidence: c.confidence * 0.85 });
        break;
      }
    }
  }
  set(out, 'netPay', lookup(doc, { labels: L('net pay this period', 'net pay', 'take home pay', 'take-home pay', 'net amount', 'net salary', 'net wages', 'amount paid', 'nettobezuge', 'netto', 'auszahlungsbetrag', 'net a payer', 'net paye', 'salaire net', 'liquido a percibir', 'liquido total', 'netto in busta', 'netto a pagare', 'nettoloon', 'uit te betalen', 'liquido a receber', 'do wyplaty', 'current net', 'net this period', 'net'), parse: money, accept: (h, d) => notYtd(h, d) && !/\bnet (?:imposable|fiscal|social|taxable)\b|\btaxable net\b/.test(h.line.norm) && !/\b(?:avant imp|before (?:income )?tax|vor (?:lohn)?steuer|antes de impuestos|prima delle imposte)/.test(h.line.norm) }));
  return out;
}

export function p60(doc: DocView): Out {
  const out: Out = {};
  const sur = lookup(doc, { labels: L('surname', 'last name'), parse: (t) => cutAtLabel(t) || null, where: ['after', 'right', 'below'] });
  const giv = lookup(doc, { labels: L('forenames or initials', 'forenames', 'first names', 'given names'), parse: (t) => cutAtLabel(t) || null, where: ['after', 'right', 'below'] });
  if (sur && giv) out.employeeName = { ...giv, value: normaliseName(`${giv.value} ${sur.value}`) };
  set(out, 'employeeName', personByLabel(doc, EMPLOYEE_NAME));
  // "Employer name and address": the name heads the address block beside the label, which may
  // start a line above the label's row.
  for (const h of doc.findLabels(L('employer name and address', 'employer name', 'employer details', 'employer'))) {
    if (/reference|paye ref|pension/.test(h.line.norm.slice(h.end, h.end + 14)) || /^\s*\//.test(h.line.text.slice(h.end)) || !atCellStart(h)) continue;
    const rest = doc.after(h);
    if (rest && !continuesSentence(rest)) {
      set(out, 'employerName', candidate(orgName(cutAtLabel(rest)), h.line, 0.8));
      break;
    }
    const right = doc.rightOf(h)[0] ?? doc.below(h, 1)[0];
    if (!right) continue;
    const near = doc.plain(h.line.page).filter((l) => l !== h.line && Math.abs(l.box.x - right.box.x) < 6 && Math.abs(l.box.y - right.box.y) <= right.box.h * 2.6).sort((a, b) => a.box.y - b.box.y);
    const org = near.find((l) => /\b(ltd|limited|plc|llp|llc|inc|gmbh|trust|council|group|partners|services|company)\b/i.test(l.text)) ?? near[0];
    if (org) {
      set(out, 'employerName', candidate(orgName(cutAtLabel(org.text)), org, 0.8));
      break;
    }
  }
  const ty = doc.findLabels(L('tax year to', 'tax year ending', 'year to', 'year ending', 'tax year'));
  for (const h of ty) {
    const d = findDates(h.line.text.slice(h.start), { region: 'UK' })[0];
    if (d && d.iso.endsWith('-04-05')) {
      set(out, 'taxYearEnd', candidate(d.iso, h.line, 0.95));
      break;
    }
  }
  if (!out.taxYearEnd) {
    const m = doc.lines.map((l) => ({ l, m: /\b(20\d\d)\s*[-/]\s*(\d{2}|20\d\d)\b/.exec(l.text) })).find((x) => x.m);
    if (m) set(out, 'taxYearEnd', candidate(`${m.m![2]!.length === 2 ? m.m![1]!.slice(0, 2) + m.m![2] : m.m![2]}-04-05`, m.l, 0.6));
  }
  const row = doc.findLabels(L('in this employment', 'this employment'));
  for (const h of row) {
    if (/statutory|figure above|included/.test(h.line.norm)) continue;
    const cells = [doc.after(h), ...doc.rightOf(h).map((l) => l.text)].join('  ');
    const ms = findMoney(cells, { currency: 'GBP' }).filter((m) => m.strong);
    if (ms.length >= 2) {
      set(out, 'totalPay', candidate({ amount: ms[0]!.amount, currency: 'GBP' }, h.line, 0.9));
      set(out, 'totalTax', candidate({ amount: ms[1]!.amount, currency: 'GBP' }, h.line, 0.9));
      break;
    }
  }
  set(out, 'nationalInsuranceNumber', lookup(doc, { labels: L('national insurance number', 'ni number', 'nino', 'ni no'), parse: (t) => /\b([A-Z]{2})\s*(\d{2})\s*(\d{2})\s*(\d{2})\s*([A-D])\b/.exec(t.toUpperCase())?.slice(1).join('') ?? null }));
  return out;
}

export function taxReturn(doc: DocView): Out {
  const out: Out = {};
  const all = doc.plain().map((l) => l.text).join('\n');
  // Form 1040: "Your first name and middle initial" and "Last name" boxes, the names below them.
  for (const h of doc.findLabels(L('your first name and middle initial', 'first name and middle initial', 'first name'))) {
    const below = doc.below(h, 1)[0];
    if (!below) continue;
    let full = nameParser(below.text, below);
    if (!/last name/.test(h.line.norm)) {
      // "Last name" beside the first-name box, or the next box down.
      const last = doc.findLabels(L('last name')).find((x) => x.line.page === h.line.page && x.line.box.y > h.line.box.y - 6 && x.line.box.y - h.line.box.y < h.line.box.h * 6);
      const lb = last ? doc.below(last, 1)[0] : undefined;
      if (lb) full = nameParser(`${cutAtLabel(below.text)} ${cutAtLabel(lb.text)}`, below);
    }
    if (full) {
      out.taxpayerName = candidate(full, below, 0.85);
      break;
    }
  }
  set(out, 'taxpayerName', personByLabel(doc, L('taxpayer name', 'taxpayer', 'name of taxpayer', 'name', 'ainm')));
  set(out, 'taxpayerName', addresseeName(doc));
  // Tax year: 2023-24 for UK years, else the year.
  const uk = /\b(20\d\d)\s*[-–/]\s*(\d\d)\b/.exec(all.match(/tax year[^\n]*/i)?.[0] ?? '') ?? (/hmrc|hm revenue|self assessment|sa302|utr/i.test(all) ? /\b(20\d\d)\s*[-–/]\s*(\d\d)\b/.exec(all) : null);
  const ukLine = doc.lines.find((l) => uk && l.text.includes(uk[0]));
  if (uk && ukLine) out.taxYear = candidate(`${uk[1]}-${uk[2]}`, ukLine, 0.9);
  else if (/hmrc|hm revenue|sa302/i.test(all)) {
    const m = /6 april (20\d\d) to 5 april (20\d\d)/i.exec(all);
    if (m) out.taxYear = candidate(`${m[1]}-${m[2]!.slice(2)}`, doc.lines[0]!, 0.8);
  }
  if (!out.taxYear) {
    const c = lookup(doc, { labels: L('tax year', 'year of assessment', 'tax period ending', 'income tax return', 'tax return', 'form 1040', 'statement of liability', 'notice of assessment', 'year'), parse: (t) => /\b(20\d\d)\b/.exec(t)?.[1] ?? null, where: ['after', 'right', 'below'] });
    set(out, 'taxYear', c);
  }
  const money = moneyParser(doc);
  const incLabels = L('total income received', 'total income', 'this is your total income', 'gross income', 'total gross income', 'income total');
  set(out, 'totalIncome', lookup(doc, { labels: incLabels, parse: money, accept: (h) => !/on which tax is due|taxable/.test(h.line.norm) }));
  const taxLabels = L('this is your total tax', 'total tax liability', 'total liability', 'total income tax due', 'total income tax', 'income tax due', 'total tax due', 'total tax', 'tax liability', 'tax charged', 'income tax charged', 'net tax due', 'tax due');
  set(out, 'totalTax', lookup(doc, { labels: taxLabels, parse: money, accept: (h) => !/after|less|minus|paid|withheld|deducted|balance|overpa|underpa|refund|owe/.test(h.line.norm.slice(0, h.start + 40)) }));
  return out;
}

export function employmentLetter(doc: DocView): Out {
  const out: Out = {};
  const text = doc.plain().map((l) => l.text).join(' ');
  const lh = letterhead(doc);
  const employerInText = /\b(?:employed by|employee of|work(?:s|ing)? (?:for|at)|joined)\s+([A-Z][\w&'.,\- ]+?(?:Ltd|Limited|plc|LLP|LLC|Inc\.?|GmbH|AG|SAS|SARL|S\.A\.|B\.V\.|N\.V\.|S\.r\.l\.|S\.p\.A\.|DAC|Group|Trust|Council|University|NHS[\w ]*))\b/.exec(text);
  // A verification form names the employer in a field of its own; its letterhead is the agency or
  // the lender that issued the form.
  set(out, 'employerName', lookup(doc, {
    labels: L("employer's name", 'employer name', 'name of employer', "employer's business name", 'name and address of employer'),
    // A line that opens with a label (`Employee Name: Dana Whitfield`) is another field's.
    // Nor is the rest of a label's parenthesis and the next numbered field (`) 2. From (Name and address of lender)`).
    parse: (t, line, where) => (/^[^:]{1,40}:/.test(t) || /^\s*\)|^\s*\d{1,2}[.,]\s+\p{L}/u.test(t) ? null : textParser(t, line, where)),
    accept: atCellStart,
    where: ['after', 'right', 'below'],
  }));
  if (lh) set(out, 'employerName', candidate(lh.text, lh.line, 0.8));
  if (employerInText && (!lh || !/\b(ltd|limited|plc|llp|llc|inc|gmbh|ag|sas|sarl|dac|trust|council|group)\b/i.test(lh.text))) {
    const line = doc.lines.find((l) => l.text.includes(employerInText[1]!.split(' ')[0]!)) ?? doc.lines[0]!;
    out.employerName = candidate(employerInText[1]!.replace(/,$/, ''), line, 0.75);
  }
  // Who: "Re: … — Mr X", "confirm that Mr X", "employment of X".
  const who = /(?:confirm(?:s|ing)? that|employment of|certify that|this is to confirm that|verify that)\s+((?:(?:Mr|Mrs|Ms|Miss|Dr|Mx)\.?\s+)?[A-ZÀ-Þ][\p{L}'’\-]+(?:\s+[A-ZÀ-Þ][\p{L}'’.\-]*){1,3})/u.exec(text) ?? /\bRe:?\s[^—–\-\n]*[—–\-:]\s*((?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?[A-Z][\p{L}'’\-]+(?:\s+[A-Z][\p{L}'’\-]+){1,3})/u.exec(text);
  if (who) {
    const n = normaliseName(who[1]!.replace(/\s+(?:has|is|was|joined|who|as)\b.*$/, ''));
    const line = doc.lines.find((l) => l.text.includes(who[1]!.split(' ').slice(-1)[0]!)) ?? doc.lines[0]!;
    if (looksLikeName(n)) set(out, 'employeeName', candidate(n, line, 0.8));
  }
  set(out, 'employeeName', personByLabel(doc, EMPLOYEE_NAME));
  const job = /\b(?:in the (?:role|position) of|as (?:a|an|our)|position of|role of|job title(?: is)?:?|employed as(?: a| an)?|works as(?: a| an)?|holds the position of)\s+([A-Z][\w&/'\- ]{2,60}?)(?=[,.;]|\s+(?:since|from|and|on|with|at|in|for|based)\b)/.exec(text);
  if (job) {
    const line = doc.lines.find((l) => l.text.includes(job[1]!.split(' ')[0]!)) ?? doc.lines[0]!;
    set(out, 'jobTitle', candidate(job[1]!.trim(), line, 0.75));
  }
  // `Position Held` is a label whole: its value is under it.
  set(out, 'jobTitle', lookup(doc, { labels: L('job title', 'position', 'role', 'designation'), parse: (t, l) => {
        if (/^\s*held\b/i.test(t)) return null;
        // A title is a few words: a paragraph under the label is the form going on.
        const v = textParser(t, l);
        return v && v.split(/\s+/).length <= 8 ? v : null;
      }, accept: atCellStart }));
  const start = /\b(?:since|from|joined (?:us|the company|[A-Z][\w& ]+?) on|started (?:with us |work |employment )?on|employed (?:with us )?(?:since|from)|commenced (?:employment )?on|start date(?: was|:)?|date of joining:?)\s+(.{6,30})/i;
  for (const l of doc.plain()) {
    const m = start.exec(`${l.text} ${doc.block(l, 2)[1]?.text ?? ''}`);
    if (!m) continue;
    const d = findDates(m[1]!, { region: doc.region })[0];
    if (d && m[1]!.indexOf(d.raw) < 3) {
      set(out, 'startDate', candidate(d.iso, l, 0.8));
      break;
    }
  }
  // …or a verification form's field (Form 1005's `9. Applicant's Date of Employment`).
  set(out, 'startDate', lookup(doc, { accept: (h) => !inPreviousEmployment(doc, h.line), labels: L('start date', 'date of joining', 'employment start date', 'commencement date', 'date started', 'date employee started', 'date first employed', "applicant's date of employment", 'date of employment', 'date of hire', 'hire date', 'date hired', 'original hire date', 'employed since', 'first day of employment'), parse: dateParser(doc), where: ['after', 'right', 'below'] }));
  const sal = /\b(?:salary|remuneration|annual pay|base pay|gross pay|paid)\b[^.]{0,80}?((?:[£$€]|EUR|GBP|USD)\s?[\d.,]+(?:\s?(?:€|EUR))?|[\d.,]+\s?(?:€|EUR))/i;
  for (const l of doc.plain()) {
    const joined = `${l.text} ${doc.block(l, 2)[1]?.text ?? ''}`;
    const m = sal.exec(joined);
    if (!m) continue;
    const money = findMoney(m[1]!, { currency: doc.currency })[0];
    // Wages by the hour, week or month (`$ 2,105.00 monthly`, a form's `(circle one) hourly weekly
    // … yearly`) are no annual salary; a salary `paid monthly` is one.
    const per = joined.slice(m.index + m[0].length);
    if (/^\s*(?:\(circle one\)|hourly|weekly|bi-?weekly|fortnightly|monthly|per (?:hour|week|month)|an? (?:hour|week|month)|\/\s?(?:hr|hour|wk|week|mo|month)\b)/i.test(per)) continue;
    if (money && Number(money.amount) >= 1000) {
      set(out, 'annualSalary', candidate({ amount: money.amount, currency: money.currency || (doc.currency ?? 'GBP') }, l, 0.8));
      break;
    }
  }
  // The letter's date: the first date line near the top, alone on its line.
  set(out, 'letterDate', letterDate(doc));
  return out;
}

/**
 * A verification form's part on the applicant's previous job (Form 1005's `Part III — Verification
 * of Previous Employment`, `Date Hired`): its dates are that job's, not the present one's.
 */
function inPreviousEmployment(doc: DocView, line: XLine): boolean {
  const above = doc.plain(line.page).filter((l) => l.box.y < line.box.y);
  const last = (re: RegExp) => Math.max(-1, ...above.filter((l) => re.test(l.text)).map((l) => l.box.y));
  const previous = last(/\b(?:previous|prior|former)\s+employ/i);
  return previous >= 0 && previous > last(/\b(?:present|current)\s+employ/i);
}

function letterDate(doc: DocView): Candidate<unknown> | null {
  const first = doc.pages[0]?.page ?? 1;
  for (const l of doc.plain(first).filter((x) => x.rank < 14)) {
    const ds = findDates(l.text, { region: doc.region, yearHint: 'past' });
    if (ds.length === 1 && l.text.replace(ds[0]!.raw, '').replace(/^(date|dated|le|den|am)[:\s]*/i, '').replace(/[,.\s]/g, '').length <= 12) return candidate(ds[0]!.iso, l, 0.85);
  }
  // `Date:` or `Date 12/03/2024`; `Date First Employed` is another field's label.
  return lookup(doc, { labels: L('date', 'dated'), parse: dateParser(doc), accept: (h) => atCellStart(h) && /^\s*(?:[:.]|$|\d)/.test(h.line.text.slice(h.end)) });
}

/** `Thomas Holloway Thomas Holloway` (a heading and the sentence under it) is one name. */
function dedupe(name: string): string {
  const w = name.split(' ');
  const again = w.findIndex((x, i) => i > 0 && x.toLowerCase() === w[0]!.toLowerCase());
  if (again > 0) return w.slice(0, again).join(' ');
  if (w.length % 2 === 0 && w.slice(0, w.length / 2).join(' ').toLowerCase() === w.slice(w.length / 2).join(' ').toLowerCase()) return w.slice(0, w.length / 2).join(' ');
  return name;
}

export function referenceLetter(doc: DocView): Out {
  const out: Out = {};
  const text = doc.plain().map((l) => l.text).join('\n');
  const NAME = "((?:(?:Mr|Mrs|Ms|Miss|Dr|Mx)\\.?[ \\t]+)?[A-ZÀ-Þ][\\p{L}'’\\-]+(?:[ \\t]+(?:(?:de|van|von|der|ní|ni|mac|del|di|da|le|la)[ \\t]+)?[A-ZÀ-Þ][\\p{L}'’.\\-]*){1,3})";
  const subj =
    new RegExp(`(?:[Rr]eference (?:for|regarding|re:?)|REFERENCE FOR|\\bRe:|Subject:|[Cc]haracter reference(?: for)?:?|[Ll]andlord reference(?: for)?\\s*[—–\\-:]?|[Tt]enant reference(?: for)?:?)\\s*[—–\\-:]?\\s*${NAME}`, 'u').exec(text) ??
    new RegExp(`\\b(?:known|recommend|recommending|worked with|confirm that)\\s+${NAME}`, 'u').exec(text);
  if (subj) {
    const n = dedupe(normaliseName(subj[1]!.replace(/\s+(?:I|It|He|She|They|We|The|This|His|Her|During|In|As|Since|From|When|While)\b.*$/, '').replace(/\s+(?:for|since|who|was|is|has|as|at|from|to)\b.*$/i, '')));
    const line = doc.lines.find((l) => l.text.includes(subj[1]!.split(' ').slice(-1)[0]!)) ?? doc.lines[0]!;
    if (looksLikeName(n)) out.subjectName = candidate(n, line, 0.8);
  }
  // The referee signs: the name after the closing, then their role and organisation.
  const lines = doc.plain();
  const close = lines.findIndex((l) => /^(yours (faithfully|sincerely|truly)|kind regards|best regards|regards|sincerely|with best wishes|best wishes|respectfully)\b/i.test(l.text.trim()));
  const sig = close >= 0 ? lines.slice(close + 1, close + 7) : [];
  const names = sig.map((l) => ({ l, n: nameParser(l.text, l) })).filter((x) => x.n);
  const referee = names.length ? names[names.length > 1 && names[1]!.l.box.y - names[0]!.l.box.y < 40 ? 1 : 0]! : null;
  if (referee) out.refereeName = candidate(referee.n, referee.l, 0.8);
  const lh = letterhead(doc);
  const top = lh && !looksLikeName(normaliseName(lh.text)) ? lh : null;
  let org: Candidate<unknown> | null = top ? candidate(top.text, top.line, 0.7) : null;
  if (referee) {
    const after = sig.filter((l) => l.box.y > referee.l.box.y).slice(0, 3);
    for (const l of after) {
      const parts = l.text.split(/,\s*/);
      const orgPart = parts.length > 1 ? parts[parts.length - 1]! : null;
      if (orgPart && /[A-Z]/.test(orgPart) && !looksLikeName(orgPart)) {
        org = candidate(orgPart.trim(), l, 0.8);
        break;
      }
      const role = /\b(secretary|manager|director|head|partner|landlord|leader|officer|owner|chair|president|teacher|supervisor|minister|pastor|vicar|agent|consultant|coordinator|administrator)\b/i.test(l.text);
      if (parts.length === 1 && !role && /\b(ltd|limited|plc|llp|llc|inc|school|academy|church|parish|surgery|practice|university|college|club|council|trust|services|lettings|estates|property|management|partners|group|solicitors|gmbh|sas|s\.r\.l|b\.v)\b/i.test(l.text)) {
        org = candidate(l.text.trim(), l, 0.8);
        break;
      }
    }
  }
  if (!org) {
    // A letterhead of a person's name then an organisation on the next line.
    const first = lines.filter((l) => l.page === (doc.pages[0]?.page ?? 1) && l.rank < 4);
    const o = first.find((l) => !looksLikeName(normaliseName(l.text)) && !findDates(l.text).length && !/\d/.test(l.text) && /[A-Z]/.test(l.text));
    if (o) org = candidate(o.text, o, 0.6);
  }
  if (org) out.refereeOrganisation = org;
  set(out, 'letterDate', letterDate(doc));
  return out;
}

export function utilityBill(doc: DocView): Out {
  const out: Out = {};
  set(out, 'customerName', personByLabel(doc, L('customer name', 'account name', 'account holder', 'customer', 'name', 'bill to')));
  set(out, 'customerName', addresseeName(doc));
  set(out, 'supplierName', payee(doc));
  set(out, 'supplierName', issuer(doc));
  if (!out.customerName) {
    // A bill that prints no address block names its customer alone near the top (`John DOE`).
    const lone = loneName(doc, out.supplierName ? doc.plain(out.supplierName.page).find((l) => l.index === out.supplierName!.line) : undefined);
    if (lone) set(out, 'customerName', candidate(lone.name, lone.line, 0.6));
  }
  set(out, 'billDate', lookup(doc, { labels: L('bill date', 'date of bill', 'billing date', 'date of issue', 'issue date', 'statement date', 'invoice date', 'bill issued', 'rechnungsdatum', 'date de facture', 'facture du', 'facture emise le', "date d'emission", 'fecha de factura', 'fecha de emision', 'factura del', 'data fattura', 'data di emissione', 'bolletta del', 'factuurdatum', 'nota van', 'data da fatura', 'data de emissao', 'datum', 'date'), parse: dateParser(doc, 'past'), accept: atCellStart }));
  if (!out.billDate) {
    // The title dates the bill (`Monthly Statement … Feb 14, 2024`, `Votre facture du …`): its one
    // date. A title opens with its word; `Détail de votre facture du …` heads a bill's later page.
    for (const l of doc.plain(doc.pages[0]?.page ?? 1).filter((x) => x.rank < 15)) {
      if (!/^\W*(?:\p{L}+\s+)?(?:statement|bill|facture|rechnung|factura|bolletta)\b/iu.test(l.text) || /\b(?:due|period|from|since|until|previous|last (?:bill|statement|month|payment))\b/i.test(l.text)) continue;
      const ds = findDates(l.text, { region: doc.region, yearHint: 'past' });
      if (ds.length === 1) {
        set(out, 'billDate', candidate(ds[0]!.iso, l, 0.6));
        break;
      }
    }
  }
  set(out, 'serviceAddress', lookup(doc, { labels: L('supply address', 'service address', 'premises address', 'property supplied', 'installation address', 'supply point address', 'address supplied', 'service location', 'lieferadresse', 'lieferstelle', 'verbrauchsstelle', 'adresse de fourniture', 'lieu de consommation', 'adresse du site', 'point de livraison', 'direccion de suministro', 'punto de suministro', 'indirizzo di fornitura', 'punto di fornitura', 'leveringsadres', 'aansluitadres', 'morada de fornecimento', 'local de consumo'), parse: addressParser, wrap: true }));
  if (!out.serviceAddress) {
    const a = addressee(doc);
    if (a) out.serviceAddress = candidate(cleanAddress(a.address.join(', ')), a.lines[0]!, 0.6);
  }
  const money = moneyParser(doc);
  set(out, 'amountDue', lookup(doc, { labels: L('total amount due', 'amount due', 'total to pay', 'balance due', 'amount to pay', 'total due', 'please pay', 'amount payable', 'total amount payable', 'new charges', 'zu zahlender betrag', 'zu zahlen', 'rechnungsbetrag', 'montant total a payer', 'total a payer', 'montant a payer', 'a payer', 'montant du', 'montant ttc', 'total ttc', 'total a pagar', 'importe total', 'importe a pagar', 'totale da pagare', 'importo da pagare', 'totale bolletta', 'te betalen', 'totaal te betalen', 'valor a pagar', 'total a pagar'), parse: money, where: ['after', 'right', 'below'], accept: (h) => !/last bill|previous/.test(h.line.norm) }));
  set(out, 'accountNumber', lookup(doc, { labels: L('account number', 'account no', 'account #', 'acct no', 'acct. no', 'acct #', 'customer number', 'customer reference', 'account reference', 'kundennummer', 'vertragskonto', 'vertragsnummer', 'numero de client', 'n° client', 'n° de client', 'compte de facturation', 'reference client', 'numero de compte', 'numero de cliente', 'numero de contrato', 'codice cliente', 'numero cliente', 'klantnummer', 'contractnummer', 'numero de conta', 'account'), parse: accountNumberParser }));
  return out;
}

/**
 * An account number as printed: one run (`ACC-0012345`) or groups of digits a space apart, the
 * first perhaps led by letters (`91 00 02 20772 4`, `R3902 700 081`), not a date after it.
 */
export function accountNumberParser(text: string): string | null {
  const t = cutAtLabel(text).toUpperCase();
  const grouped = /(?<![\w/.-])[A-Z]{0,3}\d[\d-]*(?: \d[\d-]*)+(?![\w/.:-])/.exec(t);
  if (grouped && grouped[0].replace(/\D/g, '').length >= 6 && grouped[0].split(' ').every((g) => g.length <= 6)) return grouped[0];
  const run = /\b(?=[A-Z0-9\-]*\d)[A-Z0-9][A-Z0-9\-]{5,}\b/.exec(t);
  // A telephone number's area code in brackets: `(519) 743-3600`.
  return run && !/\(\d{2,4}\)\s*$/.test(t.slice(0, run.index)) ? run[0] : null;
}

export function councilTaxBill(doc: DocView): Out {
  const out: Out = {};
  set(out, 'residentName', personByLabel(doc, L('liable person', 'liable party', 'council tax payer', 'resident', 'name', 'taxpayer')));
  set(out, 'residentName', addresseeName(doc));
  const lh = letterhead(doc);
  const council = doc.plain().map((l) => /\b((?:[A-Z][\w&'\-]+\s+){1,5}(?:City|Borough|District|County|Metropolitan Borough|Town|Parish)?\s*Council)\b|\b(London Borough of [A-Z][\w\- ]+|Royal Borough of [A-Z][\w\- ]+|City of [A-Z][\w\- ]+ Council)/.exec(l.text)?.slice(1).find(Boolean) && l).find(Boolean);
  if (lh && /council|borough/i.test(lh.text) && !/council tax/i.test(lh.text)) out.councilName = candidate(lh.text.replace(/\s+council tax.*$/i, '').trim(), lh.line, 0.85);
  else if (council) {
    const m = /\b((?:[A-Z][\w&'\-]+\s+){1,5}(?:City|Borough|District|County|Metropolitan Borough|Town|Parish)?\s*Council)\b|\b(London Borough of [A-Z][\w\- ]+|Royal Borough of [A-Z][\w\- ]+)/.exec(council.text)!;
    out.councilName = candidate((m[1] ?? m[2])!.trim(), council, 0.7);
  }
  set(out, 'propertyAddress', lookup(doc, { labels: L('property address', 'address of property', 'property to which this bill relates', 'property', 'address'), parse: addressParser, wrap: true, accept: atCellStart }));
  set(out, 'band', lookup(doc, { labels: L('valuation band', 'council tax band', 'property band', 'band'), parse: (t) => /^\s*(?:band\s*)?([A-H])\b/i.exec(t)?.[1]?.toUpperCase() ?? null }));
  const money = moneyParser(doc);
  set(out, 'annualCharge', lookup(doc, { labels: L('total amount payable for the year', 'amount payable for the year', 'total charge for the year', 'net amount payable', 'total amount payable', 'amount payable', 'amount due for the year', 'annual charge', 'total payable', 'net charge', 'total charge'), parse: money }));
  set(out, 'billDate', lookup(doc, { labels: L('date of issue', 'issue date', 'bill date', 'date of bill', 'date issued', 'date'), parse: dateParser(doc, 'past'), accept: atCellStart }));
  return out;
}

const TENANT_SPLIT = /\s*(?:,|&|\band\b|;)\s*/;

export function tenancyAgreement(doc: DocView): Out {
  const out: Out = {};
  const tenants = lookup(doc, {
    labels: L('tenant(s)', 'tenants', 'the tenant', 'tenant', 'lessee(s)', 'lessees', 'lessee', 'resident(s)', 'residents', 'resident', 'occupants', 'mieter', 'locataire', 'arrendatario', 'conduttore', 'huurder'),
    parse: (t) => {
      const names = cutAtLabel(t)
        .split(TENANT_SPLIT)
        .map((x) => normaliseName(x.replace(/\(.*?\)/g, '').trim()))
        .filter((x) => looksLikeName(x));
      return names.length ? names : null;
    },
    accept: atCellStart,
  });
  if (tenants) out.tenantNames = tenants;
  set(out, 'landlordName', lookup(doc, { labels: L('the landlord', 'landlord(s)', 'landlord', 'lessor', 'owner', 'vermieter', 'bailleur', 'arrendador', 'locatore', 'verhuurder'), parse: (t) => { const v = ocrLegalForm(cutAtLabel(t).replace(/\(.*?\)/g, '').trim()); return v.length >= 3 && v.split(/\s+/).length <= 8 && /^\p{Lu}/u.test(v) && !/\b(shall|agree|hereby|must|should|will|may|relating)\b/i.test(v) ? v : null; }, accept: atCellStart }));
  set(out, 'propertyAddress', lookup(doc, { labels: L('the property', 'property address', 'property', 'premises', 'the premises', 'address of the property', 'mietobjekt', 'logement', 'vivienda', 'immobile'), parse: addressParser, wrap: true, accept: atCellStart }));
  const term = lookup(doc, { labels: L('term', 'the term', 'lease term', 'period of the tenancy', 'duration'), parse: (t) => t, wrap: true, accept: atCellStart });
  if (term) {
    const ds = findDates(String(term.value), { region: doc.region });
    if (ds.length >= 2) {
      out.startDate = { ...term, value: ds[0]!.iso };
      out.endDate = { ...term, value: ds[1]!.iso };
    } else if (ds.length === 1) out.startDate = { ...term, value: ds[0]!.iso };
  }
  set(out, 'startDate', lookup(doc, { labels: L('commencement date', 'start date', 'term start', 'tenancy start date', 'the tenancy starts on', 'starts on', 'beginning on', 'starting on', 'commencing on', 'commencing', 'from'), parse: dateParser(doc) }));
  set(out, 'endDate', lookup(doc, { labels: L('end date', 'ending on', 'term end', 'expiry date', 'tenancy end date', 'the tenancy ends on', 'ends on', 'ending', 'until'), parse: dateParser(doc) }));
  const money = moneyParser(doc);
  set(out, 'monthlyRent', lookup(doc, { labels: L('monthly rent', 'rent per month', 'the rent', 'rent', 'miete', 'loyer', 'renta', 'canone', 'huur'), parse: money, accept: atCellStart }));
  set(out, 'deposit', lookup(doc, { labels: L('security deposit', 'tenancy deposit', 'deposit', 'kaution', 'depot de garantie', 'fianza', 'deposito cauzionale', 'borg'), parse: money, accept: (h) => atCellStart(h) && !/scheme|protect/.test(h.line.norm) }));
  return out;
}

export function mortgageStatement(doc: DocView): Out {
  const out: Out = {};
  const borrowers = lookup(doc, {
    labels: L('borrower(s)', 'borrowers', 'borrower', 'mortgagor', 'account holder(s)', 'account holders', 'account holder', 'customer name', 'name'),
    parse: (t) => {
      const names = cutAtLabel(t).split(/\s*(?:&|\band\b)\s*/).map((x) => normaliseName(x)).filter(looksLikeName);
      return names.length ? names : null;
    },
    accept: atCellStart,
  });
  let names: string[] = (borrowers?.value as string[] | undefined) ?? [];
  let at = borrowers;
  if (!names.length) {
    const a = addressee(doc);
    if (a) {
      const line = a.nameLine;
      const raw = line.text;
      names = raw.split(/\s*(?:&|\band\b)\s*/).map((x) => normaliseName(x)).filter(looksLikeName);
      at = candidate(names, line, 0.7);
      // A second borrower printed on the next line: "MR A SMITH" / "MRS B SMITH".
    }
  }
  if (at && names[0]) out.borrowerName = { ...at, value: names[0] };
  if (at && names[1]) out.jointBorrower = { ...at, value: names[1] };
  set(out, 'lenderName', issuer(doc));
  set(out, 'propertyAddress', lookup(doc, { labels: L('property address', 'mortgaged property', 'security address', 'property', 'address of property'), parse: addressParser, wrap: true, accept: atCellStart }));
  set(out, 'statementDate', lookup(doc, { labels: L('statement date', 'date of statement', 'statement issued', 'statement period ending', 'period ending', 'period end', 'as at', 'as of', 'date'), parse: dateParser(doc, 'past'), accept: atCellStart }));
  const money = moneyParser(doc);
  set(out, 'outstandingBalance', lookup(doc, { labels: L('outstanding principal', 'unpaid principal balance', 'principal balance', 'outstanding balance', 'balance outstanding', 'amount outstanding', 'balance remaining', 'mortgage balance', 'current balance', 'closing balance', 'balance at statement date', 'balance at'), parse: money }));
  set(out, 'monthlyPayment', lookup(doc, { labels: L('regular monthly payment', 'total monthly payment', 'your monthly payment', 'current monthly payment', 'monthly payment', 'monthly instalment', 'regular payment', 'contractual monthly payment', 'monthly repayment'), parse: money }));
  return out;
}

export function pensionStatement(doc: DocView): Out {
  const out: Out = {};
  set(out, 'memberName', personByLabel(doc, L('member name', 'member', 'participant name', 'participant', 'plan member', 'policyholder', 'account name', 'account holder', 'name', 'teilnehmer', 'affilie', 'deelnemer', 'partecipe', 'participe', 'participante')));
  set(out, 'memberName', addresseeName(doc));
  set(out, 'providerName', issuer(doc));
  set(out, 'statementDate', lookup(doc, { labels: L('statement date', 'valuation date', 'value as at', 'as at', 'as of', 'statement period ending', 'period ending', 'date of statement', 'stand', 'stichtag', 'peildatum', 'date de valeur', 'situation au', 'fecha de valoracion', 'data di valorizzazione'), parse: dateParser(doc, 'past'), accept: (h) => !/opening|beginning|start|previous|anfang|ouverture|inicial/.test(h.line.norm) }));
  if (!out.statementDate) {
    // A statement over a period is dated at its end.
    const p = period(doc);
    if (p) set(out, 'statementDate', { ...p.end, confidence: p.end.confidence * 0.8 });
  }
  const money = moneyParser(doc);
  set(out, 'totalValue', lookup(doc, { labels: L('total value on', 'total value', 'total pot value', 'fund value', 'your pension pot', 'pot value', 'total account balance', 'closing account balance', 'closing balance', 'ending balance', 'account value', 'account balance', 'vested balance', 'kapital', 'guthaben', 'epargne acquise', 'valeur de rachat', 'opgebouwd kapitaal', 'valor acumulado', 'capitale maturato', 'current value', 'transfer value', 'value on', 'closing value', 'total'), parse: money, accept: (h) => !/start|beginning|opening|previous|last year/.test(h.line.norm) }));
  return out;
}

const JURISDICTIONS: [RegExp, string | ((m: RegExpExecArray) => string)][] = [
  [/registrar of companies for (england and wales|scotland|northern ireland)/i, (m) => titleWords(m[1]!)],
  [/companies house/i, 'England and Wales'],
  [/registered office is (?:situated )?in (england and wales|scotland|wales|northern ireland)/i, (m) => titleWords(m[1]!)],
  [/(?:laws of the state of|state of|commonwealth of)\s+([A-Z][a-z]+(?: [A-Z][a-z]+)?)/i, (m) => titleWords(m[1]!)],
  [/companies registration office|companies act 2014|\bcro\b/i, 'Ireland'],
  [/local court \(amtsgericht\)\s+([A-Z][\wäöü\-]+)|amtsgericht\s+([A-Z][\wäöü\-]+)/i, (m) => `Germany (Amtsgericht ${m[1] ?? m[2]})`],
  [/handelsregister|\bHR[AB]\b/, 'Germany'],
  [/kamer van koophandel|chamber of commerce.*netherlands|\bkvk\b/i, 'Netherlands'],
  [/registre du commerce|kbis|\brcs\b/i, 'France'],
  [/registro mercantil/i, 'Spain'],
  [/registro delle imprese/i, 'Italy'],
];
const titleWords = (s: string) => s.replace(/\w\S*/g, (w) => (/^(and|of)$/i.test(w) ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()));

export function companyCertificate(doc: DocView): Out {
  const out: Out = {};
  const lines = doc.plain();
  const all = lines.map((l) => l.text).join('\n');
  // A German or Austrian register number is recognisable anywhere: HRB 193191 B, FN 574915 t.
  const reg = lines.map((l) => ({ l, m: /\b(HR[AB]\s?\d{3,7}(?:\s[A-Z]\b)?|FN\s?\d{3,7}\s?[a-z])(?![\w])/.exec(l.text) })).find((x) => x.m);
  if (reg) set(out, 'companyNumber', candidate(reg.m![1]!, reg.l, 0.85));
  set(out, 'companyNumber', lookup(doc, { labels: L('company number', 'nummer der firma', 'registernummer', 'handelsregisternummer', 'company no', 'registration number', 'registered number', 'register number', 'registration no', 'file number', 'file no', 'document number', 'kvk number', 'kvk nummer', 'rcs number', 'rcs', 'siren', "numero d'identification", 'entity number', 'number'), parse: (t) => /\b(HR[AB]\s*\d+(?:\s[A-Z])?|FN\s*\d+\s?[a-z]|[A-Z]{0,2}\d{5,12})\b/.exec(cutAtLabel(t))?.[1] ?? null, accept: atCellStart }));
  const companyParse = (t: string) => {
    const v = t.replace(/\s+\(.*$/, '').replace(/\.\s.*$/, '').replace(/^["“]|["”]$/g, '').trim();
    return v.length > 2 && /\p{Lu}/u.test(v[0]!) ? v : null;
  };
  set(out, 'companyName', lookup(doc, { labels: L('the name of the corporation is', 'the name of the company is', 'the name of the limited liability company is', 'name of the company', 'company name', 'name of company', 'name of limited liability company', 'name of corporation', 'entity name', 'firma', 'denomination', 'trade name', 'name'), parse: companyParse, where: ['after', 'right', 'below'], accept: (h) => atCellStart(h) || /name of the/.test(h.line.norm.slice(h.start, h.end)) }));
  if (!out.companyName) {
    // The name stands alone, usually in capitals, after "certifies that" / "hereby certify that".
    const i = lines.findIndex((l) => /certif(?:y|ies) that\s*$/i.test(l.text.trim()) || /certif(?:y|ies) that\b/i.test(l.text));
    const m = /certif(?:y|ies) that\s+[“"]?([^"”]+?(?:LTD|LIMITED|PLC|LLC|INC\.?|CORP\.?|CORPORATION|LLP|GMBH|DAC|LIMITED COMPANY))[”"]?/i.exec(all);
    if (m) out.companyName = candidate(m[1]!.trim().replace(/,$/, ''), lines[Math.max(0, i)]!, 0.8);
    else if (i >= 0 && lines[i + 1]) out.companyName = candidate(lines[i + 1]!.text.trim().replace(/^["“]|["”]$/g, ''), lines[i + 1]!, 0.75);
  }
  const inc = lookup(doc, { labels: L('date of incorporation', 'incorporation date', 'date of first registration', 'date of registration', 'registration date', 'date of entry', 'tag der ersten eintragung', 'datum der eintragung', 'eintragungsdatum', "date d'immatriculation", 'date d immatriculation', 'datum oprichting', 'datum inschrijving', 'fecha de constitucion', 'data di costituzione', 'data di iscrizione', 'incorporated on', 'filed on', 'date filed', 'filed', 'effective date', 'dated', 'given at companies house', 'given under my hand'), parse: dateParser(doc, 'past'), where: ['after', 'right', 'below'] });
  set(out, 'incorporationDate', inc);
  if (!out.incorporationDate) {
    const l = lines.find((x) => /\b(incorporated|given at|given under|filed in this office|registered on|on the)\b/i.test(x.text) && findDates(x.text, { region: doc.region }).length);
    if (l) out.incorporationDate = candidate(findDates(l.text, { region: doc.region })[0]!.iso, l, 0.7);
  }
  for (const [re, v] of JURISDICTIONS) {
    const m = re.exec(all);
    if (!m) continue;
    const line = lines.find((l) => re.test(l.text)) ?? lines[0]!;
    out.jurisdiction = candidate(typeof v === 'string' ? v : v(m), line, 0.8);
    break;
  }
  return out;
}

/**
 * What a generic number label (`N°`, `No`, `Nummer`) numbers when a word follows it: a tax,
 * customer, order or phone number (`N° TVA client`, `No. de commande`), never the invoice's.
 */
const OTHER_NUMBER_AFTER = /^\s*(?:(?:de|du|d'|of)\s*)?(?:tva|vat|tax|ust|steuer|iva|btw|client|customer|kunde|cliente|klant|siret|siren|rcs|ape|naf|tel|telephone|phone|fax|commande|order|bestell|pedido|ordine|compte|account|konto|cuenta|conto|iban|bic|identifiant|id\b|cif|nif|partita|kvk)/;

// Party headings of e-invoice viewers and printed invoices, in the languages of the EU and beyond
// (Polish KSeF `Sprzedawca`/`Nabywca`, Brazilian `Emitente`/`Destinatário`, Nordic, Czech, Hungarian).
const SELLER_HEADING = /^(?:seller|vendor|supplier|verkaufer|lieferant|vendeur|fournisseur|vendedor|proveedor|venditore|fornitore|verkoper|leverancier|sprzedawca|dostawca|wystawca|emitente|prestador|leverantor|saljare|selger|leverandor|sælger|myyja|toimittaja|dodavatel|prodavajici|elado|szallito|furnizor|vanzator|prodajalec|dobavitelj)\b/;
const BUYER_HEADING = /^(?:buyer|customer|purchaser|kaufer|kunde|leistungsempfanger|rechnungsempfanger|acheteur|client|comprador|cliente|acquirente|committente|koper|klant|afnemer|nabywca|odbiorca|kupujacy|destinatario|tomador|kopare|kjoper|kober|ostaja|asiakas|odberatel|kupujici|vevo|cumparator|beneficiar|kupec)\b/;
/** A party's name labels (folded), in the languages the headings above are in. */
const NAME_LABELS = 'name|company name|firma|nom|raison sociale|nombre|razon social|nome|ragione sociale|denominazione|naam|bedrijfsnaam|nazwa|nazwa firmy|navn|namn|nimi|nazev|obchodni firma|nev|cegnev|denumire|razao social|nome\\/razao social|naziv|ime';
const PARTY_NAME = new RegExp(`^(?:${NAME_LABELS})\\s*:?\\s*`);

/**
 * The names an invoice gives its two parties in sections of their own, as e-invoice viewers
 * (ZUGFeRD, Factur-X, XRechnung, KSeF) print them: a heading (`Verkäufer`, `Sprzedawca`,
 * `Seller`, `Buyer`) over labelled fields, of which `Name:` is the party's name. Neither the
 * letterhead nor a bare `Name:` tells which party it is; the section does. The two sections often
 * stand side by side, their lines interleaved in reading order: a field belongs to the heading
 * whose column it starts in.
 */
function partyNames(doc: DocView): { seller?: Candidate<unknown>; buyer?: Candidate<unknown> } {
  const out: { seller?: Candidate<unknown>; buyer?: Candidate<unknown> } = {};
  for (const p of doc.pages) {
    const lines = doc.plain(p.page);
    // The headings of the block being read, one per column.
    let columns: { party: 'seller' | 'buyer'; left: number; y: number }[] = [];
    for (const l of lines) {
      const heading = l.norm.trim().replace(/[:\s]+$/, '');
      // A heading is a short line of its own; its fields follow, each a label with its value.
      if (heading.length <= 40 && !/\d/.test(heading) && (SELLER_HEADING.test(heading) || BUYER_HEADING.test(heading)) && !/:\s*\S/.test(l.text)) {
        const party = SELLER_HEADING.test(heading) ? 'seller' : 'buyer';
        // A heading beside the last ones opens another column; one under them starts a new block.
        const row = columns.filter((c) => Math.abs(c.y - l.box.y) <= Math.max(4, l.box.h));
        columns = [...row, { party, left: l.box.x, y: l.box.y }];
        continue;
      }
      const column = columns.filter((c) => c.left <= l.box.x + 4 && c.y < l.box.y).sort((a, b) => b.left - a.left)[0];
      if (!column || out[column.party]) continue;
      const party = column.party;
      const m = PARTY_NAME.exec(l.norm);
      if (!m) continue;
      const here = l.text.slice(m[0].length).trim();
      const beside = here ? undefined : lines.find((r) => r !== l && Math.abs(r.box.y + r.box.h / 2 - (l.box.y + l.box.h / 2)) <= Math.max(4, l.box.h * 0.75) && r.box.x > l.box.x + l.box.w - 2);
      const value = here || beside?.text.trim() || '';
      if (/\p{L}{2}/u.test(value) && !/^[A-Z0-9\-]+$/.test(value)) out[party] = candidate(orgName(value), beside ?? l, 0.85);
    }
  }
  return out;
}

/** A party's value that kept its field label (`Name: John Doe` under `Bill To`). */
const NAME_LABEL = new RegExp(`^\\s*(?:${NAME_LABELS})\\s*:\\s*`);
const withoutNameLabel = (t: string) => t.slice(NAME_LABEL.exec(fold(t))?.[0].length ?? 0);

export function invoice(doc: DocView): Out {
  const out: Out = {};
  const parties = partyNames(doc);
  set(out, 'supplierName', parties.seller);
  set(out, 'customerName', parties.buyer);
  // A `From:` block (its label alone on its line, the seller under it), as `To:` names the buyer.
  set(
    out,
    'supplierName',
    lookup(doc, {
      labels: L('from', 'seller', 'supplier', 'vendor', 'issued by', 'sold by', 'emetteur', 'verkaufer', 'von', 'proveedor', 'fornitore', 'emitente'),
      parse: (t) => {
        const v = cutAtLabel(withoutNameLabel(t));
        return v.length >= 2 && !/^\d/.test(v) && /\p{L}{2}/u.test(v) ? orgName(v) : null;
      },
      where: ['below'],
      accept: (h) => h.start <= 1 && /^\s*:?\s*$/.test(h.line.norm.slice(h.end)),
    }),
  );
  set(out, 'supplierName', payee(doc));
  set(out, 'supplierName', issuer(doc));
  // The buyer: a "bill to" block, or a bare "Name" (the seller's name is the letterhead, unlabelled).
  const buyer = (t: string) => {
    const v = withoutHonorifics(ocrLegalForm(withoutOcrTail(cutAtLabel(withoutNameLabel(t)))))
      .replace(/[,;:]?\s*\b(?:due|date|balance|invoice|terms|amount)\b.*$/i, '')
      .replace(/[,;:]\s*$/, '')
      .trim();
    // Not a label of its own (`Nummer:`), nor a reference addressed to the reader (`Your order AB321`).
    if (/:\s*$/.test(t.trim()) || /^(?:your|our|votre|notre|ihre?|unsere?|su|nuestra|vostro|uw|ons)\b/i.test(v)) return null;
    return v.length >= 3 && !/^\d/.test(v) && !/^(?:id|no\.?|nr\.?|n°|#|number|code|ref|account|vat|tax|date)\b/i.test(v) && !/invoice|rechnung|facture|factura|fattura|factuur|date|number/i.test(v) ? v : null;
  };
  set(out, 'customerName', lookup(doc, { labels: L('bill to', 'billed to', 'invoice to', 'invoiced to', 'sold to', 'customer name', 'customer', 'client', 'to', 'rechnungsempfanger', 'leistungsempfanger', 'kunde', 'kaufer', 'facture a', 'facturer a', 'adresse de facturation', 'destinataire', 'acheteur', 'facturar a', 'facturado a', 'cliente', 'fatturare a', 'fatturato a', 'intestatario', 'destinatario', 'factureren aan', 'gefactureerd aan', 'klant', 'faturar a', 'faturado a', 'adquirente', 'name', 'nombre', 'nom', 'nome', 'naam'), parse: buyer, where: ['after', 'below', 'right'], accept: (h) => atCellStart(h) && !/(?:your|our|company|bank|account|contact|supplier|vendor)\s*$/.test(h.line.norm.slice(Math.max(0, h.start - 10), h.start)) }));
  set(out, 'invoiceNumber', lookup(doc, { labels: L('invoice number', 'invoice no', 'invoice #', 'invoice no.', 'inv no', 'invoice ref', 'rechnungsnummer', 'rechnung nr', 'rechnungs-nr', 'numero de facture', 'facture n', 'n° de facture', 'numero de factura', 'factura n', 'n.o de factura', 'numero fattura', 'fattura n', 'n. fattura', 'factuurnummer', 'factuurnr', 'factuur nr', 'numero da fatura', 'fatura n', 'numer faktury', 'nr faktury', 'faktura vat nr', 'faktura nr', 'fakturanummer', 'fakturanr', 'laskun numero', 'laskunumero', 'cislo faktury', 'faktura cislo', 'szamla sorszama', 'szamlaszam', 'numar factura', 'numarul facturii', 'racun broj', 'broj racuna', 'numero da nota', 'nota fiscal n', 'number', 'numero', 'nummer', 'no', 'nr', 'n°'), parse: (t) => /(?:^|\s)#?([A-Z0-9][A-Z0-9\-/.]*\d[A-Z0-9\-/]*)/i.exec(cutAtLabel(t))?.[1]?.replace(/[.,]$/, '') ?? null, accept: (h) => atCellStart(h) && !/(?:vat|tax|customer|client|account|order|phone|tel|fax|registration|company|siret|siren|nit|cif|nif|iban|po|p\.o\.)\s*$/.test(h.line.norm.slice(Math.max(0, h.start - 14), h.start)) && !OTHER_NUMBER_AFTER.test(h.line.norm.slice(h.end, h.end + 16)) }));
  if (!out.invoiceNumber) {
    // A title that numbers itself (`Beitragsrechnung zur Kraftfahrtversicherung Nr. 00.123.456.7`).
    for (const l of doc.plain(doc.pages[0]?.page ?? 1).filter((x) => x.rank < 30)) {
      const m = /(?:rechnung|invoice|facture|factura|fattura|factuur|fatura)\b[^:]*?\b(?:nr|no|n°|nummer|number|numero)\.?\s*:?\s*([A-Z0-9][A-Z0-9\-/.]*\d[A-Z0-9\-/]*)/i.exec(l.text);
      if (m) {
        set(out, 'invoiceNumber', candidate(m[1]!, l, 0.6));
        break;
      }
    }
  }
  if (!out.invoiceNumber) {
    // `# 23413561D` at the top of the first page, under or beside the title, or the title itself
    // with its number (`Facture FA-2017-0010`, `Invoice INV-0042`).
    const top = doc.plain(doc.pages[0]?.page ?? 1).filter((l) => l.box.y < (doc.pages[0]?.height ?? 842) * 0.3);
    for (const l of top) {
      const m = /(?:^|\s)(?:no\.?|n°|#)\s*([A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9\-/]*)\b/i.exec(l.text) ?? /^\s*(?:invoice|facture|rechnung|factura|fattura|factuur|fatura)\s*[:#]?\s*([A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9\-/]*)\s*$/i.exec(l.text);
      if (m) {
        set(out, 'invoiceNumber', candidate(m[1]!, l, 0.6));
        break;
      }
    }
  }
  if (!out.customerName) {
    // An addressee block that is not the seller's: the buyer's name over its address.
    const a = addressee(doc);
    // …not the seller's own block under its letterhead (`CONTOSO LTD.` / `Contoso Headquarters`).
    const seller = new Set(String(out.supplierName?.value ?? '').toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 3));
    if (a && !a.name.toLowerCase().split(/\s+/).some((w) => seller.has(w))) {
      // A company's block names its contact under it (`Ma jolie boutique` / `Alexandre Payet` /
      // street / town): the buyer is the company on the line just above.
      const n = a.nameLine;
      const above = doc
        .plain(n.page)
        .filter((l) => l !== n && Math.abs(l.box.x - n.box.x) < 6 && l.box.y < n.box.y && n.box.y - (l.box.y + l.box.h) < n.box.h * 0.8)
        .sort((x, y) => y.box.y - x.box.y)[0];
      const company = above && !/[\d:@]/.test(above.text) && !onlyHonorifics(above.text) && !looksLikeName(normaliseName(above.text)) && !/\b(?:invoice|facture|rechnung|factura|fattura|factuur|bill|to|an|a|à)\b/i.test(above.text) ? buyer(above.text) : null;
      set(out, 'customerName', company ? candidate(company, above!, 0.55) : candidate(a.name, n, 0.55));
    }
  }
  // However it was found, the buyer is named without the `Herrn` or `Exmo. Sr.` that addressed it.
  if (out.customerName) out.customerName = { ...out.customerName, value: withoutHonorifics(String(out.customerName.value)) };
  set(out, 'invoiceDate', lookup(doc, { labels: L('invoice date', 'date of invoice', 'date of issue', 'issue date', 'tax point', 'rechnungsdatum', 'ausstellungsdatum', 'date de facture', "date d'emission", 'date de facturation', 'fecha de factura', 'fecha de emision', 'fecha factura', 'data fattura', 'data di emissione', 'data emissione', 'factuurdatum', 'data da fatura', 'data de emissao', 'data da emissao', 'data emissao', 'data wystawienia', 'data faktury', 'fakturadatum', 'fakturadato', 'laskun paivays', 'laskun paivamaara', 'datum vystaveni', 'kelte', 'szamla kelte', 'kiallitas datuma', 'data emiterii', 'datum racuna', 'datum izdaje', 'datum', 'fecha', 'data', 'date'), parse: dateParser(doc), accept: (h) => atCellStart(h) && !/due|supply|delivery|order|vencimiento|echeance|scadenza|verval|fallig|lieferung/.test(h.line.norm.slice(Math.max(0, h.start - 14), h.end + 14)) }));
  if (!out.invoiceDate) {
    // The title gives it (`Handelsrechnung Nr. 471102 vom 05.03.2018`, `Invoice # RE-508 issued at 2020-11-21`).
    const first = doc.pages[0]?.page ?? 1;
    for (const l of doc.plain(first).filter((x) => x.rank < 30)) {
      const m = /(?:rechnung|invoice|facture|factura|fattura|factuur|fatura)\b.*?\b(?:vom|von|dated|issued (?:at|on)|of|du|le|del|de|van|em)\s+(.+)$/i.exec(l.text);
      const d = m ? findDates(m[1]!, { region: doc.region })[0] : undefined;
      if (d && d.index <= 2) {
        set(out, 'invoiceDate', candidate(d.iso, l, 0.7));
        break;
      }
    }
  }
  if (!out.invoiceDate) {
    // An invoice set as a letter dates itself as a letter does: a date alone in its cell in the upper
    // part of the first page (`11. März 2014` at the right of the subject line), no label beside it.
    const first = doc.pages[0];
    const h = first?.height || 842;
    const lines = first ? doc.plain(first.page) : [];
    for (const l of lines.filter((x) => x.box.y < h * 0.45).sort((a, b) => a.rank - b.rank)) {
      const ds = findDates(l.text, { region: doc.region, yearHint: 'past' });
      if (ds.length !== 1) continue;
      // Alone, or after its place (`Berlin, 11. März 2014`): no figures, no label.
      const rest = l.text.replace(ds[0]!.raw, '').trim();
      if (rest.length > 20 || !/^[\p{L}\s,.]*$/u.test(rest)) continue;
      const labelled = lines.some((o) => o !== l && Math.abs(o.box.y - l.box.y) < Math.max(o.box.h, l.box.h) * 0.6 && o.box.x < l.box.x && /:\s*$|\b(?:due|fällig\w*|echeance|vencimiento|scadenza|period\w*|zeitraum|from|to|bis|von|du|au)\s*$/i.test(o.text));
      if (!labelled) {
        set(out, 'invoiceDate', candidate(ds[0]!.iso, l, 0.6));
        break;
      }
    }
  }
  set(out, 'dueDate', lookup(doc, { labels: L('due date', 'payment due', 'date due', 'pay by', 'payable by', 'due', 'falligkeitsdatum', 'fallig am', 'fallig', 'zahlbar bis', "date d'echeance", 'echeance', 'a payer avant le', 'fecha de vencimiento', 'vencimiento', 'data di scadenza', 'scadenza', 'vervaldatum', 'vervaldag', 'te betalen voor', 'data de vencimento', 'vencimento', 'termin platnosci', 'falligkeitstag', 'fallig zum', 'forfallodato', 'forfallsdatum', 'forfaldsdato', 'erapaiva', 'datum splatnosti', 'fizetesi hatarido', 'data scadentei', 'rok placanja'), parse: dateParser(doc) }));
  const money = moneyParser(doc);
  set(out, 'totalAmount', lookup(doc, { labels: L('total incl. vat', 'total including vat', 'total inc vat', 'invoice total', 'invoice amount', 'amount of invoice', 'total due', 'amount due', 'balance due', 'due payable', 'total payable', 'amount payable', 'grand total', 'total amount', 'total to pay', 'gesamtbetrag', 'rechnungsbetrag', 'zu zahlen', 'zahlbetrag', 'endbetrag', 'bruttobetrag', 'gesamt brutto', 'summe brutto', 'brutto', 'rechnungssumme', 'kwota do zaplaty', 'razem do zaplaty', 'do zaplaty', 'kwota naleznosci ogolem', 'naleznosc ogolem', 'brutto razem', 'razem', 'att betala', 'summa att betala', 'a betale', 'at betale', 'maksettava yhteensa', 'yhteensa', 'celkem k uhrade', 'k uhrade', 'fizetendo', 'osszesen', 'total de plata', 'valor total da nota', 'ukupno za platiti', 'total ttc', 'montant ttc', 'net a payer', 'total a payer', 'montant total', 'total a pagar', 'importe total', 'total factura', 'totale da pagare', 'totale fattura', 'totale documento', 'importo totale', 'te betalen', 'totaalbedrag', 'totaal incl', 'valor total', 'total a pagar', 'totaal', 'totale', 'total'), parse: money, accept: (h) => !/sub|net|excl|before|ht\b|(?:vat|tax|iva|tva|mwst|ust|btw|igv)\s*$|^\s*(?:vat|tax|iva|tva|mwst|ust|btw|igv)\b/.test(h.line.norm.slice(Math.max(0, h.start - 6), h.end + 6).replace(/^.*?(total)/, '$1').slice(0, 40)) && !/^\s*(?:iva|tva|vat|tax|mwst|btw|ust|igv|ht)\b/.test(h.line.norm.slice(h.end)) && !/\b(?:sub|sous|zwischen|net|netto|excl\.?|before|vat|tax|iva|tva|mwst|ust|btw|igv)[\s-]*$/.test(h.line.norm.slice(0, h.start)) }));
  return out;
}
