import {
  LOCAL_MODEL_OPTION,
  MODEL_STAGES,
  OPENAI_OPTION_PREFIX,
  type ModelOption,
  type ModelStageName,
  type StageModels,
} from '@portal/shared';
import type { AppConfig } from '../config.js';
import type { Queryable } from '../db/db.js';
import { badRequest } from '../http-error.js';

interface StageInfo {
  description: string;
  local: { name: string; description: string };
  /**
   * Whether this stage's work can be done by a chosen language model: only then are models offered.
   * Preview renders and measures pages and parse reads them, on the built-in engines alone.
   */
  languageModel: boolean;
  /** What an OpenAI-compatible model is sent at this stage, said on its option. */
  sends: string;
}

const STAGES: Record<ModelStageName, StageInfo> = {
  preview: {
    description: 'Renders every page and pre-flights the packet (image resolution, duplicated pages) before anything is spent.',
    local: { name: 'Built-in page renderer', description: 'pdf.js on this server: page images, effective DPI of embedded images, page hashes.' },
    languageModel: false,
    sends: '',
  },
  parse: {
    description: 'Reads the text lines of every page with their positions; citations point at these lines.',
    local: { name: 'Built-in text reader', description: 'pdf.js on this server: the text layer of each page; scanned pages are read by OCR (Tesseract), on this server too.' },
    // Only the built-in reader reads pages: a model chosen here would not be used.
    languageModel: false,
    sends: '',
  },
  classify: {
    description: 'Splits the packet into documents, recognises their types and files them against the list.',
    local: { name: 'Built-in classifier', description: 'Matches page text against document-type names, descriptions and extraction-schema labels, on this server.' },
    // A model splits each file and types its documents; filing against the list stays ours.
    languageModel: true,
    sends: 'the text of each file’s pages and the catalogue’s document types (and images of scanned pages when the workflow’s classify-and-file step asks for them)',
  },
  extract: {
    description: 'Reads the key data of each document as its extraction schema defines.',
    local: { name: 'Built-in extractor', description: 'Finds label/value pairs guided by the extraction schema, on this server.' },
    languageModel: true,
    sends: 'the text of each document and its extraction schema',
  },
  intel: {
    description: 'Answers the questions of an intel brief over the case, citing document, page and line.',
    local: { name: 'Built-in retrieval', description: 'Quotes the lines that best match each question, with their citations; it does not reason over them.' },
    languageModel: true,
    sends: 'each question and the text of every page of the case',
  },
  assistant: {
    description: 'Answers a person’s questions about one case in the case assistant.',
    local: { name: 'Built-in retrieval', description: 'Quotes the lines that best match the question, with their citations; it does not reason over them.' },
    languageModel: true,
    sends: 'the conversation and the text of the case’s pages',
  },
};

/** The options of a stage: the built-in engine always, then the configured OpenAI-compatible models. */
export function stageOptions(config: AppConfig, stage: ModelStageName): ModelOption[] {
  const info = STAGES[stage];
  const local: ModelOption = { id: LOCAL_MODEL_OPTION, provider: 'local', ...info.local };
  if (!info.languageModel || !config.openai) return [local];
  const host = new URL(config.openai.baseUrl).host;
  return [
    local,
    ...config.openai.models.map(
      (model): ModelOption => ({
        id: `${OPENAI_OPTION_PREFIX}${model}`,
        name: `${model} (OpenAI-compatible)`,
        provider: 'openai',
        description: `Runs at ${host}; sends ${info.sends} there.`,
      }),
    ),
  ];
}

interface ChoiceRow {
  stage: ModelStageName;
  option: string;
  chosen_by: string | null;
  updated_at: Date;
}

function toStageModels(config: AppConfig, stage: ModelStageName, choice: ChoiceRow | undefined): StageModels {
  const options = stageOptions(config, stage);
  const chosen = choice?.option ?? null;
  return {
    stage,
    description: STAGES[stage].description,
    options,
    selected: chosen !== null && options.some((o) => o.id === chosen) ? chosen : LOCAL_MODEL_OPTION,
    chosen,
    chosenBy: choice?.chosen_by ?? null,
    chosenAt: choice?.updated_at.toISOString() ?? null,
  };
}

async function choices(q: Queryable, orgId: string): Promise<Map<ModelStageName, ChoiceRow>> {
  const { rows } = await q.query<ChoiceRow>('SELECT stage, option, chosen_by, updated_at FROM model_choices WHERE org_id = $1 AND NOT deleted', [orgId]);
  return new Map(rows.map((r) => [r.stage, r]));
}

/** Every stage, in pipeline order, with its options and the organization's choice. */
export async function organizationModels(q: Queryable, config: AppConfig, orgId: string): Promise<StageModels[]> {
  const chosen = await choices(q, orgId);
  return MODEL_STAGES.map((stage) => toStageModels(config, stage, chosen.get(stage)));
}

/** What a stage runs on for an organization now; what the analyzer asks before each stage. */
export async function modelFor(q: Queryable, config: AppConfig, orgId: string, stage: ModelStageName): Promise<ModelOption> {
  const { selected, options } = toStageModels(config, stage, (await choices(q, orgId)).get(stage));
  return options.find((o) => o.id === selected)!;
}

export async function chooseModel(
  q: Queryable,
  config: AppConfig,
  o: { orgId: string; stage: ModelStageName; option: string; chosenBy: string },
): Promise<StageModels> {
  const options = stageOptions(config, o.stage);
  if (!options.some((opt) => opt.id === o.option)) {
    throw badRequest(`body.option: "${o.option}" is not an option of the ${o.stage} stage; choose one of ${options.map((opt) => opt.id).join(', ')}`);
  }
  const { rows } = await q.query<ChoiceRow>(
    `INSERT INTO model_choices (org_id, stage, option, chosen_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (org_id, stage) DO UPDATE SET option = EXCLUDED.option, chosen_by = EXCLUDED.chosen_by, deleted = false
     RETURNING stage, option, chosen_by, updated_at`,
    [o.orgId, o.stage, o.option, o.chosenBy],
  );
  return toStageModels(config, o.stage, rows[0]);
}
