import { newId, type AssistantTurn, type Conversation, type ConversationListing } from '@portal/shared';
import type { ApplicationService } from '../applications/service.js';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { DocumentService } from '../documents/service.js';
import { conflict, HttpError, notFound } from '../http-error.js';
import type { Caller } from '../identity/caller.js';
import type { Job, JobContext, JobQueue } from '../jobs/job-queue.js';
import type { ModelService } from '../models/service.js';
import { buildCorpus, caseNames, casePages, hasParsedText, lineLookup, type NameSources } from '../research/corpus-repository.js';
import { answerChecked, engineFor, modelReachable, toResearchModel } from '../research/engines.js';
import { ResearchError, type CaseLine } from '../research/types.js';
import * as repo from './repository.js';

export interface AssistantServiceDeps {
  db: Db;
  config: AppConfig;
  jobs: JobQueue;
  applications: ApplicationService;
  documents: DocumentService;
  /** The catalogue's names and the schemas' labels, for the words of an answer. */
  names: NameSources;
  models: ModelService;
  log?: { warn(obj: object, msg: string): void };
}

export interface TurnJob {
  turnId: string;
}

/** Earlier turns a model reads with a new question: enough for "and the month before?". */
const HISTORY_TURNS = 6;
const TURN_ATTEMPTS = 2;

/** A conversation is the caller's own: the user, or the key, that started it. */
export const ownerOf = (caller: Caller): string =>
  caller.userId ? `user:${caller.userId}` : caller.apiKeyId ? `apiKey:${caller.apiKeyId}` : caller.authenticatedAs;

const titleFrom = (question: string) => (question.length > 80 ? `${question.slice(0, 77).trimEnd()}…` : question);

/**
 * The case assistant (spec tags `agent`, `agent-stream`): conversations about one case, kept per
 * case and caller; each question is a turn answered by a job of the research lane, whose events
 * (`ASSISTANT_EVENTS`) are stored as they happen so a stream can be read, and resumed, from any
 * instance.
 */
export class AssistantService {
  constructor(private readonly deps: AssistantServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  private async own(caller: Caller, applicationId: string, conversationId: string): Promise<repo.ConversationRow> {
    await this.deps.applications.require(this.db, caller.orgId, applicationId);
    const c = await repo.conversation(this.db, { orgId: caller.orgId, applicationId, owner: ownerOf(caller), id: conversationId });
    if (!c) throw notFound(`No conversation "${conversationId}" of yours on application "${applicationId}"`);
    return c;
  }

  async list(caller: Caller, applicationId: string): Promise<ConversationListing[]> {
    await this.deps.applications.require(this.db, caller.orgId, applicationId);
    return (await repo.conversations(this.db, caller.orgId, applicationId, ownerOf(caller))).map(repo.toListing);
  }

  async create(caller: Caller, applicationId: string, title: string | undefined): Promise<Conversation> {
    const { app } = await this.deps.applications.require(this.db, caller.orgId, applicationId);
    const row = await repo.insertConversation(this.db, { id: newId('cnv'), org_id: caller.orgId, application_id: app.id, owner: ownerOf(caller), title: title || 'New conversation' });
    return { ...repo.toListing(row), turns: [] };
  }

  async get(caller: Caller, applicationId: string, conversationId: string): Promise<Conversation> {
    const c = await this.own(caller, applicationId, conversationId);
    return { ...repo.toListing(c), turns: (await repo.turnsOf(this.db, c.id)).map(repo.toTurn) };
  }

  async remove(caller: Caller, applicationId: string, conversationId: string): Promise<void> {
    const c = await this.own(caller, applicationId, conversationId);
    await repo.deleteConversation(this.db, c.id);
  }

  /** Asks a question: the turn is stored `answering` and its job queued; the answer streams from `streamUrl`. */
  async ask(caller: Caller, applicationId: string, conversationId: string, question: string): Promise<AssistantTurn> {
    const c = await this.own(caller, applicationId, conversationId);
    if (!(await hasParsedText(this.db, applicationId))) throw conflict(`Application "${applicationId}" has no parsed pages yet (or a person junked every one); run a workflow over its files first`);
    const model = toResearchModel(await this.deps.models.modelFor(caller.orgId, 'assistant'));
    if (!(await modelReachable(this.deps.config, model))) {
      throw new HttpError(502, `The assistant's model ${model.name} could not be reached; ask again later`);
    }
    const turn = await this.db.transaction(async (tx) => {
      const locked = await repo.conversation(tx, { orgId: caller.orgId, applicationId, owner: ownerOf(caller), id: c.id, lock: true });
      if (!locked) throw notFound(`No conversation "${conversationId}" of yours on application "${applicationId}"`);
      const t = await repo.insertTurn(tx, { id: newId('trn'), conversation_id: c.id, org_id: caller.orgId, application_id: applicationId, question, model });
      if (t.n === 1 && locked.title === 'New conversation') await tx.query('UPDATE assistant_conversations SET title = $2 WHERE id = $1', [c.id, titleFrom(question)]);
      await this.deps.jobs.enqueue<TurnJob>({ kind: repo.ASSISTANT_TURN_JOB, orgId: caller.orgId, payload: { turnId: t.id }, maxAttempts: TURN_ATTEMPTS }, tx);
      return t;
    });
    this.deps.jobs.poke();
    return repo.toTurn(turn);
  }

  /** The turn a stream follows, when it is the caller's. */
  async turnFor(caller: Caller, applicationId: string, conversationId: string, turnId: string): Promise<repo.TurnRow> {
    const c = await this.own(caller, applicationId, conversationId);
    const t = await repo.turnById(this.db, turnId);
    if (!t || t.conversation_id !== c.id) throw notFound(`No turn "${turnId}" in conversation "${conversationId}"`);
    return t;
  }

  eventsAfter(turnId: string, seq: number): Promise<repo.EventRow[]> {
    return repo.eventsAfter(this.db, turnId, seq);
  }

  turn(turnId: string): Promise<repo.TurnRow | undefined> {
    return repo.turnById(this.db, turnId);
  }

  /** The job of a turn: the engine's answer streamed as events, its citations checked, the turn stored. */
  async answerTurn(job: Job<TurnJob>, ctx: JobContext): Promise<void> {
    const turn = await repo.turnById(this.db, job.payload.turnId);
    if (!turn || turn.status !== 'answering') return;
    const emit = (event: string, data: unknown) => repo.appendEvent(this.db, turn.id, event, data);
    if (job.attempts > 1) await emit('restart', { reason: 'The server answering this turn stopped; answering again' });
    // Events are written in order: each waits for the one before.
    let queue = Promise.resolve();
    const later = (event: string, data: unknown) => {
      queue = queue.then(() => emit(event, data));
    };
    try {
      const engine = engineFor(this.deps.config, turn.model!);
      const { app } = await this.deps.applications.require(this.db, turn.org_id, turn.application_id);
      const [pages, entries, earlier] = await Promise.all([
        casePages(this.db, app.id),
        this.deps.documents.list(turn.org_id, app.id),
        repo.turnsOf(this.db, turn.conversation_id),
      ]);
      const history = earlier
        .filter((t) => t.n < turn.n && t.status === 'done' && t.answer)
        .slice(-HISTORY_TURNS)
        .map((t) => ({ question: t.question, answer: t.answer! }));
      const names = await caseNames(this.deps.names, this.db, turn.org_id, entries.map((e) => e.document.docType));
      const corpus = buildCorpus(app.applicant_name, pages, entries, names);
      const checked = await answerChecked(engine, { prompt: turn.question, history }, corpus, lineLookup(pages), {
        signal: ctx.signal,
        progress: {
          retrieved: (lines: readonly (CaseLine & { score: number })[]) =>
            later('retrieval', { lines: lines.slice(0, 40).map((l) => ({ address: l.address, fileId: l.fileId, page: l.page, line: l.line, text: l.text, score: +l.score.toFixed(4) })) }),
          delta: (text: string) => later('delta', { text }),
        },
      });
      await queue;
      for (const c of checked.citations) await emit('citation', c);
      await emit('usage', { model: turn.model, ...checked.usage, droppedCitations: checked.droppedCitations });
      const done = await repo.finishTurn(this.db, turn.id, { status: 'done', answer: checked.answer, citations: checked.citations, droppedCitations: checked.droppedCitations, usage: checked.usage, error: null });
      if (done) await emit('done', repo.toTurn(done));
    } catch (err) {
      await queue.catch(() => undefined);
      if (ctx.signal.aborted) throw err;
      if (!(err instanceof ResearchError) && job.attempts < job.maxAttempts) throw err;
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log?.warn({ err, turnId: turn.id }, 'assistant turn failed');
      const usage = err instanceof ResearchError ? err.usage : { promptTokens: 0, completionTokens: 0 };
      const failed = await repo.finishTurn(this.db, turn.id, { status: 'failed', answer: null, citations: [], droppedCitations: 0, usage, error: message });
      if (failed) await emit('failed', { error: message });
    }
  }
}
