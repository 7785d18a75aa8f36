import { z } from 'zod';
import { confidence, defineTool } from './tool.js';

export const extractKeyDataSettings = z
  .object({
    minFieldConfidence: confidence(0.5, 'Least confidence (0 to 1) to keep a value; a value read with less is left out rather than guessed.'),
    includeUnmatched: z
      .boolean()
      .default(false)
      .describe('Also extract from documents that matched no line of the list, with the schema of the type they were recognised as.'),
    maxPagesPerDocument: z
      .number()
      .int()
      .min(1)
      .max(500)
      .default(30)
      .describe('Pages of one document read at most, from its first page; bounds the spend on long documents such as a year of bank statements.'),
  })
  .strict();
export type ExtractKeyDataSettings = z.output<typeof extractKeyDataSettings>;

export const extractKeyDataTool = defineTool({
  id: 'extract-key-data',
  name: 'Extract key data',
  description:
    'Reads each filed document’s key data as the active extraction schema of its document type defines (a payslip’s pay date, employer and net pay; a passport’s holder, number and expiry date) into `document.extractKeyData`. A type with no schema of its own uses the `fallback` schema.',
  settings: extractKeyDataSettings,
  requires: ['classify-and-file'],
});
