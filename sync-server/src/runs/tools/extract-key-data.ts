import { einvoiceFields } from '../../analyzer/einvoice/overlay.js';
import { locateValue } from '../../analyzer/learn/index.js';
import type { ExtractKeyDataSettings } from '../../library/kinds/workflows/tools/extract-key-data.js';
import type { AnalyzerSchema, ExtractedField, ParsedPage } from '../analyzer-port.js';
import { checkAborted, isListed, pagesOfDocument, type RunWorkspace, type WorkDocument } from './workspace.js';

/**
 * The key data an analysis ingest gives for a document, as extraction would have read it: each
 * value where the ingest says it is printed (a page and line of the ingest's own lines), else
 * where it is found on the document's pages, else the document's first line; `source` names the
 * ingest.
 */
function ingestedFields(ws: RunWorkspace, d: WorkDocument, pages: ParsedPage[], schema: AnalyzerSchema | undefined): Record<string, ExtractedField> {
  const ingest = ws.ingested.get(d.fileId)!;
  const out: Record<string, ExtractedField> = {};
  for (const [name, value] of Object.entries(d.ingested!.keyData)) {
    const given = d.ingested!.keyFields[name];
    let at: { page: number; line: number } | null = null;
    if (given?.page != null && given.line != null && (ingest.pages.get(given.page)?.length ?? 0) > given.line) at = { page: given.page, line: given.line };
    const spec = schema?.fields.find((f) => f.name === name);
    if (!at && spec) {
      const found = locateValue(pages, { type: spec.type, multiple: spec.multiple ?? false }, value);
      if (found) at = { page: pages[found.page]!.page, line: found.line };
    }
    out[name] = { value, confidence: given?.confidence ?? d.ingested!.confidence, page: at?.page ?? Math.min(...d.pages), line: at?.line ?? 0, source: ingest.source };
  }
  return out;
}

/**
 * Extract key data: reads each filed document (and, when asked, each unmatched one) with the
 * schema extraction resolves for its type, from its first `maxPagesPerDocument` pages, keeping
 * values read with at least `minFieldConfidence`, each with the page and line it was read on.
 */
export async function extractKeyData(ws: RunWorkspace, raw: Record<string, unknown>): Promise<void> {
  const settings = raw as ExtractKeyDataSettings;
  let pagesDone = 0;
  for (const d of ws.documents) {
    checkAborted(ws.signal);
    if (d.expectedDocId === null && !settings.includeUnmatched) continue;
    const pages = pagesOfDocument(ws, d).slice(0, settings.maxPagesPerDocument);
    const schema = await ws.schemaFor(d.docType);
    // An integrator's analysis that gives the document's key data is taken instead of reading it (spec tag `analysis`).
    let fields =
      d.ingested && Object.keys(d.ingested.keyData).length > 0 ? ingestedFields(ws, d, pagesOfDocument(ws, d), schema) : await ws.extractor.read(d, pages, schema, ws.signal);
    // The e-invoice its file embeds is the invoice's own record: its values over what the print gave.
    if (d.einvoice && d.docType === 'invoice') fields = { ...fields, ...einvoiceFields(d.einvoice, pages, fields) };
    for (const [name, f] of Object.entries(fields)) {
      if (f.confidence < settings.minFieldConfidence || f.value === null || f.value === undefined) continue;
      d.keyFields[name] = f;
      d.keyData[name] = f.value;
    }
    if (isListed(d)) pagesDone += d.pages.length;
    await ws.progress(pagesDone);
  }
}
