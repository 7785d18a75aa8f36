import { z } from 'zod';
import { VersionNumber } from './numbers.js';
import { DerivedFrom, LibrarySource, LibraryStatus } from './library.js';

const TemplateId = z.string().describe('The template’s id: the slug of the name it was created with; it never changes.');

export const MAX_INTEL_QUESTIONS = 40;

export const INTEL_ANSWER_TYPES = ['text', 'yes-no', 'amount', 'date', 'number', 'list'] as const;
export const IntelAnswerType = z.enum(INTEL_ANSWER_TYPES).meta({
  id: 'IntelAnswerType',
  description:
    'The shape the answer should take: `text` (a short paragraph), `yes-no` (yes or no, then why), `amount` (a sum with its currency), `date`, `number`, or `list` (one item per line). Each claim still cites its document, page and line.',
});

export const IntelQuestion = z
  .object({
    prompt: z.string().trim().min(1, 'must not be empty').max(1000).describe('The question the research model answers over the case’s pages.'),
    answerType: IntelAnswerType.optional().describe('Absent: free text.'),
    guidance: z
      .string()
      .max(4000)
      .optional()
      .describe('How to answer: what evidence counts, what to cite, what to flag. Read by the model and shown to the reviewer beside the answer.'),
  })
  .meta({ id: 'IntelQuestion', description: 'One research question of a template; a brief answers it in one section.' });
export type IntelQuestion = z.infer<typeof IntelQuestion>;

export const IntelTemplate = z
  .object({
    id: TemplateId,
    version: z.number().int().min(1),
    name: z.string().describe('The name of this version.'),
    description: z.string(),
    status: LibraryStatus,
    source: LibrarySource,
    questions: z.array(IntelQuestion).describe('In the order a brief answers them.'),
    derivedFrom: DerivedFrom.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    activatedAt: z.string().nullable(),
  })
  .meta({ id: 'IntelTemplate', description: 'One version of an intel template: a named set of research questions a brief answers over one case.' });
export type IntelTemplate = z.infer<typeof IntelTemplate>;

export const IntelTemplateEdit = z
  .object({
    id: z.string().optional().describe('When sent, must be the id of the path.'),
    version: VersionNumber.optional().describe('When sent, must be the version of the path.'),
    name: z.string().optional().describe('When sent, must be the version’s name: a version never changes its name.'),
    description: z.string().max(2000).optional().describe('Unchanged when absent.'),
    questions: z.array(IntelQuestion).max(MAX_INTEL_QUESTIONS, `a template has at most ${MAX_INTEL_QUESTIONS} questions`),
  })
  .meta({
    id: 'IntelTemplateEdit',
    description:
      'The body of a save: an `IntelTemplate` as read, edited. The fields the server owns (`status`, `source`, `derivedFrom`, timestamps) may be sent back and are ignored. A question needs a prompt; prompts must not repeat.',
  });
export type IntelTemplateEdit = z.infer<typeof IntelTemplateEdit>;

export const CreateIntelTemplateInput = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(120).describe('The id is the slug of this name.'),
    description: z.string().max(2000).optional(),
  })
  .meta({ id: 'IntelTemplateInput', description: 'Creates v1, a draft with no questions.' });

export const IntelTemplateRef = z
  .object({
    id: TemplateId,
    version: z.number().int().min(1),
    name: z.string(),
    status: LibraryStatus,
    source: LibrarySource,
  })
  .meta({ id: 'IntelTemplateRef', description: 'Names one version of an intel template.' });
export type IntelTemplateRef = z.infer<typeof IntelTemplateRef>;

export const IntelTemplateListing = IntelTemplateRef.extend({
  description: z.string(),
  questionCount: z.number().int(),
  derivedFrom: DerivedFrom.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  activatedAt: z.string().nullable(),
}).meta({
  id: 'IntelTemplateListing',
  description:
    'One row per template version: your own templates (every status), then the official templates you have no template of that id for (active and superseded versions). Rows of one template are together, newest version first; templates are ordered by name.',
});
export type IntelTemplateListing = z.infer<typeof IntelTemplateListing>;
