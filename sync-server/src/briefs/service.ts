import { newId, type IntelBrief, type IntelBriefListing, type IntelTemplate, type StartIntelBriefInput } from '@portal/shared';
import type { ApplicationService } from '../applications/service.js';
import type { Clock } from '../clock.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { DocumentService } from '../documents/service.js';
import { conflict, HttpError, notFound } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { OrganizationService } from '../identity/organization-service.js';
import type { Job, JobContext, JobQueue } from '../jobs/job-queue.js';
import type { LedgerService } from '../ledger/service.js';
import type { IntelTemplateLibrary } from '../library/kinds/intel-templates/service.js';
import type { ModelService } from '../models/service.js';
import { buildCorpus, caseNames, casePages, hasParsedText, lineLookup, type NameSources } from '../research/corpus-repository.js';
import { answerChecked, engineFor, modelReachable, toResearchModel } from '../research/engines.js';
import { ResearchError } from '../research/types.js';
import type { Throttle } from '../throttle/throttle.js';
import * as repo from './repository.js';

export interface BriefServiceDeps {
  db: Db;
  config: AppConfig;
  clock: Clock;
  jobs: JobQueue;
  ledger: LedgerService;
  applications: ApplicationService;
  documents: DocumentService;
  /** The catalogue's names and the schemas' labels, for the words of an answer. */
  names: NameSources;
  templates: IntelTemplateLibrary;
  organizations: OrganizationService;
  models: ModelService;
  throttle: Throttle;
  log?: { warn(obj: object, msg: string): void };
}

export interface SectionJob {
  briefId: string;
  n: number;
}

/** Attempts of a section's job: a section whose worker died is taken up again, then failed. */
const SECTION_ATTEMPTS = 3;

/**
 * Intel briefs (spec tag `intel-briefs`): one template answered over one case, a job per
 * question on the research lane, every citation checked against the stored page text before the
 * section is kept, the brief `ready` when its last section ends.
 */
export class BriefService {
  constructor(private readonly deps: BriefServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** The template version a brief answers: the active one, or a pinned active or superseded one. */
  private async template(caller: Caller, input: StartIntelBriefInput): Promise<IntelTemplate> {
    const { templates } = this.deps;
    if (input.version === undefined) return templates.activeForBrief(this.db, caller.orgId, input.templateId);
    const t = await templates.read(caller, input.templateId, input.version);
    if (t.status === 'draft') throw conflict(`Version ${t.version} of intel template "${t.id}" is a draft; activate it, or pin an active or superseded version`);
    return t;
  }

  async start(caller: Caller, applicationId: string, input: StartIntelBriefInput): Promise<IntelBrief> {
    const { app } = await this.deps.applications.require(this.db, caller.orgId, applicationId);
    const template = await this.template(caller, input);
    if (app.sample) throw conflict(`Application "${app.id}" is the sample case; briefs are for your own cases`);
    if (!(await hasParsedText(this.db, app.id))) throw conflict(`Application "${app.id}" has no parsed pages yet (or a person junked every one); run a workflow over its files first`);
    const org = await this.deps.organizations.get(caller.orgId);
    if (org.instant) {
      await this.deps.throttle.hit(`brief:${caller.orgId}`, this.deps.config.throttles.brief, 'Too many intel briefs for a workspace with no email yet; add an email to your account to lift the limit');
    }
    const model = toResearchModel(await this.deps.models.modelFor(caller.orgId, 'intel'));
    if (!(await modelReachable(this.deps.config, model))) {
      throw new HttpError(502, `The research model ${model.name} could not be reached; nothing was started`);
    }
    const id = newId('brf');
    const templateOrgId = template.source === 'official' ? this.deps.templates.family.officialOrgId : caller.orgId;
    await this.db.transaction(async (tx) => {
      await repo.insertBrief(
        tx,
        {
          id,
          org_id: caller.orgId,
          application_id: app.id,
          template_org_id: templateOrgId,
          template_id: template.id,
          template_version: template.version,
          template_name: template.name,
          model,
          created_by: caller.name,
          authenticated_as: caller.authenticatedAs,
        },
        template.questions.map((q) => ({ question: q.prompt, answerType: q.answerType ?? null, guidance: q.guidance ?? null })),
      );
      await this.deps.ledger.append(tx, {
        orgId: caller.orgId,
        applicationId: app.id,
        actor: caller.name,
        action: 'brief.started',
        target: `brief:${id}`,
        detail: {
          template: { id: template.id, version: template.version, name: template.name },
          model,
          sections: template.questions.length,
          decidedBy: caller.name,
          authenticatedAs: caller.authenticatedAs,
        },
      });
      for (let n = 1; n <= template.questions.length; n++) {
        await this.deps.jobs.enqueue<SectionJob>({ kind: repo.BRIEF_SECTION_JOB, orgId: caller.orgId, payload: { briefId: id, n }, maxAttempts: SECTION_ATTEMPTS }, tx);
      }
    });
    this.deps.jobs.poke();
    return this.get(caller.orgId, app.id, id);
  }

  async list(orgId: string, applicationId: string): Promise<IntelBriefListing[]> {
    await this.deps.applications.require(this.db, orgId, applicationId);
    const briefs = await repo.briefsOf(this.db, orgId, applicationId);
    const sections = await repo.sectionsOf(this.db, briefs.map((b) => b.id));
    return briefs.map((b) => repo.toListing(b, sections.get(b.id)!));
  }

  async get(orgId: string, applicationId: string, briefId: string): Promise<IntelBrief> {
    await this.deps.applications.require(this.db, orgId, applicationId);
    const b = await repo.briefRow(this.db, orgId, applicationId, briefId);
    if (!b) throw notFound(`No intel brief "${briefId}" on application "${applicationId}"`);
    return repo.toBrief(b, (await repo.sectionsOf(this.db, [b.id])).get(b.id)!);
  }

  /**
   * Answers one section. The engine's failures (silence past the time limit, refusals, malformed
   * answers after the retries, an unreachable model) end the section as failed with the reason;
   * anything else is retried as a job, and the last attempt records it as the reason.
   */
  async answerSection(job: Job<SectionJob>, ctx: JobContext): Promise<void> {
    const { briefId, n } = job.payload;
    const brief = await repo.briefById(this.db, briefId);
    if (!brief) return;
    const section = await repo.startSection(this.db, briefId, n);
    if (!section) return;
    let outcome: repo.SectionOutcome;
    try {
      const engine = engineFor(this.deps.config, brief.model);
      const { app } = await this.deps.applications.require(this.db, brief.org_id, brief.application_id);
      const [pages, entries] = await Promise.all([casePages(this.db, app.id), this.deps.documents.list(brief.org_id, app.id)]);
      const names = await caseNames(this.deps.names, this.db, brief.org_id, entries.map((e) => e.document.docType));
      const corpus = buildCorpus(app.applicant_name, pages, entries, names);
      const question = { prompt: section.question, answerType: section.answer_type ?? undefined, guidance: section.guidance ?? undefined };
      const checked = await answerChecked(engine, question, corpus, lineLookup(pages), { signal: ctx.signal });
      outcome = { status: 'done', ...checked, model: brief.model, error: null };
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      if (!(err instanceof ResearchError) && job.attempts < job.maxAttempts) throw err;
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log?.warn({ err, briefId, n }, 'intel brief section failed');
      outcome = {
        status: 'failed',
        answer: null,
        noEvidence: false,
        citations: [],
        droppedCitations: 0,
        model: brief.model,
        usage: err instanceof ResearchError ? err.usage : { promptTokens: 0, completionTokens: 0 },
        error: message,
      };
    }
    await this.db.transaction(async (tx) => {
      // The brief's row lock orders the sections that end together: exactly one sees the last.
      const locked = await repo.briefRow(tx, brief.org_id, brief.application_id, briefId, { lock: true });
      if (!locked || !(await repo.finishSection(tx, briefId, n, outcome))) return;
      const sections = (await repo.sectionsOf(tx, [briefId])).get(briefId)!;
      if (locked.status !== 'running' || sections.some((s) => s.status === 'pending' || s.status === 'running')) return;
      await repo.markReady(tx, briefId);
      const listing = repo.toListing(locked, sections);
      await this.deps.ledger.append(tx, {
        orgId: brief.org_id,
        applicationId: brief.application_id,
        actor: brief.created_by,
        action: 'brief.ready',
        target: `brief:${briefId}`,
        detail: {
          template: listing.template,
          sectionsDone: listing.sectionsDone,
          sectionsFailed: listing.sectionsFailed,
          citations: sections.reduce((sum, s) => sum + s.citations.length, 0),
          droppedCitations: sections.reduce((sum, s) => sum + s.dropped_citations, 0),
          usage: listing.usage,
        },
      });
    });
  }
}
