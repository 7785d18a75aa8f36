import { z } from 'zod';
import { Organization } from '../contract/access.js';
import { Application, ApplicationListing } from '../contract/applications.js';
import { DocumentBundle, SavedSection } from '../contract/bundles.js';
import { ApproveDocumentInput, CorrectKeyDataInput, DocumentDecision, DocumentEntry } from '../contract/documents.js';
import { ExpectedDocList } from '../contract/expected-doc-lists.js';
import { DocTypeExtractionSchema } from '../contract/extraction-schemas.js';
import { IntelTemplate } from '../contract/intel.js';
import { LedgerEvent } from '../contract/ledger.js';
import { LibrarySource } from '../contract/library.js';
import { Workflow } from '../contract/workflows.js';

/**
 * The collections the desktop replicates (`/sync/<name>`), each defined once: the zod schema of
 * its documents, which the server answers pulls with and the client's RxDB schema is generated
 * from (`@portal/shared/client`), and the client-side names. Every collection but one is
 * read-only over sync: changes go through the REST API or the collaborative editor. The one the
 * client writes is `decision-requests`: a reviewer's decisions made offline, which the server
 * applies through the same services as the REST API and answers with their outcome.
 *
 * The case collections are the caller organization's cases as the REST API shows them, one
 * document per case, listed document, decision and ledger row; each carries `applicationId`.
 */

const VersionKeyId = z.string().max(300).describe('`own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts).');

/** A library version as replicated: its version key and the REST shape of the version. */
export const ListVersionDocument = z.object({ id: VersionKeyId, list: ExpectedDocList });
export const WorkflowVersionDocument = z.object({ id: VersionKeyId, workflow: Workflow });
export const IntelTemplateVersionDocument = z.object({ id: VersionKeyId, template: IntelTemplate });
/** An extraction schema version (its `id` is the document type's): what card labels and value editors read offline. */
export const ExtractionSchemaVersionDocument = z.object({ id: VersionKeyId, schema: DocTypeExtractionSchema });
/** The organization's default per kind of library item: `id` is the kind (`expected-doc-list`, `workflow`). */
export const LibraryDefaultDocument = z.object({ id: z.string().max(300), targetId: z.string(), targetSource: LibrarySource });

const ApplicationId = z.string().max(64).describe('The case.');

/** A case as GET /applications/{id} shows it (its source files included), with the listing's counts. */
export const ApplicationSyncDocument = Application.extend({
  // Optional here only: copies stored before v1 of the collection lack it until pulled again.
  expectedDocs: Application.shape.expectedDocs.optional(),
  docsFiled: ApplicationListing.shape.docsFiled,
  docsTotal: ApplicationListing.shape.docsTotal,
});
/** One document of a case's list (GET /applications/{id}/documents), by case and address. */
export const CaseDocumentSyncDocument = DocumentEntry.extend({
  id: z.string().max(300).describe('`<applicationId>|<address>` (see `caseDocumentId`).'),
  applicationId: ApplicationId,
  position: z.number().int().min(0).describe('Its place in the case’s list (page order), from 0.'),
});
/** A decision as GET /applications/{id}/decisions shows it. */
export const DecisionSyncDocument = DocumentDecision.extend({ applicationId: ApplicationId });
/** A row of a case's ledger as GET /applications/{id}/events shows it. */
export const LedgerSyncDocument = LedgerEvent.extend({
  id: z.string().max(300).describe('`<applicationId>:<seq>` (see `ledgerRowId`).'),
  applicationId: ApplicationId,
});

const Instant = z.iso.datetime();

/**
 * What a decision request asks for: the document decisions (a corrected key value among them),
 * taking one of them back (`undo`), and "process anyway" at the gate.
 */
export const DecisionRequestKind = z.enum(['approve', 'settle', 'junk', 'bypass', 'correct', 'undo']);
export type DecisionRequestKind = z.infer<typeof DecisionRequestKind>;
/**
 * `pending` is the client's: made, not yet answered. The server stores every request it answers
 * with its outcome, and never a pending one.
 */
export const DecisionRequestState = z.enum(['pending', 'applied', 'conflict', 'refused']);
export type DecisionRequestState = z.infer<typeof DecisionRequestState>;

/**
 * A reviewer's decision made on the desktop, possibly offline, pushed for the server to apply
 * (`decision-requests`, the one collection the client writes). The server applies a pending one
 * once (by `id`) through the same services as the REST operations, and answers with its outcome:
 * `applied` (with the decision), `conflict` (another decision came first: who decided what and
 * when), or `refused` (the REST operation's 400, 403 or 404, in `error`).
 */
export const DecisionRequestDocument = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .describe('Made by the client (a UUID, say); a request pushed again with the same id is answered with its outcome, never applied twice.'),
  applicationId: ApplicationId,
  kind: DecisionRequestKind,
  address: z
    .string()
    .min(1)
    .max(160)
    .optional()
    .describe('approve, settle, junk, correct: the document’s address `<fileId>:p<first>-<last>` (or a proposed piece’s). bypass: `run:<n>`, the run the reviewer saw held at the gate (a conflict when the case moved on to another); omitted: whichever run holds it. undo: optional, the address of the decision taken back, for the reviewer’s eyes (the server goes by `decisionId`).'),
  decisionId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('undo only (and required there): the decision to take back (GET /applications/{id}/decisions), as in POST …/decisions/{decisionId}/undo. A conflict when it was undone already, or a later decision depends on it; refused (404) when the case has no such decision.'),
  expectedDocId: ApproveDocumentInput.shape.expectedDocId.describe('approve only: as in POST …/approve.'),
  spans: ApproveDocumentInput.shape.spans.describe('approve and junk only: as in POST …/approve and …/junk.'),
  field: z.string().min(1).max(80).optional().describe('correct only: the key field, as in PUT …/key-data/{field}.'),
  value: CorrectKeyDataInput.shape.value.optional().describe('correct only: the value, as in PUT …/key-data/{field} (`null` clears the field; required for a correction).'),
  decidedBy: z.string().min(1).max(200).optional().describe('Who decides; defaults to the pusher’s name (the server fills it in).'),
  madeAt: Instant.describe('When the reviewer decided, by the client’s clock (informative: the server orders decisions by when they reach it).'),
  state: DecisionRequestState,
  result: z
    .object({
      appliedAt: Instant,
      decisionId: z.string().optional().describe('The decision made (GET /applications/{id}/decisions); none for a bypass.'),
    })
    .optional()
    .describe('applied: what was made.'),
  conflict: z
    .object({
      reason: z.string().describe('What the server answered, in words (the REST 409’s `error`).'),
      decisionId: z.string().optional(),
      decidedBy: z.string().optional().describe('Who made the decision in the way.'),
      decidedAt: Instant.optional(),
      decisionKind: DecisionRequestKind.optional(),
      address: z.string().optional().describe('What it was made on: a document’s address, or `run:<n>`.'),
    })
    .optional()
    .describe('conflict: the decision that came first, when one holds the pages (or the run) now; only `reason` when none does (the case was run again, or that decision was undone).'),
  error: z
    .object({ status: z.number().int(), message: z.string() })
    .optional()
    .describe('refused: the status and `error` the REST operation answers.'),
});

/** The id of a listed document: its address is unique within its case. */
export const caseDocumentId = (applicationId: string, address: string) => `${applicationId}|${address}`;
export function parseCaseDocumentId(id: string): { applicationId: string; address: string } | null {
  const bar = id.indexOf('|');
  return bar > 0 && bar < id.length - 1 ? { applicationId: id.slice(0, bar), address: id.slice(bar + 1) } : null;
}
/** The id of a ledger row: its number is unique within its case. */
export const ledgerRowId = (applicationId: string, seq: number) => `${applicationId}:${seq}`;
export function parseLedgerRowId(id: string): { applicationId: string; seq: number } | null {
  const m = /^(.+):([1-9][0-9]{0,9})$/.exec(id);
  return m ? { applicationId: m[1]!, seq: Number(m[2]) } : null;
}

/** What every replicated document carries besides its own fields: the server rev of its state. */
export const ServerRev = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('The server rev of this state of the document.');

export const syncCollections = {
  'expected-doc-lists': { local: 'lists', document: ListVersionDocument, version: 1 },
  workflows: { local: 'workflows', document: WorkflowVersionDocument, version: 1 },
  'intel-templates': { local: 'intel_templates', document: IntelTemplateVersionDocument, version: 1 },
  'extraction-schemas': { local: 'extraction_schemas', document: ExtractionSchemaVersionDocument, version: 0 },
  'document-bundles': { local: 'bundles', document: DocumentBundle, version: 1 },
  'saved-sections': { local: 'saved_sections', document: SavedSection, version: 1 },
  'library-defaults': { local: 'library_defaults', document: LibraryDefaultDocument, version: 1 },
  organization: { local: 'organization', document: Organization, version: 1 },
  applications: { local: 'applications', document: ApplicationSyncDocument, version: 3 },
  'case-documents': { local: 'case_documents', document: CaseDocumentSyncDocument, version: 5 },
  decisions: { local: 'decisions', document: DecisionSyncDocument, version: 2 },
  ledger: { local: 'ledger', document: LedgerSyncDocument, version: 2 },
  'decision-requests': { local: 'decision_requests', document: DecisionRequestDocument, version: 3 },
} as const satisfies Record<string, { local: string; document: z.ZodObject; version: number }>;
export type SyncCollectionName = keyof typeof syncCollections;

/** A document of a collection as the client keeps it: the document and its server rev. */
export type Replicated<D> = D & { serverRev: number };
export type ListVersionDoc = Replicated<z.infer<typeof ListVersionDocument>>;
export type WorkflowVersionDoc = Replicated<z.infer<typeof WorkflowVersionDocument>>;
export type IntelTemplateVersionDoc = Replicated<z.infer<typeof IntelTemplateVersionDocument>>;
export type ExtractionSchemaVersionDoc = Replicated<z.infer<typeof ExtractionSchemaVersionDocument>>;
export type BundleDoc = Replicated<DocumentBundle>;
export type SavedSectionDoc = Replicated<SavedSection>;
export type LibraryDefaultDoc = Replicated<z.infer<typeof LibraryDefaultDocument>>;
export type OrganizationDoc = Replicated<Organization>;
export type ApplicationDoc = Replicated<z.infer<typeof ApplicationSyncDocument>>;
export type CaseDocumentDoc = Replicated<z.infer<typeof CaseDocumentSyncDocument>>;
export type DecisionDoc = Replicated<z.infer<typeof DecisionSyncDocument>>;
export type LedgerEventDoc = Replicated<z.infer<typeof LedgerSyncDocument>>;
export type DecisionRequestDoc = Replicated<z.infer<typeof DecisionRequestDocument>>;
