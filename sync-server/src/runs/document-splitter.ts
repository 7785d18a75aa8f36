import type { ModelOption } from '@portal/shared';
import type { AppConfig } from '../config.js';
import { openAiClient } from '../research/engines.js';
import { ModelClassifier } from '../research/openai/classify-engine.js';
import { ResearchError, type Usage } from '../research/types.js';
import type { AnalyzerPort, AnalyzerSchema, CatalogueType, Classification, DocumentTyper, ParsedPage, PreflightFlag } from './analyzer-port.js';
import { ModelStageError, openAiModelName, type ModelSpend, type RunLog } from './key-data-reader.js';

/** A run of a file's pages read as one document; `classification` when the model typed it too. */
export interface SplitPiece {
  pages: number[];
  confidence: number;
  classification?: Classification;
  /** Who split and typed it when not the built-in engine: `model:<name>`. */
  source?: string;
}

export interface SplitRequest {
  /** The file's id, for warnings and the fallbacks of `run.reported`. */
  fileId: string;
  pages: ParsedPage[];
  flags: PreflightFlag[];
  schemas: AnalyzerSchema[];
  /** PNG images of the pages asked for; given when the workflow sends page images to the model. */
  images?: ((pages: number[]) => Promise<Map<number, Uint8Array>>) | undefined;
  signal: AbortSignal;
}

/** Splits a file into documents (and, on a model, types them) on the engine chosen for the `classify` stage. */
export interface DocumentSplitter {
  split(request: SplitRequest): Promise<SplitPiece[]>;
  /** What the model spent so far (`documents` counts the files it split); undefined on the built-in engine. */
  spend(): ModelSpend | undefined;
}

/**
 * The `classify` stage's splitter for one run, mirroring the extract stage's reader
 * (key-data-reader.ts): with a model, a reply that is not a usable split after one retry has the
 * built-in splitter and classifier read that file instead, with a warning; a model that does not
 * answer at all fails the stage.
 */
export function documentSplitter(o: {
  option: ModelOption;
  config: AppConfig;
  analyzer: AnalyzerPort;
  typer: DocumentTyper;
  catalogue: CatalogueType[];
  log?: RunLog | undefined;
  context?: Record<string, unknown>;
}): DocumentSplitter {
  const local = (r: SplitRequest): SplitPiece[] => o.analyzer.split(r.pages, r.flags, o.typer, r.schemas);
  const model = openAiModelName(o.option);
  if (model === undefined) return { split: async (r) => local(r), spend: () => undefined };
  const client = openAiClient(o.config);
  if (!client || !o.config.openai?.models.includes(model)) {
    // modelFor offers only configured models; this guards a configuration changed under a run.
    throw new Error(`The model ${model} chosen for the classify stage is no longer configured on this server (OPENAI_MODELS)`);
  }
  const classifier = new ModelClassifier({ client, model, maxPromptTokens: o.config.research.maxPromptTokens, ...(o.log ? { log: o.log } : {}) });
  const spend: ModelSpend = { model, promptTokens: 0, completionTokens: 0, documents: 0, fallbacks: [] };
  const add = (u: Usage) => {
    spend.promptTokens += u.promptTokens;
    spend.completionTokens += u.completionTokens;
  };
  return {
    async split(r) {
      if (r.pages.length === 0) return [];
      // Images only of pages without a text layer: a text page's words are sent as text.
      const unread = r.pages.filter((p) => p.source !== 'text').map((p) => p.page);
      const images = r.images && unread.length ? await r.images(unread) : undefined;
      try {
        const result = await classifier.classify(r.pages, o.catalogue, { images, signal: r.signal });
        add(result.usage);
        spend.documents += 1;
        const byNumber = new Map(r.pages.map((p) => [p.page, p]));
        return result.documents.map((d) => {
          // The built-in classifier's other guesses stay as the alternatives a person is shown.
          const local = o.typer.classify(d.pages.map((n) => byNumber.get(n)!).filter(Boolean));
          const runnersUp = [local, ...local.runnersUp].filter((g) => g.docType !== d.docType).map((g) => ({ docType: g.docType, confidence: Math.min(g.confidence, d.confidence) }));
          return {
            pages: d.pages,
            confidence: d.confidence,
            classification: { docType: d.docType, confidence: d.confidence, runnersUp: runnersUp.slice(0, 3) },
            source: `model:${model}`,
          };
        });
      } catch (err) {
        if (!(err instanceof ResearchError)) throw err;
        add(err.usage);
        if (err.code === 'bad_response') {
          o.log?.warn({ ...o.context, model, file: r.fileId, reason: err.message }, 'the classify model replied badly: the built-in splitter and classifier read the file instead');
          spend.fallbacks.push(r.fileId);
          return local(r);
        }
        throw new ModelStageError(`The model ${model} chosen for the classify stage did not answer (file ${r.fileId}): ${err.message}`, { classify: { ...spend, fallbacks: [...spend.fallbacks] } });
      }
    },
    spend: () => ({ ...spend, fallbacks: [...spend.fallbacks] }),
  };
}
