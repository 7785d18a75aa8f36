import type { Multipart } from '@fastify/multipart';
import {
  cancelRefusal,
  isInFlight,
  PREFLIGHT_FLAG_CODES,
  type Application,
  type GateFlag,
  type PreflightFlagCodeName,
  type RunPreflight,
  type RunStateName,
  type Workflow,
} from '@portal/shared';
import type { ParsedPage } from '../analyzer/types.js';
import type { ApplicationRow, FileRow, RunRow } from '../applications/rows.js';
import type { ResolvedList } from '../applications/service.js';
import { readBlob } from '../blobs/blob-store.js';
import { isUniqueViolation, type Queryable } from '../db/db.js';
import { modelReachable, toResearchModel } from '../research/engines.js';
import { badRequest, conflict, HttpError } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { IdentityServices } from '../identity/plugin.js';
import { AnalyzerUnavailableError, type AnalyzerPort, type PreflightFlag } from './analyzer-port.js';
import { DEFAULT_RUN_LIMITS, RunEngine, type RunEngineDeps, type RunLimits } from './engine.js';
import { openAiModelName } from './key-data-reader.js';
import * as repo from './repository.js';
import { isScan } from './repository.js';

/** The least time between two writes of pre-flight progress within a file: a row write each. */
const PREFLIGHT_PAGE_WRITE_MS = 1000;

/** How many red flags a refusal names in its message (all of them are in `flags`). */
const FLAGS_NAMED = 5;

export interface RunServiceDeps extends Omit<RunEngineDeps, 'analyzer' | 'limits'> {
  identity: IdentityServices;
  analyzer: AnalyzerPort;
}

const RUN_FIELDS = ['applicant', 'expectedDocList', 'applicationId', 'decidedBy'] as const;

const known = (code: string): code is PreflightFlagCodeName => code in PREFLIGHT_FLAG_CODES;

/** A pre-flight flag of one file as the gate shows it. */
function gateFlag(fileId: string, f: PreflightFlag): GateFlag {
  return known(f.code) ? { fileId, page: f.page, code: f.code, note: f.note } : { fileId, page: f.page, code: 'unreadable', note: `${f.code}: ${f.note}` };
}

const firstState = (workflow: { steps: { tool: string }[] }): RunStateName => (workflow.steps[0]?.tool === 'preview' ? 'previewing' : 'running');

/**
 * The gate and the runs (spec tag `runs`): the run call, a person's decisions at the gate
 * (bypass, removing an unread file), cancel, and the engine that moves runs through their states.
 * Each change appends its ledger rows in its transaction.
 */
export class RunService {
  readonly engine: RunEngine;
  private port: AnalyzerPort;
  private limits: RunLimits;

  constructor(private readonly deps: RunServiceDeps) {
    this.port = deps.analyzer;
    const { preflightFileTimeoutMs, parseFileTimeoutMs } = deps.config.analyzer;
    this.limits = { ...DEFAULT_RUN_LIMITS, preflightFileTimeoutMs, parseFileTimeoutMs };
    this.engine = new RunEngine({ ...deps, analyzer: () => this.port, limits: () => this.limits });
  }

  /** The analyzer the runs use; tests wrap it to make a stage fail, fall silent or be unreachable. */
  get analyzer(): AnalyzerPort {
    return this.port;
  }

  useAnalyzer(port: AnalyzerPort): void {
    this.port = port;
  }

  /** Time limits of stages and files (tests shorten them). */
  setLimits(limits: Partial<RunLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  private get db() {
    return this.deps.db;
  }

  private async ledgerRow(tx: Queryable, caller: Caller | null, applicationId: string, orgId: string, action: Parameters<RunServiceDeps['ledger']['append']>[1]['action'], target: string, detail: Record<string, unknown>) {
    await this.deps.ledger.append(tx, { orgId, applicationId, actor: caller?.authenticatedAs ?? 'system', action, target, detail });
  }

  /**
   * `POST /workflows/{workflowId}/runs` (spec Part 4). Refusals that come before the case exists
   * (the workflow, the fields, the list or case named) are answered before anything is written:
   * the workflow before the body is read, fields as they arrive. Then the case and its files are
   * recorded; an instant account with no email stops there (403); pre-flight reads every file no
   * run has read, and red flags hold the case at the gate (409); otherwise the run starts.
   */
  async start(caller: Caller, workflowId: string, pinned: number | undefined, parts: AsyncIterable<Multipart>): Promise<Application> {
    const { applications } = this.deps;
    const workflow = await this.deps.library.workflows.resolveForRun(this.db, caller.orgId, workflowId, pinned);
    const fields: Record<string, string> = {};
    let list: ResolvedList | undefined;
    let existing: ApplicationRow | undefined;
    const checkFieldSet = () => {
      if (fields.applicationId !== undefined && (fields.applicant !== undefined || fields.expectedDocList !== undefined)) {
        throw badRequest('body: send applicationId to run on an existing case, or applicant and expectedDocList for a new one, not both');
      }
    };
    const upload = await applications.intake.receive(parts, {
      orgId: caller.orgId,
      textFields: RUN_FIELDS,
      onField: async (name, value) => {
        fields[name] = value;
        checkFieldSet();
        if (name === 'applicationId') existing = (await applications.require(this.db, caller.orgId, value.trim())).app;
        if (name === 'expectedDocList') list = await applications.resolveList(this.db, caller.orgId, value);
      },
    });
    let started: { app: ApplicationRow; unread: FileRow[] } | { app: ApplicationRow; emailRequired: true };
    try {
      const decidedBy = fields.decidedBy?.trim() || caller.name;
      if (!existing) {
        const applicant = fields.applicant?.trim();
        if (!applicant) throw badRequest('body.applicant: the applicant’s name is required for a new case (or send applicationId)');
        if (fields.expectedDocList === undefined) throw badRequest('body.expectedDocList: required for a new case: a list id, or <id>/<N> (or send applicationId)');
        if (upload.files.length === 0) throw badRequest('body.files: a new case needs at least one PDF in the field "files"');
      }
      const org = await this.deps.identity.organizations.get(caller.orgId);
      started = await this.db.transaction(async (tx) => {
        let app: ApplicationRow;
        if (existing) {
          const current = await applications.require(tx, caller.orgId, existing.id, { lock: true });
          app = current.app;
          if (current.run && isInFlight(current.run.state)) throw conflict(`Run ${current.run.n} of application "${app.id}" is in flight (${current.run.state}); wait for it, or cancel it`);
        } else {
          app = await applications.createInTx(tx, caller, { applicantName: fields.applicant!.trim(), list: list! });
        }
        await applications.recordFiles(tx, caller, app, upload.files, null);
        const unread = (await applications.files(tx, app.id)).filter((f) => f.read_by_run === null);
        if (unread.length === 0) throw conflict(`Nothing new to read: every file of application "${app.id}" has been read by a run; add files first`);
        if (org.instant) {
          await this.gateRun(tx, caller, app, workflow, unread, decidedBy, { reason: 'emailRequired', error: 'The organization is an instant account with no email yet' });
          return { app, emailRequired: true as const };
        }
        return { app, unread };
      });
    } catch (err) {
      await applications.intake.discard(upload.files);
      throw err;
    }
    if ('emailRequired' in started) {
      throw new HttpError(
        403,
        `Add an email to your account before running a workflow (PATCH /users/{id} with email): an instant account may not spend on runs. Application "${started.app.id}" waits at the gate with its files.`,
        { applicationId: started.app.id, emailRequired: true },
      );
    }
    const { app, unread } = started;
    const decidedBy = fields.decidedBy?.trim() || caller.name;
    // Whether `run.preflight` is shown on the case: cleared by the transaction that ends the check,
    // else when the call ends some other way.
    let checking = false;
    const unreachable = async (why: string): Promise<HttpError> => {
      await this.db.transaction(async (tx) => {
        await applications.require(tx, caller.orgId, app.id, { lock: true });
        await this.gateRun(tx, caller, app, workflow, unread, decidedBy, { reason: 'analyzerUnreachable', error: why });
        if (checking) await applications.setPreflight(tx, app.id, null);
      });
      checking = false;
      return new HttpError(502, `${why}. Application "${app.id}" waits at the gate with its files; start the run again later (POST /workflows/${workflowId}/runs with applicationId).`, {
        applicationId: app.id,
      });
    };
    try {
      return await this.checkAndStart(caller, app, unread, workflow, decidedBy, unreachable, () => (checking = true), () => (checking = false));
    } finally {
      if (checking) await applications.setPreflight(this.db, app.id, null).catch((err: unknown) => this.deps.log?.warn({ err, applicationId: app.id }, 'could not clear the pre-flight progress'));
    }
  }

  /** The run call once the case and its files are recorded: pre-flight, then the run starts or is held. */
  private async checkAndStart(
    caller: Caller,
    app: ApplicationRow,
    unread: FileRow[],
    workflow: Workflow,
    decidedBy: string,
    unreachable: (why: string) => Promise<HttpError>,
    checkShown: () => void,
    checkEnded: () => void,
  ): Promise<Application> {
    const { applications } = this.deps;
    // Before pre-flight spends anything: a run whose classification or extraction would stop on a silent model.
    const silentModel = await this.silentModel(caller.orgId, workflow);
    if (silentModel) throw await unreachable(silentModel);
    let readings: Map<string, { pages: ParsedPage[]; flags: GateFlag[] }>;
    try {
      readings = await this.preflight(app, unread, checkShown);
    } catch (err) {
      if (!(err instanceof AnalyzerUnavailableError)) throw err;
      throw await unreachable(`The analyzer could not be reached: ${err.message}`);
    }
    const flags = unread.flatMap((f) => readings.get(f.id)?.flags ?? []);
    try {
      await this.db.transaction(async (tx) => {
        const { run } = await applications.require(tx, caller.orgId, app.id, { lock: true });
        // The run starts or is held in the same commit as the check leaves the case: never neither.
        await applications.setPreflight(tx, app.id, null);
        if (run && isInFlight(run.state)) throw conflict(`Run ${run.n} of application "${app.id}" is in flight (${run.state}); wait for it, or cancel it`);
        for (const f of unread) {
          const pages = readings.get(f.id)?.pages ?? [];
          await repo.savePages(tx, { orgId: caller.orgId, applicationId: app.id, fileId: f.id, runN: (run?.n ?? 0) + 1, pages });
        }
        if (flags.length > 0) {
          await this.gateRun(tx, caller, app, workflow, unread, decidedBy, { reason: 'flags', flags, error: null });
          return;
        }
        const state = firstState(workflow);
        const n = await repo.nextRunNumber(tx, app.id);
        await repo.insertRun(tx, {
          applicationId: app.id,
          n,
          orgId: caller.orgId,
          state,
          gateReason: null,
          flags: [],
          lastError: null,
          workflow: { orgId: caller.orgId, id: workflow.id, version: workflow.version, steps: workflow.steps },
          fileIds: unread.map((f) => f.id),
          decidedBy,
          authenticatedAs: caller.authenticatedAs,
          pagesTotal: unread.reduce((s, f) => s + f.page_count, 0),
          at: this.deps.clock(),
        });
        await this.ledgerRow(tx, caller, app.id, caller.orgId, 'run.started', `run:${n}`, {
          workflow: { id: workflow.id, version: workflow.version },
          decidedBy,
          authenticatedAs: caller.authenticatedAs,
          files: unread.map((f) => f.id),
          state,
        });
        await this.engine.enqueueStage(tx, caller.orgId, { applicationId: app.id, n, stage: state });
      });
      checkEnded();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`A run of application "${app.id}" is already in flight; wait for it, or cancel it`);
      throw err;
    }
    if (flags.length > 0) throw this.flagsRefusal(app, unread, flags);
    return applications.get(caller.orgId, app.id);
  }

  /**
   * Why a model the organization chose for a stage this workflow runs (`classify` for
   * classify-and-file, `extract` for extract-key-data) cannot serve this run (it does not answer),
   * or undefined: built-in engines, reachable models, or a workflow that runs neither stage.
   */
  private async silentModel(orgId: string, workflow: Workflow): Promise<string | undefined> {
    const stages = ([['classify', 'classify-and-file'], ['extract', 'extract-key-data']] as const).filter(([, tool]) => workflow.steps.some((s) => s.tool === tool));
    for (const [stage] of stages) {
      const option = await this.deps.modelFor(this.db, orgId, stage);
      const name = openAiModelName(option);
      if (name === undefined || (await modelReachable(this.deps.config, toResearchModel(option)))) continue;
      const at = this.deps.config.openai ? ` at ${new URL(this.deps.config.openai.baseUrl).host}` : '';
      return `The model ${name} chosen for the ${stage} stage could not be reached${at}`;
    }
    return undefined;
  }

  private flagsRefusal(app: ApplicationRow, files: FileRow[], flags: GateFlag[]): HttpError {
    const names = new Map(files.map((f) => [f.id, f.name]));
    const shown = flags
      .slice(0, FLAGS_NAMED)
      .map((f) => `${f.code} on page ${f.page} of "${names.get(f.fileId) ?? f.fileId}"`)
      .join(', ');
    return new HttpError(
      409,
      `Pre-flight raised ${flags.length} red flag${flags.length === 1 ? '' : 's'}: ${shown}${flags.length > FLAGS_NAMED ? ', …' : ''}. Application "${app.id}" waits at the gate with its files: do not send the packet again. Red flags are never overridden on your behalf: a person may decide \`bypassed\` ("Process anyway") at the gate (POST /applications/${app.id}/run/bypass), or remove a file no run has read.`,
      { applicationId: app.id, flags },
    );
  }

  /** A run held at the gate, in `tx`: its row (state `gated`, with why) and `gate.refused`. */
  private async gateRun(
    tx: Queryable,
    caller: Caller,
    app: ApplicationRow,
    workflow: Workflow,
    files: FileRow[],
    decidedBy: string,
    why: { reason: 'flags' | 'emailRequired' | 'analyzerUnreachable'; flags?: GateFlag[]; error: string | null },
  ): Promise<void> {
    const n = await repo.nextRunNumber(tx, app.id);
    await repo.insertRun(tx, {
      applicationId: app.id,
      n,
      orgId: caller.orgId,
      state: 'gated',
      gateReason: why.reason,
      flags: why.flags ?? [],
      lastError: why.error,
      workflow: { orgId: caller.orgId, id: workflow.id, version: workflow.version, steps: workflow.steps },
      fileIds: files.map((f) => f.id),
      decidedBy,
      authenticatedAs: caller.authenticatedAs,
      pagesTotal: files.reduce((s, f) => s + f.page_count, 0),
      at: this.deps.clock(),
    });
    await this.ledgerRow(tx, caller, app.id, caller.orgId, 'gate.refused', `run:${n}`, {
      reason: why.reason,
      workflow: { id: workflow.id, version: workflow.version },
      decidedBy,
      ...(why.flags ? { flags: why.flags } : {}),
      ...(why.error ? { error: why.error } : {}),
    });
  }

  /**
   * Pre-flight of the files a run would cover, one after another on the analyzer's pool: each
   * file's pages (text layer) and red flags, plus a flag on a file whose content repeats another
   * file of the case.
   */
  private async preflight(app: ApplicationRow, files: FileRow[], shown: () => void): Promise<Map<string, { pages: ParsedPage[]; flags: GateFlag[] }>> {
    const out = new Map<string, { pages: ParsedPage[]; flags: GateFlag[] }>();
    const all = await this.deps.applications.files(this.db, app.id);
    const startedAt = this.deps.clock().toISOString();
    const progress = { filesDone: 0, filesTotal: files.length, pagesDone: 0, pagesTotal: files.reduce((n, f) => n + f.page_count, 0) };
    // Written as each file starts, as its duplicates go to OCR, and as its pages are read at most
    // once a second: one row write each. In order, and all done before the check ends, so none
    // lands after the transaction that clears it.
    let writes = Promise.resolve();
    let lastPageWrite = 0;
    const report = (step: RunPreflight['step'], fileName: string, pagesDone = progress.pagesDone) => {
      const shownNow = { step, fileName, ...progress, pagesDone, startedAt, updatedAt: this.deps.clock().toISOString() };
      // A write that failed holds back none after it; the one awaiting it hears of it.
      writes = writes.catch(() => undefined).then(async () => {
        await this.deps.applications.setPreflight(this.db, app.id, shownNow);
        shown();
      });
      return writes;
    };
    let reading: FileRow | null = null;
    const pagesOf = (f: FileRow, step: RunPreflight['step']) => (pagesRead: number) => {
      // A page told after its file's reading answered would count twice, or outlive the check.
      if (reading !== f || performance.now() - lastPageWrite < PREFLIGHT_PAGE_WRITE_MS) return;
      lastPageWrite = performance.now();
      report(step, f.name, progress.pagesDone + Math.min(pagesRead, f.page_count)).catch(() => undefined);
    };
    try {
      for (const f of files) {
        await report('preflight', f.name);
        lastPageWrite = performance.now();
        reading = f;
        const bytes = new Uint8Array(await readBlob(this.deps.blobs, f.sha256));
        let read = await this.port.preflight(bytes, { orgId: app.org_id, timeoutMs: this.limits.preflightFileTimeoutMs, onPage: pagesOf(f, 'preflight') });
        // Without their text, scans of one template (consecutive payslips) look alike: a duplicate
        // between scans is confirmed by reading the file with OCR, which inventory then reuses.
        const scans = new Set(read.pages.filter(isScan).map((p) => p.page));
        if (read.flags.some((x) => x.code === 'duplicate_page' && scans.has(x.page) && scans.has(x.duplicateOf ?? 0))) {
          await report('confirm-duplicates', f.name);
          read = await this.port.parse(bytes, { orgId: app.org_id, timeoutMs: this.limits.parseFileTimeoutMs, onPage: pagesOf(f, 'confirm-duplicates') });
        }
        reading = null;
        progress.filesDone++;
        progress.pagesDone += f.page_count;
        await writes;
        const flags = read.flags.map((flag) => gateFlag(f.id, flag));
        const twin = all.find((o) => o.sha256 === f.sha256 && o.position < f.position);
        if (twin) flags.unshift({ fileId: f.id, page: 1, code: 'duplicate_file', note: `The file has the same content as "${twin.name}" (${twin.id}), sent before it.` });
        out.set(f.id, { pages: read.pages, flags });
      }
    } finally {
      reading = null;
      await writes.catch(() => undefined);
    }
    return out;
  }

  /**
   * "Process anyway": a person overrides the red flags that hold the case's run at the gate; the
   * run goes on with its workflow, `decidedBy` recorded. API keys cannot: it is a person's
   * decision (spec Part 4), never made on a caller's behalf. `options.run`: the run the person saw
   * held (409 when the case moved on to another); `options.within` runs in the bypass's
   * transaction (sync records the pushed request that asked for it there).
   */
  async bypass(
    caller: Caller,
    id: string,
    decidedBy: string | undefined,
    options: { run?: number; within?: (tx: Queryable, bypassed: { run: number; at: Date }) => Promise<void> } = {},
  ): Promise<Application> {
    if (caller.kind === 'apiKey') throw new HttpError(403, 'Bypassing red flags is a person’s decision at the gate: sign in as a user to decide it');
    const who = decidedBy?.trim() || caller.name;
    const org = await this.deps.identity.organizations.get(caller.orgId);
    await this.db.transaction(async (tx) => {
      const { app, run } = await this.deps.applications.require(tx, caller.orgId, id, { lock: true });
      if (!run || run.state !== 'gated' || run.gate_reason !== 'flags') {
        throw conflict(`Nothing to bypass: application "${id}" is not held at the gate by red flags${run ? ` (run ${run.n} is ${run.state}${run.gate_reason ? `, ${run.gate_reason}` : ''})` : ''}`);
      }
      if (options.run !== undefined && run.n !== options.run) {
        throw conflict(`Run ${options.run} of application "${id}" is no longer the one held at the gate: run ${run.n} is, with flags of its own`);
      }
      if (org.instant) throw new HttpError(403, 'Add an email to your account before running a workflow: an instant account may not spend on runs', { applicationId: id, emailRequired: true });
      const current = await this.deps.applications.files(tx, id);
      const files = current.filter((f) => run.file_ids.includes(f.id) && f.read_by_run === null);
      if (files.length === 0) throw conflict(`Nothing new to read: the files run ${run.n} held were removed or read since`);
      const state = firstState(run);
      const startedAt = this.deps.clock();
      const moved = await repo.moveRun(tx, id, run.n, 'gated', {
        state,
        gateReason: null,
        lastError: null,
        decidedBy: who,
        authenticatedAs: caller.authenticatedAs,
        bypassedBy: caller.authenticatedAs,
        fileIds: files.map((f) => f.id),
        pagesTotal: files.reduce((s, f) => s + f.page_count, 0),
        startedAt,
        endedAt: null,
      });
      if (!moved) throw conflict(`Run ${run.n} of application "${id}" moved on meanwhile; read the case again`);
      await this.ledgerRow(tx, caller, id, caller.orgId, 'gate.bypassed', `run:${run.n}`, { decidedBy: who, authenticatedAs: caller.authenticatedAs, flags: run.flags });
      await this.ledgerRow(tx, caller, id, caller.orgId, 'run.started', `run:${run.n}`, {
        workflow: { id: run.workflow_id, version: run.workflow_version },
        decidedBy: who,
        authenticatedAs: caller.authenticatedAs,
        files: files.map((f) => f.id),
        state,
        bypassed: true,
      });
      await this.engine.enqueueStage(tx, caller.orgId, { applicationId: id, n: run.n, stage: state });
      await options.within?.(tx, { run: run.n, at: startedAt });
      void app;
    });
    return this.deps.applications.get(caller.orgId, id);
  }

  /**
   * A person removes a source file no run has read, at the gate. 409 while a run in flight
   * covers it, or once a run read it. A run held by red flags forgets the file and its flags.
   */
  async removeFile(caller: Caller, id: string, fileId: string, decidedBy: string | undefined): Promise<Application> {
    const who = decidedBy?.trim() || caller.name;
    await this.db.transaction(async (tx) => {
      const { app, run } = await this.deps.applications.require(tx, caller.orgId, id, { lock: true });
      if (run && isInFlight(run.state) && run.file_ids.includes(fileId)) {
        throw conflict(`Run ${run.n} is reading file "${fileId}" (${run.state}): cancel the run first, or wait for it`);
      }
      await this.deps.applications.removeFileInTx(tx, caller, app, fileId, who);
      if (run && run.state === 'gated' && run.file_ids.includes(fileId)) {
        const flags = run.flags.filter((f) => f.fileId !== fileId);
        await repo.moveRun(tx, id, run.n, 'gated', {
          fileIds: run.file_ids.filter((f) => f !== fileId),
          flags,
          ...(run.gate_reason === 'flags' && flags.length === 0 ? { gateReason: null } : {}),
        });
      }
    });
    return this.deps.applications.get(caller.orgId, id);
  }

  /** Stops the paid run in flight: back to the gate with `lastRunError`. A preview cannot be stopped (409). */
  async cancel(caller: Caller, id: string): Promise<Application> {
    let stopped: RunRow | undefined;
    await this.db.transaction(async (tx) => {
      const { run } = await this.deps.applications.require(tx, caller.orgId, id, { lock: true });
      if (!run) throw conflict(`No run is in flight: application "${id}" has not been run`);
      const refusal = cancelRefusal(run.state);
      if (refusal) throw conflict(refusal);
      const why = `Cancelled by ${caller.name} during ${run.state}; the case is back at the gate`;
      const moved = await repo.moveRun(tx, id, run.n, run.state, {
        state: 'gated',
        gateReason: 'cancelled',
        lastError: why,
        cancelRequestedBy: caller.authenticatedAs,
        step: null,
        endedAt: this.deps.clock(),
      });
      if (!moved) throw conflict(`Run ${run.n} of application "${id}" moved on meanwhile; read the case again`);
      await this.ledgerRow(tx, caller, id, caller.orgId, 'run.cancelled', `run:${run.n}`, { decidedBy: caller.name, state: run.state });
      stopped = run;
    });
    if (stopped) this.engine.stopLocal(id, stopped.n);
    return this.deps.applications.get(caller.orgId, id);
  }
}
