import { OPENAI_OPTION_PREFIX, type ModelOption } from '@portal/shared';
import type { AppConfig } from '../config.js';
import { openAiClient } from '../research/engines.js';
import { ModelExtractor } from '../research/openai/extract-engine.js';
import { ResearchError, type Usage } from '../research/types.js';
import type { AnalyzerPort, AnalyzerSchema, ExtractedField, ParsedPage } from './analyzer-port.js';

/** What the model of a stage spent over one run: `run.reported`'s `modelUsage.<stage>`. */
export interface ModelSpend {
  /** The model's name as configured (OPENAI_MODELS). */
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Documents the model read. */
  documents: number;
  /** Addresses of documents the built-in extractor read instead, the model's reply being unusable. */
  fallbacks: string[];
}

/** Reads a document's key data on the engine the organization chose for the `extract` stage. */
export interface KeyDataReader {
  read(doc: { address: string; docType: string }, pages: ParsedPage[], schema: AnalyzerSchema | undefined, signal: AbortSignal): Promise<Record<string, ExtractedField>>;
  /** What the model spent so far; undefined when extraction runs on the built-in extractor. */
  spend(): ModelSpend | undefined;
}

export interface RunLog {
  warn(obj: object, msg: string): void;
}

/**
 * A model failed to answer during a stage (after the client's retries): the stage fails with it,
 * and what the failed calls spent goes on `run.failed`.
 */
export class ModelStageError extends Error {
  constructor(
    message: string,
    readonly modelUsage: Record<string, ModelSpend>,
  ) {
    super(message);
    this.name = 'ModelStageError';
  }
}

export const openAiModelName = (option: ModelOption): string | undefined =>
  option.provider === 'openai' && option.id.startsWith(OPENAI_OPTION_PREFIX) ? option.id.slice(OPENAI_OPTION_PREFIX.length) : undefined;

/**
 * The `extract` stage's reader for one run. With a model: a reply that is not the JSON asked for
 * (after the extractor's one retry) has the built-in extractor read that document instead, with
 * a warning, so a run never fails because a model wrote badly; a model that does not answer at
 * all fails the stage, as an analyzer that does not answer does.
 */
export function keyDataReader(o: { option: ModelOption; config: AppConfig; analyzer: AnalyzerPort; log?: RunLog | undefined; context?: Record<string, unknown> }): KeyDataReader {
  const local: KeyDataReader = {
    read: async (doc, pages, schema) => o.analyzer.extract(doc.docType, pages, schema),
    spend: () => undefined,
  };
  const model = openAiModelName(o.option);
  if (model === undefined) return local;
  const client = openAiClient(o.config);
  if (!client || !o.config.openai?.models.includes(model)) {
    // modelFor offers only configured models; this guards a configuration changed under a run.
    throw new Error(`The model ${model} chosen for the extract stage is no longer configured on this server (OPENAI_MODELS)`);
  }
  const extractor = new ModelExtractor({ client, model, maxPromptTokens: o.config.research.maxPromptTokens, ...(o.log ? { log: o.log } : {}) });
  const spend: ModelSpend = { model, promptTokens: 0, completionTokens: 0, documents: 0, fallbacks: [] };
  const add = (u: Usage) => {
    spend.promptTokens += u.promptTokens;
    spend.completionTokens += u.completionTokens;
  };
  return {
    async read(doc, pages, schema, signal) {
      try {
        const result = await extractor.extract(doc.docType, pages, schema, { signal });
        add(result.usage);
        spend.documents += 1;
        // Provenance: what the model read, as opposed to the built-in reader's values.
        return Object.fromEntries(Object.entries(result.fields).map(([name, f]) => [name, { ...f, source: f.source ?? `model:${model}` }]));
      } catch (err) {
        if (!(err instanceof ResearchError)) throw err;
        add(err.usage);
        if (err.code === 'bad_response') {
          o.log?.warn({ ...o.context, model, document: doc.address, docType: doc.docType, reason: err.message }, 'the extract model replied badly: the built-in extractor read the document instead');
          spend.fallbacks.push(doc.address);
          return o.analyzer.extract(doc.docType, pages, schema);
        }
        throw new ModelStageError(`The model ${model} chosen for the extract stage did not answer (document ${doc.address}): ${err.message}`, { extract: { ...spend, fallbacks: [...spend.fallbacks] } });
      }
    },
    spend: () => ({ ...spend, fallbacks: [...spend.fallbacks] }),
  };
}
