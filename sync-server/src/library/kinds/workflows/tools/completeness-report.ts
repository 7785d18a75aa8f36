import { z } from 'zod';
import { defineTool } from './tool.js';

export const completenessReportSettings = z
  .object({
    includeOptionalLines: z.boolean().default(false).describe('Also report optional lines of the list that nothing was filed against.'),
    listExtraDocuments: z.boolean().default(true).describe('List the documents that matched no line of the list.'),
    countUnsettled: z
      .boolean()
      .default(true)
      .describe('Count documents filed but still waiting for a person towards their line; off, only settled documents count.'),
  })
  .strict();
export type CompletenessReportSettings = z.output<typeof completenessReportSettings>;

export const completenessReportTool = defineTool({
  id: 'completeness-report',
  name: 'Completeness report',
  description:
    'Compares what was filed with the case’s expected document list: the lines still missing or short of their minimum count, and the extra documents that matched no line.',
  settings: completenessReportSettings,
  requires: ['classify-and-file'],
});
