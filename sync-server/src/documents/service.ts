import { caseCompleteness, newId, parseAddress, type CaseCompleteness, type PageLines, type DecisionResult, type DocumentDecision, type DocumentEntry, type DocumentSpan, type LedgerActionName } from '@portal/shared';
import type { ApplicationService } from '../applications/service.js';
import { expectedDocsOf, type ApplicationRow, type FileRow } from '../applications/rows.js';
import type { BlobStore } from '../blobs/blob-store.js';
import type { Clock } from '../clock.js';
import type { Db, Queryable } from '../db/db.js';
import { checkValue, locateValue, sameValue, type FieldSpec } from '../analyzer/learn/index.js';
import { badRequest, conflict, HttpError, notFound } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { LedgerService } from '../ledger/service.js';
import { CaseListing, DecisionRefused, type Applied, type CaseFiles, type Decision, type DecisionKind, type ListedDocument } from './listing.js';
import { frontMatter, pagesMarkdown } from './markdown.js';
import type { PdfCutter } from './pdf-cutter.js';
import * as repo from './repository.js';

/** Documents whose page texts `/text` reads at a time. */
const CASE_TEXT_BATCH = 25;

export interface DocumentServiceDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  ledger: LedgerService;
  applications: ApplicationService;
  /** Cuts pages out of packets on worker threads. */
  cutter: PdfCutter;
  /**
   * The extraction schema extraction resolves for a type, read through `q` (the library's): its
   * fields, and whether it is the type's own (`docType`) or a fallback rung.
   */
  schemaFor: (q: Queryable, orgId: string, docType: string) => Promise<{ own: boolean; fields: (FieldSpec & { name: string })[] } | undefined>;
}

/** A person's decision others learn from, as it is made (in its transaction): `learning/` listens. */
export interface DecidedEvent {
  orgId: string;
  applicationId: string;
  decisionId: string;
  /** approve: filed against a line (never `unmatched`); correct: a key value set or cleared. */
  kind: 'approve' | 'correct';
  /** The document as decided: its address and pages. */
  address: string;
  spans: DocumentSpan[];
  /** The type the run read. */
  readType: string;
  /** approve: the type (or kind) the line it was filed against asks for. */
  lineType: string | null;
  /** Who decided, as they proved it, and their role then: what a decision teaches depends on who made it (learning/). */
  authenticatedAs: string;
  role: Caller['role'];
  /** correct: the type whose schema the field is of, the field, its spec, the value set (null: cleared) and the one listed before. */
  docType?: string;
  field?: string;
  spec?: FieldSpec;
  value?: unknown;
  before?: unknown;
  at: Date;
}

export interface CorrectionRequest {
  address: string;
  field: string;
  /** The value in its field type's form; null clears the field; undefined is refused. */
  value: unknown;
  decidedBy?: string | undefined;
}

export interface DecisionRequest {
  kind: DecisionKind;
  address: string;
  spans?: DocumentSpan[] | undefined;
  /** approve: a line, or `unmatched`. */
  expectedDocId?: string | undefined;
  decidedBy?: string | undefined;
}

const toDecision = (d: repo.DecisionRow, applied?: Applied): DocumentDecision => ({
  id: d.id,
  kind: d.kind,
  address: applied?.address ?? d.address,
  spans: applied?.spans ?? d.spans ?? [],
  ...(d.kind === 'approve' ? { expectedDocId: d.unmatched ? 'unmatched' : (applied?.filed?.expectedDocId ?? d.expected_doc_id ?? 'unmatched') } : {}),
  ...(d.approved_doc_id ? { approvedDocId: d.approved_doc_id } : {}),
  ...(d.kind === 'correct' ? { field: d.field ?? '', value: d.value ?? null } : {}),
  decidedBy: d.decided_by,
  authenticatedAs: d.authenticated_as,
  decidedAt: d.created_at.toISOString(),
  ...(d.undone_at ? { undone: { by: d.undone_by ?? '', authenticatedAs: d.undone_authenticated_as ?? '', at: d.undone_at.toISOString() } } : {}),
});

/** How a 409 names the decision in the way: `decision <id> (<kind> of <address> by <decidedBy>, <at>)`. */
const named = (d: repo.DecisionRow) => `decision ${d.id} (${d.kind} of ${d.address} by ${d.decided_by}, ${d.created_at.toISOString()})`;

const filesOf = (app: ApplicationRow, files: readonly FileRow[]): CaseFiles => ({
  files: new Map(files.filter((f) => f.removed_at === null).map((f) => [f.id, { position: f.position, name: f.name, pageCount: f.page_count }])),
  lines: new Map(expectedDocsOf(app).map((l) => [l.id, { name: l.name }])),
});

const ACTIONS: Record<DecisionKind, LedgerActionName> = { approve: 'document.approved', settle: 'document.settled', junk: 'document.junked', correct: 'document.corrected' };

/**
 * People's decisions on the documents runs proposed, and what integrators read of them: the
 * list, the filed PDFs, the case as text, any pages as a PDF. Each decision is one transaction
 * under the case's row lock: its row, the pages it holds, its filed PDF's record, the list
 * recomputed and stored, its ledger row.
 */
export class DocumentService {
  /** Called in the transaction of each approval into a line and each correction (learning registers after this area). */
  readonly decided: ((tx: Queryable, event: DecidedEvent) => Promise<void>)[] = [];
  /** Called in the transaction of each undo, with the decision undone. */
  readonly undone: ((tx: Queryable, decision: { orgId: string; applicationId: string; decisionId: string; kind: DecisionKind }) => Promise<void>)[] = [];

  constructor(private readonly deps: DocumentServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  async list(orgId: string, applicationId: string): Promise<DocumentEntry[]> {
    const entries = await repo.listedEntries(this.db, orgId, applicationId);
    if (!entries) throw notFound(`No application "${applicationId}" in your organization`);
    return entries;
  }

  listFingerprint(orgId: string, applicationId: string): Promise<string> {
    return repo.listFingerprint(this.db, orgId, applicationId);
  }

  /** The list of a case from its proposals and active decisions, in `q`; also each decision's effect. */
  private async build(q: Queryable, app: ApplicationRow, skip?: string): Promise<{ listing: CaseListing; files: FileRow[]; decisions: repo.DecisionRow[] }> {
    const [proposals, decisions, files] = await Promise.all([repo.proposals(q, app.id), repo.decisions(q, app.id), this.deps.applications.files(q, app.id)]);
    const listing = new CaseListing(proposals, filesOf(app, files));
    for (const d of decisions) {
      if (d.id === skip) continue;
      try {
        listing.apply(d);
      } catch (e) {
        // A decision that no longer applies (its pages left the case) keeps its record and
        // ledger row; the list is what the others make.
        if (!(e instanceof DecisionRefused)) throw e;
      }
    }
    return { listing, files, decisions };
  }

  /** Recomputes and stores the list of a case in `tx` (a run landed, or a decision was made). */
  async rebuild(tx: Queryable, app: ApplicationRow): Promise<void> {
    const { listing } = await this.build(tx, app);
    await repo.storeListing(tx, app.org_id, app.id, listing.rows());
  }

  private refused(e: DecisionRefused, decisions: readonly repo.DecisionRow[]): HttpError {
    const holder = e.decisionId ? decisions.find((d) => d.id === e.decisionId) : undefined;
    if (e.status === 409 && holder) return conflict(`${e.message}: ${named(holder)}. Nothing was changed; undo that decision to decide again.`);
    return new HttpError(e.status, e.message);
  }

  private checkLine(app: ApplicationRow, expectedDocId: string | undefined): void {
    if (expectedDocId === undefined || expectedDocId === 'unmatched') return;
    const lines = expectedDocsOf(app);
    if (!lines.some((l) => l.id === expectedDocId)) {
      throw badRequest(
        `body.expectedDocId: "${expectedDocId}" is not a line of ${app.list_id} v${app.list_version} nor one added for the case (nor "unmatched"); its lines are ${lines.map((l) => l.id).join(', ')}`,
      );
    }
  }

  /** Local files of the packets `spans` reads (the blob store's verified copies), by file id. */
  private async packetPaths(files: readonly FileRow[], spans: readonly DocumentSpan[]): Promise<Record<string, string>> {
    const paths: Record<string, string> = {};
    for (const { fileId } of spans) {
      if (paths[fileId]) continue;
      const file = files.find((f) => f.id === fileId);
      if (!file) throw notFound(`No file ${fileId} in this case`);
      paths[fileId] = await this.deps.blobs.localPath(file.sha256);
    }
    return paths;
  }

  /**
   * Approve, settle or junk: one decision on one listed document (or proposed piece). `within`
   * runs in the decision's transaction once it is made: what must stand or fall with it (sync
   * records the pushed request that asked for it, so a retried push is never applied twice).
   */
  async decide(caller: Caller, applicationId: string, request: DecisionRequest, within?: (tx: Queryable, decision: DocumentDecision) => Promise<void>): Promise<DecisionResult> {
    if (!parseAddress(request.address)) throw badRequest(`address: "${request.address}" is not <fileId>:p<first>-<last>`);
    const { app } = await this.deps.applications.require(this.db, caller.orgId, applicationId);
    this.checkLine(app, request.expectedDocId);
    const decidedBy = request.decidedBy?.trim() || caller.name;
    const id = newId('dec');
    const approvedDocId = request.kind === 'approve' ? newId('adoc') : null;
    const draft = (at: Date): Decision => ({
      id,
      seq: Number.MAX_SAFE_INTEGER,
      kind: request.kind,
      address: request.address,
      spans: request.spans ?? null,
      expected_doc_id: request.expectedDocId && request.expectedDocId !== 'unmatched' ? request.expectedDocId : null,
      unmatched: request.expectedDocId === 'unmatched',
      approved_doc_id: approvedDocId,
      decided_by: decidedBy,
      authenticated_as: caller.authenticatedAs,
      created_at: at,
    });

    // The PDF is cut before the transaction (it reads whole packets), from the list as it stands;
    // the transaction checks the decision again under the lock and cuts again only if its pages moved.
    let cut: { spans: DocumentSpan[]; blob: { sha256: string; size: number }; pageCount: number } | undefined;
    const cutFor = async (spans: DocumentSpan[], files: FileRow[]) => {
      const pdf = await this.deps.cutter.cut(spans, await this.packetPaths(files, spans));
      const stored = await this.deps.blobs.put(pdf.bytes);
      return { spans, blob: { sha256: stored.sha256, size: stored.size }, pageCount: pdf.pageCount };
    };
    if (request.kind === 'approve') {
      const before = await this.build(this.db, app);
      let applied: Applied;
      try {
        applied = before.listing.apply(draft(this.deps.clock()));
      } catch (e) {
        if (e instanceof DecisionRefused) throw this.refused(e, before.decisions);
        throw e;
      }
      cut = await cutFor(applied.spans, before.files);
    }

    return this.db.transaction(async (tx) => {
      const { app: locked } = await this.deps.applications.require(tx, caller.orgId, applicationId, { lock: true });
      const at = this.deps.clock();
      const { listing, files, decisions } = await this.build(tx, locked);
      const docsFiledBefore = (await this.completenessIn(tx, locked)).satisfied;
      let applied: Applied;
      try {
        applied = listing.apply(draft(at));
      } catch (e) {
        if (e instanceof DecisionRefused) throw this.refused(e, decisions);
        throw e;
      }
      if (cut && JSON.stringify(cut.spans) !== JSON.stringify(applied.spans)) cut = await cutFor(applied.spans, files);
      const row = await repo.insertDecision(tx, {
        id,
        orgId: locked.org_id,
        applicationId: locked.id,
        kind: request.kind,
        address: request.address,
        spans: request.spans ?? null,
        expectedDocId: draft(at).expected_doc_id,
        unmatched: draft(at).unmatched,
        approvedDocId,
        decidedBy,
        authenticatedAs: caller.authenticatedAs,
        at,
      });
      const holder = await repo.claimPages(tx, locked.id, id, applied.spans);
      if (holder) {
        const winner = await repo.findDecision(tx, locked.org_id, locked.id, holder);
        throw conflict(`Another decision took some of these pages first: ${winner ? named(winner) : `decision ${holder}`}. Nothing was changed.`);
      }
      if (cut && approvedDocId && applied.filed) {
        await repo.insertApprovedDoc(tx, {
          id: approvedDocId,
          orgId: locked.org_id,
          applicationId: locked.id,
          decisionId: id,
          address: applied.address,
          spans: applied.spans,
          sha256: cut.blob.sha256,
          size: cut.blob.size,
          pageCount: cut.pageCount,
          suggestedName: applied.filed.suggestedName,
          at,
        });
      }
      const rows = listing.rows();
      await repo.storeListing(tx, locked.org_id, locked.id, rows);
      const decision = toDecision(row, applied);
      await this.deps.ledger.append(tx, {
        orgId: locked.org_id,
        applicationId: locked.id,
        actor: caller.authenticatedAs,
        action: ACTIONS[request.kind],
        target: `document:${applied.address}`,
        detail: {
          decisionId: id,
          decidedBy,
          authenticatedAs: caller.authenticatedAs,
          ...(request.kind === 'approve' ? { approvedDocId, expectedDocId: decision.expectedDocId, spans: applied.spans, from: request.address } : {}),
          ...(request.kind === 'junk' ? { spans: applied.spans } : {}),
          ...(request.kind === 'settle' ? (rows.find((r) => r.address === applied.address)?.expectedDocId ? { expectedDocId: rows.find((r) => r.address === applied.address)!.expectedDocId } : {}) : {}),
          ...(applied.splitConfirmed ? { splitConfirmed: applied.splitConfirmed } : {}),
          ...(applied.replaced.length ? { replaced: applied.replaced } : {}),
        },
      });
      await this.recordCompleteness(tx, caller, locked, docsFiledBefore, id);
      if (request.kind === 'approve' && applied.filed?.expectedDocId) {
        const line = expectedDocsOf(locked).find((l) => l.id === applied.filed!.expectedDocId);
        for (const hook of this.decided) {
          await hook(tx, {
            orgId: locked.org_id,
            applicationId: locked.id,
            decisionId: id,
            kind: 'approve',
            address: applied.address,
            spans: applied.spans,
            readType: applied.filed.docType,
            lineType: line?.docType ?? null,
            authenticatedAs: caller.authenticatedAs,
            role: caller.role,
            at,
          });
        }
      }
      await within?.(tx, decision);
      return { decision, documents: rows.map((r) => r.entry) };
    });
  }

  /**
   * The type whose extraction schema a listed document's fields are of: the type of the line it
   * is filed against when that type has a schema of its own (a person filing a document under a
   * line of another type says what it is), else the type the run read.
   */
  private async schemaOf(q: Queryable, app: ApplicationRow, doc: ListedDocument): Promise<{ docType: string; fields: (FieldSpec & { name: string })[] }> {
    const lineType = expectedDocsOf(app).find((l) => l.id === doc.expectedDocId)?.docType;
    if (lineType && lineType !== doc.docType) {
      const own = await this.deps.schemaFor(q, app.org_id, lineType);
      if (own?.own) return { docType: lineType, fields: own.fields };
    }
    return { docType: doc.docType, fields: (await this.deps.schemaFor(q, app.org_id, doc.docType))?.fields ?? [] };
  }

  /**
   * Sets or clears one key value of a listed document (a `correct` decision): checked against
   * the field's type, found on the document's pages when printed there, recorded with its ledger
   * row (`document.corrected`) under the case's row lock. Asking again for the value the
   * person's last correction of the field set answers that decision: nothing new is recorded.
   */
  async correct(caller: Caller, applicationId: string, request: CorrectionRequest, within?: (tx: Queryable, decision: DocumentDecision) => Promise<void>): Promise<DecisionResult> {
    if (!parseAddress(request.address)) throw badRequest(`address: "${request.address}" is not <fileId>:p<first>-<last>`);
    if (request.value === undefined) throw badRequest('body.value: required (send null to clear the field)');
    const decidedBy = request.decidedBy?.trim() || caller.name;
    return this.db.transaction(async (tx) => {
      const { app } = await this.deps.applications.require(tx, caller.orgId, applicationId, { lock: true });
      const { listing, decisions } = await this.build(tx, app);
      let doc: ListedDocument;
      try {
        doc = listing.listed(request.address);
      } catch (e) {
        if (e instanceof DecisionRefused) throw this.refused(e, decisions);
        throw e;
      }
      const schema = await this.schemaOf(tx, app, doc);
      const spec = schema.fields.find((f) => f.name === request.field);
      if (!spec) {
        const names = schema.fields.map((f) => f.name);
        throw badRequest(`field: "${request.field}" is not a field of the ${schema.docType} extraction schema${names.length ? ` (its fields: ${names.join(', ')})` : ' (it has none)'}`);
      }
      let value: unknown = null;
      if (request.value !== null) {
        const checked = checkValue(spec, request.value);
        if ('error' in checked) throw badRequest(`body.value: ${checked.error} (${request.field} is a ${spec.multiple ? 'list of ' : ''}${spec.type} field)`);
        value = checked.value;
      }
      const before = doc.fields.get(request.field);
      const last = decisions.filter((d) => d.kind === 'correct' && d.field === request.field && listing.applied.get(d.id)?.address === doc.address).at(-1);
      if (last && sameValue(last.value ?? null, value) && (value === null ? !before : before?.corrected?.decisionId === last.id)) {
        const decision = toDecision(last, listing.applied.get(last.id));
        await within?.(tx, decision);
        return { decision, documents: listing.rows().map((r) => r.entry) };
      }

      const pages = await repo.pagesOfSpans(tx, app.id, doc.spans);
      const found = value === null ? null : locateValue(pages, spec, value);
      const valueAt = found ? { fileId: pages[found.page]!.fileId, page: pages[found.page]!.page, line: found.line } : null;
      const at = this.deps.clock();
      const id = newId('dec');
      const row = await repo.insertDecision(tx, {
        id,
        orgId: app.org_id,
        applicationId: app.id,
        kind: 'correct',
        address: doc.address,
        spans: null,
        expectedDocId: null,
        unmatched: false,
        approvedDocId: null,
        decidedBy,
        authenticatedAs: caller.authenticatedAs,
        at,
        correction: { field: request.field, value, valueAt },
      });
      const applied = listing.apply(row);
      const rows = listing.rows();
      await repo.storeListing(tx, app.org_id, app.id, rows);
      await this.deps.ledger.append(tx, {
        orgId: app.org_id,
        applicationId: app.id,
        actor: caller.authenticatedAs,
        action: 'document.corrected',
        target: `document:${doc.address}`,
        detail: { decisionId: id, decidedBy, authenticatedAs: caller.authenticatedAs, field: request.field, docType: schema.docType, from: before?.value ?? null, to: value, foundAt: valueAt },
      });
      for (const hook of this.decided) {
        await hook(tx, {
          orgId: app.org_id,
          applicationId: app.id,
          decisionId: id,
          kind: 'correct',
          address: doc.address,
          spans: doc.spans,
          readType: doc.docType,
          lineType: expectedDocsOf(app).find((l) => l.id === doc.expectedDocId)?.docType ?? null,
          authenticatedAs: caller.authenticatedAs,
          role: caller.role,
          docType: schema.docType,
          field: request.field,
          spec,
          value,
          // What the reader had (a person's earlier correction is not the reader's).
          before: before && !before.corrected ? before.value : null,
          at,
        });
      }
      const decision = toDecision(row, applied);
      await within?.(tx, decision);
      return { decision, documents: rows.map((r) => r.entry) };
    });
  }

  /**
   * Undoes a decision that no later active decision depends on (touches a page it touched).
   * `within` runs in its transaction with the decision undone (a decision request records itself).
   */
  async undo(
    caller: Caller,
    applicationId: string,
    decisionId: string,
    decidedBy: string | undefined,
    within?: (tx: Queryable, decision: DocumentDecision) => Promise<void>,
  ): Promise<DecisionResult> {
    return this.db.transaction(async (tx) => {
      const { app } = await this.deps.applications.require(tx, caller.orgId, applicationId, { lock: true });
      const target = await repo.findDecision(tx, app.org_id, app.id, decisionId);
      if (!target) throw notFound(`No decision "${decisionId}" in this case`);
      if (target.undone_at) throw conflict(`The decision ${decisionId} was already undone (by ${target.undone_by}, ${target.undone_at.toISOString()})`);
      const { listing, decisions } = await this.build(tx, app);
      const scope = listing.applied.get(target.id)?.scope ?? new Set<string>();
      const later = decisions.find((d) => d.seq > target.seq && [...(listing.applied.get(d.id)?.scope ?? [])].some((k) => scope.has(k)));
      if (later) {
        throw conflict(`A later decision depends on ${decisionId}: ${named(later)}. Undo it first.`);
      }
      const docsFiledBefore = (await this.completenessIn(tx, app)).satisfied;
      const at = this.deps.clock();
      const by = decidedBy?.trim() || caller.name;
      await repo.markUndone(tx, target.id, by, caller.authenticatedAs, at);
      const rebuilt = await this.build(tx, app);
      const rows = rebuilt.listing.rows();
      await repo.storeListing(tx, app.org_id, app.id, rows);
      await this.deps.ledger.append(tx, {
        orgId: app.org_id,
        applicationId: app.id,
        actor: caller.authenticatedAs,
        action: 'decision.undone',
        target: `decision:${target.id}`,
        detail: {
          kind: target.kind,
          address: listing.applied.get(target.id)?.address ?? target.address,
          decidedBy: by,
          authenticatedAs: caller.authenticatedAs,
          ...(target.approved_doc_id ? { approvedDocId: target.approved_doc_id } : {}),
          ...(target.kind === 'correct' ? { field: target.field } : {}),
        },
      });
      for (const hook of this.undone) await hook(tx, { orgId: app.org_id, applicationId: app.id, decisionId: target.id, kind: target.kind });
      await this.recordCompleteness(tx, caller, app, docsFiledBefore, target.id);
      const undone = (await repo.findDecision(tx, app.org_id, app.id, target.id))!;
      const decision = toDecision(undone, listing.applied.get(target.id));
      await within?.(tx, decision);
      return { decision, documents: rows.map((r) => r.entry) };
    });
  }

  /** Every decision of the case, undone ones too, in the order made. */
  async decisions(orgId: string, applicationId: string): Promise<DocumentDecision[]> {
    const { app } = await this.deps.applications.require(this.db, orgId, applicationId);
    return this.decisionsIn(this.db, app);
  }

  /** `decisions` of a case read in `q` (sync reads them in the snapshot it reads their revs in). */
  async decisionsIn(q: Queryable, app: ApplicationRow): Promise<DocumentDecision[]> {
    const all = await repo.decisions(q, app.id, { undone: true });
    const { listing } = await this.build(q, app);
    return all.map((d) => toDecision(d, listing.applied.get(d.id)));
  }

  /**
   * A `case.completeness` row when a decision changed how many lines are satisfied, or a change
   * of what the case is checked against (spec tag `sets`) changed them or their number: `cause`
   * is the decision's id, or what to say in the row's detail (`{ because: '<ledger action>' }`).
   */
  async recordCompleteness(tx: Queryable, caller: Caller, app: ApplicationRow, before: number | { satisfied: number; total: number }, cause: string | Record<string, unknown>): Promise<void> {
    const report = await this.completenessIn(tx, app);
    const was = typeof before === 'number' ? { satisfied: before, total: report.total } : before;
    if (report.satisfied === was.satisfied && report.total === was.total) return;
    await this.deps.ledger.append(tx, {
      orgId: app.org_id,
      applicationId: app.id,
      actor: caller.authenticatedAs,
      action: 'case.completeness',
      target: `application:${app.id}`,
      detail: {
        ...(typeof cause === 'string' ? { decisionId: cause } : cause),
        satisfied: report.satisfied,
        total: report.total,
        missing: report.lines.filter((l) => l.missing).map((l) => ({ expectedDocId: l.expectedDocId, name: l.name, have: l.have, need: l.need })),
        extra: report.unmatched,
      },
    });
  }

  /** What the stored list satisfies of the lines the case is checked against (shared/src/expected-docs.ts), read in `q`. */
  async completenessIn(q: Queryable, app: ApplicationRow): Promise<CaseCompleteness> {
    const rows = await repo.listedLines(q, app.id);
    return caseCompleteness(
      expectedDocsOf(app),
      rows.map((r) => ({ address: r.address, expectedDocId: r.expected_doc_id, approved: r.approved })),
    );
  }

  async completeness(orgId: string, applicationId: string): Promise<CaseCompleteness> {
    const { app } = await this.deps.applications.require(this.db, orgId, applicationId);
    return this.completenessIn(this.db, app);
  }

  /** A filed PDF: where its bytes are, and its name; 404 once its approval was undone. */
  async approvedDoc(orgId: string, applicationId: string, approvedDocId: string): Promise<repo.ApprovedDocRow> {
    const doc = await repo.findApprovedDoc(this.db, orgId, applicationId, approvedDocId);
    if (!doc) throw notFound(`No filed document "${approvedDocId}" in application "${applicationId}"`);
    return doc;
  }

  /** The bytes of a filed PDF, or a range of them. */
  blobStream(sha256: string, range?: { start: number; end: number }): NodeJS.ReadableStream {
    return this.deps.blobs.read(sha256, range);
  }

  /** The text of a filed document's pages as markdown, a marker before each page. */
  async approvedDocMarkdown(doc: repo.ApprovedDocRow): Promise<string> {
    const texts = await repo.pageTexts(this.db, doc.application_id, doc.spans);
    return `# ${doc.suggested_name.replace(/\.pdf$/, '')}\n\n${pagesMarkdown(doc.spans, texts)}`;
  }

  /**
   * The whole case as markdown: every listed document in page order, front matter, then its
   * pages. Streamed: the page texts are read a few documents at a time, so a case of thousands of
   * pages never sits in memory whole. Resolves (or refuses with 404) before the first byte.
   */
  async caseText(orgId: string, applicationId: string): Promise<AsyncIterable<string>> {
    const entries = await this.list(orgId, applicationId);
    const db = this.db;
    return (async function* () {
      for (let i = 0; i < entries.length; i += CASE_TEXT_BATCH) {
        const batch = entries.slice(i, i + CASE_TEXT_BATCH);
        const texts = await repo.pageTexts(
          db,
          applicationId,
          batch.flatMap((e) => e.spans),
        );
        yield batch.map((e, j) => `${i + j > 0 ? '\n' : ''}${frontMatter(e)}\n\n${pagesMarkdown(e.spans, texts)}`).join('');
      }
    })();
  }

  /**
   * The lines a run read on one page, with their boxes (top-left origin, points: the analyzer
   * stores them so). 404 no such case, file (or removed), page past the file's end, or a page no
   * run has read yet.
   */
  async pageLines(orgId: string, applicationId: string, fileId: string, page: number): Promise<PageLines> {
    const { app } = await this.deps.applications.require(this.db, orgId, applicationId);
    const file = (await this.deps.applications.files(this.db, app.id)).find((f) => f.id === fileId && f.removed_at === null);
    if (!file) throw notFound(`No file ${fileId} in application "${applicationId}"`);
    if (page > file.page_count) throw notFound(`File ${fileId} has ${file.page_count} page${file.page_count === 1 ? '' : 's'}, not ${page}`);
    const read = await repo.pageRead(this.db, app.id, fileId, page);
    if (!read) throw notFound(`Page ${page} of file ${fileId} has not been read by a run yet: its lines exist once a run has parsed the file`);
    return {
      fileId,
      page,
      width: read.width,
      height: read.height,
      scan: read.scan,
      source: read.analysis_id ? `analysis:${read.analysis_id}` : read.source,
      lines: read.lines.map((l, line) => ({ line, text: l.text, box: { x: l.box.x, y: l.box.y, width: l.box.w, height: l.box.h } })),
    };
  }

  /** Spans of `span` query values: 400 malformed or past a file's end, 404 a file not of the case. */
  async pagesPdf(orgId: string, applicationId: string, spanTexts: readonly string[]): Promise<Uint8Array> {
    const spans: DocumentSpan[] = [];
    for (const text of spanTexts) {
      const parsed = parseAddress(text);
      if (!parsed) throw badRequest(`query.span: "${text}" is not <fileId>:p<first>-<last> with first ≤ last`);
      if (parsed.last - parsed.first >= 5000) throw badRequest(`query.span: "${text}" names more than 5000 pages`);
      spans.push({ fileId: parsed.fileId, pages: Array.from({ length: parsed.last - parsed.first + 1 }, (_, i) => parsed.first + i) });
    }
    if (spans.length === 0) throw badRequest('query.span: name at least one span');
    const { app } = await this.deps.applications.require(this.db, orgId, applicationId);
    const files = (await this.deps.applications.files(this.db, app.id)).filter((f) => f.removed_at === null);
    for (const s of spans) {
      const file = files.find((f) => f.id === s.fileId);
      if (!file) throw notFound(`No file ${s.fileId} in application "${applicationId}"`);
      const last = s.pages[s.pages.length - 1]!;
      if (last > file.page_count) throw badRequest(`query.span: ${s.fileId} has ${file.page_count} page${file.page_count === 1 ? '' : 's'}, not ${last}`);
    }
    return (await this.deps.cutter.cut(spans, await this.packetPaths(files, spans))).bytes;
  }
}
