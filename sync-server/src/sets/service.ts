import {
  canonicalJson,
  isInFlight,
  overridesUnder,
  withOverride,
  type CaseExpectedDocs,
  type LedgerActionName,
  type LineOverride,
  type SetExpectedDocInput,
  type SetExpectedDocListInput,
} from '@portal/shared';
import { expectedDocsOf, type ApplicationRow } from '../applications/rows.js';
import type { ApplicationService, ResolvedList } from '../applications/service.js';
import type { Clock } from '../clock.js';
import type { Db, Queryable } from '../db/db.js';
import type { DocumentService } from '../documents/service.js';
import { badRequest, conflict, notFound } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { LedgerService } from '../ledger/service.js';
import type { Library } from '../library/plugin.js';

export interface ExpectedDocsServiceDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  applications: ApplicationService;
  documents: DocumentService;
  library: Pick<Library, 'catalogs'>;
}

/** Entries of the marked chain a line cannot ask for: page kinds and the requirement defaults. */
const NOT_ASKABLE = new Set(['pageKind', 'default']);

/**
 * What a case is checked against (spec tag `sets`): the list version it is pinned to, and lines
 * set by hand on it. Each change is one transaction under the case's row lock: the case's row,
 * its document list recomputed (a filing against a line that is gone is listed unmatched), its
 * ledger row, and `case.completeness` when the satisfied lines or their number moved. A run in
 * flight files against the lines it read when it started, so nothing changes under it (409).
 */
export class ExpectedDocsService {
  constructor(private readonly deps: ExpectedDocsServiceDeps) {}

  /** GET /applications/{id}/expected-docs. */
  async get(orgId: string, applicationId: string): Promise<CaseExpectedDocs> {
    const { app } = await this.deps.applications.require(this.deps.db, orgId, applicationId);
    return this.view(this.deps.db, app);
  }

  private async view(q: Queryable, app: ApplicationRow): Promise<CaseExpectedDocs> {
    return {
      applicationId: app.id,
      expectedDocList: { id: app.list_id, version: app.list_version, name: app.list_name, source: app.list_source },
      expectedDocs: expectedDocsOf(app),
      completeness: await this.deps.documents.completenessIn(q, app),
    };
  }

  /**
   * Checks the case against another list or version. The same version again changes nothing. A
   * line set by hand that no longer applies is dropped: a waiver of a line the new version lacks,
   * a line added under an id the new version has.
   */
  async setList(caller: Caller, applicationId: string, input: SetExpectedDocListInput): Promise<CaseExpectedDocs> {
    // Refusals of the list (400 malformed or a catalogue, 404 unknown or unreadable, 409 a draft) before anything is written.
    const list = await this.deps.applications.resolveList(this.deps.db, caller.orgId, input.expectedDocListId, input.version);
    const decidedBy = input.decidedBy?.trim() || caller.name;
    return this.deps.db.transaction(async (tx) => {
      const app = await this.lockIdle(tx, caller, applicationId);
      if (app.list_org_id === list.orgId && app.list_id === list.id && app.list_version === list.version) return this.view(tx, app);
      const { kept, dropped } = overridesUnder(list.lines, app.line_overrides);
      return this.change(tx, caller, app, { list, overrides: kept }, 'list.changed', `application:${app.id}`, (unmatched) => ({
        from: { id: app.list_id, version: app.list_version, name: app.list_name, source: app.list_source },
        to: { id: list.id, version: list.version, name: list.name, source: list.source },
        ...(input.reason ? { reason: input.reason } : {}),
        decidedBy,
        authenticatedAs: caller.authenticatedAs,
        unmatched,
        overridesDropped: dropped.map((o) => ({ kind: o.kind, expectedDocId: o.id })),
      }));
    });
  }

  /**
   * Sets one line of the case by hand: waives a line of its list, or adds one the list lacks
   * (setting it again replaces what was set, with a new ledger row; the same again changes nothing).
   */
  async setLine(caller: Caller, applicationId: string, expectedDocId: string, input: SetExpectedDocInput): Promise<CaseExpectedDocs> {
    const decidedBy = input.decidedBy?.trim() || caller.name;
    return this.deps.db.transaction(async (tx) => {
      const app = await this.lockIdle(tx, caller, applicationId);
      const listLine = app.list_lines.find((l) => l.id === expectedDocId);
      const current = app.line_overrides.find((o) => o.id === expectedDocId);
      const stamp = { id: expectedDocId, reason: input.reason, decidedBy, authenticatedAs: caller.authenticatedAs, decidedAt: this.deps.clock().toISOString() };
      let next: LineOverride;
      if (input.kind === 'waived') {
        if (!listLine) {
          throw notFound(
            `"${expectedDocId}" is not a line of ${app.list_id} v${app.list_version}: only a line of the case’s list can be waived (its lines are ${app.list_lines.map((l) => l.id).join(', ') || 'none'})`,
          );
        }
        next = { kind: 'waived', ...stamp };
      } else {
        if (listLine) throw conflict(`"${expectedDocId}" is already a line of ${app.list_id} v${app.list_version}: add a line under an id the list does not have, or waive this one`);
        const entry = (await this.deps.library.catalogs.chain(tx, app.org_id)).lookup.get(input.docType);
        if (!entry || NOT_ASKABLE.has(entry.kind)) throw badRequest(`body.docType: "${input.docType}" is not a document type (nor a kind of document) of your marked catalogue chain`);
        const minCount = input.minCount ?? 1;
        const maxCount = input.maxCount === undefined ? null : input.maxCount;
        if (maxCount !== null && maxCount < minCount) throw badRequest(`body.maxCount: ${maxCount} is below minCount ${minCount}`);
        next = { kind: 'added', ...stamp, docType: input.docType, name: input.name?.trim() || entry.name, requirement: input.requirement ?? 'required', minCount, maxCount };
      }
      if (current && sameOverride(current, next)) return this.view(tx, app);
      const action: LedgerActionName = next.kind === 'waived' ? 'line.waived' : 'line.added';
      return this.change(tx, caller, app, { overrides: withOverride(app.line_overrides, next) }, action, `line:${expectedDocId}`, () => ({
        ...(next.kind === 'waived'
          ? { name: listLine!.name }
          : { docType: next.docType, name: next.name, requirement: next.requirement, minCount: next.minCount, maxCount: next.maxCount }),
        reason: next.reason,
        decidedBy,
        authenticatedAs: caller.authenticatedAs,
      }));
    });
  }

  /** Clears what was set by hand on a line: a waived line counts again, an added line is gone. */
  async clearLine(caller: Caller, applicationId: string, expectedDocId: string, decidedBy: string | undefined): Promise<CaseExpectedDocs> {
    const by = decidedBy?.trim() || caller.name;
    return this.deps.db.transaction(async (tx) => {
      const app = await this.lockIdle(tx, caller, applicationId);
      const current = app.line_overrides.find((o) => o.id === expectedDocId);
      if (!current) throw notFound(`Nothing is set by hand on the line "${expectedDocId}" of application "${app.id}"`);
      return this.change(tx, caller, app, { overrides: app.line_overrides.filter((o) => o.id !== expectedDocId) }, 'line.cleared', `line:${expectedDocId}`, (unmatched) => ({
        kind: current.kind,
        decidedBy: by,
        authenticatedAs: caller.authenticatedAs,
        ...(current.kind === 'added' ? { unmatched } : {}),
      }));
    });
  }

  /** The case locked in `tx`, refused (409) while a run is in flight: it files against the lines it started with. */
  private async lockIdle(tx: Queryable, caller: Caller, applicationId: string): Promise<ApplicationRow> {
    const { app, run } = await this.deps.applications.require(tx, caller.orgId, applicationId, { lock: true });
    if (run && isInFlight(run.state)) {
      throw conflict(`Run ${run.n} of application "${app.id}" is in flight (${run.state}) and files against the lines it started with: wait for it, or cancel it`);
    }
    return app;
  }

  /**
   * Sets what the case is checked against (`set`), relists its documents, and appends the ledger
   * row (`detail` is told which documents the change left unmatched) and `case.completeness`.
   */
  private async change(
    tx: Queryable,
    caller: Caller,
    app: ApplicationRow,
    set: { list?: ResolvedList; overrides: LineOverride[] },
    action: LedgerActionName,
    target: string,
    detail: (unmatched: string[]) => Record<string, unknown>,
  ): Promise<CaseExpectedDocs> {
    const { applications, documents } = this.deps;
    const before = await documents.completenessIn(tx, app);
    const updated = await applications.setExpectedDocsInTx(tx, app, set);
    await documents.rebuild(tx, updated);
    const after = await documents.completenessIn(tx, updated);
    const unmatched = after.unmatched.filter((a) => !before.unmatched.includes(a));
    await this.deps.ledger.append(tx, { orgId: app.org_id, applicationId: app.id, actor: caller.authenticatedAs, action, target, detail: detail(unmatched) });
    await documents.recordCompleteness(tx, caller, updated, before, { because: action });
    return this.view(tx, updated);
  }
}

/** Whether setting `next` would change nothing but who and when. */
function sameOverride(a: LineOverride, b: LineOverride): boolean {
  const strip = ({ decidedBy: _d, authenticatedAs: _a, decidedAt: _t, ...rest }: LineOverride) => rest;
  // Stored overrides come back from jsonb with their keys reordered.
  return canonicalJson(strip(a)) === canonicalJson(strip(b));
}
