import { isInFlight, newId, type AnalysisIngest, type AnalysisIngestInput } from '@portal/shared';
import type { FieldSpec } from '../analyzer/learn/index.js';
import type { ApplicationService } from '../applications/service.js';
import type { RunRow } from '../applications/rows.js';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Db, Queryable } from '../db/db.js';
import { conflict, HttpError, notFound } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { LedgerService } from '../ledger/service.js';
import type { Library } from '../library/plugin.js';
import type { IngestedFile } from '../runs/ingested.js';
import type { Throttle } from '../throttle/throttle.js';
import { namedTypes, normalize } from './normalize.js';
import * as repo from './repository.js';

export interface AnalysisServiceDeps {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  applications: ApplicationService;
  library: Pick<Library, 'catalogs' | 'schemas'>;
  throttle: Pick<Throttle, 'hit' | 'spend'>;
  limits: AppConfig['analysisIngests'];
}

/** Entries of the marked chain that are not document types (as the run engine reads the chain). */
const NOT_TYPES = new Set(['docKind', 'pageKind', 'default']);

export const sourceOf = (ingestId: string) => `analysis:${ingestId}`;

const MiB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MiB).toFixed(bytes < MiB ? 2 : 1)} MiB`;
const per = (ms: number) => (ms % 86_400_000 === 0 ? `${ms / 86_400_000} d` : ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);

const toIngest = (r: repo.IngestRow): AnalysisIngest => ({
  id: r.id,
  applicationId: r.application_id,
  fileId: r.file_id,
  format: r.format,
  engine: r.engine,
  pages: r.pages.map((p) => p.page),
  documents: r.documents.map((d) => ({ pages: d.pages, docType: d.docType, fields: Object.keys(d.keyData).sort() })),
  ignored: r.ignored,
  receivedBy: r.received_by,
  receivedAt: r.received_at.toISOString(),
  current: r.current,
  usedByRun: r.used_by_run,
});

/**
 * Analysis ingests (spec tag `analysis`): what an integrator's own engine read of a source file,
 * kept normalized, and handed to the run that reads the file (`ingestedFor`, the run engine's
 * seam), which takes it instead of reading those pages itself.
 */
export class AnalysisService {
  constructor(private readonly deps: AnalysisServiceDeps) {}

  /**
   * Receives an analysis of one file of a case: checked against the file (its pages), the
   * organization's catalogue (document types) and extraction schemas (key values), then stored
   * with its `analysis.ingested` row. A file a run has read keeps what the run read (409), and
   * nothing changes under a run in flight (409).
   */
  async ingest(caller: Caller, applicationId: string, fileId: string, input: AnalysisIngestInput): Promise<AnalysisIngest> {
    const { db, applications, library, throttle, limits } = this.deps;
    // Every attempt counts, refused ones too: the rate bounds the checking work a caller can buy.
    await throttle.hit(`analysis-rate:${caller.orgId}`, limits.rate, `Your organization sent more than ${limits.rate.max} analysis ingests in ${per(limits.rate.windowMs)}`);
    const { app, run } = await applications.require(db, caller.orgId, applicationId);
    const file = await this.ingestable(db, app.id, run, fileId);
    const chain = await library.catalogs.chain(db, caller.orgId);
    const types = new Set(chain.entries.filter((e) => !NOT_TYPES.has(e.kind)).map((e) => e.docType));
    const fields = new Map<string, Map<string, FieldSpec>>();
    for (const docType of namedTypes(input, types)) {
      const resolved = types.has(docType) ? await library.schemas.resolveFor(db, caller.orgId, docType) : undefined;
      fields.set(docType, new Map((resolved?.version.content.fields ?? []).map((f) => [f.name, { type: f.type, multiple: f.multiple ?? false, options: f.options ?? [] }])));
    }
    const normalized = normalize(input, { file: { name: file.name, pageCount: file.page_count }, types, fields });
    // Measured as stored (what grows the database), not as sent: a body may carry words and
    // content that are not kept, and boxes grow a little as fractions of the page.
    const stored = { pages: JSON.stringify(normalized.pages), documents: JSON.stringify(normalized.documents), ignored: JSON.stringify(normalized.ignored) };
    const bytes = Buffer.byteLength(stored.pages) + Buffer.byteLength(stored.documents) + Buffer.byteLength(stored.ignored);
    if (bytes > limits.maxBytes) {
      throw new HttpError(
        413,
        `This analysis of "${file.name}" is ${mib(bytes)} as stored (page lines ${mib(Buffer.byteLength(stored.pages))}, documents ${mib(Buffer.byteLength(stored.documents))}); this server keeps at most ${mib(limits.maxBytes)} per ingest: send fewer pages or shorter lines`,
      );
    }
    await throttle.spend(
      `analysis-bytes:${caller.orgId}`,
      Math.ceil(bytes / 1024),
      { max: limits.quotaMiB.max * 1024, windowMs: limits.quotaMiB.windowMs },
      `This analysis (${mib(bytes)}) would take your organization past its quota of ${limits.quotaMiB.max} MiB of analysis ingests in ${per(limits.quotaMiB.windowMs)}`,
    );
    const id = newId('ana');
    const row = await db.transaction(async (tx) => {
      const locked = await applications.require(tx, caller.orgId, applicationId, { lock: true });
      await this.ingestable(tx, app.id, locked.run, fileId);
      const [replaced] = await repo.currentIngests(tx, app.id, [fileId]);
      const row = await repo.insertIngest(tx, {
        id,
        org_id: app.org_id,
        application_id: app.id,
        file_id: fileId,
        format: input.format,
        engine: input.engine ?? null,
        json: stored,
        received_by: caller.authenticatedAs,
        received_at: this.deps.clock(),
      });
      // The latest few of the file are kept, the one in force among them; the ledger keeps the
      // record of every ingest sent. A run reads only the one in force (none can arrive while
      // one reads the file, nor after one read it), and what a landed run took is stored with
      // its pages and documents, which name the ingest but do not read it.
      const dropped = await repo.keepLatest(tx, fileId, limits.perFile);
      await this.deps.ledger.append(tx, {
        orgId: app.org_id,
        applicationId: app.id,
        actor: caller.authenticatedAs,
        action: 'analysis.ingested',
        target: `file:${fileId}`,
        detail: {
          ingestId: id,
          format: input.format,
          engine: input.engine ?? null,
          pages: normalized.pages.map((p) => p.page),
          documents: normalized.documents.length,
          ...(replaced ? { replaces: replaced.id } : {}),
          ...(dropped.length ? { dropped } : {}),
        },
      });
      return row;
    });
    return toIngest(row);
  }

  /** The file of the case an ingest may be given for: 404 none, 409 read by a run or read now. */
  private async ingestable(q: Queryable, applicationId: string, run: RunRow | null, fileId: string) {
    const file = (await this.deps.applications.files(q, applicationId)).find((f) => f.id === fileId);
    if (!file) throw notFound(`No file "${fileId}" in application "${applicationId}"`);
    if (file.read_by_run !== null) {
      throw conflict(`"${file.name}" was read by run ${file.read_by_run}: a run reads a file once, and an analysis is taken by the run that reads it; send it before that run`);
    }
    if (run && isInFlight(run.state) && run.file_ids.includes(fileId)) {
      throw conflict(`Run ${run.n} is reading "${file.name}" (${run.state}): an analysis must arrive before the run that reads the file starts`);
    }
    return file;
  }

  /** GET /applications/{id}/analysis: every ingest of the case, newest first. */
  async list(orgId: string, applicationId: string): Promise<AnalysisIngest[]> {
    const { app } = await this.deps.applications.require(this.deps.db, orgId, applicationId);
    return (await repo.listIngests(this.deps.db, app.id)).map(toIngest);
  }

  /** The ingests in force for `fileIds`, as a run takes them (`RunEngine.ingests`). */
  async ingestedFor(q: Queryable, applicationId: string, fileIds: readonly string[]): Promise<Map<string, IngestedFile>> {
    const rows = await repo.currentIngests(q, applicationId, fileIds);
    return new Map(
      rows.map((r) => [r.file_id, { id: r.id, source: sourceOf(r.id), pages: new Map(r.pages.map((p) => [p.page, p.lines])), documents: r.documents }]),
    );
  }

  /** In the transaction that lands a run: the ingests it read its files with are marked used by it. */
  async markUsed(tx: Queryable, run: RunRow): Promise<void> {
    await repo.markUsed(
      tx,
      (await repo.currentIngests(tx, run.application_id, run.file_ids)).map((r) => r.id),
      run.n,
    );
  }
}
