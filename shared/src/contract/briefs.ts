import { z } from 'zod';
import { VersionNumber } from './numbers.js';
import { IntelAnswerType } from './intel.js';

/**
 * Intel briefs and the case assistant (spec Parts 2–4 "Intel brief", tags `intel-briefs`,
 * `agent`, `agent-stream`). Every claim cites a line of a page the case's runs read; the server
 * checks each quote against the stored text before it keeps a citation.
 */

export const StartIntelBriefInput = z
  .object({
    templateId: z.string().trim().min(1, 'must not be empty').max(120).describe('The intel template to answer: yours, or an official one (e.g. `affordability`).'),
    version: VersionNumber.optional().describe('Pin a version of the template (active or superseded); absent: its active version. A draft cannot be answered (409).'),
  })
  .meta({ id: 'StartIntelBriefInput', description: 'Selects a template: its active version, or a pinned one.' });
export type StartIntelBriefInput = z.infer<typeof StartIntelBriefInput>;

export const IntelCitation = z
  .object({
    address: z.string().nullable().describe('The address of the document the cited page is listed in (`<fileId>:p<first>-<last>`); null when the page is listed in no document (junked since).'),
    fileId: z.string().describe('The source file.'),
    page: z.number().int().min(1).describe('The page of that file.'),
    line: z.number().int().min(0).describe('The line of that page: 0-based, in reading order, as `GET /applications/{id}/text` lists them.'),
    quote: z.string().describe('The words cited; they are on that line (checked against the stored text, case and spacing aside).'),
  })
  .meta({ id: 'IntelCitation', description: 'The evidence of a claim: a line of a page of the case, and the words quoted from it.' });
export type IntelCitation = z.infer<typeof IntelCitation>;

export const ResearchModel = z
  .object({
    id: z.string().describe('The model option (`GET /models`): `local` or `openai:<model>`.'),
    name: z.string(),
    provider: z.enum(['local', 'openai']),
  })
  .meta({ id: 'ResearchModel', description: 'The engine that answered.' });
export type ResearchModel = z.infer<typeof ResearchModel>;

export const TokenUsage = z
  .object({
    promptTokens: z.number().int().min(0).describe('A model: what it read, as its `usage` reports (every call, retries included). The built-in engine: the words of the lines it scored.'),
    completionTokens: z.number().int().min(0).describe('A model: what it wrote, as its `usage` reports. The built-in engine: the words of its answer.'),
  })
  .meta({ id: 'TokenUsage', description: 'What answering spent.' });
export type TokenUsage = z.infer<typeof TokenUsage>;

export const INTEL_SECTION_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export const IntelBriefSection = z
  .object({
    n: z.number().int().min(1).describe('The question’s position in the template, from 1.'),
    question: z.string(),
    answerType: IntelAnswerType.nullable(),
    guidance: z.string().nullable(),
    status: z.enum(INTEL_SECTION_STATUSES).describe('`pending` (waiting for a worker), `running`, `done`, or `failed` (see `error`).'),
    answer: z
      .string()
      .nullable()
      .describe('The answer, once done. When no citation of it held, this is "No evidence found in the case’s documents." rather than an unsupported claim.'),
    noEvidence: z.boolean().describe('True when the answer found no evidence, or every citation it gave was dropped.'),
    citations: z.array(IntelCitation).describe('Checked citations, in the order the answer uses them.'),
    droppedCitations: z.number().int().min(0).describe('Citations the engine gave that were not on the page and line they named, and were dropped.'),
    model: ResearchModel.nullable(),
    usage: TokenUsage.nullable(),
    error: z.string().nullable().describe('Why a failed section failed (the model was silent past its time limit, refused, answered with malformed JSON, or was unreachable).'),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'IntelBriefSection', description: 'The answer to one question of the template.' });
export type IntelBriefSection = z.infer<typeof IntelBriefSection>;

const BriefTemplate = z
  .object({ id: z.string(), version: z.number().int().min(1), name: z.string() })
  .describe('The template version the brief answers.');

export const IntelBriefListing = z
  .object({
    id: z.string(),
    applicationId: z.string(),
    template: BriefTemplate,
    status: z.enum(['running', 'ready']).describe('`running` while a section is pending or running; `ready` when every section is done or failed.'),
    model: ResearchModel.describe('The engine chosen for the `intel` stage when the brief started.'),
    sectionCount: z.number().int(),
    sectionsDone: z.number().int(),
    sectionsFailed: z.number().int(),
    usage: TokenUsage.describe('The sum over its sections.'),
    createdBy: z.string().describe('Who started it (the user’s or key’s name).'),
    authenticatedAs: z.string(),
    createdAt: z.string(),
    readyAt: z.string().nullable(),
  })
  .meta({ id: 'IntelBriefListing', description: 'A brief without its sections.' });
export type IntelBriefListing = z.infer<typeof IntelBriefListing>;

export const IntelBrief = IntelBriefListing.extend({
  sections: z.array(IntelBriefSection).describe('One per question, in template order.'),
}).meta({
  id: 'IntelBrief',
  description:
    'The answers of one intel template over one case. Sections fill in as their questions are answered (in parallel); a failed section is shown as failed inside a ready brief.',
});
export type IntelBrief = z.infer<typeof IntelBrief>;

// ---- The case assistant (tags `agent`, `agent-stream`) ----

export const CreateConversationInput = z
  .object({ title: z.string().trim().max(200).optional().describe('Absent: the first question names the conversation.') })
  .meta({ id: 'CreateConversationInput', description: 'Starts a conversation about a case.' });

export const AskInput = z
  .object({
    question: z.string().trim().min(1, 'must not be empty').max(4000).describe('A question about the case.'),
  })
  .meta({ id: 'AskInput', description: 'A question asked in a conversation.' });

export const AssistantTurn = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    n: z.number().int().min(1),
    question: z.string(),
    status: z.enum(['answering', 'done', 'failed']),
    answer: z.string().nullable(),
    citations: z.array(IntelCitation),
    droppedCitations: z.number().int().min(0),
    model: ResearchModel.nullable(),
    usage: TokenUsage.nullable(),
    error: z.string().nullable(),
    streamUrl: z.string().describe('Its event stream (`text/event-stream`), path from the service origin.'),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'AssistantTurn', description: 'A question and its answer, with checked citations.' });
export type AssistantTurn = z.infer<typeof AssistantTurn>;

export const ConversationListing = z
  .object({
    id: z.string(),
    applicationId: z.string(),
    title: z.string(),
    turnCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ConversationListing', description: 'A conversation of the caller about a case.' });
export type ConversationListing = z.infer<typeof ConversationListing>;

export const Conversation = ConversationListing.extend({ turns: z.array(AssistantTurn).describe('Oldest first.') }).meta({
  id: 'Conversation',
  description: 'A conversation about one case, kept per case and per caller (user or key); nobody else reads it.',
});
export type Conversation = z.infer<typeof Conversation>;

/** The event kinds of a turn's stream, and what each carries (documented on the stream operation). */
export const ASSISTANT_EVENTS = {
  retrieval: '`{ lines: [{ address, fileId, page, line, text, score }] }`: the lines the engine read, best first (sent once, before the answer).',
  delta: '`{ text }`: the next piece of the answer; the pieces in order are the answer as the engine wrote it, before its citations were checked.',
  citation: '`IntelCitation`: a checked citation (one event each; citations that failed the check are not sent).',
  usage: '`{ model: ResearchModel, promptTokens, completionTokens, droppedCitations }`: what the turn spent.',
  done: '`AssistantTurn`: the turn as stored; its `answer` is final ("No evidence found…" when no citation held). The stream ends.',
  restart: '`{ reason }`: the server answering the turn stopped and another attempt starts over; forget the `retrieval`, `delta` and `citation` events received so far.',
  failed: '`{ error }`: why the turn failed (the model was silent past its time limit, refused, or was unreachable). The stream ends.',
} as const;
export type AssistantEventName = keyof typeof ASSISTANT_EVENTS;
