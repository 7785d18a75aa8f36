import { z } from 'zod';
import { INT4_MAX } from './numbers.js';

/** `<fileId>:p<first>-<last>` (spec Part 2): a document's identity, and a span of pages. */
export const ADDRESS_PATTERN = /^([A-Za-z0-9_-]{1,64}):p([1-9][0-9]{0,5})-([1-9][0-9]{0,5})$/;

/** The file and page range of an address or span text; null when it is not one (or last < first). */
export function parseAddress(text: string): { fileId: string; first: number; last: number } | null {
  const m = ADDRESS_PATTERN.exec(text);
  if (!m) return null;
  const first = Number(m[2]);
  const last = Number(m[3]);
  return last < first ? null : { fileId: m[1]!, first, last };
}

export const DocumentSpan = z
  .object({
    fileId: z.string().min(1).max(64),
    pages: z.array(z.number().int().min(1).max(INT4_MAX)).min(1).max(5000).describe('Page numbers of the source file, in document order.'),
  })
  .meta({ id: 'DocumentSpan', description: 'Pages of one source file that belong to a document (spec Part 2).' });
export type DocumentSpan = z.infer<typeof DocumentSpan>;

export const DocumentFinding = z
  .object({
    check: z
      .string()
      .describe('The workflow tool that raised it: `expiry-check`, `applicant-name-match`; or `expected-docs` when the case’s expected documents changed under a filing.'),
    code: z
      .string()
      .describe(
        '`expired`, `expiring_soon` (within the workflow’s `warnWithinDays`), `expiry_date_missing`, `applicant_not_named` (no line names the applicant), `name_mismatch` (a name field was read and is not the applicant’s), `line_removed` (it was filed against a line the case no longer has: it is listed unmatched and waits for a person to file it again).',
      ),
    note: z.string().describe('What a reviewer should check, in words.'),
  })
  .meta({ id: 'DocumentFinding', description: 'Something a check of the workflow found on a document for a person to look at (also a `document.flagged` ledger row).' });

export const KeyFieldProvenance = z
  .object({
    confidence: z.number().min(0).max(1).describe('How sure the reader is of the value, 0 to 1.'),
    fileId: z.string().describe('The source file the value was read from.'),
    page: z.number().int().min(1).describe('The page of that file.'),
    line: z.number().int().min(0).describe('The line of that page (0-based, in reading order, as `GET /applications/{id}/text` lists them).'),
    corrected: z
      .object({
        decisionId: z.string().describe('The `correct` decision (undo it to go back to the value read).'),
        decidedBy: z.string(),
        authenticatedAs: z.string(),
        decidedAt: z.string().describe('ISO 8601.'),
        onPage: z
          .boolean()
          .describe('Whether the value was found printed on the document’s pages: `page` and `line` are then where; otherwise they are where the reader had read the field (or the document’s first line).'),
      })
      .optional()
      .describe('Present when a person set the value (PUT …/key-data/{field}): `confidence` is then 1.'),
    learned: z
      .object({
        examples: z.number().int().min(1).describe('How many of the organization’s corrected documents of this layout agreed on where to read it.'),
        confirmed: z
          .boolean()
          .describe(
            'Whether one of those corrections is confirmed: made by a Manager, or by someone whose correction a second person then approved (the corrected document, or a later one carrying a value it read). Until then `confidence` is 0.6 at most: the value needs review.',
          ),
      })
      .optional()
      .describe(
        'Present when the value was read where the organization’s own corrections of documents of this layout say it is printed (the run’s learned reader), rather than by the built-in reader alone; `confidence` is the learned reader’s.',
      ),
    source: z
      .string()
      .optional()
      .describe(
        'Where the value came from when the built-in reader did not read it off the page: `analysis:<ingestId>` (an integrator’s own engine, `POST /applications/{id}/files/{fileId}/analysis`; `confidence` is the one it gave), `model:<name>` (the model chosen for the extract stage), or the e-invoice XML the PDF embeds. Absent: the built-in reader (or a person, `corrected`).',
      ),
    disputed: z
      .object({
        value: z.unknown().describe('The other reading, in the field’s form.'),
        confidence: z.number().min(0).max(1),
        page: z.number().int().min(1).describe('Where it was read, in the same file as the value’s.'),
        line: z.number().int().min(0),
        by: z.enum(['reader', 'learned']).describe('`reader`: the built-in reader’s (the learned value shown overruled it); `learned`: the organization’s learned reader’s (the built-in reader’s value shown stood).'),
        examples: z.number().int().min(1).optional().describe('learned: how many corrected documents read it.'),
        confirmed: z.boolean().optional().describe('learned: whether one of those corrections is confirmed.'),
      })
      .optional()
      .describe(
        'Present when the built-in reader and the organization’s learned reader read the field differently: the reading not shown, kept for a person to choose. A learned value never overrules a reading the built-in reader stands behind (0.7 and up: its checks passed) unless its corrections are confirmed, and never silently: the field is in `needsReview.fields` whatever either confidence.',
      ),
  })
  .meta({ id: 'KeyFieldProvenance', description: 'Our addition: how sure a key value is, and where it was read (or who set it).' });

export const ProposedSplit = z
  .object({
    address: z.string().describe('The piece’s address once the split is confirmed; approve it to confirm the split and file that piece.'),
    spans: z.array(DocumentSpan),
    docType: z.string(),
    confidence: z.number().min(0).max(1).describe('Classification confidence of the piece’s type.'),
    boundaryConfidence: z.number().min(0).max(1).describe('How sure the splitter is that a new document starts at the piece’s first page.'),
  })
  .meta({ id: 'ProposedSplit', description: 'Our addition: one piece of a proposed split of a range listed whole (rule 1 of spec Part 2).' });

export const DocumentAlternative = z
  .object({ docType: z.string(), confidence: z.number().min(0).max(1) })
  .meta({ id: 'DocumentAlternative', description: 'Our addition: a next most likely document type, with the classifier’s confidence.' });

export const DocumentApproval = z
  .object({
    outcome: z
      .enum(['approved', 'settled'])
      .describe('`approved`: filed, a PDF cut from the packet (`approvedDocId`). `settled`: a person is done with it without filing (no PDF).'),
    decidedBy: z.string().describe('Who decided, as they said (defaults to the user’s or key’s name).'),
    authenticatedAs: z.string().describe('What the decider proved: `user:<email>`, `apiKey:<id>`, `guest:<id>`.'),
    decisionId: z.string().describe('Our addition: the decision, to undo it (POST /applications/{id}/decisions/{decisionId}/undo).'),
    decidedAt: z.string().describe('Our addition: ISO 8601.'),
    approvedDocId: z.string().optional().describe('Identifies the filed PDF: GET /applications/{id}/approved-docs/{approvedDocId}/file. Present when `approved`.'),
    expectedDocId: z
      .string()
      .optional()
      .describe('The line the person filed it against, or `"unmatched"` when they kept a document that matches no line. Absent on `settled`.'),
  })
  .meta({ id: 'DocumentApproval', description: 'A person’s decision on a document (spec Part 2 `approval.*`).' });

export const DocumentEntry = z
  .object({
    address: z.string().describe('`<fileId>:p<first>-<last>`: the first span’s file and its first and last page. The identity; no minted id. Stable across runs for pages that did not move.'),
    title: z.string(),
    spans: z.array(DocumentSpan).describe('The pages, per file, in document order. Several spans when a person set boundaries across files.'),
    settled: z.boolean().describe('`false`: it still waits for a person (or the workflow settled it, `settleAbove`).'),
    document: z
      .object({
        suggestedName: z.string().describe('A file name for the filed PDF.'),
        extractKeyData: z
          .record(z.string(), z.unknown())
          .describe('The key fields of its type’s active extraction schema that were read: field → value (dates ISO 8601, money as numbers, names as written).'),
        keyFields: z.record(z.string(), KeyFieldProvenance).describe('Our addition: for each key of `extractKeyData`, its confidence and the page and line it was read from.'),
        docType: z.string().describe('Our addition: the document type the classifier read; `fallback` when none.'),
        confidence: z.number().min(0).max(1).describe('Our addition: the classifier’s confidence in `docType`.'),
        alternatives: z.array(DocumentAlternative).describe('Our addition: the next most likely types, most likely first.'),
        findings: z
          .array(DocumentFinding)
          .describe('Our addition: what the workflow’s checks found (expiry, applicant name), and a filing whose line the case no longer has (`expected-docs`, `line_removed`).'),
        needsReview: z
          .object({
            type: z.boolean().describe('The type’s confidence is under 0.7.'),
            boundary: z.boolean().describe('The confidence that a new document starts at its first page is under 0.7.'),
            fields: z
              .array(z.string())
              .describe('Key fields read with a confidence under 0.7, or read differently by the built-in and the learned reader (`keyFields[…].disputed`); a value a person corrected is sure.'),
          })
          .describe(
            'Our addition: what the analyzer is unsure of. Confidences are calibrated on the development corpora (a 0.7 is right about 70 % of the time); the reviewer’s screens list documents with any of these first.',
          ),
        // Last: the compiled serializer writes optional properties after the required ones.
        source: z
          .string()
          .optional()
          .describe(
            'Our addition: where its boundaries and type came from when not the built-in analyzer: `analysis:<ingestId>` (an integrator’s own engine, POST /applications/{id}/files/{fileId}/analysis), `model:<name>` (the model chosen for the classify stage), `parse` (a run that only parsed: the whole file listed for people to split and file). Absent: the built-in splitter and classifier.',
          ),
      })
      .describe('What was read of it.'),
    proposedSplits: z
      .array(ProposedSplit)
      .describe(
        'Our addition: when the range reads as several documents and nobody confirmed the split yet, the pieces it would be listed as (rule 1); empty otherwise. Approving a piece’s address confirms the split.',
      ),
    expectedDocId: z.string().optional().describe('The line of the pinned list it is filed against. Absent when it matched no line: common, not an error.'),
    splitOf: z
      .string()
      .optional()
      .describe('Our addition: the address of the range this document was a proposed piece of, or the document a decision cut it from; absent when it was proposed as is.'),
    approval: DocumentApproval.optional().describe('Absent while nobody decided on it.'),
  })
  .meta({
    id: 'DocumentEntry',
    description:
      'One document of a case (spec Part 2). The list holds each page once: a range that reads as several documents is one entry until its split is confirmed (by a person approving a piece, or by the workflow: classify-and-file `followSplits`), then its pieces; a page approved into a document belongs only to it; a junked page is not listed.',
  });
export type DocumentEntry = z.infer<typeof DocumentEntry>;

const DecidedBy = z.string().trim().min(1).max(200).optional().describe('Who decides; defaults to the caller’s name (an API key’s name).');

export const ApproveDocumentInput = z
  .object({
    expectedDocId: z
      .string()
      .min(1)
      .max(80)
      .optional()
      .describe('File it against this line of the pinned list (400 when no such line), or `"unmatched"` to keep it as matching nothing. Omitted: the line it was proposed for (unmatched when none).'),
    spans: z
      .array(DocumentSpan)
      .min(1)
      .max(100)
      .optional()
      .describe(
        'New boundaries: the document is made of these pages, in this order, of any files of the case. They must include a page of the addressed document. Its other pages, and any other document’s pages taken, stay listed as documents of their own (cut from theirs, nothing re-read). Omitted: the addressed document’s pages.',
      ),
    decidedBy: DecidedBy,
  })
  .meta({
    id: 'ApproveDocumentInput',
    description: 'Approve (file) a document. Approving a proposed piece of a range listed whole (`proposedSplits[].address`) confirms that split.',
  });
export type ApproveDocumentInput = z.infer<typeof ApproveDocumentInput>;

export const JunkDocumentInput = z
  .object({
    spans: z
      .array(DocumentSpan)
      .min(1)
      .max(100)
      .optional()
      .describe('Junk only these pages of the document (the rest stays listed as a document of its own); omitted: all of its pages.'),
    decidedBy: DecidedBy,
  })
  .meta({ id: 'JunkDocumentInput', description: 'Junk a document: its pages leave the list (they stay in the source files and the ledger).' });
export type JunkDocumentInput = z.infer<typeof JunkDocumentInput>;

export const DocumentDecisionInput = z
  .object({ decidedBy: DecidedBy })
  .meta({ id: 'DocumentDecisionInput', description: 'A decision that takes nothing but who decides: settle, undo.' });
export type DocumentDecisionInput = z.infer<typeof DocumentDecisionInput>;

export const CorrectKeyDataInput = z
  .object({
    value: z
      .unknown()
      .describe(
        'The value in its field type’s form (`ExtractionFieldType`): text as printed, a date `yyyy-mm-dd`, money `{ "amount": "1234.56", "currency": "GBP" }` (an amount sent as a number is written with two decimals), a number, one of an enum’s `options`, true or false; an array of such for a `multiple` field. `null` clears the field: the document does not print it (it leaves `extractKeyData`). 400 when it is not of the field’s type.',
      ),
    decidedBy: DecidedBy,
  })
  .meta({
    id: 'CorrectKeyDataInput',
    description:
      'Our addition: set (or clear) one key value of a listed document, as a person read it. Required: `value` (send `null` to clear). The field must be one of the extraction schema of the document’s type: the type of the line it is filed against when that line asks for a type, else the type the run read.',
  });
export type CorrectKeyDataInput = z.infer<typeof CorrectKeyDataInput>;

export const DocumentDecision = z
  .object({
    id: z.string(),
    kind: z.enum(['approve', 'settle', 'junk', 'correct']).describe('`correct` (our addition): a person set or cleared one key value (`field`, `value`).'),
    address: z.string().describe('The document it was made on.'),
    spans: z.array(DocumentSpan).describe('The pages it took: approved into the document, junked, or settled.'),
    decidedBy: z.string(),
    authenticatedAs: z.string(),
    decidedAt: z.string(),
    expectedDocId: z.string().optional().describe('approve: the line, or `"unmatched"`.'),
    approvedDocId: z.string().optional(),
    field: z.string().optional().describe('correct: the key field set.'),
    value: z.unknown().optional().describe('correct: the value set; `null` when the person cleared the field.'),
    undone: z.object({ by: z.string(), authenticatedAs: z.string(), at: z.string() }).optional().describe('Present once undone.'),
  })
  .meta({ id: 'DocumentDecision', description: 'Our addition: a person’s decision on a case’s documents, as recorded (each is also a ledger row).' });
export type DocumentDecision = z.infer<typeof DocumentDecision>;

export const DecisionResult = z
  .object({
    decision: DocumentDecision,
    documents: z.array(DocumentEntry).describe('The case’s documents after the decision (as GET /applications/{id}/documents).'),
  })
  .meta({ id: 'DecisionResult', description: 'What a decision answers: itself and the list it produced.' });
export type DecisionResult = z.infer<typeof DecisionResult>;

export const CaseCompleteness = z
  .object({
    satisfied: z.number().int().describe('Lines not waived with at least `minCount` listed documents filed against them: the case listing’s `docsFiled`.'),
    total: z.number().int().describe('Lines the case is checked against, waived ones left out: the case listing’s `docsTotal`.'),
    lines: z.array(
      z.object({
        expectedDocId: z.string(),
        name: z.string(),
        requirement: z.enum(['required', 'optional']),
        have: z.number().int().describe('Listed documents filed against it (approved, settled, or proposed and waiting).'),
        approved: z.number().int().describe('Of those, approved by a person.'),
        need: z.number().int().describe('Its `minCount`.'),
        missing: z.boolean().describe('`have < need`, on a line not waived.'),
        waived: z.boolean().describe('Our addition (`sets`): a person waived the line for this case; it counts in neither `satisfied` nor `total`.'),
        origin: z.enum(['list', 'case']).describe('`list`: a line of the pinned list version; `case`: added by hand for this case.'),
      }),
    ),
    unmatched: z.array(z.string()).describe('Addresses of listed documents that match no line.'),
  })
  .meta({
    id: 'CaseCompleteness',
    description: 'Our addition: which lines of the pinned list the case’s documents satisfy now, after people’s decisions (a run records its own report as `case.completeness`).',
  });
export type CaseCompleteness = z.infer<typeof CaseCompleteness>;

const SpanText = z.string().regex(ADDRESS_PATTERN, 'must be <fileId>:p<first>-<last>');

export const PagesPdfQuery = z.object({
  span: z
    .union([SpanText, z.array(SpanText).min(1)])
    .describe('`<fileId>:p<first>-<last>`, repeatable: the pages to send, in the order given. 400 when malformed or past the file’s last page; 404 a file not of the case.'),
});

export const ApprovedDocFileQuery = z.object({
  kind: z.enum(['pdf', 'md']).optional().describe('`md`: the text of its pages as markdown, each page preceded by a `<!-- page <fileId>:p<n> -->` marker. Default: the PDF.'),
});

export const PageLineBox = z
  .object({
    x: z.number().describe('Left edge, from the page’s left edge.'),
    y: z.number().describe('Top edge, from the page’s top edge (y grows downwards).'),
    width: z.number().min(0),
    height: z.number().min(0),
  })
  .meta({ id: 'PageLineBox', description: 'Our addition: where a line sits on its page, in PDF points with the origin at the page’s top-left corner.' });

export const PageLine = z
  .object({
    line: z.number().int().min(0).describe('0-based index in the page’s reading order: what `KeyFieldProvenance.line` names.'),
    text: z.string().describe('The line as read (text layer or OCR).'),
    box: PageLineBox,
  })
  .meta({ id: 'PageLine', description: 'Our addition: one text line of a page, and where it sits.' });

export const PageLines = z
  .object({
    fileId: z.string(),
    page: z.number().int().min(1),
    width: z.number().describe('Page width in PDF points (1/72 inch).'),
    height: z.number().describe('Page height in PDF points.'),
    scan: z.boolean().describe('The page is painted as an image with no text layer: its lines were read by OCR (boxes are as close as OCR got).'),
    source: z
      .string()
      .describe('Where its lines came from: `text` (the PDF’s text layer), `ocr`, `none` (nothing readable), or `analysis:<ingestId>` (an integrator’s own engine, whose lines the run took instead of reading the page).'),
    lines: z.array(PageLine).describe('In reading order. Boxes in the page’s own units (points), origin at the top-left corner, y downwards: scale by the rendered width ÷ `width` to draw them over a page image.'),
  })
  .meta({
    id: 'PageLines',
    description:
      'Our addition (not in the spec): the text lines a run read on one page of a source file, with their boxes, so a viewer can highlight where a key value was read (`KeyFieldProvenance`).',
  });
export type PageLines = z.infer<typeof PageLines>;
