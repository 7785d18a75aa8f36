import { z } from 'zod';
import { confidence, defineTool } from './tool.js';

export const classifyAndFileSettings = z
  .object({
    minConfidence: confidence(
      0.6,
      'Least classification confidence (0 to 1) to file a document against a line; below it the document stays unmatched for a person to place.',
    ),
    settleAbove: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .default(null)
      .describe('Documents filed with at least this confidence are settled without waiting for a person; null leaves every filed document for a person.'),
    followSplits: z
      .boolean()
      .default(true)
      .describe(
        'Confirm the split of a page range that reads as several documents, so the pieces are listed in its place. Off: such ranges stay listed whole until a person confirms the split.',
      ),
    pageImages: z
      .boolean()
      .default(false)
      .describe(
        'Our addition: when the organization chose an OpenAI-compatible model for the classify stage (`PUT /models/classify`), also send it each page without a text layer (a scan) as a PNG image. Turn on only for a model that reads images; the model server refuses the call otherwise, and the run fails. Pages with a text layer are always sent as text. Ignored on the built-in classifier.',
      ),
  })
  .strict()
  .refine((s) => s.settleAbove === null || s.settleAbove >= s.minConfidence, {
    message: 'must not be below minConfidence: a document cannot be settled with less confidence than it takes to file it',
    path: ['settleAbove'],
  });
export type ClassifyAndFileSettings = z.output<typeof classifyAndFileSettings>;

export const classifyAndFileTool = defineTool({
  id: 'classify-and-file',
  name: 'Classify and file',
  description:
    'Splits the packet into documents, recognises each one’s document type and files it against the matching line of the case’s expected document list. A document that matches no line stays listed, unmatched, which is common and not an error.',
  settings: classifyAndFileSettings,
  requires: [],
});
