import { z } from 'zod';
import { PARSE_TOOL_ID } from '@portal/shared';
import { defineTool } from './tool.js';

export const parseSettings = z.object({}).strict();
export type ParseSettings = z.output<typeof parseSettings>;

export const parseTool = defineTool({
  id: PARSE_TOOL_ID,
  name: 'Parse',
  description:
    'Reads the text lines of every page with their positions. Every later tool, and every citation of a brief (document, page and line), reads what Parse found. The second step of every workflow.',
  settings: parseSettings,
  requires: [],
});
