import { z } from 'zod';

/**
 * The spec tag `analysis` ("analysis ingest"): an integrator posts what its own engine read of one
 * source file of a case, and the run that reads the file takes it instead of reading those pages
 * itself. The spec shows none of it (Part 4 "Gaps"): formats, bounds and precedence are decided
 * here and in the operation's description.
 */

export const ANALYSIS_FORMATS = ['prediction', 'azure-document-intelligence'] as const;
export type AnalysisFormatName = (typeof ANALYSIS_FORMATS)[number];

const PageNumber = z.number().int().min(1).max(100_000);
const Confidence = z.number().min(0).max(1);
const Text = z.string().max(10_000);

// ---- (a) the corpus scorer's prediction format (shared/corpus/score.mjs), with page text added

export const PredictionLine = z
  .object({
    text: Text,
    box: z
      .object({ x: z.number(), y: z.number(), width: z.number().min(0), height: z.number().min(0) })
      .describe('Where the line sits, in the units of its page’s `width` and `height`, origin at the page’s top-left corner, y downwards.'),
    confidence: Confidence.optional().describe('How sure the engine is of the text; default 1.'),
  })
  .meta({ id: 'PredictionLine', description: 'One text line of a page, in reading order.' });

export const PredictionPage = z
  .object({
    page: PageNumber,
    width: z.number().positive().describe('The page’s width in any unit (points, pixels, inches): boxes are read in proportion to it.'),
    height: z.number().positive(),
    lines: z.array(PredictionLine).max(5000).describe('In reading order: `fields[].line` and citations count them from 0.'),
  })
  .meta({ id: 'PredictionPage', description: 'Our addition to the scorer’s format: the text lines the engine read on one page.' });

export const PredictionDocument = z
  .object({
    pages: z.array(PageNumber).min(1).max(2000).describe('1-based pages of the file, in document order; no page in two documents.'),
    docType: z.string().min(1).max(64).describe('A document type of your marked catalogue chain (`fallback` for one the engine could not type).'),
    keyData: z
      .record(z.string().max(80), z.unknown())
      .optional()
      .describe('Field → value as the scorer reads them (DOC-TYPES.md: dates ISO, money {amount, currency}). Fields not of the type’s extraction schema, and values not of their field’s type, are left out and listed in `ignored`.'),
    confidence: Confidence.optional().describe('Of `docType`; default 1.'),
    boundaryConfidence: Confidence.optional().describe('That a document starts at its first page; default 1.'),
    runnersUp: z.array(z.object({ docType: z.string().max(64), confidence: Confidence })).max(10).optional().describe('The next most likely types.'),
    fields: z
      .record(
        z.string().max(80),
        z.object({
          confidence: Confidence.optional(),
          page: PageNumber.optional(),
          line: z.number().int().min(0).optional().describe('Index into that page’s `lines` of this ingest.'),
        }),
      )
      .optional()
      .describe('Per key: its confidence (default the document’s) and where it is printed (as `npm run analyze --details` prints). Without a page and line, the value is looked for on the document’s pages.'),
  })
  .meta({ id: 'PredictionDocument', description: 'A document of the scorer’s format: pages, type, key data; confidences are our addition.' });

export const PredictionPacket = z
  .object({
    packet: z.string().max(500).optional().describe('The file name the prediction was made for; informative.'),
    pageCount: PageNumber.optional().describe('Pages the engine saw; when given, must be the file’s.'),
    flags: z.array(z.unknown()).max(10_000).optional().describe('Ignored: red flags are our pre-flight’s and are never taken from elsewhere.'),
    documents: z.array(PredictionDocument).max(2000).describe('May be empty: the engine then says nothing of documents, and the run splits and types those pages itself.'),
    pages: z.array(PredictionPage).max(2000).optional().describe('Page text with line boxes; pages left out are read by the run as usual.'),
  })
  .meta({ id: 'PredictionPacket', description: 'One entry of the corpus scorer’s predictions (`score.mjs`): `{ packet, flags, documents }`, plus `pages` with their text.' });

// ---- (b) Azure AI Document Intelligence `analyzeResult` (REST API 2023-07-31 and later)

const Polygon = z.array(z.number()).min(8).max(64).describe('x1, y1, … x4, y4 in the page’s `unit`, clockwise from the top-left corner.');
const BoundingRegion = z.object({ pageNumber: PageNumber, polygon: Polygon.optional() });

/** What an Azure field carries, bar `valueArray`: shared by a field and the items of its list. */
const azureFieldParts = {
  type: z.string().max(40).optional(),
  content: Text.optional(),
  confidence: Confidence.optional(),
  boundingRegions: z.array(BoundingRegion).max(100).optional(),
  valueString: Text.optional(),
  valueDate: z.string().max(40).optional(),
  valueTime: z.string().max(40).optional(),
  valueNumber: z.number().optional(),
  valueInteger: z.number().int().optional(),
  valueBoolean: z.boolean().optional(),
  valueSelectionMark: z.string().max(40).optional(),
  valuePhoneNumber: z.string().max(100).optional(),
  valueCountryRegion: z.string().max(100).optional(),
  valueCurrency: z.object({ amount: z.number(), currencyCode: z.string().max(10).optional(), currencySymbol: z.string().max(10).optional() }).optional(),
  valueAddress: z.record(z.string(), z.unknown()).optional(),
  valueObject: z.record(z.string(), z.unknown()).optional().describe('Ignored: our key data has no nested objects but money (`content` is taken when given).'),
};

export const AzureListItem = z
  .object({
    ...azureFieldParts,
    valueArray: z.array(z.unknown()).max(1000).optional().describe('A list inside a list: the field is left out (`ignored`); our list fields hold values.'),
  })
  .meta({
    id: 'AzureDocumentListItem',
    description: 'An item of an Azure field’s `valueArray`: a field of the same shape. Parts of the wrong type are a 400 naming them; an item that is an object (`valueObject`) or a list leaves the field out, listed in `ignored`.',
  });

export const AzureField = z
  .object({
    ...azureFieldParts,
    valueArray: z.array(AzureListItem).max(1000).optional().describe('Items are fields of this shape (not null, not bare values); a list with an item of `valueObject` is ignored.'),
  })
  .meta({ id: 'AzureDocumentField', description: 'A field of an Azure Document Intelligence document, as its REST API answers it.' });

export const AzureAnalyzeResult = z
  .object({
    apiVersion: z.string().max(40).optional(),
    modelId: z.string().max(200).optional(),
    content: z.string().optional().describe('Not read: lines are taken from `pages[].lines`.'),
    pages: z
      .array(
        z.object({
          pageNumber: PageNumber,
          width: z.number().positive(),
          height: z.number().positive(),
          unit: z.enum(['inch', 'pixel']).optional().describe('Of `width`, `height` and polygons; boxes are read in proportion to the page.'),
          angle: z.number().optional(),
          lines: z.array(z.object({ content: Text, polygon: Polygon.optional() })).max(5000).optional(),
          words: z.array(z.unknown()).optional().describe('Not read (lines are): leave them out to stay within the body limits.'),
        }),
      )
      .min(1)
      .max(2000),
    documents: z
      .array(
        z.object({
          docType: z.string().min(1).max(200).describe('Mapped to ours by `docTypeMap`, else taken as is, else its last `.`- or `:`-separated part (`idDocument.passport` → `passport`).'),
          boundingRegions: z.array(BoundingRegion).min(1).max(2000).describe('Its pages are the `pageNumber`s of its regions.'),
          fields: z.record(z.string().max(200), AzureField).optional(),
          confidence: Confidence.optional(),
        }),
      )
      .max(2000)
      .optional()
      .describe('Absent (a layout or read model): the run splits and types the file itself, on the ingested lines.'),
  })
  .meta({ id: 'AzureAnalyzeResult', description: 'The `analyzeResult` of an Azure AI Document Intelligence analyze operation (layout, prebuilt or custom models).' });

const Engine = z.string().trim().min(1).max(200).optional().describe('What produced it (a product and version): kept with the ingest and in the ledger.');

export const AnalysisIngestInput = z
  .discriminatedUnion('format', [
    z.object({
      format: z.literal('prediction'),
      engine: Engine,
      prediction: PredictionPacket,
    }),
    z.object({
      format: z.literal('azure-document-intelligence'),
      engine: Engine,
      analyzeResult: AzureAnalyzeResult,
      docTypeMap: z.record(z.string().max(200), z.string().max(64)).optional().describe('Azure `docType` → our document type.'),
      fieldMap: z
        .record(z.string().max(200), z.string().max(80))
        .optional()
        .describe('Azure field name → our key field; unmapped names are taken with their first letter lower-cased (`DateOfBirth` → `dateOfBirth`).'),
    }),
  ])
  .meta({
    id: 'AnalysisIngestInput',
    description:
      'Our addition: what an integrator’s own engine read of one source file. `format` `prediction`: the corpus scorer’s prediction format (one packet) with page text added; `azure-document-intelligence`: Azure AI Document Intelligence’s `analyzeResult`.',
  });
export type AnalysisIngestInput = z.infer<typeof AnalysisIngestInput>;

export const AnalysisIngest = z
  .object({
    id: z.string().describe('`ana_…`; documents and key values read from it carry `source` `analysis:<id>`.'),
    applicationId: z.string(),
    fileId: z.string(),
    format: z.enum(ANALYSIS_FORMATS),
    engine: z.string().nullable(),
    pages: z.array(z.number().int()).describe('Pages whose lines it gives (a run takes them instead of reading those pages).'),
    documents: z
      .array(z.object({ pages: z.array(z.number().int()), docType: z.string(), fields: z.array(z.string()).describe('Key fields kept, by name.') }))
      .describe('Documents it gives, with our document type; empty when it gives none (the run splits those pages itself).'),
    ignored: z
      .array(z.object({ where: z.string().describe('The path in the body, e.g. `prediction.documents[0].keyData.nickname`.'), why: z.string() }))
      .describe('What was left out and why: fields not of the type’s schema, values not of their field’s type.'),
    receivedBy: z.string().describe('Who sent it, as they proved it.'),
    receivedAt: z.string(),
    current: z.boolean().describe('The one a run of the file uses: the latest ingest of the file.'),
    usedByRun: z.number().int().nullable().describe('The run that read the file with it and landed; null until one did.'),
  })
  .meta({ id: 'AnalysisIngest', description: 'Our addition: an analysis of a source file received from an integrator’s own engine.' });
export type AnalysisIngest = z.infer<typeof AnalysisIngest>;
