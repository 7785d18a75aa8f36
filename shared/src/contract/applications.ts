import { z } from 'zod';
import { VersionNumber } from './numbers.js';
import { DocTypeId, LibrarySource, Requirement } from './library.js';
import { ApplicationRun, LIST_REFERENCE_PATTERN, PreflightFlagCode } from './runs.js';

/** Spec Part 8. */
export const MAX_FILES_PER_CALL = 25;
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

export const FileFlag = z
  .object({
    page: z.number().int().min(1),
    code: PreflightFlagCode,
    note: z.string().describe('The flag in words a reviewer can act on.'),
  })
  .meta({ id: 'FileFlag', description: 'An informative flag raised when the file was received (`active_content`); it never holds the case at the gate.' });
export type FileFlag = z.infer<typeof FileFlag>;

export const SourceFile = z
  .object({
    id: z.string(),
    name: z
      .string()
      .describe(
        'The file name it was sent with, cleaned: control characters (C0, DEL, C1) and bidirectional formatting characters (U+061C, U+200E/F, U+202A–E, U+2066–9) removed, NFC. A name over 255 UTF-8 bytes is truncated, keeping its extension (cut between characters), never refused: the sender chose the file, not its name. `document.pdf` when nothing is left.',
      ),
    size: z.number().int().describe('Bytes.'),
    sha256: z.string().describe('Lower-case hex SHA-256 of the content.'),
    pageCount: z.number().int().min(1),
    expectedDocId: z.string().nullable().describe('What the sender declared the file is for: a line of the pinned list; null when sent unsolicited.'),
    receivedBy: z.string().describe('Who sent it, as they proved it (`user:<email>`, `apiKey:<id>`, `guest:<id>`).'),
    receivedAt: z.string(),
    readByRun: z
      .number()
      .int()
      .nullable()
      .describe('The run that read it and landed in `report`; null while no run has: the next run covers it, and a person may still remove it at the gate.'),
    flags: z.array(FileFlag).describe('Informative flags raised when the file was received (`active_content`); they never hold the case at the gate. Empty for most files.'),
  })
  .meta({ id: 'SourceFile', description: 'A PDF of the case as received. Never changed: a new upload is a new file.' });
export type SourceFile = z.infer<typeof SourceFile>;

export const PinnedList = z
  .object({
    id: z.string(),
    version: z.number().int().min(1),
    name: z.string().describe('The name the version was activated with (spec Part 9.4).'),
    source: LibrarySource,
    lineCount: z.number().int().describe('Lines of the version (`docsTotal` counts the case’s own set: these, less the waived ones, plus the ones added for it).'),
  })
  .meta({
    id: 'PinnedList',
    description:
      'The expected document list version a case is pinned to (spec Part 9.4): the one it was created on, until a person sets another for it (PUT /applications/{id}/expected-doc-list, ledger `list.changed`).',
  });

const OverrideStamp = z.object({
  reason: z.string().describe('Why, as the person said it.'),
  decidedBy: z.string(),
  authenticatedAs: z.string().describe('What the decider proved: `user:<email>`, `apiKey:<id>`, `guest:<id>`.'),
  decidedAt: z.string().describe('ISO 8601.'),
});

/**
 * A line set by hand on one case (spec tag `sets`), as the case stores it. `waived`: a line of
 * its list the case need not satisfy. `added`: a line the list does not have, asked of this case
 * alone, with the line's own fields.
 */
export const LineOverride = z.discriminatedUnion('kind', [
  OverrideStamp.extend({ kind: z.literal('waived'), id: z.string() }),
  OverrideStamp.extend({
    kind: z.literal('added'),
    id: z.string(),
    docType: DocTypeId,
    name: z.string(),
    requirement: Requirement,
    minCount: z.number().int().min(1),
    maxCount: z.number().int().min(1).nullable(),
  }),
]);
export type LineOverride = z.infer<typeof LineOverride>;

export const CaseExpectedDoc = z
  .object({
    id: z.string().describe('The line’s id: documents filed against it name it as `expectedDocId`.'),
    docType: z.string().describe('The document type (or kind) the line asks for.'),
    name: z.string(),
    requirement: Requirement,
    minCount: z.number().int().min(1),
    maxCount: z.number().int().min(1).nullable().describe('Null: no limit.'),
    origin: z.enum(['list', 'case']).describe('`list`: a line of the pinned list version. `case`: added by hand for this case.'),
    override: OverrideStamp.extend({ kind: z.enum(['waived', 'added']) })
      .nullable()
      .describe(
        'What a person set on the line for this case (spec tag `sets`), null when nothing. `waived`: the case need not satisfy it: it counts in neither `docsFiled` nor `docsTotal` nor the missing lines, and a document may still be filed against it. `added`: the line exists for this case alone.',
      ),
  })
  .meta({
    id: 'CaseExpectedDoc',
    description: 'Our addition: one line a case is checked against: a line of its pinned list version, or one added for the case, with what a person set on it.',
  });
export type CaseExpectedDoc = z.infer<typeof CaseExpectedDoc>;

const ApplicationBase = z.object({
  id: z.string(),
  applicantName: z.string(),
  run: ApplicationRun,
  expectedDocList: PinnedList,
  sample: z.boolean().describe('The sample case of a guest sandbox.'),
  createdBy: z.string().describe('Who created the case, as they proved it.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const Application = ApplicationBase.extend({
  files: z.array(SourceFile).describe('Source files, in the order received. Files removed at the gate are not listed (the ledger keeps them).'),
  expectedDocs: z
    .array(CaseExpectedDoc)
    .describe('Our addition (`sets`): the lines the case is checked against: its list’s lines (waived ones marked), then the lines added for it (GET /applications/{id}/expected-docs).'),
}).meta({ id: 'Application', description: 'A case (spec Part 2): pinned to one list version, holding the source files and the state of its run.' });
export type Application = z.infer<typeof Application>;

export const ApplicationListing = ApplicationBase.extend({
  fileCount: z.number().int(),
  pageCount: z.number().int().describe('Pages of its source files.'),
  docsFiled: z
    .number()
    .int()
    .describe('Lines the case is checked against that are satisfied: filed against by at least their `minCount` documents (settled or waiting for a person). Waived lines are not counted.'),
  docsTotal: z.number().int().describe('Lines the case is checked against: its list’s lines less the waived ones, plus the ones added for it.'),
}).meta({ id: 'ApplicationListing', description: 'One case of GET /applications.' });
export type ApplicationListing = z.infer<typeof ApplicationListing>;

export const CreateApplicationInput = z
  .object({
    expectedDocListId: z
      .string()
      .trim()
      .min(1)
      .max(140)
      // What parseListReference takes, for the document (400 for anything else).
      .meta({ pattern: LIST_REFERENCE_PATTERN })
      .describe('The list: its id for its active version, or `<id>/<N>` for version N (spec Part 9.6).'),
    version: VersionNumber.optional().describe('Pins version N; the same as `<id>/<N>`. Both given must agree.'),
    applicantName: z.string().trim().min(1, 'must not be empty').max(200),
  })
  .meta({
    id: 'CreateApplicationInput',
    description: 'Creates a case without running anything. The list version must be active or superseded: a draft still changes, and a case is pinned for good.',
  });
export type CreateApplicationInput = z.infer<typeof CreateApplicationInput>;

export const ListReference = z.object({ id: z.string(), version: z.number().int().min(1).optional() });

/** `id` or `id/N` (spec Part 9.6); null when it is neither. */
export function parseListReference(text: string): { id: string; version?: number } | null {
  const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\/([1-9][0-9]{0,8}))?$/.exec(text.trim());
  if (!m) return null;
  return m[2] ? { id: m[1]!, version: Number(m[2]) } : { id: m[1]! };
}

export const SourceFilesInput = z
  .object({
    files: z
      .array(z.string().meta({ format: 'binary', contentMediaType: 'application/pdf' }))
      .describe('One or more PDFs; repeat the field. At most 25 per call, each at most 100 MB. Each part’s `filename` is stored cleaned and, past 255 bytes, truncated (`SourceFile.name`).'),
  })
  // Any other field is refused (400 naming it), as the intake reads the parts.
  .strict()
  .meta({ id: 'SourceFilesInput', description: 'multipart/form-data: the PDFs to add to a case; another field is a 400 naming it.' });

export const SourceFilesQuery = z.object({
  expectedDocId: z
    .string()
    .min(1)
    .max(80)
    .optional()
    .describe('Declares what the files are for: the id of a line of the pinned list (400 when it names none).'),
});
