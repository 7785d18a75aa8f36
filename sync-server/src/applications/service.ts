import type { Multipart } from '@fastify/multipart';
import {
  isCatalogKind,
  linesOf,
  newId,
  parseListReference,
  type Application,
  type ApplicationListing,
  type CreateApplicationInput,
  type ExpectedDocListKindName,
  type LineOverride,
  type RunPreflight,
} from '@portal/shared';
import type { Clock } from '../clock.js';
import type { Db, Queryable } from '../db/db.js';
import { badRequest, conflict, HttpError, notFound } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { ListService } from '../library/kinds/lists/service.js';
import type { LedgerService } from '../ledger/service.js';
import type { Intake, ReceivedFile, ReceivedUpload } from './intake.js';
import * as repo from './repository.js';
import { expectedDocsOf, toApplication, toListing, type ApplicationRow, type FileRow, type PinnedLine, type RunRow } from './rows.js';

/** The list version a case is pinned to, resolved (read only) before anything is written. */
export interface ResolvedList {
  orgId: string;
  id: string;
  version: number;
  name: string;
  source: 'own' | 'official';
  lines: PinnedLine[];
}

export interface ApplicationServiceDeps {
  db: Db;
  clock: Clock;
  lists: ListService;
  ledger: LedgerService;
  intake: Intake;
}

const missing = (id: string) => notFound(`No application "${id}" in your organization`);

/**
 * Cases and their source files (spec tags `intake` and `files`). Every change appends its ledger
 * rows in the same transaction. Another organization's case does not exist for a caller (404).
 */
export class ApplicationService {
  constructor(private readonly deps: ApplicationServiceDeps) {}

  get intake(): Intake {
    return this.deps.intake;
  }

  /**
   * The list version `reference` names for the caller (spec Part 9.6): `id` for its active
   * version, `id/N` (or `version`) for version N. 400 for a malformed reference or a document
   * catalogue, 404 for an unknown list or version, 409 for no active version or a draft.
   */
  async resolveList(q: Queryable, orgId: string, reference: string, version?: number): Promise<ResolvedList> {
    const parsed = parseListReference(reference);
    if (!parsed) throw badRequest(`expectedDocList: "${reference}" is not a list id, nor <id>/<N>`);
    if (version !== undefined && parsed.version !== undefined && version !== parsed.version) {
      throw badRequest(`expectedDocList: "${reference}" names version ${parsed.version} but version is ${version}`);
    }
    const wanted = parsed.version ?? version;
    const lists = this.deps.lists;
    // The list in use under that id: the organization's own once activated, the official one until then.
    const address = await lists.family.inUseAddress(q, orgId, parsed.id);
    if (isCatalogKind((address.itemKind ?? 'expectedDocListCatalogOrgCustom') as ExpectedDocListKindName)) {
      throw badRequest(`expectedDocList: "${parsed.id}" is a document catalogue, not an expected document list`);
    }
    let v;
    if (wanted !== undefined) {
      v = await lists.engine.readVersion(q, address, orgId, wanted);
      if (v.status === 'draft') {
        throw conflict(`Version ${wanted} of list "${parsed.id}" is a draft: a case is pinned for good to a version that never changes; activate it first`);
      }
    } else {
      v = await lists.engine.latestActive(q, address.orgId, parsed.id);
      if (!v) throw conflict(`List "${parsed.id}" has no active version; activate one, or name a version as ${parsed.id}/<N>`);
    }
    const lines = linesOf(v.content.sections).map((l) => ({
      id: l.id,
      docType: l.docType,
      name: l.name,
      requirement: l.requirement,
      minCount: l.minCount,
      maxCount: l.maxCount,
    }));
    return { orgId: address.orgId, id: v.id, version: v.version, name: v.name, source: address.source, lines };
  }

  /** Creates a case in `tx` with its `application.created` row. */
  async createInTx(tx: Queryable, caller: Caller, input: { applicantName: string; list: ResolvedList; sample?: boolean }): Promise<ApplicationRow> {
    const app = await repo.insertApplication(tx, {
      id: newId('app'),
      orgId: caller.orgId,
      applicantName: input.applicantName,
      list: input.list,
      sample: input.sample ?? false,
      createdBy: caller.authenticatedAs,
      createdAt: this.deps.clock(),
    });
    await this.deps.ledger.append(tx, {
      orgId: caller.orgId,
      applicationId: app.id,
      actor: caller.authenticatedAs,
      action: 'application.created',
      target: `application:${app.id}`,
      detail: {
        applicantName: app.applicant_name,
        expectedDocList: { id: input.list.id, version: input.list.version, name: input.list.name, source: input.list.source },
        ...(input.sample ? { sample: true } : {}),
      },
    });
    return app;
  }

  /** POST /applications: a case without running anything. */
  async create(caller: Caller, input: CreateApplicationInput): Promise<Application> {
    const list = await this.resolveList(this.deps.db, caller.orgId, input.expectedDocListId, input.version);
    const id = await this.deps.db.transaction(async (tx) => (await this.createInTx(tx, caller, { applicantName: input.applicantName, list })).id);
    return this.get(caller.orgId, id);
  }

  async list(orgId: string): Promise<ApplicationListing[]> {
    return (await repo.listApplications(this.deps.db, orgId)).map(({ app, run }) => toListing(app, run));
  }

  async get(orgId: string, id: string, q: Queryable = this.deps.db): Promise<Application> {
    const found = await repo.findApplication(q, orgId, id);
    if (!found) throw missing(id);
    return toApplication(found.app, found.run, await repo.filesOf(q, id));
  }

  /** The case (404 otherwise) with its latest run; `lock` makes `tx` its one writer until it ends. */
  async require(q: Queryable, orgId: string, id: string, options: { lock?: boolean } = {}): Promise<{ app: ApplicationRow; run: RunRow | null }> {
    const found = await repo.findApplication(q, orgId, id, options.lock);
    if (!found) throw missing(id);
    return found;
  }

  /**
   * How far the run call's pre-flight is on the case (`run.preflight`), or null once the call
   * starts or holds the run. Written outside the case's row lock: only the call that checks the
   * files writes it, and the transaction that ends the check clears it.
   */
  setPreflight(q: Queryable, id: string, preflight: RunPreflight | null): Promise<void> {
    return repo.setPreflight(q, id, preflight);
  }

  /** Clears the pre-flights nobody has written for `silentMs` (the server checking them stopped); how many. */
  clearStalePreflights(q: Queryable, silentMs: number): Promise<number> {
    return repo.clearStalePreflights(q, silentMs);
  }

  files(q: Queryable, applicationId: string, options: { removed?: boolean } = {}): Promise<FileRow[]> {
    return repo.filesOf(q, applicationId, options);
  }

  fingerprint(orgId: string, id: string): Promise<string> {
    return repo.fingerprint(this.deps.db, orgId, id);
  }

  listFingerprint(orgId: string): Promise<string> {
    return repo.listFingerprint(this.deps.db, orgId);
  }

  /** 400 unless `expectedDocId` names a line the case is checked against (its list's, or one added for it). */
  checkExpectedDocId(app: ApplicationRow, expectedDocId: string | undefined): void {
    const lines = expectedDocsOf(app);
    if (expectedDocId !== undefined && !lines.some((l) => l.id === expectedDocId)) {
      throw badRequest(
        `query.expectedDocId: "${expectedDocId}" is not a line of ${app.list_id} v${app.list_version} nor one added for the case; its lines are ${lines.map((l) => l.id).join(', ') || 'none'}`,
      );
    }
  }

  /**
   * Records received files on a case, in `tx` (the case locked by the caller), each with its
   * `file.received` row, within the organization's page quota (guest sandboxes: 413 past it).
   */
  async recordFiles(tx: Queryable, caller: Caller, app: ApplicationRow, received: readonly ReceivedFile[], expectedDocId: string | null): Promise<FileRow[]> {
    if (received.length === 0) return [];
    const quota = await repo.lockUploadQuota(tx, caller.orgId);
    if (quota !== null && !app.sample) {
      const used = await repo.uploadedPages(tx, caller.orgId);
      const sending = received.reduce((n, f) => n + f.pageCount, 0);
      if (used + sending > quota) {
        throw new HttpError(
          413,
          `This guest sandbox may upload ${quota} pages in all: ${used} are used, ${Math.max(0, quota - used)} are left, and this call sends ${sending} (${received
            .map((f) => `"${f.name}": ${f.pageCount}`)
            .join(', ')}). Nothing of this call was kept; sign up for an account to upload more.`,
        );
      }
    }
    const now = this.deps.clock();
    const rows = await repo.insertFiles(
      tx,
      received.map((f) => ({
        id: newId('fil'),
        orgId: caller.orgId,
        applicationId: app.id,
        name: f.name,
        size: f.size,
        sha256: f.sha256,
        pageCount: f.pageCount,
        expectedDocId,
        receivedBy: caller.authenticatedAs,
        receivedAt: now,
        flags: f.flags ?? [],
      })),
    );
    await this.deps.ledger.appendAll(
      tx,
      rows.map((f) => ({
        orgId: caller.orgId,
        applicationId: app.id,
        actor: caller.authenticatedAs,
        action: 'file.received' as const,
        target: `file:${f.id}`,
        detail: { name: f.name, size: Number(f.size), sha256: f.sha256, pageCount: f.page_count, expectedDocId: f.expected_doc_id, ...(f.flags.length > 0 ? { flags: f.flags } : {}) },
      })),
    );
    await repo.touchApplication(tx, app.id);
    return rows;
  }

  /**
   * POST /applications/{id}/files: the case is checked before the files are read, the files are
   * received (stored and checked), then recorded in one transaction. A refusal keeps nothing.
   */
  async addFiles(caller: Caller, id: string, parts: AsyncIterable<Multipart>, expectedDocId: string | undefined): Promise<Application> {
    const before = await this.require(this.deps.db, caller.orgId, id);
    this.checkExpectedDocId(before.app, expectedDocId);
    const upload: ReceivedUpload = await this.deps.intake.receive(parts, { orgId: caller.orgId, textFields: [] });
    if (upload.files.length === 0) throw badRequest('body.files: send at least one PDF in the field "files"');
    try {
      await this.deps.db.transaction(async (tx) => {
        const { app } = await this.require(tx, caller.orgId, id, { lock: true });
        await this.recordFiles(tx, caller, app, upload.files, expectedDocId ?? null);
      });
    } catch (err) {
      await this.deps.intake.discard(upload.files);
      throw err;
    }
    return this.get(caller.orgId, id);
  }

  /**
   * Sets what a case is checked against, in `tx` (the case locked by the caller): another list
   * version when `list` is given, and the lines set by hand on the case. The sets area decides
   * when, and appends the ledger rows. Returns the case as it now stands.
   */
  async setExpectedDocsInTx(tx: Queryable, app: ApplicationRow, s: { list?: ResolvedList; overrides: readonly LineOverride[] }): Promise<ApplicationRow> {
    await repo.setExpectedDocs(tx, app.id, s);
    return (await this.require(tx, app.org_id, app.id)).app;
  }

  /**
   * Marks a source file no run has read as removed, in `tx` (the case locked by the caller), with
   * its `file.removed` row. The gate (runs area) decides when that is allowed. 404 no such file,
   * 409 when a run has read it: its pages are the case's record now.
   */
  async removeFileInTx(tx: Queryable, caller: Caller, app: ApplicationRow, fileId: string, decidedBy: string): Promise<FileRow> {
    const file = (await repo.filesOf(tx, app.id)).find((f) => f.id === fileId);
    if (!file) throw notFound(`Application "${app.id}" has no file "${fileId}"`);
    if (file.read_by_run !== null) throw conflict(`"${file.name}" was read by run ${file.read_by_run}: a file a run has read stays with the case`);
    await repo.markFileRemoved(tx, file.id, caller.authenticatedAs, this.deps.clock());
    await this.deps.ledger.append(tx, {
      orgId: caller.orgId,
      applicationId: app.id,
      actor: caller.authenticatedAs,
      action: 'file.removed',
      target: `file:${file.id}`,
      detail: { name: file.name, decidedBy },
    });
    await repo.touchApplication(tx, app.id);
    return file;
  }
}
