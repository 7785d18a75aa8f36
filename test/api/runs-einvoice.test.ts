import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { buildTestApp, signUp, type Session, type TestApp } from '../helper.js';
import { textPdf } from './applications-helpers.js';
import { researchDriver } from './briefs-helpers.js';

/** An XRechnung (UBL) the PDF embeds; its print says little of it. */
const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
  <cbc:ID>UBL-2024-0042</cbc:ID>
  <cbc:IssueDate>2024-02-29</cbc:IssueDate>
  <cbc:DueDate>2024-03-30</cbc:DueDate>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Nordlicht Werkstatt GmbH</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>Sarah Whitcombe</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal><cbc:TaxInclusiveAmount currencyID="EUR">1190.00</cbc:TaxInclusiveAmount></cac:LegalMonetaryTotal>
</Invoice>`;

describe('a run over a PDF that embeds an e-invoice', () => {
  let t: TestApp;
  let manager: Session;
  const d = researchDriver(() => t);
  beforeAll(async () => {
    t = await buildTestApp();
    manager = await signUp(t.app);
  }, 30_000);
  afterAll(() => t?.close());

  it('proposes the invoice with the XML’s key data (confidence 0.99) and names the XML on the report', async () => {
    const doc = await PDFDocument.load(await textPdf([['Nordlicht Werkstatt GmbH - Hafenstrasse 1 - 20457 Hamburg', 'Sarah Whitcombe', 'Reference UBL-2024-0042', 'With thanks for your custom.']]));
    await doc.attach(new TextEncoder().encode(UBL), 'xrechnung.xml', { mimeType: 'text/xml' });
    const created = await d.inject(manager, 'POST', '/api/workflows', { name: 'Everything read' });
    const id = created.json().id as string;
    const steps = [{ tool: 'preview' }, { tool: 'parse' }, { tool: 'classify-and-file' }, { tool: 'extract-key-data', settings: { includeUnmatched: true } }, { tool: 'completeness-report' }];
    expect((await d.inject(manager, 'PUT', `/api/workflows/${id}/1`, { steps })).statusCode).toBe(200);
    expect((await d.inject(manager, 'POST', `/api/workflows/${id}/1/activate`)).statusCode).toBe(200);

    const c = await d.run(manager, id, d.newCase('Sarah Whitcombe', [{ name: 'invoice.pdf', content: await doc.save() }]));
    expect(c.run.state).toBe('report');
    const [entry, ...rest] = await d.documents(manager, c.id);
    expect(rest).toEqual([]);
    expect(entry!.document).toMatchObject({
      docType: 'invoice',
      confidence: 0.99,
      extractKeyData: {
        supplierName: 'Nordlicht Werkstatt GmbH',
        customerName: 'Sarah Whitcombe',
        invoiceNumber: 'UBL-2024-0042',
        invoiceDate: '2024-02-29',
        dueDate: '2024-03-30',
        totalAmount: { amount: '1190.00', currency: 'EUR' },
      },
    });
    expect(entry!.document.keyFields.invoiceNumber).toMatchObject({ confidence: 0.99, page: 1, line: 2 });
    expect(entry!.document.keyFields.supplierName).toMatchObject({ confidence: 0.99, page: 1, line: 0 });
    const reported = (await d.events(manager, c.id)).find((e) => e.action === 'run.reported');
    expect(reported?.detail.einvoices).toEqual([{ document: entry!.address, file: 'xrechnung.xml', standard: 'XRechnung' }]);
  }, 60_000);
});
