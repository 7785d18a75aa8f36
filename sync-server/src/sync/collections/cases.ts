import type { DocumentDecision, DocumentEntry, LedgerEvent } from '@portal/shared';
import { caseDocumentId, ledgerRowId, parseCaseDocumentId, parseLedgerRowId, syncCollections } from '@portal/shared/sync';
import { FILED_COUNTS, runFromJson } from '../../applications/repository.js';
import { docCounts, toApplication, type ApplicationRow, type FileRow } from '../../applications/rows.js';
import type { Queryable } from '../../db/db.js';
import type { DocumentService } from '../../documents/service.js';
import { toEvent, type LedgerRow } from '../../ledger/service.js';
import type { SyncChange, SyncCollection } from '../collection.js';

/** A case and the greatest rev of the rows one of its collections' documents are built from. */
interface CaseRev {
  id: string;
  rev: number;
}

/** The column naming the case in a source table. */
const caseColumn = (table: string) => (table === 'applications' ? 'id' : 'application_id');

/**
 * The greatest rev, per case, of the rows in `sources` (tables with `org_id`, `rev` and the case
 * column). A document built from several rows carries it as its rev: any of them changing moves
 * it, and it never moves back, since rows are updated (rev bumped) rather than removed, or leave a
 * tombstone. Two cases never share it: it is one row's rev.
 */
const greatestRev = (sources: readonly string[]) =>
  `greatest(${sources.map((t) => `(SELECT max(s.rev) FROM ${t} s WHERE s.${caseColumn(t)} = a.id)`).join(', ')})`;

/**
 * Cases of the organization whose greatest source rev is in `(after, below)`, oldest first. A case
 * with a source row at or above `below` waits whole, whatever else of it changed: its documents
 * would carry a rev past what is final. `having` narrows the cases (SQL on the case, alias `a`).
 */
async function changedCases(q: Queryable, orgId: string, sources: readonly string[], after: number, below: number | null, limit: number, having = 'true'): Promise<CaseRev[]> {
  const touched = sources.map((t) => `SELECT ${caseColumn(t)} AS id FROM ${t} WHERE org_id = $1 AND rev > $2`).join(' UNION ');
  const { rows } = await q.query<CaseRev>(
    // The touched cases first (materialized), so the greatest revs are computed for them only.
    `WITH touched AS MATERIALIZED (${touched}),
          revs AS (SELECT a.id, ${greatestRev(sources)} AS rev FROM touched t JOIN applications a ON a.id = t.id
                    WHERE a.org_id = $1 AND (${having}))
     SELECT id, rev FROM revs WHERE rev > $2 AND ($3::bigint IS NULL OR rev < $3) ORDER BY rev LIMIT $4`,
    [orgId, after, below, limit],
  );
  return rows;
}

/** The cases of `ids` that are the organization's, with their greatest source rev. */
async function caseRevs(q: Queryable, orgId: string, sources: readonly string[], ids: readonly string[]): Promise<CaseRev[]> {
  if (ids.length === 0) return [];
  const { rows } = await q.query<CaseRev>(
    `SELECT a.id, ${greatestRev(sources)} AS rev FROM applications a WHERE a.org_id = $1 AND a.id = ANY($2::text[]) ORDER BY 2`,
    [orgId, ids],
  );
  return rows;
}

type ApplicationDocument = ReturnType<typeof toApplication> & { docsFiled: number; docsTotal: number };

/**
 * The cases as GET /applications/{id} shows them, with the listing's counts, read in `q` in two
 * statements (cases with their current run and filed count, then their files).
 */
async function applicationDocuments(q: Queryable, orgId: string, cases: readonly CaseRev[]): Promise<SyncChange<ApplicationDocument>[]> {
  if (cases.length === 0) return [];
  const ids = cases.map((c) => c.id);
  const { rows } = await q.query<ApplicationRow & { deleted: boolean; run: Record<string, unknown> | null; filed_counts: Record<string, number> }>(
    // The counts are the listing's (applications/repository.ts listApplications).
    `SELECT a.*, (SELECT row_to_json(r) FROM runs r WHERE r.application_id = a.id AND r.n = a.current_run) AS run,
            ${FILED_COUNTS}
       FROM applications a WHERE a.org_id = $1 AND a.id = ANY($2::text[])`,
    [orgId, ids],
  );
  const files = await q.query<FileRow>('SELECT * FROM application_files WHERE application_id = ANY($1::text[]) AND removed_at IS NULL ORDER BY application_id, position', [ids]);
  const filesOf = new Map<string, FileRow[]>();
  for (const f of files.rows) filesOf.set(f.application_id, [...(filesOf.get(f.application_id) ?? []), f]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return cases.flatMap((c) => {
    const row = byId.get(c.id);
    if (!row) return [];
    const { run, filed_counts, deleted, ...app } = row;
    const doc = Object.assign(toApplication(app, runFromJson(run), filesOf.get(c.id) ?? []), docCounts(Object.assign({}, app, { filed_counts })));
    return [{ rev: c.rev, deleted, doc }];
  });
}

interface ListedRow {
  application_id: string;
  address: string;
  ord: number;
  entry: DocumentEntry;
  rev: number;
  deleted: boolean;
}

/** Listed documents and tombstones of documents no longer listed (migration 018), as one history. */
const LISTED = `SELECT application_id, address, ord, entry, rev, false AS deleted, org_id FROM case_documents
                UNION ALL
                SELECT application_id, address, ord, entry, rev, true AS deleted, org_id FROM case_document_tombstones`;

const toCaseDocument = (r: ListedRow): SyncChange<DocumentEntry & { id: string; applicationId: string; position: number }> => ({
  rev: r.rev,
  deleted: r.deleted,
  doc: Object.assign({}, r.entry, { id: caseDocumentId(r.application_id, r.address), applicationId: r.application_id, position: r.ord }),
});

type CaseLedgerRow = Pick<LedgerRow, 'application_id' | 'seq' | 'at' | 'actor' | 'action' | 'target' | 'detail'> & { rev: number };

/** A row as GET /applications/{id}/events shows it (ledger/service.ts), with its case. */
const toLedgerDocument = (r: CaseLedgerRow): SyncChange<LedgerEvent & { id: string; applicationId: string }> => ({
  rev: r.rev,
  deleted: false,
  doc: { id: ledgerRowId(r.application_id, r.seq), applicationId: r.application_id, ...toEvent(r) },
});

export interface CaseCollectionsDeps {
  /** Decisions as the REST listing shows them: what each did to the list depends on the whole case. */
  documents: Pick<DocumentService, 'decisionsIn'>;
}

/**
 * The caller organization's cases, as the desktop replicates them (right `cases.read`): the case
 * (its source files inside it), its listed documents, its decisions and its ledger. A case or a
 * decision is built from several rows, so its document carries the greatest rev among them
 * (`changedCases`); a listed document and a ledger row are one row each.
 */
export function caseCollections(deps: CaseCollectionsDeps): SyncCollection[] {
  const applicationSources = ['applications', 'runs', 'application_files', 'case_documents', 'case_document_tombstones'];
  const applications: SyncCollection<ApplicationDocument> = {
    name: 'applications',
    description:
      'Your organization’s cases, one document per case: GET /applications/{id} (the source files included) with the listing’s `docsFiled` and `docsTotal`. A case comes again whenever its run moves, its files change or its list of documents changes.',
    right: 'cases.read',
    tables: applicationSources,
    document: syncCollections.applications.document,
    readOnlyReason: 'cases are created and fed with POST /applications, POST /applications/{id}/files and the run operations.',
    async changes(q, scope, after, below, limit) {
      return applicationDocuments(q, scope.orgId, await changedCases(q, scope.orgId, applicationSources, after, below, limit));
    },
    async byIds(q, scope, ids) {
      return applicationDocuments(q, scope.orgId, await caseRevs(q, scope.orgId, applicationSources, ids));
    },
  };

  const caseDocuments: SyncCollection<ReturnType<typeof toCaseDocument>['doc']> = {
    name: 'case-documents',
    description:
      'The documents of your organization’s cases, one per listed document (GET /applications/{id}/documents), `id` `<applicationId>|<address>`, with its case and its place in the list. A document that leaves the list (junked, replaced by its pieces or by new boundaries) comes deleted.',
    right: 'cases.read',
    tables: ['case_documents', 'case_document_tombstones'],
    document: syncCollections['case-documents'].document,
    readOnlyReason: 'documents are decided on with the approve, settle and junk operations.',
    oneStatement: true,
    async changes(q, scope, after, below, limit) {
      const { rows } = await q.query<ListedRow>(
        `SELECT * FROM (${LISTED}) l WHERE l.org_id = $1 AND l.rev > $2 AND ($3::bigint IS NULL OR l.rev < $3) ORDER BY l.rev LIMIT $4`,
        [scope.orgId, after, below, limit],
      );
      return rows.map(toCaseDocument);
    },
    async byIds(q, scope, ids) {
      const keys = ids.flatMap((id) => parseCaseDocumentId(id) ?? []);
      if (keys.length === 0) return [];
      const { rows } = await q.query<ListedRow>(
        `SELECT l.* FROM (${LISTED}) l JOIN unnest($2::text[], $3::text[]) AS k(application_id, address) USING (application_id, address) WHERE l.org_id = $1`,
        [scope.orgId, keys.map((k) => k.applicationId), keys.map((k) => k.address)],
      );
      return rows.map(toCaseDocument);
    },
  };

  // What each decision did depends on the case's proposals, files and other decisions.
  const decisionSources = ['document_decisions', 'application_documents', 'application_files'];
  const hasDecisions = 'EXISTS (SELECT 1 FROM document_decisions x WHERE x.application_id = a.id)';
  type DecisionDocument = DocumentDecision & { applicationId: string };
  /** Every decision of each case, carrying the case's rev: a page always ends after a whole case. */
  const decisionDocuments = async (q: Queryable, orgId: string, cases: readonly CaseRev[], limit = Infinity): Promise<SyncChange<DecisionDocument>[]> => {
    if (cases.length === 0) return [];
    const { rows } = await q.query<ApplicationRow>('SELECT * FROM applications WHERE org_id = $1 AND id = ANY($2::text[])', [orgId, cases.map((c) => c.id)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: SyncChange<DecisionDocument>[] = [];
    for (const c of cases) {
      if (out.length >= limit) break;
      const app = byId.get(c.id);
      if (!app) continue;
      for (const d of await deps.documents.decisionsIn(q, app)) out.push({ rev: c.rev, deleted: false, doc: Object.assign({}, d, { applicationId: c.id }) });
    }
    return out;
  };
  const decisions: SyncCollection<DecisionDocument> = {
    name: 'decisions',
    description:
      'The decisions on your organization’s cases’ documents, undone ones included, as GET /applications/{id}/decisions shows them, with their case. What a decision took depends on the rest of its case, so every decision of a case comes again when one of them, a proposal or a file of the case changes; they all carry the same `serverRev`.',
    right: 'cases.read',
    tables: decisionSources,
    document: syncCollections.decisions.document,
    readOnlyReason: 'decisions are made with POST /applications/{id}/documents/{address}/approve, settle or junk, and undone with POST /applications/{id}/decisions/{decisionId}/undo.',
    async changes(q, scope, after, below, limit) {
      return decisionDocuments(q, scope.orgId, await changedCases(q, scope.orgId, decisionSources, after, below, limit, hasDecisions), limit);
    },
    async byIds(q, scope, ids) {
      if (ids.length === 0) return [];
      const { rows } = await q.query<{ application_id: string }>('SELECT DISTINCT application_id FROM document_decisions WHERE org_id = $1 AND id = ANY($2::text[])', [scope.orgId, ids]);
      const cases = await caseRevs(q, scope.orgId, decisionSources, rows.map((r) => r.application_id));
      const wanted = new Set(ids);
      return (await decisionDocuments(q, scope.orgId, cases)).filter((c) => wanted.has(c.doc.id));
    },
  };

  const ledger: SyncCollection<ReturnType<typeof toLedgerDocument>['doc']> = {
    name: 'ledger',
    description: 'The ledgers of your organization’s cases, one document per row (GET /applications/{id}/events), `id` `<applicationId>:<seq>`, with its case. Rows are never changed nor deleted.',
    right: 'cases.read',
    tables: ['ledger'],
    document: syncCollections.ledger.document,
    readOnlyReason: 'the ledger is append-only, written by the server with every change to a case.',
    oneStatement: true,
    async changes(q, scope, after, below, limit) {
      const { rows } = await q.query<CaseLedgerRow>(
        'SELECT * FROM ledger WHERE org_id = $1 AND rev > $2 AND ($3::bigint IS NULL OR rev < $3) ORDER BY rev LIMIT $4',
        [scope.orgId, after, below, limit],
      );
      return rows.map(toLedgerDocument);
    },
    async byIds(q, scope, ids) {
      const keys = ids.flatMap((id) => parseLedgerRowId(id) ?? []);
      if (keys.length === 0) return [];
      const { rows } = await q.query<CaseLedgerRow>(
        'SELECT l.* FROM ledger l JOIN unnest($2::text[], $3::int[]) AS k(application_id, seq) USING (application_id, seq) WHERE l.org_id = $1',
        [scope.orgId, keys.map((k) => k.applicationId), keys.map((k) => k.seq)],
      );
      return rows.map(toLedgerDocument);
    },
  };

  // A stream reads its dirty collections in this order: the documents a reviewer acts on first,
  // the case (its counts, a costlier read of several tables) after them.
  return [caseDocuments, decisions, applications, ledger] as unknown as SyncCollection[];
}
