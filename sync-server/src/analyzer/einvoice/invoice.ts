/**
 * Invoice key data from an e-invoice's XML, in the conventions of DOC-TYPES.md (`invoice`):
 * supplierName, customerName, invoiceNumber, invoiceDate and dueDate (ISO dates), totalAmount
 * (the total including tax, `{ amount: "529.87", currency: "EUR" }`). Two syntaxes carry EN 16931
 * invoices: UN/CEFACT CII (Factur-X, ZUGFeRD 2, XRechnung-CII; ZUGFeRD 1's CrossIndustryDocument
 * has the same names one level apart) and OASIS UBL (XRechnung-UBL, Peppol).
 */
import { at, child, descendant, parseXml, textOf, XmlError, type XmlElement, type XmlLimits } from './xml.js';

export interface InvoiceKeyData {
  supplierName?: string;
  customerName?: string;
  invoiceNumber?: string;
  invoiceDate?: string;
  dueDate?: string;
  totalAmount?: { amount: string; currency: string };
}

export type EInvoiceSyntax = 'CII' | 'UBL';

export interface ParsedInvoiceXml {
  syntax: EInvoiceSyntax;
  /** The guideline (profile) the XML declares, e.g. `urn:cen.eu:en16931:2017`, when it does. */
  profile?: string;
  keyData: InvoiceKeyData;
}

/** Whether a root element is an invoice this module reads. */
export function invoiceSyntax(root: XmlElement): EInvoiceSyntax | undefined {
  if (root.name === 'CrossIndustryInvoice' || root.name === 'CrossIndustryDocument') return 'CII';
  if (root.name === 'Invoice') return 'UBL';
  return undefined;
}

/** Parses and reads one XML file; throws XmlError when it is not XML we accept or not an invoice. */
export function readInvoiceXml(xml: string, limits?: XmlLimits): ParsedInvoiceXml {
  const root = parseXml(xml, limits);
  const syntax = invoiceSyntax(root);
  if (!syntax) throw new XmlError(`the root element <${root.name}> is not a CII or UBL invoice`);
  const keyData = syntax === 'CII' ? ciiKeyData(root) : ublKeyData(root);
  const profile = textOf(syntax === 'CII' ? descendant(descendant(root, 'GuidelineSpecifiedDocumentContextParameter'), 'ID') : child(root, 'CustomizationID'));
  return { syntax, ...(profile ? { profile } : {}), keyData };
}

function ciiKeyData(root: XmlElement): InvoiceKeyData {
  // CII 100 (ZUGFeRD 2 / Factur-X) says ExchangedDocument, ZUGFeRD 1 HeaderExchangedDocument.
  const header = child(root, 'ExchangedDocument') ?? child(root, 'HeaderExchangedDocument');
  const seller = descendant(root, 'SellerTradeParty');
  const buyer = descendant(root, 'BuyerTradeParty');
  const settlement = descendant(root, 'ApplicableHeaderTradeSettlement') ?? descendant(root, 'ApplicableSupplyChainTradeSettlement');
  const currency = textOf(child(settlement, 'InvoiceCurrencyCode'));
  const totals = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation') ?? child(settlement, 'SpecifiedTradeSettlementMonetarySummation');
  // Several payment terms may each carry a due date (instalments): the first one is when payment starts to be due.
  const due = settlement?.children.filter((c) => c.name === 'SpecifiedTradePaymentTerms').map((t) => ciiDate(child(t, 'DueDateDateTime'))).find(Boolean);
  return compact({
    supplierName: textOf(child(seller, 'Name')),
    customerName: textOf(child(buyer, 'Name')),
    invoiceNumber: textOf(child(header, 'ID')),
    invoiceDate: ciiDate(child(header, 'IssueDateTime')),
    dueDate: due,
    totalAmount: money(child(totals, 'GrandTotalAmount'), currency),
  });
}

function ublKeyData(root: XmlElement): InvoiceKeyData {
  const party = (role: string) => {
    const p = at(root, role, 'Party');
    return textOf(at(p, 'PartyLegalEntity', 'RegistrationName')) ?? textOf(at(p, 'PartyName', 'Name'));
  };
  const currency = textOf(child(root, 'DocumentCurrencyCode'));
  return compact({
    supplierName: party('AccountingSupplierParty'),
    customerName: party('AccountingCustomerParty'),
    invoiceNumber: textOf(child(root, 'ID')),
    invoiceDate: isoDate(textOf(child(root, 'IssueDate'))),
    dueDate: isoDate(textOf(child(root, 'DueDate'))) ?? isoDate(textOf(at(root, 'PaymentMeans', 'PaymentDueDate'))),
    totalAmount: money(at(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount'), currency),
  });
}

/** A CII date element: `<udt:DateTimeString format="102">20180305</…>`; 102 is CCYYMMDD, other formats (months, weeks) are no day. */
function ciiDate(el: XmlElement | undefined): string | undefined {
  const s = child(el, 'DateTimeString');
  const raw = textOf(s);
  if (!s || !raw) return undefined;
  const format = s.attrs.format ?? '102';
  if (format !== '102') return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  return m ? isoDate(`${m[1]}-${m[2]}-${m[3]}`) : undefined;
}

function isoDate(s: string | undefined): string | undefined {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? s : undefined;
}

/** An amount element as money: its own `currencyID` first, else the invoice's currency. */
function money(el: XmlElement | undefined, invoiceCurrency: string | undefined): InvoiceKeyData['totalAmount'] {
  const raw = textOf(el);
  if (!el || !raw || !/^-?\d{1,15}(?:\.\d{1,6})?$/.test(raw)) return undefined;
  const currency = (el.attrs.currencyID ?? invoiceCurrency ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return undefined;
  const fixed = Number(raw).toFixed(2);
  return { amount: fixed === '-0.00' ? '0.00' : fixed, currency };
}

function compact(o: InvoiceKeyData): InvoiceKeyData {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as InvoiceKeyData;
}
