import { z } from 'zod';
import { PREVIEW_TOOL_ID } from '@portal/shared';
import { defineTool } from './tool.js';

export const previewSettings = z.object({}).strict();
export type PreviewSettings = z.output<typeof previewSettings>;

export const previewTool = defineTool({
  id: PREVIEW_TOOL_ID,
  name: 'Preview',
  description:
    'Renders every page for people to see and pre-flights the packet: embedded images below 150 DPI, duplicated pages and unreadable files become red flags that hold the case at the gate before anything is spent. The first step of every workflow.',
  settings: previewSettings,
  requires: [],
});
