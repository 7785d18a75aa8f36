import { EINVOICE_CONFIDENCE, einvoiceTarget, INVOICE_TYPE } from '../../analyzer/einvoice/overlay.js';
import { expectedDocsOf } from '../../applications/rows.js';
import type { ClassifyAndFileSettings } from '../../library/kinds/workflows/tools/classify-and-file.js';
import type { Classification, ParsedPage } from '../analyzer-port.js';
import type { SplitPiece, SplitRequest } from '../document-splitter.js';
import type { IngestedDocument } from '../ingested.js';
import { checkAborted, isListed, pagesOfDocument, type RunWorkspace, type WorkDocument } from './workspace.js';

type Piece = SplitPiece & { ingested?: IngestedDocument };

/**
 * A file's documents when an analysis ingest gives some: its documents as they are (their pages,
 * type and key data), and the pages they leave out split by the run's own splitter, each run of
 * consecutive pages on its own, in page order.
 */
async function piecesOf(ws: RunWorkspace, request: SplitRequest): Promise<Piece[]> {
  const ingested = ws.ingested.get(request.fileId);
  if (!ingested || ingested.documents.length === 0) return ws.splitter.split(request);
  const given: Piece[] = ingested.documents.map((d) => ({
    pages: d.pages,
    confidence: d.boundaryConfidence,
    classification: { docType: d.docType, confidence: d.confidence, runnersUp: d.runnersUp },
    source: ingested.source,
    ingested: d,
  }));
  const covered = new Set(ingested.documents.flatMap((d) => d.pages));
  const runs: ParsedPage[][] = [];
  for (const page of request.pages) {
    if (covered.has(page.page)) continue;
    const last = runs.at(-1);
    if (last && last.at(-1)!.page === page.page - 1) last.push(page);
    else runs.push([page]);
  }
  const rest: Piece[] = [];
  for (const pages of runs) rest.push(...(await ws.splitter.split({ ...request, pages })));
  return [...given, ...rest].sort((a, b) => Math.min(...a.pages) - Math.min(...b.pages));
}

export const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

export const addressOf = (fileId: string, pages: readonly number[]) => `${fileId}:p${Math.min(...pages)}-${Math.max(...pages)}`;

/**
 * Classify and file: splits each file the run covers into documents, recognises each one's type
 * and files it against a line of the pinned list with that type: the line the file was declared
 * for when it fits, else the first line of the type still short of its maximum, else the first
 * line asking for any document of the type's kind (a "Photo ID" line takes a passport). A document below
 * `minConfidence`, or of a type no line asks for, stays unmatched (listed, not an error).
 */
export async function classifyAndFile(ws: RunWorkspace, raw: Record<string, unknown>): Promise<void> {
  const settings = raw as ClassifyAndFileSettings;
  const names = new Map(ws.catalogue.map((t) => [t.docType, t.name]));
  const kinds = new Map(ws.catalogue.map((t) => [t.docType, t.kind]));
  // The lines the case is checked against: its list's and those added for it (a waived line still takes its documents).
  const lines = expectedDocsOf(ws.app);
  const filed = new Map<string, number>();
  for (const e of ws.earlier) if (e.expectedDocId) filed.set(e.expectedDocId, (filed.get(e.expectedDocId) ?? 0) + 1);
  let pagesDone = 0;
  // Each page's own key data helps the split tell two same-type documents apart.
  const schemas = (await Promise.all(ws.catalogue.map((t) => ws.schemaFor(t.docType)))).filter((s) => s !== undefined);
  for (const file of ws.files) {
    checkAborted(ws.signal);
    const pages = ws.pagesByFile.get(file.id) ?? [];
    const flags = ws.flagsByFile.get(file.id) ?? [];
    // On the engine chosen for the classify stage: a model splits and types, the built-in engine splits here and types below.
    // An integrator's analysis of the file gives its documents first (spec tag `analysis`).
    const pieces = (
      await piecesOf(ws, { fileId: file.id, pages, flags, schemas, signal: ws.signal, images: settings.pageImages ? (nums) => ws.pageImages(file.id, nums) : undefined })
    ).filter((d) => d.pages.length > 0);
    const dupes = new Set(flags.filter((f) => f.code === 'duplicate_page').map((f) => f.page));
    // A range read as several documents: with `followSplits` the pieces are listed in its place
    // (the split is the workflow's to confirm); without, the range is proposed whole and its pieces
    // are kept beside it, classified and read, for a person to confirm (spec Part 2, rules 1-2).
    const whole = pieces.length > 1 ? addressOf(file.id, pieces.flatMap((p) => p.pages)) : null;
    const proposals: { pages: number[]; confidence: number; piece: boolean; classification?: Classification | undefined; source?: string | undefined; ingested?: IngestedDocument | undefined }[] =
      pieces.map((p: Piece) => ({
        pages: p.pages,
        confidence: p.confidence,
        piece: whole !== null,
        classification: p.classification,
        source: p.source,
        ingested: p.ingested,
      }));
    if (whole !== null && !settings.followSplits) {
      proposals.unshift({ pages: [...new Set(pieces.flatMap((p) => p.pages))].sort((a, b) => a - b), confidence: Math.min(...pieces.map((p) => p.confidence)), piece: false });
    }
    // An e-invoice the file embeds names its invoice: strong evidence of the type, and the key data's source.
    const einvoice = await ws.einvoiceOf(file.id);
    const invoiceAt =
      einvoice && ws.catalogue.some((t) => t.docType === INVOICE_TYPE)
        ? einvoiceTarget(einvoice, proposals.map((p) => ({ docType: p.classification?.docType ?? '', pages: pagesOfDocument(ws, { fileId: file.id, pages: p.pages } as WorkDocument) })))
        : -1;
    for (const [at, proposal] of proposals.entries()) {
      const doc: WorkDocument = {
        address: addressOf(file.id, proposal.pages),
        fileId: file.id,
        pages: proposal.pages,
        title: '',
        docType: 'fallback',
        confidence: 0,
        runnersUp: [],
        boundaryConfidence: proposal.confidence,
        expectedDocId: null,
        settled: false,
        suggestedName: '',
        keyData: {},
        keyFields: {},
        findings: [],
        splitConfirmed: proposal.piece ? settings.followSplits : settings.followSplits || whole === null,
        splitOf: proposal.piece ? whole : null,
        ...(proposal.source ? { source: proposal.source } : {}),
        ...(proposal.ingested ? { ingested: proposal.ingested } : {}),
      };
      // A piece held beside its whole range fills no line until its split is confirmed.
      const counts = isListed(doc);
      let c = proposal.classification ?? ws.typer.classify(pagesOfDocument(ws, doc).filter((p) => !dupes.has(p.page)));
      if (at === invoiceAt && einvoice) {
        doc.einvoice = einvoice;
        if (c.docType !== INVOICE_TYPE || c.confidence < EINVOICE_CONFIDENCE) {
          c = { docType: INVOICE_TYPE, confidence: EINVOICE_CONFIDENCE, runnersUp: [...(c.docType === INVOICE_TYPE ? [] : [c]), ...c.runnersUp.filter((r) => r.docType !== INVOICE_TYPE)].slice(0, 3) };
        }
      }
      doc.docType = c.docType;
      doc.confidence = c.confidence;
      doc.runnersUp = c.runnersUp.map((r) => ({ docType: r.docType, confidence: r.confidence }));
      if (c.confidence >= settings.minConfidence && c.docType !== 'fallback') {
        // A line asks for a document type, or for any document of a kind ("Photo ID": identity).
        const kind = kinds.get(c.docType);
        const room = (l: (typeof lines)[number]) => l.maxCount === null || (filed.get(l.id) ?? 0) < l.maxCount;
        const fits = (l: (typeof lines)[number]) => (l.docType === c.docType || (kind !== undefined && l.docType === kind)) && room(l);
        const declared = lines.find((l) => l.id === file.expected_doc_id);
        const line = declared && fits(declared) ? declared : (lines.find((l) => l.docType === c.docType && room(l)) ?? lines.find(fits));
        if (line) {
          doc.expectedDocId = line.id;
          if (counts) filed.set(line.id, (filed.get(line.id) ?? 0) + 1);
          doc.settled = settings.settleAbove !== null && c.confidence >= settings.settleAbove;
        }
      }
      const typeName = names.get(doc.docType) ?? (doc.docType === 'fallback' ? 'Document' : doc.docType);
      const line = lines.find((l) => l.id === doc.expectedDocId);
      doc.title = `${line?.name ?? typeName}, pages ${Math.min(...doc.pages)}–${Math.max(...doc.pages)} of ${file.name}`;
      doc.suggestedName = `${slug(`${ws.app.applicant_name} ${typeName}`) || 'document'}-p${Math.min(...doc.pages)}-${Math.max(...doc.pages)}.pdf`;
      ws.documents.push(doc);
      if (counts) pagesDone += doc.pages.length;
    }
    await ws.progress(pagesDone);
  }
  for (const d of ws.documents) {
    ws.rows.push({
      actor: 'system',
      action: 'document.proposed',
      target: `document:${d.address}`,
      detail: {
        docType: d.docType,
        confidence: d.confidence,
        ...(d.expectedDocId ? { expectedDocId: d.expectedDocId } : {}),
        pages: d.pages,
        settled: d.settled,
        ...(d.splitOf ? { splitOf: d.splitOf, splitConfirmed: d.splitConfirmed } : {}),
        ...(!d.splitConfirmed && !d.splitOf ? { splitProposed: true } : {}),
        ...(d.source ? { source: d.source } : {}),
      },
    });
  }
}
