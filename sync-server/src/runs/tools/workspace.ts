import type { LedgerAppend } from '../../ledger/service.js';
import type { ApplicationRow, FileRow, RunRow } from '../../applications/rows.js';
import type { AnalyzerPort, AnalyzerSchema, CatalogueType, DocumentTyper, EInvoice, ExtractedField, ParsedPage, PreflightFlag } from '../analyzer-port.js';
import type { DocumentSplitter } from '../document-splitter.js';
import type { IngestedDocument, IngestedFile } from '../ingested.js';
import type { KeyDataReader } from '../key-data-reader.js';

/** A document a run proposes, as the tools build it up before the run lands. */
export interface WorkDocument {
  address: string;
  fileId: string;
  pages: number[];
  title: string;
  docType: string;
  confidence: number;
  runnersUp: { docType: string; confidence: number }[];
  boundaryConfidence: number;
  expectedDocId: string | null;
  settled: boolean;
  suggestedName: string;
  keyData: Record<string, unknown>;
  keyFields: Record<string, ExtractedField>;
  findings: { check: string; code: string; note: string }[];
  splitConfirmed: boolean;
  splitOf: string | null;
  /** The e-invoice its file embeds, when this is the invoice it describes: extraction takes its values. */
  einvoice?: EInvoice;
  /** Where its boundaries and type came from when not the built-in analyzer: `analysis:<id>`, `model:<name>`, `parse`. */
  source?: string;
  /** The analysis ingest's document it is: extraction takes its key data instead of reading the pages. */
  ingested?: IngestedDocument;
}

/** What the tools of one run work on, in memory; the engine writes it in one transaction when the run lands. */
export interface RunWorkspace {
  app: ApplicationRow;
  run: RunRow;
  /** The files the run covers, in case order. */
  files: FileRow[];
  /** Each file's pages as read, an analysis ingest's lines in place where it gave them. */
  pagesByFile: Map<string, ParsedPage[]>;
  /** The analysis ingests in force for the run's files (spec tag `analysis`), by file. */
  ingested: Map<string, IngestedFile>;
  flagsByFile: Map<string, PreflightFlag[]>;
  /** The organization's document types (its marked chain), with their kinds. */
  catalogue: CatalogueType[];
  typer: DocumentTyper;
  analyzer: AnalyzerPort;
  /** Reads key data on the engine the organization chose for the `extract` stage (built-in or a model). */
  extractor: KeyDataReader;
  /** Splits files into documents on the engine chosen for the `classify` stage (built-in or a model, which types them too). */
  splitter: DocumentSplitter;
  /** The e-invoice a file embeds as XML (Factur-X, ZUGFeRD, XRechnung), read once per file on the analyzer. */
  einvoiceOf(fileId: string): Promise<EInvoice | undefined>;
  /** PNG images of a file's pages, for a model that reads images. */
  pageImages(fileId: string, pages: number[]): Promise<Map<number, Uint8Array>>;
  /** The schema extraction reads for a type (spec Part 9.7), as the analyzer takes it. */
  schemaFor(docType: string): Promise<AnalyzerSchema | undefined>;
  /** Documents earlier runs filed on the case: they count towards its lines too. */
  earlier: { address: string; expectedDocId: string | null; settled: boolean }[];
  documents: WorkDocument[];
  report: unknown;
  /** Ledger rows to append when the run lands, in order. */
  rows: Omit<LedgerAppend, 'orgId' | 'applicationId'>[];
  now: Date;
  signal: AbortSignal;
  /** Reports progress within the step: pages of the run's documents done. */
  progress(pagesDone: number): Promise<void>;
}

/** The behaviour of a workflow tool, keyed by the tool id the library registers. */
export type ToolBehaviour = (ws: RunWorkspace, settings: Record<string, unknown>) => Promise<void>;

export const pagesOfDocument = (ws: RunWorkspace, d: WorkDocument): ParsedPage[] => {
  const byNumber = new Map((ws.pagesByFile.get(d.fileId) ?? []).map((p) => [p.page, p]));
  return d.pages.map((n) => byNumber.get(n)).filter((p): p is ParsedPage => p !== undefined);
};

/**
 * Whether a document a run proposes is listed: a piece of a range read as several documents is
 * held beside the range (listed whole) until its split is confirmed (spec Part 2, rule 1).
 */
export const isListed = (d: Pick<WorkDocument, 'splitOf' | 'splitConfirmed'>): boolean => d.splitOf === null || d.splitConfirmed;

/** Stops a tool between documents when the run was cancelled or ran out of time. */
export function checkAborted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The run was stopped');
}
