import { z } from 'zod';
import { RefusedFile, REFUSED_FILES_TEXT } from './errors.js';

/** Spec Part 3, run state of a case. */
export const RUN_STATES = ['gated', 'previewing', 'inventory', 'running', 'report'] as const;
export type RunStateName = (typeof RUN_STATES)[number];

/** The states of a run in flight: the engine works on the case, and no second run may start. */
export const IN_FLIGHT_STATES: readonly RunStateName[] = ['previewing', 'inventory', 'running'];
export const isInFlight = (state: RunStateName): boolean => IN_FLIGHT_STATES.includes(state);

/**
 * Whether a run in `state` can be cancelled: the paid part of a run (`inventory`, `running`) can,
 * a preview cannot (spec Part 3), and nothing else is in flight.
 */
export function cancelRefusal(state: RunStateName): string | null {
  if (state === 'previewing') return 'A preview cannot be stopped: it spends nothing; wait for it to move on, then cancel';
  if (!isInFlight(state)) return `No run is in flight (the case is ${state === 'report' ? 'at its report' : 'at the gate'})`;
  return null;
}

export const RunState = z.enum(RUN_STATES).meta({
  id: 'RunState',
  description:
    '`gated`: the case waits at the pre-flight gate — a case no run has started on, a run held by red flags, by an instant account with no email or by an unreachable analyzer, or one that failed or was cancelled (then `lastRunError` says why). `previewing`: the run pre-flights and measures every page (spends nothing; cannot be cancelled). `inventory`: it reads the text of every page and splits the packet into documents. `running`: the workflow’s tools classify, file, extract and check. `report`: the run has landed and the workflow has filed what it could.',
});

/**
 * Spec Part 2 names `low_dpi`; the rest are ours. Every flag is red — it holds the case at the
 * gate — but `active_content`, which is informative: the server never runs what it names and
 * strips it from every PDF it serves, and holding a case for it would stop integrators' runs on
 * ordinary forms (XFA, field scripts) that a reviewer could only wave through.
 */
export const PREFLIGHT_FLAG_CODES = {
  low_dpi: 'A scan painted below 150 DPI: too coarse to read reliably; ask for a better scan.',
  duplicate_page: 'The page repeats an earlier page of the same file (`note` names it).',
  duplicate_file: 'The file has the same content as another file of the case (`note` names it).',
  blank_page: 'The page is blank: nothing printed or written on it.',
  oversized_page: 'The page holds an image too large to read safely.',
  unreadable: 'The page (or, on page 1, the whole file) could not be read.',
  encrypted: 'The file needs a password to open.',
  active_content:
    'Informative, never holds the case: the file carries JavaScript, actions that launch programs, submit forms or reach other files, embedded files, an XFA form or rich media (`note` names which). None of it is ever run here, and every PDF served from the case (filed documents, `pages-pdf`) is stripped of it. Raised when the file is received, on page 1, and listed on the file (`SourceFile.flags`).',
} as const;
export type PreflightFlagCodeName = keyof typeof PREFLIGHT_FLAG_CODES;

export const PreflightFlagCode = z.enum(Object.keys(PREFLIGHT_FLAG_CODES) as [PreflightFlagCodeName, ...PreflightFlagCodeName[]]).meta({
  id: 'PreflightFlagCode',
  description: `Why pre-flight raised a flag. ${Object.entries(PREFLIGHT_FLAG_CODES)
    .map(([code, text]) => `\`${code}\`: ${text}`)
    .join(' ')}`,
});

export const GateFlag = z
  .object({
    fileId: z.string(),
    page: z.number().int().min(1),
    code: PreflightFlagCode,
    note: z.string().describe('The flag in words a reviewer can act on.'),
  })
  .meta({ id: 'GateFlag', description: 'A red flag raised at pre-flight on one page of one source file (spec Part 2).' });
export type GateFlag = z.infer<typeof GateFlag>;

export const GateRefused = z
  .object({
    error: z.string(),
    applicationId: z.string().optional().describe('Present when the case exists (it waits at the gate).'),
    flags: z.array(GateFlag).optional().describe('The red flags that hold the case (409).'),
    emailRequired: z.boolean().optional().describe('True on the 403 for an instant account with no email yet.'),
    refusedFiles: z.array(RefusedFile).optional().describe(REFUSED_FILES_TEXT),
  })
  .meta({
    id: 'GateRefused',
    description:
      'A refusal at the gate (spec Part 2). Red flags are never overridden on the caller’s behalf: a person decides at the gate, and may choose `bypassed` ("Process anyway", POST /applications/{id}/run/bypass).',
  });
export type GateRefused = z.infer<typeof GateRefused>;

export const RunProgress = z
  .object({
    stage: RunState.describe('The state the run is in.'),
    step: z.string().nullable().describe('The workflow step (tool id) at work, when one is.'),
    pagesDone: z.number().int().min(0).describe('Pages this stage has finished.'),
    pagesTotal: z.number().int().min(0).describe('Pages the run covers.'),
  })
  .meta({ id: 'RunProgress', description: 'How far a run in flight is.' });

/**
 * What the run call's pre-flight has checked so far. Kept on the case while the call reads its
 * files (the case and its files are recorded before, so a reviewer can follow it), written as a
 * file starts, as its duplicates go to OCR, and as its pages are read (at most once a second).
 */
export const RunPreflight = z
  .object({
    step: z
      .enum(['preflight', 'confirm-duplicates'])
      .describe('`preflight`: the file’s pages are measured and their text layer read, no OCR. `confirm-duplicates`: pages of scans that look alike are read by OCR to tell a duplicated page from another page of one template (this is the slow part).'),
    fileName: z.string().nullable().describe('The file being checked now; null between files.'),
    filesDone: z.number().int().min(0).describe('Files checked so far.'),
    filesTotal: z.number().int().min(0).describe('Files the gate checks for this run: those no run has read.'),
    pagesDone: z.number().int().min(0).describe('Pages checked so far: those of the files checked, and those of the file at work read so far.'),
    pagesTotal: z.number().int().min(0).describe('Pages of those files.'),
    startedAt: z.string().describe('When the gate started on the files.'),
    updatedAt: z.string().describe('When this was last written. A check silent for ten minutes was stopped (a server restart) and is cleared soon after.'),
  })
  .meta({
    id: 'RunPreflight',
    description:
      'The gate checking the files of a run call before it answers (pre-flight): present on `run.preflight` while it does, whatever state the case’s last run is in. Once the call answers, the run starts (`run.started`) or is held (`gate.refused`) and this is gone.',
  });
export type RunPreflight = z.infer<typeof RunPreflight>;

export const GATE_REASONS = ['flags', 'emailRequired', 'analyzerUnreachable', 'failed', 'cancelled', 'interrupted'] as const;
export type GateReasonName = (typeof GATE_REASONS)[number];

export const ApplicationRun = z
  .object({
    state: RunState,
    kind: z
      .enum(['parse'])
      .nullable()
      .describe('What the current or last run is: `parse`, a workflow run (pre-flight, preview, parse, then the workflow’s tools). Null before any run.'),
    number: z.number().int().min(1).nullable().describe('Which run of the case this is: 1, 2, 3…; null before any run.'),
    gateReason: z
      .enum(GATE_REASONS)
      .nullable()
      .describe('Why the case is at the gate (`gated` only): `flags` red flags wait for a person, `emailRequired` the instant account needs an email, `analyzerUnreachable`, `failed`, `cancelled`, `interrupted` (the server stopped mid-run). Null otherwise, and for a case no run has started on.'),
    flags: z.array(GateFlag).describe('The red flags holding the case at the gate; empty otherwise.'),
    workflow: z
      .object({ id: z.string(), version: z.number().int().min(1) })
      .nullable()
      .describe('The workflow version the run follows.'),
    decidedBy: z.string().nullable().describe('Who consented to the run (the `decidedBy` of the run call, or whoever bypassed the gate).'),
    authenticatedAs: z.string().nullable().describe('What that caller proved: `user:<email>`, `apiKey:<id>` or `guest:<id>`.'),
    progress: RunProgress.nullable().describe('While in flight; null otherwise.'),
    startedAt: z.string().nullable(),
    endedAt: z.string().nullable().describe('When the run landed in `report` or stopped at the gate.'),
    // Last: the compiled serializer writes optional properties after the required ones.
    lastRunError: z
      .string()
      .optional()
      .describe('Present when the last run failed, was cancelled, or the analyzer went silent or could not be reached: why, in words a person can act on.'),
    preflight: RunPreflight.optional().describe('Present while a run call’s pre-flight checks files of the case (the call has not answered yet): how far it is.'),
  })
  .meta({ id: 'ApplicationRun', description: 'The case’s current or last run (spec Part 2 `run`).' });
export type ApplicationRun = z.infer<typeof ApplicationRun>;

/** The documentation of the run call's multipart body; the server reads the parts as they stream. */
/** A list reference as sent, surrounding whitespace allowed (what `parseListReference` takes). */
export const LIST_REFERENCE_PATTERN = '^\\s*[a-z0-9]+(?:-[a-z0-9]+)*(?:/[1-9][0-9]{0,8})?\\s*$';

export const WorkflowRunInput = z
  .object({
    files: z
      .array(z.string().meta({ format: 'binary', contentMediaType: 'application/pdf' }))
      .optional()
      .describe('One or more PDFs; repeat the field. Required for a new case, optional with `applicationId`. At most 25 per call, each at most 100 MB. Each part’s `filename` is stored cleaned and, past 255 bytes, truncated (`SourceFile.name`).'),
    applicant: z.string().optional().meta({ pattern: '\\S' }).describe('The applicant’s name, trimmed; at least one character besides white space. Required for a new case.'),
    expectedDocList: z
      .string()
      .optional()
      .meta({ pattern: LIST_REFERENCE_PATTERN })
      .describe('Required for a new case: `expectedDocListId` for its active version, or `expectedDocListId/<N>` for version N.'),
    applicationId: z.string().optional().describe('Run on an existing case instead: the run covers whatever the case holds that no run has read.'),
    decidedBy: z.string().optional().describe('Who consents to spend on the run; defaults to the API key’s name or the user’s name.'),
  })
  // Any other field is refused (400 naming it), as the intake reads the parts.
  .strict()
  .meta({
    id: 'WorkflowRunInput',
    description:
      'multipart/form-data (spec Part 4). Either a new case (`applicant` and `expectedDocList`) or an existing one (`applicationId`), never both: `applicationId` beside `applicant` or `expectedDocList` is a 400, even empty. Send the text fields before the files so the call is refused before the files are uploaded when a field is wrong; fields after the files are read too. Another field is a 400 naming it; a text field is at most 16 KiB.',
    anyOf: [{ required: ['applicationId'] }, { required: ['applicant', 'expectedDocList', 'files'], properties: { files: { minItems: 1 } } }],
    not: { anyOf: [{ required: ['applicationId', 'applicant'] }, { required: ['applicationId', 'expectedDocList'] }] },
  });

export const GateDecisionInput = z
  .object({
    decidedBy: z.string().trim().min(1).max(200).optional().describe('Who decides; defaults to the caller’s name.'),
  })
  .meta({ id: 'GateDecisionInput', description: 'A person’s decision at the gate.' });
