import { einvoiceFields } from '../../analyzer/einvoice/overlay.js';
import type { ExtractKeyDataSettings } from '../../library/kinds/workflows/tools/extract-key-data.js';
import { checkAborted, isListed, pagesOfDocument, type RunWorkspace } from './workspace.js';

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
    let fields = await ws.extractor.read(d, pages, await ws.schemaFor(d.docType), ws.signal);
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
