import type { ModelOption, ModelStageName, RunStateName } from '@portal/shared';
import type { AnalyzerSchema } from '../analyzer/catalogue.js';
import type { AppConfig } from '../config.js';
import type { ApplicationService } from '../applications/service.js';
import type { RunRow } from '../applications/rows.js';
import { readBlob, type BlobStore } from '../blobs/blob-store.js';
import type { Clock } from '../clock.js';
import type { Db, Queryable } from '../db/db.js';
import type { Job, JobContext, JobQueue } from '../jobs/job-queue.js';
import type { Library } from '../library/plugin.js';
import { SYSTEM_ACTOR, type LedgerService } from '../ledger/service.js';
import { isPacketReadError } from '../analyzer/pdf/errors.js';
import { AnalyzerUnavailableError, type AnalyzerPort, type CatalogueType, type DocumentTyper, type PreflightFlag } from './analyzer-port.js';
import { documentSplitter } from './document-splitter.js';
import { overlayPages, type IngestedFile, type IngestSource, type StoredPage } from './ingested.js';
import { keyDataReader, ModelStageError, type KeyDataReader, type RunLog } from './key-data-reader.js';
import * as repo from './repository.js';
import { RUN_JOB } from './repository.js';
import { TOOL_BEHAVIOURS } from './tools/index.js';
import { listWholeFiles } from './tools/whole-files.js';
import { isListed, type RunWorkspace } from './tools/workspace.js';

export interface RunStageJob {
  applicationId: string;
  n: number;
  stage: RunStateName;
}

export interface RunLimits {
  /** How long one stage may take before the run is sent back to the gate (the analyzer went silent). */
  stageTimeoutMs: number;
  /** One file's reading at pre-flight (in the run call). */
  preflightFileTimeoutMs: number;
  /** Resolution of the page images sent to a classify model that reads images. */
  modelImagePpi?: number;
  /** One file's reading at parse. */
  parseFileTimeoutMs: number;
  /** Attempts of a stage whose server stopped under it before the run is returned to the gate. */
  stageAttempts: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = { stageTimeoutMs: 20 * 60_000, preflightFileTimeoutMs: 60_000, parseFileTimeoutMs: 180_000, stageAttempts: 3 };

export interface RunEngineDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  jobs: JobQueue;
  ledger: LedgerService;
  applications: ApplicationService;
  library: Library;
  analyzer: () => AnalyzerPort;
  limits: () => RunLimits;
  config: AppConfig;
  /**
   * What a stage runs on for an organization (the models area's choice), read through `q`: the
   * sample case builds its run inside the transaction that creates the organization.
   */
  modelFor: (q: Queryable, orgId: string, stage: ModelStageName) => Promise<ModelOption>;
  log?: RunLog | undefined;
}

/**
 * How an organization's runs read besides the base analyzer: wrappers around the typer and the
 * key-data reader a run is given (learning/ makes one from the organization's own examples).
 */
export interface RunAdapter {
  typer?(base: DocumentTyper): DocumentTyper;
  reader?(base: KeyDataReader): KeyDataReader;
}

/** Entries of the marked chain that are not document types. */
/** Inventory writes how many pages of a file it has read at most this often (a row write each, replicated). */
const PAGE_PROGRESS_WRITE_MS = 1000;
const NOT_TYPES = new Set(['docKind', 'pageKind', 'default']);
const NEXT: Partial<Record<RunStateName, RunStateName>> = { previewing: 'inventory', inventory: 'running', running: 'report' };

/** Why a stage stopped: a person cancelled it, or another worker took it over; nothing to record. */
class RunMovedOn extends Error {}
class StageTimedOut extends Error {}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The run engine: a run in flight is a chain of jobs, one per state (`previewing` → `inventory` →
 * `running` → `report`), each doing its stage's work outside any transaction, then moving the run
 * on and enqueueing the next stage in one transaction (so a stage is never lost nor done twice
 * into the record). A stage that fails or outlives its time limit sends the case back to the
 * gate with `lastRunError`. A killed server loses only its lease: the stage is taken up again
 * (`run.resumed`), and a run no job will move on is returned to the gate (`recover`).
 */
export class RunEngine {
  /** Runs this process works on, so a cancel here stops their reading at once. */
  private readonly local = new Map<string, AbortController>();
  /**
   * Called in the transaction that lands a run, after its documents are stored: the documents
   * area recomputes the case's list there (it registers after this area, so it hooks in).
   */
  readonly landed: ((tx: Queryable, run: RunRow) => Promise<void>)[] = [];
  /**
   * Asked through `q` when a run's workspace is built: what the organization's runs read with
   * besides the base analyzer (learning registers after this area, so it hooks in).
   */
  readonly adapters: ((q: Queryable, orgId: string, catalogue: CatalogueType[]) => Promise<RunAdapter | undefined>)[] = [];
  /**
   * What integrators' own engines read of a run's files, which the run takes instead of reading
   * those pages (the analysis area registers after this one, so it hooks in).
   */
  readonly ingests: IngestSource[] = [];

  constructor(private readonly deps: RunEngineDeps) {}

  /** The ingests in force for `fileIds`, by file (a later source wins for a file both give). */
  async ingestedFor(q: Queryable, applicationId: string, fileIds: readonly string[]): Promise<Map<string, IngestedFile>> {
    const out = new Map<string, IngestedFile>();
    for (const source of this.ingests) for (const [fileId, ingested] of await source(q, applicationId, fileIds)) out.set(fileId, ingested);
    return out;
  }

  private key(applicationId: string, n: number): string {
    return `${applicationId}:${n}`;
  }

  /** Enqueues a run's stage in `tx`, the transaction that puts the run in that state. */
  async enqueueStage(tx: Queryable, orgId: string, run: RunStageJob): Promise<void> {
    await this.deps.jobs.enqueue<RunStageJob>(
      { kind: RUN_JOB, orgId, payload: run, maxAttempts: this.deps.limits().stageAttempts, dedupeKey: `run:${run.applicationId}:${run.n}:${run.stage}` },
      tx,
    );
  }

  /** Stops this process's work on a run (it was cancelled). */
  stopLocal(applicationId: string, n: number): void {
    this.local.get(this.key(applicationId, n))?.abort(new RunMovedOn('The run was cancelled'));
  }

  /** The job handler of `run.stage`. */
  async handle(job: Job<RunStageJob>, ctx: JobContext): Promise<void> {
    const { applicationId, n, stage } = job.payload;
    const { db } = this.deps;
    const run = await repo.getRun(db, applicationId, n);
    if (!run || run.state !== stage) return;
    if (job.attempts > 1) {
      await db.transaction(async (tx) => {
        if (!(await repo.moveRun(tx, applicationId, n, stage, { attempts: run.attempts + 1 }))) return;
        await this.append(tx, run, 'run.resumed', { state: stage, attempt: job.attempts });
      });
    }
    const stop = new AbortController();
    const key = this.key(applicationId, n);
    this.local.set(key, stop);
    const onLease = () => stop.abort(ctx.signal.reason);
    ctx.signal.addEventListener('abort', onLease, { once: true });
    const limit = this.deps.limits().stageTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const e = new StageTimedOut(`The ${stage} stage did not finish within ${Math.round(limit / 1000)} s: the analyzer went silent. The case is back at the gate; start the run again.`);
        stop.abort(e);
        reject(e);
      }, limit);
    });
    // When the deadline wins, the stage's own end (its writes refused: the run moved on) is dropped.
    const work = this.stage(run, stop.signal);
    work.catch(() => {});
    try {
      await Promise.race([work, deadline]);
    } catch (err) {
      // The lease was lost or the queue is stopping: leave the run in flight, the stage is taken up again.
      if (ctx.signal.aborted && !(stop.signal.reason instanceof StageTimedOut) && !(stop.signal.reason instanceof RunMovedOn)) throw err;
      if (err instanceof RunMovedOn || stop.signal.reason instanceof RunMovedOn) return;
      // The analyzer is shutting down with the server: the stage is taken up again after the restart.
      if (!(err instanceof StageTimedOut) && (err instanceof AnalyzerUnavailableError || (isPacketReadError(err) && err.code === 'closed'))) throw err;
      await this.fail(
        run,
        stage,
        err instanceof StageTimedOut ? err.message : `The ${stage} stage failed: ${message(err)}`,
        'failed',
        err instanceof ModelStageError ? { modelUsage: err.modelUsage } : {},
      );
    } finally {
      clearTimeout(timer);
      ctx.signal.removeEventListener('abort', onLease);
      this.local.delete(key);
    }
  }

  private async append(tx: Queryable, run: RunRow, action: Parameters<LedgerService['append']>[1]['action'], detail: Record<string, unknown>, target = `run:${run.n}`) {
    await this.deps.ledger.append(tx, { orgId: run.org_id, applicationId: run.application_id, actor: SYSTEM_ACTOR, action, target, detail });
  }

  /** Sends a run in flight back to the gate with why (`run.failed`); nothing when it already moved on. */
  async fail(run: RunRow, from: RunStateName, why: string, reason: 'failed' | 'interrupted', detail: Record<string, unknown> = {}): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const moved = await repo.moveRun(tx, run.application_id, run.n, from, { state: 'gated', gateReason: reason, lastError: why, step: null, endedAt: this.deps.clock() });
      if (moved) await this.append(tx, run, 'run.failed', { error: why, state: from, ...detail });
    });
  }

  /** Progress within a stage; throws RunMovedOn when the run was cancelled meanwhile (by any instance). */
  private async progress(run: RunRow, stage: RunStateName, patch: { pagesDone?: number; step?: string | null; pagesTotal?: number }): Promise<void> {
    if (!(await repo.moveRun(this.deps.db, run.application_id, run.n, stage, patch))) throw new RunMovedOn('The run moved on');
  }

  /** Moves the run to its next state in `tx` and enqueues that stage, or throws RunMovedOn. */
  private async advance(tx: Queryable, run: RunRow, from: RunStateName, patch: Parameters<typeof repo.moveRun>[4] = {}): Promise<RunStateName> {
    const to = NEXT[from]!;
    const landed = to === 'report';
    const moved = await repo.moveRun(tx, run.application_id, run.n, from, { ...patch, state: to, step: null, ...(landed ? { endedAt: this.deps.clock() } : {}) });
    if (!moved) throw new RunMovedOn('The run moved on');
    if (!landed) {
      await this.append(tx, run, 'run.stage', { state: to, pagesTotal: patch.pagesTotal ?? run.pages_total });
      await this.enqueueStage(tx, run.org_id, { applicationId: run.application_id, n: run.n, stage: to });
    }
    return to;
  }

  private async stage(run: RunRow, signal: AbortSignal): Promise<void> {
    if (run.state === 'previewing') return this.previewing(run);
    if (run.state === 'inventory') return this.inventory(run, signal);
    if (run.state === 'running') return this.running(run, signal);
  }

  /**
   * Preview: every page of the files the run covers was measured and pre-flighted by the run call
   * (the gate answered on it); the previews are the pages stored then. Nothing is spent.
   */
  private async previewing(run: RunRow): Promise<void> {
    await this.deps.db.transaction((tx) => this.advance(tx, run, 'previewing', { pagesDone: 0 }));
  }

  /**
   * Inventory: reads every page's text (scans by OCR, one file at a time on the reading pool). A
   * file whose every scan an analysis ingest gives the lines of is not read again: the run takes
   * the ingest's lines (the workspace lays them over the pages).
   */
  private async inventory(run: RunRow, signal: AbortSignal): Promise<void> {
    const { db, blobs } = this.deps;
    const files = (await this.deps.applications.files(db, run.application_id, { removed: true })).filter((f) => run.file_ids.includes(f.id));
    const scans = await repo.scanPages(db, run.file_ids);
    const ingested = await this.ingestedFor(db, run.application_id, run.file_ids);
    let done = 0;
    await this.progress(run, 'inventory', { step: 'parse', pagesDone: 0 });
    for (const file of files) {
      if (signal.aborted) throw signal.reason;
      const given = ingested.get(file.id)?.pages;
      if ((scans.get(file.id) ?? []).some((page) => !given?.has(page))) {
        const bytes = new Uint8Array(await readBlob(blobs, file.sha256));
        // A scanned file takes seconds a page to OCR: the run says its pages as they are read, not
        // only when the whole file is, or a 10-page scan shows "0 of 10" for most of a minute.
        const pages = this.pageProgress(run, done, file.page_count);
        const reading = await this.deps.analyzer()
          .parse(bytes, { orgId: run.org_id, timeoutMs: this.deps.limits().parseFileTimeoutMs, signal, onPage: pages.read })
          .finally(pages.stop);
        await db.transaction((tx) => repo.savePages(tx, { orgId: run.org_id, applicationId: run.application_id, fileId: file.id, runN: run.n, pages: reading.pages }));
      }
      done += file.page_count;
      await this.progress(run, 'inventory', { pagesDone: done });
    }
    await db.transaction((tx) => this.advance(tx, run, 'inventory', { pagesDone: 0 }));
  }

  /**
   * Inventory's progress within a file, told by the reading pool as each page is read: one row
   * write at most every PAGE_PROGRESS_WRITE_MS, in order. `stop` ends it and waits for the last
   * write, so none lands after the file's own progress (or after the run moved on). A write that
   * fails (the run was cancelled meanwhile) is dropped: the file's own progress says so.
   */
  private pageProgress(run: RunRow, before: number, pageCount: number): { read: (pagesRead: number) => void; stop: () => Promise<void> } {
    let writes = Promise.resolve();
    let live = true;
    let last = performance.now();
    return {
      read: (pagesRead) => {
        if (!live || pagesRead >= pageCount || performance.now() - last < PAGE_PROGRESS_WRITE_MS) return;
        last = performance.now();
        writes = writes.then(() => this.progress(run, 'inventory', { pagesDone: before + pagesRead })).catch(() => undefined);
      },
      stop: () => {
        live = false;
        return writes;
      },
    };
  }

  /** Running: the workflow's tools after the spine, in order, with their settings; then the run lands. */
  private async running(run: RunRow, signal: AbortSignal): Promise<void> {
    const ws = await this.workspace(this.deps.db, run, signal, (pagesDone) => this.progress(run, 'running', { pagesDone }));
    await this.runTools(run, ws, (step) => this.progress(run, 'running', { step, pagesDone: 0 }));
    await this.deps.db.transaction((tx) => this.land(tx, run, ws));
  }

  /** What the tools of a run work on, read through `q`. */
  async workspace(q: Queryable, run: RunRow, signal: AbortSignal, progress: (pagesDone: number) => Promise<void>): Promise<RunWorkspace> {
    const { library } = this.deps;
    const { app } = await this.deps.applications.require(q, run.org_id, run.application_id);
    const files = (await this.deps.applications.files(q, run.application_id, { removed: true })).filter((f) => run.file_ids.includes(f.id));
    const chain = await library.catalogs.chain(q, run.org_id);
    const catalogue: CatalogueType[] = chain.entries
      .filter((e) => !NOT_TYPES.has(e.kind))
      .map((e) => ({ docType: e.docType, name: e.name, kind: e.kind, description: e.description }));
    const analyzer = this.deps.analyzer();
    const flagsByFile = new Map<string, PreflightFlag[]>();
    for (const f of run.flags) flagsByFile.set(f.fileId, [...(flagsByFile.get(f.fileId) ?? []), { page: f.page, code: f.code as PreflightFlag['code'], note: f.note }]);
    const schemas = new Map<string, Promise<AnalyzerSchema | undefined>>();
    const adapted = await this.adapt(q, run.org_id, catalogue);
    const typer = adapted.typer(analyzer.typer(catalogue));
    const context = { applicationId: run.application_id, run: run.n };
    const byId = new Map(files.map((f) => [f.id, f]));
    const bytesOf = async (fileId: string) => new Uint8Array(await readBlob(this.deps.blobs, byId.get(fileId)!.sha256));
    const einvoices = new Map<string, Promise<Awaited<ReturnType<RunWorkspace['einvoiceOf']>>>>();
    const readOptions = () => ({ orgId: run.org_id, timeoutMs: this.deps.limits().preflightFileTimeoutMs, signal });
    // An integrator's analysis takes precedence page by page over what the analyzer read.
    const ingested = await this.ingestedFor(q, run.application_id, run.file_ids);
    const pagesByFile = await repo.pagesOf(q, run.file_ids);
    for (const [fileId, file] of ingested) pagesByFile.set(fileId, overlayPages(pagesByFile.get(fileId) ?? [], file));
    return {
      app,
      run,
      files,
      pagesByFile,
      ingested,
      flagsByFile,
      catalogue,
      typer,
      analyzer,
      extractor: adapted.reader(keyDataReader({ option: await this.deps.modelFor(q, run.org_id, 'extract'), config: this.deps.config, analyzer, log: this.deps.log, context })),
      splitter: documentSplitter({ option: await this.deps.modelFor(q, run.org_id, 'classify'), config: this.deps.config, analyzer, typer, catalogue, log: this.deps.log, context }),
      einvoiceOf: (fileId) => {
        let e = einvoices.get(fileId);
        if (!e) {
          e = byId.has(fileId) ? bytesOf(fileId).then((bytes) => analyzer.einvoice(bytes, readOptions())) : Promise.resolve(undefined);
          einvoices.set(fileId, e);
        }
        return e;
      },
      pageImages: async (fileId, pages) => {
        if (!byId.has(fileId)) return new Map();
        const images = await analyzer.pageImages(await bytesOf(fileId), pages, this.deps.limits().modelImagePpi ?? 110, readOptions());
        return new Map(images.map((i) => [i.page, i.png]));
      },
      schemaFor: (docType) => {
        let s = schemas.get(docType);
        if (!s) {
          s = library.schemas.resolveFor(q, run.org_id, docType).then((r) => (r ? toAnalyzerSchema(docType, r.version.content.fields) : undefined));
          schemas.set(docType, s);
        }
        return s;
      },
      earlier: (await repo.filedDocuments(q, run.application_id)).map((d) => ({ address: d.address, expectedDocId: d.expected_doc_id, settled: d.settled })),
      documents: [],
      report: null,
      rows: [],
      now: this.deps.clock(),
      signal,
      progress,
    };
  }

  /** The organization's adapters, composed (none: the base typer and reader as they are). */
  private async adapt(q: Queryable, orgId: string, catalogue: CatalogueType[]): Promise<Required<RunAdapter>> {
    const all: RunAdapter[] = [];
    for (const adapter of this.adapters) {
      const a = await adapter(q, orgId, catalogue);
      if (a) all.push(a);
    }
    return {
      typer: (base) => all.reduce((t, a) => a.typer?.(t) ?? t, base),
      reader: (base) => all.reduce((r, a) => a.reader?.(r) ?? r, base),
    };
  }

  /** The run's workflow steps after the spine, each tool with its settings parsed by its definition. */
  async runTools(run: RunRow, ws: RunWorkspace, onStep: (tool: string) => Promise<void>): Promise<void> {
    for (const step of run.steps) {
      if (step.tool === 'preview' || step.tool === 'parse') continue;
      if (ws.signal.aborted) throw ws.signal.reason;
      const behaviour = TOOL_BEHAVIOURS[step.tool];
      const definition = this.deps.library.workflows.tools.get(step.tool);
      if (!behaviour || !definition) throw new Error(`the workflow step "${step.tool}" is not a tool this server can run`);
      const settings = definition.settings.safeParse(step.settings);
      if (!settings.success) throw new Error(`the settings of the workflow step "${step.tool}" are not valid: ${settings.error.issues.map((i) => i.message).join('; ')}`);
      await onStep(step.tool);
      await behaviour(ws, settings.data);
    }
    listWholeFiles(ws);
  }

  /** Lands a run in `report` in `tx`: its documents, its files marked read, its ledger rows. */
  async land(tx: Queryable, run: RunRow, ws: RunWorkspace): Promise<void> {
    await this.advance(tx, run, 'running', { report: ws.report, pagesDone: run.pages_total });
    // The pages as the run read them: an ingest's lines where it gave them (citations and key values name those lines).
    for (const fileId of ws.ingested.keys()) {
      const taken = (ws.pagesByFile.get(fileId) ?? []).filter((p: StoredPage) => p.analysis !== undefined);
      await repo.savePages(tx, { orgId: run.org_id, applicationId: run.application_id, fileId, runN: run.n, pages: taken, only: true });
    }
    await repo.saveDocuments(tx, {
      orgId: run.org_id,
      applicationId: run.application_id,
      runN: run.n,
      documents: ws.documents.map((d) => ({
        address: d.address,
        fileId: d.fileId,
        firstPage: Math.min(...d.pages),
        lastPage: Math.max(...d.pages),
        spans: [{ fileId: d.fileId, pages: d.pages }],
        title: d.title,
        docType: d.docType,
        confidence: d.confidence,
        runnersUp: d.runnersUp,
        boundaryConfidence: d.boundaryConfidence,
        expectedDocId: d.expectedDocId,
        settled: d.settled,
        suggestedName: d.suggestedName,
        keyData: d.keyData,
        keyFields: d.keyFields,
        findings: d.findings,
        splitConfirmed: d.splitConfirmed,
        splitOf: d.splitOf,
        source: d.source ?? null,
      })),
    });
    await repo.markFilesRead(tx, run.file_ids, run.n);
    for (const row of ws.rows) await this.deps.ledger.append(tx, { ...row, orgId: run.org_id, applicationId: run.application_id });
    const listed = ws.documents.filter(isListed);
    const extractSpend = ws.extractor.spend();
    const classifySpend = ws.splitter.spend();
    const modelUsage = { ...(classifySpend ? { classify: classifySpend } : {}), ...(extractSpend ? { extract: extractSpend } : {}) };
    // Documents whose key data came from the e-invoice their file embeds, and from which file.
    const einvoices = ws.documents.filter((d) => d.einvoice && isListed(d)).map((d) => ({ document: d.address, file: d.einvoice!.fileName, standard: d.einvoice!.standard }));
    const analysis = [...ws.ingested].map(([file, ingested]) => ({ file, ingestId: ingested.id }));
    await this.append(tx, run, 'run.reported', {
      documents: listed.length,
      filed: listed.filter((d) => d.expectedDocId).length,
      ...(analysis.length ? { analysis } : {}),
      ...(Object.keys(modelUsage).length ? { modelUsage } : {}),
      ...(einvoices.length ? { einvoices } : {}),
    });
    for (const hook of this.landed) await hook(tx, run);
  }

  /**
   * Returns to the gate every run in flight that no job will move on (its stage's worker died on
   * every attempt, or its job is gone): never stuck in flight.
   */
  async recover(): Promise<number> {
    // A run call's pre-flight shown on a case whose server stopped mid-check: nobody will end it.
    // Silent that long only when stopped (each file writes as it starts, and may take both limits).
    const limits = this.deps.limits();
    await this.deps.applications.clearStalePreflights(this.deps.db, Math.max(10 * 60_000, limits.preflightFileTimeoutMs + limits.parseFileTimeoutMs + 60_000));
    const stranded = await repo.strandedRuns(this.deps.db);
    for (const run of stranded) {
      await this.fail(
        run,
        run.state,
        `The server stopped while the run was in ${run.state}, and the run could not be taken up again. The case is back at the gate; start the run again.`,
        'interrupted',
      );
    }
    return stranded.length;
  }
}

/** An extraction schema version's fields as the analyzer takes them (its field types are its own). */
function toAnalyzerSchema(
  docType: string,
  fields: readonly { name: string; label?: string; type: string; multiple?: boolean; description?: string; hints?: string[]; required?: boolean; options?: string[] }[],
): AnalyzerSchema {
  return {
    docType,
    fields: fields.map((f) => {
      const desc = f.description ?? '';
      const type =
        f.type === 'date' || f.type === 'money'
          ? f.type
          : /address/i.test(f.name)
            ? 'address'
            : /name$|Name$|Names$|Borrower$/.test(f.name) && /Given names first/.test(desc)
              ? 'name'
              : /nationality/i.test(f.name)
                ? 'country'
                : f.type;
      // An enum's options go along for a model's reading to check its value against.
      const options = f.options?.length ? { options: f.options } : {};
      return { name: f.name, label: f.label || f.name, type, multiple: f.multiple ?? false, description: desc, hints: f.hints ?? [], required: f.required ?? true, ...options };
    }),
  };
}
