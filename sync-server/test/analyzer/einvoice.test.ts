/**
 * E-invoices embedded in PDFs (analyzer/einvoice/): the XML is found among the embedded files,
 * read (CII and UBL) into invoice key data by DOC-TYPES.md's conventions, and laid over the
 * invoice document the analysis proposes. Real Factur-X / ZUGFeRD files from ../shared/corpus-real
 * (s31–s34) against its truth.json; generated PDFs (pdf-lib attachments); hostile XML and PDFs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analyzePages, officialCatalogue } from '../../src/analyzer/index.js';
import { analyzeFiles } from '../../src/analyzer/cli.js';
import { einvoiceFromFiles, parseXml, readEInvoice, readInvoiceXml, XmlError, MAX_EINVOICE_XML_BYTES } from '../../src/analyzer/einvoice/index.js';
import { einvoiceFields } from '../../src/analyzer/einvoice/overlay.js';
import { readPacket } from '../../src/analyzer/parse/read-packet.js';
import { A4, makePdf } from './fixtures/pages.js';

const repo = resolve(new URL('../../..', import.meta.url).pathname);
const realCorpus = resolve(process.env.CORPUS_REAL_DIR ?? join(repo, '../shared/corpus-real'));
const present = existsSync(join(realCorpus, 'truth.json'));

interface TruthPacket {
  packet: string;
  documents: { docType: string; pages: number[]; keyData: Record<string, unknown> }[];
}

const EINVOICE_PACKETS = ['s31-invoice-de-zugferd-2p.pdf', 's32-invoice-fr-facturx.pdf', 's33-invoice-fr-es-facturx-en.pdf', 's34-invoice-de-mustang.pdf'];

function truthOf(name: string): TruthPacket {
  const all = JSON.parse(readFileSync(join(realCorpus, 'truth.json'), 'utf8')) as TruthPacket[];
  return all.find((p) => p.packet.endsWith(name))!;
}

const bytesOf = (name: string) => new Uint8Array(readFileSync(join(realCorpus, 'packets', name)));

describe.skipIf(!present)('e-invoices of the real corpus (../shared/corpus-real s31–s34)', () => {
  it.each(EINVOICE_PACKETS)('%s: the embedded XML gives the truth’s key data', async (name) => {
    const truth = truthOf(name).documents[0]!;
    const { einvoice, notes } = await readEInvoice(bytesOf(name));
    expect(notes).toEqual([]);
    expect(einvoice).toMatchObject({ fileName: 'factur-x.xml', syntax: 'CII', standard: 'Factur-X' });
    const { supplierName, ...rest } = einvoice!.keyData;
    const { supplierName: printedSupplier, ...truthRest } = truth.keyData;
    expect(rest).toEqual(truthRest);
    // The XML names the seller without the legal form its letterhead prints ("Au bon moulin" / "Au bon moulin SARL").
    expect(String(printedSupplier).startsWith(supplierName!)).toBe(true);
  });

  it.each(EINVOICE_PACKETS)('%s: the analysis proposes the invoice with the XML’s values, said to come from it', async (name) => {
    const truth = truthOf(name).documents;
    const reading = await readPacket(bytesOf(name), { ocr: null });
    expect(reading.einvoice?.fileName).toBe('factur-x.xml');
    const { types, schemas } = officialCatalogue('generic');
    const analysis = analyzePages(reading.pages, [], { catalogue: types, schemas, einvoice: reading.einvoice });
    expect(analysis.documents.map((d) => ({ docType: d.docType, pages: d.pages, keyData: d.keyData }))).toEqual(truth.map((d) => ({ docType: d.docType, pages: d.pages, keyData: d.keyData })));
    const doc = analysis.documents[0]!;
    expect(doc.classification.confidence).toBeGreaterThanOrEqual(0.99);
    for (const f of Object.values(doc.fields).filter((f) => f.source)) {
      expect(f.confidence).toBe(0.99);
      expect(f.source).toBe('embedded Factur-X XML (factur-x.xml)');
      expect(reading.pages.find((p) => p.page === f.page)!.lines[f.line]).toBeDefined();
    }
    expect(Object.values(doc.fields).filter((f) => f.source)).toHaveLength(6);
    // The invoice number is cited on the line that prints it.
    const n = doc.fields.invoiceNumber!;
    expect(reading.pages.find((p) => p.page === n.page)!.lines[n.line]!.text).toContain(String(doc.keyData.invoiceNumber));
  });

  it('the CLI path (reading pool, analyzeFiles) carries the e-invoice to the prediction', async () => {
    const [prediction] = (await analyzeFiles([join(realCorpus, 'packets', 's34-invoice-de-mustang.pdf')], { ocr: 'none', threads: 1, details: true })) as {
      documents: { docType: string; keyData: Record<string, unknown>; fields: Record<string, { source?: string }> }[];
      einvoice?: { fileName: string };
    }[];
    expect(prediction!.einvoice?.fileName).toBe('factur-x.xml');
    expect(prediction!.documents[0]!.keyData).toEqual(truthOf('s34-invoice-de-mustang.pdf').documents[0]!.keyData);
    expect(prediction!.documents[0]!.fields.totalAmount!.source).toMatch(/embedded Factur-X XML/);
  }, 60_000);
});

const CII = (o: { id: string; seller: string; buyer: string; issue: string; due?: string; total: string; currency?: string }) => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>${o.id}</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${o.issue}</udt:DateTimeString></ram:IssueDateTime>
    <ram:IncludedNote><ram:Content><![CDATA[Thank you & goodbye <3]]></ram:Content></ram:IncludedNote>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>${o.seller}</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>${o.buyer}</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${o.currency ?? 'EUR'}</ram:InvoiceCurrencyCode>
      ${o.due ? `<ram:SpecifiedTradePaymentTerms><ram:DueDateDateTime><udt:DateTimeString format="102">${o.due}</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>` : ''}
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:GrandTotalAmount>${o.total}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>1.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ID>UBL-2024-0042</cbc:ID>
  <cbc:IssueDate>2024-02-29</cbc:IssueDate>
  <cbc:DueDate>2024-03-30</cbc:DueDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Trading name</cbc:Name></cac:PartyName><cac:PartyLegalEntity><cbc:RegistrationName>Nordlicht Werkstatt GmbH</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Hafen &amp; Co. KG</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal>
    <cbc:TaxExclusiveAmount currencyID="EUR">1000.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">1190</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">1190.00</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
</Invoice>`;

const enc = (s: string) => new TextEncoder().encode(s);

/** A one-page PDF printing `lines`, with `files` embedded (pdf-lib compresses each as a flate stream). */
async function pdfWith(lines: string[], files: { name: string; content: Uint8Array }[]): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf([{ kind: 'text', size: A4, lines: lines.map((text, i) => ({ text, x: 60, y: 60 + i * 18 })) }]));
  for (const f of files) await doc.attach(f.content, f.name, { mimeType: 'text/xml', description: 'Invoice XML' });
  return doc.save();
}

describe('reading e-invoice XML', () => {
  it('reads CII: names, number, 102 dates, the grand total (not the amount due) with the invoice currency', () => {
    const r = readInvoiceXml(CII({ id: 'INV-1', seller: 'Ölmühle Süd GmbH', buyer: 'A &amp; B Ltd', issue: '20250131', due: '20250302', total: '1234.5' }));
    expect(r).toEqual({
      syntax: 'CII',
      profile: 'urn:cen.eu:en16931:2017',
      keyData: { supplierName: 'Ölmühle Süd GmbH', customerName: 'A & B Ltd', invoiceNumber: 'INV-1', invoiceDate: '2025-01-31', dueDate: '2025-03-02', totalAmount: { amount: '1234.50', currency: 'EUR' } },
    });
  });

  it('reads UBL: the legal name over the trading name, ISO dates, the total including tax', () => {
    expect(readInvoiceXml(UBL).keyData).toEqual({
      supplierName: 'Nordlicht Werkstatt GmbH',
      customerName: 'Hafen & Co. KG',
      invoiceNumber: 'UBL-2024-0042',
      invoiceDate: '2024-02-29',
      dueDate: '2024-03-30',
      totalAmount: { amount: '1190.00', currency: 'EUR' },
    });
  });

  it("names the buyer without the honorific of the XML's address line (`Herrn Max Mustermann`)", () => {
    const xml = readInvoiceXml(CII({ id: 'INV-7', seller: 'MVM Versicherungsverein', buyer: 'Herrn Max Mustermann', issue: '20140311', total: '220' }))!;
    const page = { page: 1, width: 595, height: 842, source: 'text' as const, images: [], lines: [{ text: 'Herrn', box: { x: 71, y: 140, w: 30, h: 10 }, confidence: 1 }, { text: 'Max Mustermann', box: { x: 71, y: 151, w: 80, h: 10 }, confidence: 1 }] };
    expect(einvoiceFields({ ...xml, file: 'factur-x.xml' } as never, [page]).customerName!.value).toBe('Max Mustermann');
  });

  it('leaves out what does not fit its type rather than guessing', () => {
    const r = readInvoiceXml(CII({ id: 'X', seller: 'S', buyer: 'B', issue: '20250231', total: '12,50', currency: 'euro' }));
    expect(r.keyData).toEqual({ supplierName: 'S', customerName: 'B', invoiceNumber: 'X' });
  });

  it('picks the standard’s file name first, and otherwise any .xml whose root is an invoice', () => {
    const other = { name: 'order.xml', content: enc('<Order><ID>1</ID></Order>') };
    const ubl = { name: 'attachment-1.xml', content: enc(UBL) };
    const cii = { name: 'ZUGFeRD-invoice.xml', content: enc(CII({ id: 'Z-1', seller: 'S', buyer: 'B', issue: '20250101', total: '1.00' })) };
    expect(einvoiceFromFiles([other, ubl, cii]).einvoice).toMatchObject({ fileName: 'ZUGFeRD-invoice.xml', standard: 'ZUGFeRD', keyData: { invoiceNumber: 'Z-1' } });
    expect(einvoiceFromFiles([other, ubl]).einvoice).toMatchObject({ fileName: 'attachment-1.xml', syntax: 'UBL', standard: 'XRechnung' });
    expect(einvoiceFromFiles([other, { name: 'photo.png', content: enc(UBL) }])).toEqual({ notes: [] });
  });
});

describe('a generated PDF carrying an e-invoice', () => {
  it('is read, and the document is proposed as an invoice with the XML’s values even where its print says little', async () => {
    const pdf = await pdfWith(
      ['Nordlicht Werkstatt GmbH - Hafenstrasse 1 - 20457 Hamburg', 'Hafen & Co. KG', 'Reference UBL-2024-0042', 'Thank you for your business.', 'Please see the attached file.'],
      [{ name: 'xrechnung.xml', content: enc(UBL) }],
    );
    const { einvoice } = await readEInvoice(pdf);
    expect(einvoice).toMatchObject({ fileName: 'xrechnung.xml', syntax: 'UBL', standard: 'XRechnung' });
    const reading = await readPacket(pdf, { ocr: null });
    const { types, schemas } = officialCatalogue('generic');
    const [doc] = analyzePages(reading.pages, [], { catalogue: types, schemas, einvoice: reading.einvoice }).documents;
    expect(doc!.docType).toBe('invoice');
    expect(doc!.keyData).toMatchObject(readInvoiceXml(UBL).keyData);
    expect(doc!.fields.supplierName).toMatchObject({ page: 1, line: 0, confidence: 0.99, source: 'embedded XRechnung XML (xrechnung.xml)' });
    expect(doc!.fields.invoiceNumber).toMatchObject({ page: 1, line: 2 });
    // Without the XML the same page is no invoice the analyzer could read these values from.
    const plain = analyzePages(reading.pages, [], { catalogue: types, schemas }).documents[0]!;
    expect(plain.keyData.totalAmount).toBeUndefined();
  });
});

describe('hostile e-invoices', () => {
  it('refuses a DOCTYPE (no entity is declared, none expanded): the billion laughs is a note, not a hang', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><rsm:CrossIndustryInvoice><a>&lol2;</a></rsm:CrossIndustryInvoice>`;
    expect(() => parseXml(laughs)).toThrow(/DOCTYPE/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Invoice><ID>&xxe;</ID></Invoice>`;
    const scan = einvoiceFromFiles([{ name: 'factur-x.xml', content: enc(xxe) }]);
    expect(scan.einvoice).toBeUndefined();
    expect(scan.notes).toEqual([expect.stringMatching(/factur-x\.xml could not be read as an e-invoice: a DOCTYPE is not accepted/)]);
  });

  it('refuses undeclared entities, malformed and unbalanced XML, deep nesting and element floods', () => {
    expect(() => parseXml('<Invoice><ID>&foo;</ID></Invoice>')).toThrow(/unknown entity/);
    expect(() => parseXml('<Invoice><ID>1</Invoice>')).toThrow(XmlError);
    expect(() => parseXml('<Invoice><ID>1</ID>')).toThrow(/not closed/);
    expect(() => parseXml('<Invoice attr="unterminated></Invoice>')).toThrow(/unterminated/);
    expect(() => parseXml('<a/><b/>')).toThrow(/more than one root/);
    expect(() => parseXml('just text')).toThrow(XmlError);
    expect(() => parseXml(`${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`)).toThrow(/deeper than 64/);
    expect(() => parseXml(`<a>${'<b/>'.repeat(200_000)}</a>`)).toThrow(/more than 100000 elements/);
    expect(() => parseXml('<a>&#0;</a>')).toThrow(/unknown entity/);
    expect(parseXml('<a x="1 &gt; 0">&#x41;&#66;</a>')).toMatchObject({ name: 'a', attrs: { x: '1 > 0' }, text: 'AB' });
  });

  it('does not read an embedded XML past its size limit, nor let a malformed one fail the packet', async () => {
    const huge = enc(`<Invoice><ID>1</ID><Note>${'x'.repeat(MAX_EINVOICE_XML_BYTES)}</Note></Invoice>`);
    const pdf = await pdfWith(['Invoice 1'], [
      { name: 'factur-x.xml', content: huge },
      { name: 'zugferd-invoice.xml', content: enc('<rsm:CrossIndustryInvoice><ram:ID>1</rsm:CrossIndustryInvoice>') },
    ]);
    const { einvoice, notes } = await readEInvoice(pdf);
    expect(einvoice).toBeUndefined();
    expect(notes).toEqual([expect.stringMatching(/factur-x\.xml is larger than 4 MB/), expect.stringMatching(/zugferd-invoice\.xml could not be read/)]);
    // The packet itself still reads, with the notes on its reading.
    const reading = await readPacket(pdf, { ocr: null });
    expect(reading.pages).toHaveLength(1);
    expect(reading.einvoice).toBeUndefined();
    expect(reading.notes).toHaveLength(2);
  });

  it('an embedded file that inflates past the stream limit is refused before it is decoded; garbage is no e-invoice', async () => {
    const bomb = await pdfWith(['Invoice'], [{ name: 'factur-x.xml', content: new Uint8Array(40 * 1024 * 1024) }]);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await readEInvoice(bomb)).toEqual({ notes: [] });
    expect(await readEInvoice(enc('%PDF-1.7 not really'))).toEqual({ notes: [] });
    expect(await readEInvoice(new Uint8Array())).toEqual({ notes: [] });
  }, 30_000);
});
