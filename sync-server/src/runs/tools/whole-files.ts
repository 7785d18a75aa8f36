import { slug } from './classify-and-file.js';
import type { RunWorkspace } from './workspace.js';

/**
 * A file the run proposed no document for is listed whole, as one document range (spec Part 2:
 * each page is listed once, and a range that may read as several documents is listed whole until
 * its split is confirmed). A workflow that only parses (Preview, Parse) lists every file this way,
 * unfiled and of no type, for people to split (approve with new boundaries) and file.
 */
export function listWholeFiles(ws: RunWorkspace): void {
  const proposed = new Set(ws.documents.map((d) => d.fileId));
  for (const file of ws.files) {
    if (proposed.has(file.id) || file.page_count < 1) continue;
    const pages = Array.from({ length: file.page_count }, (_, i) => i + 1);
    const address = `${file.id}:p1-${file.page_count}`;
    const doc = {
      address,
      fileId: file.id,
      pages,
      title: `Document, ${file.page_count === 1 ? 'page 1' : `pages 1–${file.page_count}`} of ${file.name}`,
      docType: 'fallback',
      // Nobody read what it is: the reviewer's list puts it first (needs review).
      confidence: 0,
      runnersUp: [],
      // A file's first page starts a document for sure; where the next ones start is for people to say.
      boundaryConfidence: 1,
      expectedDocId: null,
      settled: false,
      suggestedName: `${slug(`${ws.app.applicant_name} document`) || 'document'}-p1-${file.page_count}.pdf`,
      keyData: {},
      keyFields: {},
      findings: [],
      splitConfirmed: true,
      splitOf: null,
      source: 'parse',
    };
    ws.documents.push(doc);
    ws.rows.push({
      actor: 'system',
      action: 'document.proposed',
      target: `document:${address}`,
      detail: { docType: doc.docType, confidence: doc.confidence, pages, settled: false, source: 'parse' },
    });
  }
}
