import type { ExpectedDocEdit, ExtractionField, SectionEdit } from '@portal/shared';
import { z } from 'zod';
import { ExtractionField as ExtractionFieldSchema } from '@portal/shared';

/**
 * The official content: what the official organization publishes to everyone. Each item is
 * keyed by (id, version): seeding publishes the versions it does not have yet, so reseeding is a
 * no-op, and a later content release adds an item with the next version (it becomes active, the
 * previous one superseded) instead of editing a published one.
 */

export interface OfficialList {
  id: string;
  version: number;
  name: string;
  kind: 'docTypeCatalogOfficial' | 'expectedDocListCatalogOfficial';
  description: string;
  parent: string | null;
  sections: SectionEdit[];
}

export interface OfficialSchema {
  docType: string;
  version: number;
  name: string;
  description: string;
  fields: ExtractionField[];
}

export interface OfficialContent {
  organizationName: string;
  /** Catalogues, each after the catalogue it builds on. */
  catalogs: OfficialList[];
  schemas: OfficialSchema[];
  templates: OfficialList[];
}

type Req = Partial<Pick<ExpectedDocEdit, 'requirement' | 'minCount' | 'maxCount' | 'note'>>;

const entry = (docType: string, name: string, kind: string, description: string, req: Req = {}): ExpectedDocEdit => ({
  docType,
  name,
  kind,
  description,
  ...req,
});
const section = (id: string, name: string, lines: ExpectedDocEdit[], note = ''): SectionEdit => ({ id, name, note, lines, subsections: [] });
const line = (id: string, docType: string, o: Req & { name?: string } = {}): ExpectedDocEdit => ({ id, docType, ...o });

const GENERIC: OfficialList = {
  id: 'generic',
  version: 1,
  name: 'Generic documents',
  kind: 'docTypeCatalogOfficial',
  description:
    'The root catalogue: the document kinds every other catalogue builds on, the page kinds a packet may contain, the requirement defaults, and the common document types of personal and business applications.',
  parent: null,
  sections: [
    section('document-kinds', 'Document kinds', [
      entry('identity', 'Identity document', 'docKind', 'A document that proves who a person is, with their photo, name and date of birth: a passport, a national identity card or a driving licence.'),
      entry('income', 'Proof of income', 'docKind', 'A document that shows what a person earns: payslips, end-of-year certificates, letters from an employer.'),
      entry('bank', 'Bank or credit account statement', 'docKind', 'A statement of a current, savings or credit account issued by a bank or card issuer.'),
      entry('address', 'Proof of address', 'docKind', 'A recent bill or official letter addressed to a person at their home address.', { note: 'Dated within the last three months.' }),
      entry('tax', 'Tax document', 'docKind', 'A tax return, or a tax authority’s calculation or assessment of one.'),
      entry('property', 'Property document', 'docKind', 'A document about a home a person rents or owns: a tenancy agreement, a mortgage statement.'),
      entry('business', 'Business document', 'docKind', 'A document about a company: its registration, its accounts, its invoices.'),
      entry('assets', 'Savings, investments and pensions', 'docKind', 'A statement of what a person holds: a pension pot, savings or investments.'),
      entry('correspondence', 'Letter or reference', 'docKind', 'A letter written about the applicant by a third party.'),
      entry('other', 'Other document', 'docKind', 'A document of no kind above.'),
    ]),
    section('page-kinds', 'Page kinds', [
      entry('blank-page', 'Blank page', 'pageKind', 'A page with no content: an empty page, or a scanned empty sheet showing only paper tone and noise.'),
      entry('cover-page', 'Cover page', 'pageKind', 'A fax cover sheet, a scanning separator or a title page that introduces the documents after it and is not one of them.'),
    ]),
    section('requirement-defaults', 'Requirement defaults', [
      entry('default', 'Requirement defaults', 'default', 'The requirement fields a coined document type starts with.', {
        requirement: 'required',
        minCount: 1,
        maxCount: null,
        note: '',
      }),
    ]),
    section('identity-documents', 'Identity documents', [
      entry('passport', 'Passport', 'identity', 'A photocopy or scan of a passport’s personal-details page, with the photo and the two-line machine-readable zone (MRZ) at the bottom.', {
        note: 'The whole personal-details page, in colour, with both MRZ lines readable.',
      }),
      entry('national-id-card', 'National identity card', 'identity', 'A copy of both sides of a national identity card (EU), with the three-line machine-readable zone on the back.', {
        note: 'Both sides of the card.',
      }),
      entry('driving-licence', 'Driving licence', 'identity', 'A copy of both sides of a UK, EU or US driving licence or driver license photocard.', {
        note: 'Both sides of the photocard.',
      }),
    ]),
    section('income-documents', 'Income documents', [
      entry('payslip', 'Payslip', 'income', 'One pay period’s payslip, pay statement or earnings statement from an employer, showing gross and net pay.', {
        note: 'The most recent payslip.',
      }),
      entry('p60', 'P60', 'income', 'The UK P60 End of Year Certificate an employer issues for the tax year ending 5 April: pay and tax deducted in that employment.', {
        note: 'For the latest tax year.',
      }),
      entry('employment-letter', 'Employment letter', 'income', 'A letter on an employer’s letterhead confirming someone’s employment, job title, start date and salary.', {
        note: 'Signed, on letterhead, dated within the last three months.',
      }),
    ]),
    section('bank-documents', 'Bank and credit documents', [
      entry('bank-statement', 'Bank statement', 'bank', 'A current or checking account statement over one period, with a table of transactions and opening and closing balances, often over several pages.', {
        note: 'Every page of the statement.',
      }),
      entry('credit-card-statement', 'Credit card statement', 'bank', 'A monthly credit card statement: account summary, transactions, new balance, minimum payment and payment due date.'),
    ]),
    section('address-documents', 'Address documents', [
      entry('utility-bill', 'Utility bill', 'address', 'A bill from an energy, water, gas, electricity or broadband supplier, addressed to the customer at the service address.', {
        note: 'Dated within the last three months; not a mobile phone bill.',
      }),
      entry('council-tax-bill', 'Council tax bill', 'address', 'A UK council tax bill or demand notice for a financial year, naming the resident, the property, its band and the annual charge.', {
        note: 'For the current financial year.',
      }),
    ]),
    section('tax-documents', 'Tax documents', [
      entry('tax-return', 'Tax return or calculation', 'tax', 'A tax return or the tax authority’s calculation or assessment of one: a UK SA302, a US Form 1040 or its IRS transcript, an Irish statement of liability or notice of assessment.', {
        note: 'For the latest complete tax year.',
      }),
    ]),
    section('property-documents', 'Property documents', [
      entry('tenancy-agreement', 'Tenancy agreement', 'property', 'A residential tenancy or lease agreement (UK assured shorthold tenancy, US lease, EU lease), usually several pages, naming landlord, tenants, property, term, rent and deposit.', {
        note: 'Every page, signed by all parties.',
      }),
      entry('mortgage-statement', 'Mortgage statement', 'property', 'An annual or monthly mortgage statement from a lender: borrowers, property, outstanding balance and monthly payment.', {
        note: 'The latest statement.',
      }),
    ]),
    section('business-documents', 'Business documents', [
      entry('company-registration-certificate', 'Company registration certificate', 'business', 'A certificate of incorporation, articles of organisation, or a certified extract from a companies or commercial register, naming the company, its number, jurisdiction and date of incorporation.'),
      entry('invoice', 'Invoice', 'business', 'A supplier’s invoice or tax invoice to a customer, with an invoice number, dates and a total including tax.'),
    ]),
    section('asset-documents', 'Savings, investment and pension documents', [
      entry('pension-statement', 'Pension statement', 'assets', 'A workplace or personal pension, 401(k) or retirement account statement showing the value of the pot at the statement date.', {
        note: 'The latest annual statement.',
      }),
    ]),
    section('correspondence-documents', 'Letters and references', [
      entry('reference-letter', 'Reference letter', 'correspondence', 'A character, landlord or professional reference about the applicant, written and signed by a third party (the referee).', {
        note: 'Signed, with the referee’s contact details.',
      }),
    ]),
    section('other-documents', 'Other documents', [
      entry('fallback', 'Other document', 'other', 'Anything that is none of the document types: a cover letter, an applicant details form, a brochure, a newsletter, a menu, a flyer. It may mention other document types ("please find enclosed my payslips") or come from a bank.', {
        requirement: 'optional',
      }),
    ]),
  ],
};

const FINANCE: OfficialList = {
  id: 'finance',
  version: 1,
  name: 'Finance and lending',
  kind: 'docTypeCatalogOfficial',
  description:
    'For lenders, brokers and landlords: builds on the generic catalogue with the documents of lending, deposits and business finance, and asks for more months of payslips and bank statements.',
  parent: 'generic',
  sections: [
    section('lending', 'Lending and credit', [
      entry('credit-report', 'Credit report', 'bank', 'A credit report from a credit reference agency (Experian, Equifax, TransUnion) listing accounts, searches, defaults and the credit score.', {
        note: 'Issued within the last 30 days.',
      }),
      entry('loan-agreement', 'Loan agreement', 'bank', 'A credit or loan agreement: lender, borrower, amount, term, interest rate and repayments.'),
    ]),
    section('deposit', 'Deposit and source of funds', [
      entry('gift-letter', 'Gifted deposit letter', 'correspondence', 'A signed letter from a family member gifting money towards a deposit, stating the amount and that it is a gift and not a loan.'),
      entry('savings-statement', 'Savings statement', 'assets', 'A statement of a savings account or ISA showing the balance that funds the deposit.', {
        note: 'Showing the funds for the deposit.',
      }),
      entry('investment-statement', 'Investment statement', 'assets', 'A statement of a share dealing, fund or brokerage account showing holdings and their value.'),
    ]),
    section('business-finance', 'Business finance', [
      entry('business-accounts', 'Business accounts', 'business', 'A company’s or sole trader’s annual accounts: balance sheet and profit and loss, prepared or certified by an accountant.', {
        minCount: 2,
        note: 'The last two years.',
      }),
      entry('vat-return', 'VAT return', 'tax', 'A VAT return submitted to the tax authority for one quarter.', { minCount: 4, note: 'The last four quarters.' }),
    ]),
    section('lending-requirements', 'Lending requirements', [
      entry('payslip', 'Payslip', 'income', 'One pay period’s payslip, pay statement or earnings statement from an employer, showing gross and net pay.', {
        minCount: 3,
        maxCount: 3,
        note: 'The three most recent consecutive payslips.',
      }),
      entry('bank-statement', 'Bank statement', 'bank', 'A current or checking account statement over one period, with a table of transactions and opening and closing balances, often over several pages.', {
        minCount: 3,
        note: 'The three most recent months of the account your income is paid into, every page.',
      }),
    ]),
  ],
};

const MORTGAGE: OfficialList = {
  id: 'mortgage-application',
  version: 1,
  name: 'Mortgage application',
  kind: 'expectedDocListCatalogOfficial',
  description: 'What a lender needs to assess a residential mortgage or remortgage for employed or self-employed applicants.',
  parent: null,
  sections: [
    section('identity', 'Identity', [line('photo-id', 'identity', { name: 'Photo ID', note: 'A passport, national identity card or driving licence for each applicant.' })]),
    section('address', 'Address', [line('proof-of-address', 'address', { name: 'Proof of address', note: 'A utility or council tax bill at your current address, dated within the last three months.' })]),
    section('income', 'Income', [
      line('payslips', 'payslip', { minCount: 3, maxCount: 3, note: 'Employed applicants: the three most recent consecutive payslips.' }),
      line('p60', 'p60', { requirement: 'optional', note: 'Employed applicants: the P60 for the latest tax year.' }),
      line('employment-letter', 'employment-letter', { requirement: 'optional', note: 'If you started your job within the last twelve months.' }),
      line('tax-calculations', 'tax-return', { requirement: 'optional', minCount: 2, maxCount: 2, note: 'Self-employed applicants: SA302 calculations for the last two tax years.' }),
    ]),
    section('banking', 'Banking', [
      line('bank-statements', 'bank-statement', { minCount: 3, note: 'The three most recent months of the account your income is paid into.' }),
      line('credit-card-statements', 'credit-card-statement', { requirement: 'optional', note: 'The latest statement of each credit card with a balance.' }),
    ]),
    section('property-and-commitments', 'Property and commitments', [
      line('mortgage-statement', 'mortgage-statement', { requirement: 'optional', note: 'Remortgages and current homeowners: the latest statement of each mortgage.' }),
      line('pension-statement', 'pension-statement', { requirement: 'optional', note: 'Applicants within ten years of retirement: the latest pension statement.' }),
    ]),
  ],
};

const TENANCY: OfficialList = {
  id: 'tenancy-application',
  version: 1,
  name: 'Tenancy application',
  kind: 'expectedDocListCatalogOfficial',
  description: 'Referencing a prospective tenant: who they are, where they live, whether they can afford the rent, and what their landlord says.',
  parent: null,
  sections: [
    section('identity', 'Identity', [line('photo-id', 'identity', { name: 'Photo ID', note: 'A passport or national identity card; this also evidences the right to rent.' })]),
    section('current-address', 'Current address', [
      line('proof-of-address', 'address', { name: 'Proof of address', note: 'A utility or council tax bill at your current address.' }),
      line('current-tenancy', 'tenancy-agreement', { requirement: 'optional', note: 'If you rent now: your current tenancy agreement.' }),
    ]),
    section('affordability', 'Affordability', [
      line('payslips', 'payslip', { minCount: 3, maxCount: 3, note: 'The three most recent payslips.' }),
      line('employment-letter', 'employment-letter', { requirement: 'optional', note: 'Confirming your salary, if you changed jobs recently or are on probation.' }),
      line('bank-statements', 'bank-statement', { minCount: 3, note: 'Three months showing your salary and your current rent being paid.' }),
    ]),
    section('references', 'References', [
      line('landlord-reference', 'reference-letter', { name: 'Landlord reference', note: 'From your current or previous landlord or letting agent.' }),
    ]),
  ],
};

const BUSINESS: OfficialList = {
  id: 'business-account-onboarding',
  version: 1,
  name: 'Business account onboarding',
  kind: 'expectedDocListCatalogOfficial',
  description: 'Know-your-business checks for opening a business account: the company, the people who run and own it, and evidence it trades.',
  parent: null,
  sections: [
    section('company', 'Company', [
      line('registration', 'company-registration-certificate', { note: 'The certificate of incorporation or a register extract issued within the last three months.' }),
      line('trading-invoices', 'invoice', { requirement: 'optional', minCount: 2, note: 'Two recent invoices to customers, as evidence of trading.' }),
      line('tax-assessment', 'tax-return', { requirement: 'optional', note: 'The latest tax return or assessment of the business.' }),
    ]),
    section('people', 'Directors and beneficial owners', [
      line('director-id', 'identity', { name: 'Photo ID of each director and owner', maxCount: null, note: 'One for each director and each person owning more than 25%.' }),
      line('director-address', 'address', { name: 'Proof of address of each director and owner', maxCount: null, note: 'One for each person above, dated within the last three months.' }),
    ]),
    section('banking', 'Banking', [
      line('business-bank-statements', 'bank-statement', { requirement: 'optional', minCount: 3, note: 'If the business banks elsewhere: its last three months of statements.' }),
    ]),
  ],
};

type FieldSpec = z.input<typeof ExtractionFieldSchema>;
const field = (name: string, type: FieldSpec['type'], description: string, hints: string[] = [], extra: Partial<FieldSpec> = {}): ExtractionField =>
  ExtractionFieldSchema.parse({ name, type, description, hints, ...extra });

const NAME = 'Given names first, then surname, without Mr, Mrs, Ms, Miss or Dr; initials stay initials.';
const MONEY = 'Amount with two decimals and its ISO 4217 currency; a negative amount (overdrawn, DR, in brackets) has a leading minus.';
const COUNTRY_HINT = 'ISO 3166-1 alpha-3 code (GBR, IRL, DEU, FRA, USA …); the MRZ prints it too, and German documents print D there.';
const DATE_HINT = 'Written as yyyy-mm-dd whatever the printed style (12 March 2025, 12/03/2025, 12.03.2025, Mar. 12, 2025).';

const schema = (docType: string, name: string, description: string, fields: ExtractionField[]): OfficialSchema => ({
  docType,
  version: 1,
  name,
  description,
  fields,
});

const SCHEMAS: OfficialSchema[] = [
  schema('passport', 'Passport', 'Key data of a passport’s personal-details page (ICAO 9303 TD3).', [
    field('fullName', 'text', `The holder’s name. ${NAME}`, ['Given names and surname fields of the page, or the first MRZ line (SURNAME<<GIVEN<NAMES).']),
    field('documentNumber', 'text', 'The passport number, as printed.', ['“Passport No.” field, or characters 1–9 of the second MRZ line.']),
    field('nationality', 'text', 'The holder’s nationality.', [COUNTRY_HINT, 'Characters 11–13 of the second MRZ line.']),
    field('dateOfBirth', 'date', 'The holder’s date of birth.', [DATE_HINT, 'UK passports print two-digit years (12 MAR /MARS 85); the MRZ has YYMMDD.']),
    field('issueDate', 'date', 'The date of issue.', [DATE_HINT, '“Date of issue” field; not in the MRZ.']),
    field('expiryDate', 'date', 'The date of expiry.', [DATE_HINT, '“Date of expiry” field, or characters 22–27 of the second MRZ line.']),
  ]),
  schema('national-id-card', 'National identity card', 'Key data of a national identity card (ICAO 9303 TD1).', [
    field('fullName', 'text', `The holder’s name. ${NAME}`, ['Name fields of the front, or the third MRZ line.']),
    field('documentNumber', 'text', 'The card number, as printed.', ['Card number on the front, or characters 6–14 of the first MRZ line.']),
    field('nationality', 'text', 'The holder’s nationality.', [COUNTRY_HINT, 'Characters 16–18 of the second MRZ line.']),
    field('dateOfBirth', 'date', 'The holder’s date of birth.', [DATE_HINT]),
    field('expiryDate', 'date', 'The date of expiry.', [DATE_HINT, 'Characters 9–14 of the second MRZ line.']),
  ]),
  schema('driving-licence', 'Driving licence', 'Key data of a driving licence photocard.', [
    field('fullName', 'text', `The holder’s name. ${NAME}`, ['UK cards: fields 1 (surname) and 2 (given names).']),
    field('licenceNumber', 'text', 'The licence or driver license number, as printed.', ['UK cards: field 5.', 'US cards: “DL” or “LIC#”.']),
    field('dateOfBirth', 'date', 'The holder’s date of birth.', [DATE_HINT, 'UK cards: field 3.', 'US cards: “DOB”.']),
    field('issueDate', 'date', 'The date of issue.', [DATE_HINT, 'UK cards: field 4a.', 'US cards: “ISS”.']),
    field('expiryDate', 'date', 'The date of expiry.', [DATE_HINT, 'UK cards: field 4b.', 'US cards: “EXP”.']),
    field('address', 'text', 'The holder’s address: the printed lines joined with ", ".', ['UK cards: field 8.', 'Printed on UK and US cards only.'], { required: false }),
  ]),
  schema('bank-statement', 'Bank statement', 'Key data of a current or checking account statement.', [
    field('accountHolder', 'text', `The account holder. ${NAME}`, ['The name above the address block, or “Account name”.']),
    field('bankName', 'text', 'The bank that issued the statement.', ['The logo or letterhead, or the legal footer.']),
    field('accountNumberLast4', 'text', 'The last four characters of the account number, or of the IBAN for EU accounts.', ['“Account number”, “Account no.” or “IBAN”.']),
    field('periodStart', 'date', 'The first day the statement covers.', [DATE_HINT, '“Statement period”, “From”.']),
    field('periodEnd', 'date', 'The last day the statement covers.', [DATE_HINT, '“Statement period”, “To”, “Statement date”.']),
    field('openingBalance', 'money', `The balance at the start of the period. ${MONEY}`, ['“Opening balance”, “Balance brought forward”, “Previous balance”.']),
    field('closingBalance', 'money', `The balance at the end of the period. ${MONEY}`, ['“Closing balance”, “Balance carried forward”, “New balance”.']),
  ]),
  schema('credit-card-statement', 'Credit card statement', 'Key data of a monthly credit card statement.', [
    field('cardholderName', 'text', `The cardholder. ${NAME}`),
    field('issuerName', 'text', 'The card issuer.', ['The logo or letterhead.']),
    field('cardNumberLast4', 'text', 'The last four digits of the card number.', ['Printed masked, for example **** **** **** 1234.']),
    field('statementDate', 'date', 'The statement date.', [DATE_HINT]),
    field('paymentDueDate', 'date', 'The date the payment is due.', [DATE_HINT, '“Payment due”, “Pay by”.']),
    field('newBalance', 'money', `The new balance. ${MONEY}`, ['“New balance”, “Statement balance”.']),
    field('minimumPayment', 'money', `The minimum payment due. ${MONEY}`, ['“Minimum payment”, “Minimum amount due”.']),
  ]),
  schema('payslip', 'Payslip', 'Key data of one pay period’s payslip.', [
    field('employeeName', 'text', `The employee. ${NAME}`),
    field('employerName', 'text', 'The employer.', ['The letterhead or the “Employer” field.']),
    field('payDate', 'date', 'The date of payment.', [DATE_HINT, '“Pay date”, “Payment date”, “Date paid”.']),
    field('grossPay', 'money', `Gross pay for the period. ${MONEY}`, ['“Gross pay”, “Total gross”, “Total earnings”; not the year-to-date column.']),
    field('netPay', 'money', `Net pay for the period. ${MONEY}`, ['“Net pay”, “Take home pay”; not the year-to-date column.']),
  ]),
  schema('p60', 'P60', 'Key data of a UK P60 End of Year Certificate.', [
    field('employeeName', 'text', `The employee. ${NAME}`),
    field('employerName', 'text', 'The employer.', ['“Employer name and address”.']),
    field('taxYearEnd', 'date', 'The end of the tax year: always a 5 April.', ['“Tax year to 5 April 2024” → 2024-04-05.']),
    field('totalPay', 'money', `Pay in this employment for the year. ${MONEY}`, ['“In this employment” → “Pay”.']),
    field('totalTax', 'money', `Tax deducted in this employment. ${MONEY}`, ['“In this employment” → “Tax deducted”.']),
    field('nationalInsuranceNumber', 'text', 'The employee’s National Insurance number, without spaces.', ['Two letters, six digits, one letter: QQ123456C.']),
  ]),
  schema('tax-return', 'Tax return or calculation', 'Key data of a tax return or the tax authority’s calculation of one.', [
    field('taxpayerName', 'text', `The taxpayer. ${NAME}`),
    field('taxYear', 'text', 'The tax year: 2023-24 for UK tax years, 2024 otherwise.', ['SA302: “Tax year 2023-24”.', 'Form 1040: the year in the title.']),
    field('totalIncome', 'money', `Total income received. ${MONEY}`, ['SA302: “Total income received”.', 'Form 1040: “total income”.']),
    field('totalTax', 'money', `The total tax liability for the year, before deducting tax already paid. ${MONEY}`, ['SA302: “Income Tax due” before deductions.', 'Form 1040: “total tax”.']),
  ]),
  schema('employment-letter', 'Employment letter', 'Key data of a letter confirming employment.', [
    field('employeeName', 'text', `The employee the letter is about. ${NAME}`),
    field('employerName', 'text', 'The employer.', ['The letterhead.']),
    field('jobTitle', 'text', 'The employee’s job title, as printed.'),
    field('startDate', 'date', 'When the employment started.', [DATE_HINT, '“since”, “employed from”, “joined us on”.']),
    field('annualSalary', 'money', `The gross annual salary. ${MONEY}`, ['“annual salary”, “basic salary of … per annum”.']),
    field('letterDate', 'date', 'The date of the letter.', [DATE_HINT, 'Near the top, under the letterhead.']),
  ]),
  schema('utility-bill', 'Utility bill', 'Key data of an energy, water or broadband bill.', [
    field('customerName', 'text', `The customer billed. ${NAME}`),
    field('supplierName', 'text', 'The supplier.', ['The logo or letterhead.']),
    field('billDate', 'date', 'The date of the bill.', [DATE_HINT, '“Bill date”, “Date of issue”, “Statement date”.']),
    field('serviceAddress', 'text', 'The address supplied: the printed lines joined with ", ".', ['“Supply address”, “Service address”; may differ from the postal address.']),
    field('amountDue', 'money', `The amount to pay. ${MONEY}`, ['“Amount due”, “Total to pay”, “Balance due”.']),
    field('accountNumber', 'text', 'The customer account number, as printed.'),
  ]),
  schema('council-tax-bill', 'Council tax bill', 'Key data of a UK council tax bill.', [
    field('residentName', 'text', `The resident liable. ${NAME}`),
    field('councilName', 'text', 'The council that issued the bill.', ['The letterhead.']),
    field('propertyAddress', 'text', 'The property charged: the printed lines joined with ", ".'),
    field('band', 'enum', 'The property’s council tax valuation band.', ['“Band” or “Valuation band”.'], { options: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] }),
    field('annualCharge', 'money', `The amount payable for the year after discounts. ${MONEY}`, ['“Amount payable”, “Total charge for the year”.']),
    field('billDate', 'date', 'The date of the bill.', [DATE_HINT]),
  ]),
  schema('tenancy-agreement', 'Tenancy agreement', 'Key data of a residential tenancy or lease.', [
    field('tenantNames', 'text', `Every tenant. ${NAME}`, ['“Tenant(s)”, “Lessee(s)”; one value per tenant.'], { multiple: true }),
    field('landlordName', 'text', 'The landlord, a person or a company, as printed.', ['“Landlord”, “Lessor”.']),
    field('propertyAddress', 'text', 'The property let: the printed lines joined with ", ".', ['“Property”, “Premises”.']),
    field('startDate', 'date', 'The start of the term.', [DATE_HINT, '“Commencement date”, “Term start”.']),
    field('endDate', 'date', 'The end of the term.', [DATE_HINT, '“Ending on”, “Term end”.']),
    field('monthlyRent', 'money', `The rent per month. ${MONEY}`, ['“Rent”; convert a weekly rent only when the agreement states the monthly figure.']),
    field('deposit', 'money', `The deposit. ${MONEY}`, ['“Deposit”, “Security deposit”.']),
  ]),
  schema('mortgage-statement', 'Mortgage statement', 'Key data of a mortgage statement.', [
    field('borrowerName', 'text', `The (first) borrower. ${NAME}`),
    field('lenderName', 'text', 'The lender.', ['The logo or letterhead.']),
    field('propertyAddress', 'text', 'The mortgaged property: the printed lines joined with ", ".'),
    field('statementDate', 'date', 'The statement date.', [DATE_HINT]),
    field('outstandingBalance', 'money', `The balance or unpaid principal at the statement date. ${MONEY}`, ['“Outstanding balance”, “Unpaid principal balance”.']),
    field('monthlyPayment', 'money', `The regular monthly payment, including escrow where shown. ${MONEY}`, ['“Monthly payment”, “Regular payment”.']),
    field('jointBorrower', 'text', `The second borrower, when there is one. ${NAME}`, [], { required: false }),
  ]),
  schema('pension-statement', 'Pension statement', 'Key data of a pension or retirement account statement.', [
    field('memberName', 'text', `The member. ${NAME}`),
    field('providerName', 'text', 'The pension provider.', ['The logo or letterhead.']),
    field('statementDate', 'date', 'The statement date: the date the value is given at.', [DATE_HINT]),
    field('totalValue', 'money', `The value of the pot or account at the statement date. ${MONEY}`, ['“Total value”, “Fund value”, “Account balance”.']),
  ]),
  schema('company-registration-certificate', 'Company registration certificate', 'Key data of a certificate of incorporation or register extract.', [
    field('companyName', 'text', 'The company’s registered name, as printed.'),
    field('companyNumber', 'text', 'The registration number, keeping its internal spacing (HRB 193191 B, FN 574915 t).', ['“Company number”, “Registration number”, “HRB”, “FN”.']),
    field('incorporationDate', 'date', 'The date of incorporation or first registration.', [DATE_HINT]),
    field('jurisdiction', 'text', 'Where it is registered, for example England and Wales, Delaware, Ireland.'),
  ]),
  schema('invoice', 'Invoice', 'Key data of a supplier’s invoice.', [
    field('supplierName', 'text', 'The supplier issuing the invoice.', ['The letterhead.']),
    field('customerName', 'text', 'The customer invoiced, a person or company.', ['“Bill to”, “Invoice to”.']),
    field('invoiceNumber', 'text', 'The invoice number, as printed.'),
    field('invoiceDate', 'date', 'The invoice date.', [DATE_HINT, '“Invoice date”, “Tax point”.']),
    field('dueDate', 'date', 'The payment due date.', [DATE_HINT, '“Due date”, “Payment due”.']),
    field('totalAmount', 'money', `The total including tax. ${MONEY}`, ['“Total”, “Amount due”, “Total incl. VAT”.']),
  ]),
  schema('reference-letter', 'Reference letter', 'Key data of a reference about the applicant.', [
    field('subjectName', 'text', `The person the reference is about. ${NAME}`),
    field('refereeName', 'text', `The person writing it. ${NAME}`, ['The signature block.']),
    field('refereeOrganisation', 'text', 'The referee’s organisation, as printed.', ['The letterhead or the signature block.']),
    field('letterDate', 'date', 'The date of the letter.', [DATE_HINT]),
  ]),
  schema('fallback', 'Other document', 'Anything that is none of the document types: there is nothing to extract.', []),
];

/** The official content of this release. A function, so every app gets its own copy. */
export function officialContent(): OfficialContent {
  return {
    organizationName: 'Compliance Portal official library',
    catalogs: [structuredClone(GENERIC), structuredClone(FINANCE)],
    schemas: structuredClone(SCHEMAS),
    templates: [structuredClone(MORTGAGE), structuredClone(TENANCY), structuredClone(BUSINESS)],
  };
}
