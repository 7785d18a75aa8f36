import { OPENAI_OPTION_PREFIX, type ModelOption, type ResearchModel } from '@portal/shared';
import type { AppConfig } from '../config.js';
import { checkCitations, NO_EVIDENCE_ANSWER } from './citations.js';
import { LocalResearchEngine } from './local/local-engine.js';
import { OpenAiClient } from './openai/client.js';
import { ModelResearchEngine } from './openai/model-engine.js';
import { ResearchError, type CaseCorpus, type Citation, type ResearchEngine, type ResearchOptions, type ResearchQuestion, type Usage } from './types.js';

export const toResearchModel = (o: ModelOption): ResearchModel => ({ id: o.id, name: o.name, provider: o.provider === 'openai' ? 'openai' : 'local' });

/** The OpenAI-compatible client of this deployment, with its time limit and retries. */
export function openAiClient(config: AppConfig): OpenAiClient | undefined {
  if (!config.openai) return undefined;
  return new OpenAiClient({
    baseUrl: config.openai.baseUrl,
    apiKey: config.openai.apiKey,
    timeoutMs: config.research.modelTimeoutMs,
    maxRetries: config.research.modelRetries,
  });
}

/**
 * The engine a model option names. A model chosen when the work started but no longer offered
 * by this deployment's configuration fails the work with the reason, rather than answering with
 * another engine than the one recorded.
 */
export function engineFor(config: AppConfig, model: ResearchModel): ResearchEngine {
  if (model.provider === 'local') return new LocalResearchEngine();
  const name = model.id.startsWith(OPENAI_OPTION_PREFIX) ? model.id.slice(OPENAI_OPTION_PREFIX.length) : model.id;
  const client = openAiClient(config);
  if (!client || !config.openai?.models.includes(name)) {
    throw new ResearchError(`The model ${model.name} is no longer configured on this server (OPENAI_MODELS)`, 'unreachable');
  }
  return new ModelResearchEngine({ client, model: name, maxPromptTokens: config.research.maxPromptTokens });
}

/** Answers 502 before any work is recorded when the chosen model cannot be reached. */
export async function modelReachable(config: AppConfig, model: ResearchModel): Promise<boolean> {
  if (model.provider === 'local') return true;
  const client = openAiClient(config);
  return client ? client.ping({ signal: AbortSignal.timeout(Math.min(5_000, config.research.modelTimeoutMs)) }) : false;
}

export interface CheckedAnswer {
  answer: string;
  citations: Citation[];
  droppedCitations: number;
  noEvidence: boolean;
  usage: Usage;
}

/**
 * An engine's answer with every citation checked against the stored page text: a citation whose
 * quote is not on the line it names is dropped and counted, and an answer left with no citation
 * says that no evidence was found instead of making an unsupported claim.
 */
export async function answerChecked(
  engine: ResearchEngine,
  question: ResearchQuestion,
  corpus: CaseCorpus,
  lineText: (fileId: string, page: number, line: number) => string | undefined,
  options: ResearchOptions = {},
): Promise<CheckedAnswer> {
  const raw = await engine.answer(question, corpus, options);
  const { valid, dropped } = checkCitations(raw.citations, lineText);
  const noEvidence = valid.length === 0;
  return { answer: noEvidence ? NO_EVIDENCE_ANSWER : renumber(raw.answer, raw.citations, valid), citations: valid, droppedCitations: dropped, noEvidence, usage: raw.usage };
}

/** The answer's `[n]` markers renumbered for the citations kept; a marker of a dropped one is removed. */
export function renumber(answer: string, before: readonly Citation[], kept: readonly Citation[]): string {
  const index = new Map(kept.map((c, i) => [c, i + 1]));
  return answer
    .replace(/\[(\d+)\]/g, (whole, n: string) => {
      const c = before[Number(n) - 1];
      if (!c) return whole;
      const at = index.get(c) ?? kept.findIndex((k) => k.fileId === c.fileId && k.page === c.page && k.line === c.line) + 1;
      return at > 0 ? `[${at}]` : '';
    })
    .replace(/ +([.,;:])/g, '$1');
}
