import { applicantNameMatch } from './applicant-name-match.js';
import { classifyAndFile } from './classify-and-file.js';
import { completenessReport } from './completeness-report.js';
import { expiryCheck } from './expiry-check.js';
import { extractKeyData } from './extract-key-data.js';
import type { ToolBehaviour } from './workspace.js';

/**
 * What each workflow tool does in a run, keyed by the ids the library registers
 * (library/kinds/workflows/tools/). The spine (preview, parse) is the engine's own stages.
 */
export const TOOL_BEHAVIOURS: Readonly<Record<string, ToolBehaviour>> = {
  'classify-and-file': classifyAndFile,
  'extract-key-data': extractKeyData,
  'expiry-check': expiryCheck,
  'applicant-name-match': applicantNameMatch,
  'completeness-report': completenessReport,
};
