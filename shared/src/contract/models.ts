import { z } from 'zod';

/** The analyzer's stages that can run on a model of the organization's choice (DESIGN.md, The analyzer). */
export const MODEL_STAGES = ['preview', 'parse', 'classify', 'extract', 'intel', 'assistant'] as const;
export type ModelStageName = (typeof MODEL_STAGES)[number];

/** The built-in engine every stage always offers; what a stage runs on until a Manager chooses. */
export const LOCAL_MODEL_OPTION = 'local';
/** OpenAI-compatible options are `openai:<model>`, one per configured model. */
export const OPENAI_OPTION_PREFIX = 'openai:';

export const ModelStage = z.enum(MODEL_STAGES).meta({
  id: 'ModelStage',
  description:
    '`preview`: page images and pre-flight; `parse`: text lines of every page; `classify`: splitting into documents and filing them; `extract`: key data of each document; `intel`: answering intel brief questions; `assistant`: the case assistant.',
});

export const ModelProvider = z
  .enum(['local', 'openai'])
  .describe('`local`: the built-in engine, on this server; nothing leaves it. `openai`: an OpenAI-compatible API configured on the server; page text (and, for parse, page images) is sent to it.');

export const ModelOption = z
  .object({
    id: z.string().describe('What PUT /models/{stage} takes: `local`, or `openai:<model>`.'),
    name: z.string(),
    provider: ModelProvider,
    description: z.string(),
  })
  .meta({ id: 'ModelOption', description: 'One engine a stage can run on.' });
export type ModelOption = z.infer<typeof ModelOption>;

export const StageModels = z
  .object({
    stage: ModelStage,
    description: z.string().describe('What the stage does.'),
    options: z
      .array(ModelOption)
      .describe(
        'The built-in local engine first, always; then the OpenAI-compatible models the server is configured with (OPENAI_MODELS). Only the stages that call a model offer one: classify (each file’s pages, as text and, when the workflow’s classify-and-file step sets `pageImages`, scanned pages as images, split into documents and typed against the catalogue; filing against the list stays built-in), extract (each document’s key data, from its numbered lines and its extraction schema), intel and assistant. Preview and parse (text layer and OCR) run on the built-in engines and offer only `local`. A model’s reply that is not usable (malformed after one retry, a split that leaves a page out, a type not in the catalogue) has the built-in engine read that file (classify) or document (extract) instead, with a warning and its address in `run.reported`’s `modelUsage.<stage>.fallbacks`; a model that does not answer fails the stage (the case goes back to the gate with `lastRunError`), and one that cannot be reached when the run is started is the run call’s 502.',
      ),
    selected: z.string().describe('The option the stage runs on now: your organization’s choice while the server still offers it, else `local`.'),
    chosen: z
      .string()
      .nullable()
      .describe('The option a Manager chose; null when none was. Differs from `selected` when the chosen model is no longer configured on the server.'),
    chosenBy: z.string().nullable().describe('Who made the choice (a user’s name).'),
    chosenAt: z.string().nullable(),
  })
  .meta({ id: 'StageModels', description: 'The options of one stage and your organization’s choice.' });
export type StageModels = z.infer<typeof StageModels>;

export const ChooseModelInput = z
  .object({ option: z.string().trim().min(1, 'must not be empty').max(200).describe('An `id` from the stage’s `options`.') })
  .meta({ id: 'ChooseModelInput', description: 'The option the stage should run on for your whole organization.' });
export type ChooseModelInput = z.infer<typeof ChooseModelInput>;
