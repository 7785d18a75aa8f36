#!/usr/bin/env node
// Checks a truth file against the PDFs it names (needs poppler-utils: pdfinfo, pdfimages, pdftotext).
//   node validate.mjs [truth.json | parts/<area>.json ...]   exits non-zero on any problem
// Packet paths are relative to this folder. The project's copy of ../shared/corpus-real/validate.mjs,
// with any ISO 4217 currency and one or more truth files.
// - page count of every PDF equals `pages`
// - every page is in exactly one document or is a blank_page; documents are contiguous and in order
// - docType is one of the 18 ids; keyData has only that type's fields, ISO dates, {amount,currency} money
// - scanned documents have no text layer; text documents have one
// - low_dpi pages hold a raster image under 150 ppi; no other raster page (no text, or one image covering
//   more than half the page) holds an image under 150 ppi
// - blank_page pages have no text and no image
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = process.argv.slice(2).length ? process.argv.slice(2) : [join(here, 'truth.json')];
const truth = files.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')));
const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });

const FIELDS = {
  passport: { fullName: 'name', documentNumber: 's', nationality: 'country', dateOfBirth: 'date', issueDate: 'date', expiryDate: 'date' },
  'national-id-card': { fullName: 'name', documentNumber: 's', nationality: 'country', dateOfBirth: 'date', expiryDate: 'date' },
  'driving-licence': { fullName: 'name', licenceNumber: 's', dateOfBirth: 'date', issueDate: 'date', expiryDate: 'date', address: 's' },
  'bank-statement': { accountHolder: 'name', bankName: 's', accountNumberLast4: 's', periodStart: 'date', periodEnd: 'date', openingBalance: 'money', closingBalance: 'money' },
  'credit-card-statement': { cardholderName: 'name', issuerName: 's', cardNumberLast4: 's', statementDate: 'date', paymentDueDate: 'date', newBalance: 'money', minimumPayment: 'money' },
  payslip: { employeeName: 'name', employerName: 's', payDate: 'date', grossPay: 'money', netPay: 'money' },
  p60: { employeeName: 'name', employerName: 's', taxYearEnd: 'date', totalPay: 'money', totalTax: 'money', nationalInsuranceNumber: 's' },
  'tax-return': { taxpayerName: 'name', taxYear: 's', totalIncome: 'money', totalTax: 'money' },
  'employment-letter': { employeeName: 'name', employerName: 's', jobTitle: 's', startDate: 'date', annualSalary: 'money', letterDate: 'date' },
  'utility-bill': { customerName: 'name', supplierName: 's', billDate: 'date', serviceAddress: 's', amountDue: 'money', accountNumber: 's' },
  'council-tax-bill': { residentName: 'name', councilName: 's', propertyAddress: 's', band: 's', annualCharge: 'money', billDate: 'date' },
  'tenancy-agreement': { tenantNames: 'names', landlordName: 's', propertyAddress: 's', startDate: 'date', endDate: 'date', monthlyRent: 'money', deposit: 'money' },
  'mortgage-statement': { borrowerName: 'name', lenderName: 's', propertyAddress: 's', statementDate: 'date', outstandingBalance: 'money', monthlyPayment: 'money', jointBorrower: 'name' },
  'pension-statement': { memberName: 'name', providerName: 's', statementDate: 'date', totalValue: 'money' },
  'company-registration-certificate': { companyName: 's', companyNumber: 's', incorporationDate: 'date', jurisdiction: 's' },
  invoice: { supplierName: 's', customerName: 's', invoiceNumber: 's', invoiceDate: 'date', dueDate: 'date', totalAmount: 'money' },
  'reference-letter': { subjectName: 'name', refereeName: 'name', refereeOrganisation: 's', letterDate: 'date' },
  fallback: {},
};
const problems = [];
const bad = (p, msg) => problems.push(`${p.packet}: ${msg}`);

for (const p of truth) {
  const file = join(here, p.packet);
  const n = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [file]))[1]);
  if (n !== p.pages) bad(p, `pdfinfo says ${n} pages, truth ${p.pages}`);
  const sizes = {};
  for (const m of run('pdfinfo', ['-f', '1', '-l', String(n), file]).matchAll(/Page\s+(\d+) size:\s+([\d.]+) x ([\d.]+)/g)) sizes[+m[1]] = m[2] * m[3];
  const imgs = {};
  for (const line of run('pdfimages', ['-list', file]).split('\n').slice(2)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 14 || f[2] !== 'image') continue;
    const area = ((+f[3] / +f[12]) * 72 * (+f[4] / +f[13])) * 72;
    (imgs[+f[0]] ??= []).push({ area, ppi: Math.min(+f[12], +f[13]) });
  }
  const text = (i) => run('pdftotext', ['-f', String(i), '-l', String(i), file, '-']).replace(/\s/g, '').length;
  const chars = Array.from({ length: n }, (_, i) => text(i + 1));
  const blank = new Set((p.flags ?? []).filter((f) => f.code === 'blank_page').map((f) => f.page));
  const low = new Set((p.flags ?? []).filter((f) => f.code === 'low_dpi').map((f) => f.page));
  const owner = new Map();
  let last = 0;
  for (const d of p.documents) {
    if (!(d.docType in FIELDS)) bad(p, `unknown docType ${d.docType}`);
    d.pages.forEach((pg, i) => {
      if (i && pg !== d.pages[i - 1] + 1) bad(p, `${d.docType} pages not contiguous`);
      if (owner.has(pg)) bad(p, `page ${pg} in two documents`);
      owner.set(pg, d);
    });
    if (d.pages[0] <= last) bad(p, 'documents out of order');
    last = d.pages.at(-1);
    const textPages = d.pages.filter((pg) => chars[pg - 1] >= 20).length;
    if (d.scanned && textPages) bad(p, `${d.docType} marked scanned but ${textPages} page(s) have text`);
    if (!d.scanned && textPages === 0) bad(p, `${d.docType} marked text but has no text layer`);
    const spec = FIELDS[d.docType] ?? {};
    for (const [k, v] of Object.entries(d.keyData ?? {})) {
      const t = spec[k];
      if (!t) bad(p, `${d.docType}.${k} is not a field of this type`);
      else if (t === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(v)) bad(p, `${k} not ISO: ${v}`);
      else if (t === 'money' && !(/^-?\d+\.\d{2}$/.test(v?.amount) && /^[A-Z]{3}$/.test(v?.currency ?? ''))) bad(p, `${k} bad money ${JSON.stringify(v)}`);
      else if (t === 'country' && !/^[A-Z]{3}$/.test(v)) bad(p, `${k} not alpha-3: ${v}`);
      else if (t === 'names' && !(Array.isArray(v) && v.length)) bad(p, `${k} should be a name array`);
      else if (['s', 'name'].includes(t) && (typeof v !== 'string' || !v.trim())) bad(p, `${k} empty`);
    }
  }
  for (let pg = 1; pg <= n; pg++) {
    const inDoc = owner.has(pg);
    if (inDoc === blank.has(pg)) bad(p, `page ${pg} ${inDoc ? 'is both in a document and blank' : 'is in no document'}`);
    const im = imgs[pg] ?? [];
    if (blank.has(pg) && (chars[pg - 1] || im.length)) bad(p, `blank page ${pg} has content`);
    const cover = im.reduce((a, x) => a + x.area, 0) / (sizes[pg] ?? 1);
    const big = im.filter((x) => x.area > 0.02 * (sizes[pg] ?? 1));
    const minPpi = big.length ? Math.min(...big.map((x) => x.ppi)) : null;
    const rasterPage = chars[pg - 1] < 20 || cover > 0.5;
    const shouldLow = rasterPage && minPpi !== null && minPpi < 150;
    if (shouldLow !== low.has(pg)) bad(p, `page ${pg}: low_dpi flag ${low.has(pg)} but min ppi ${minPpi} (raster page ${rasterPage})`);
  }
}
const docs = truth.flatMap((p) => p.documents);
console.log(`${truth.length} packets, ${truth.reduce((a, p) => a + p.pages, 0)} pages, ${docs.length} documents`);
if (problems.length) {
  console.log(problems.join('\n'));
  console.log(`${problems.length} problem(s)`);
  process.exit(1);
}
console.log('ok');
