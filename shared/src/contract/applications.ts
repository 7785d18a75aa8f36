import { z } from 'zod';
import { LibrarySource } from './library.js';
import { ApplicationRun, PreflightFlagCode } from './runs.js';

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
    lineCount: z.number().int().describe('Lines of the version: what `docsTotal` counts.'),
  })
  .meta({ id: 'PinnedList', description: 'The expected document list version a case is pinned to, for good.' });

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
}).meta({ id: 'Application', description: 'A case (spec Part 2): pinned to one list version, holding the source files and the state of its run.' });
export type Application = z.infer<typeof Application>;

export const ApplicationListing = ApplicationBase.extend({
  fileCount: z.number().int(),
  pageCount: z.number().int().describe('Pages of its source files.'),
  docsFiled: z
    .number()
    .int()
    .describe('Lines of the pinned list that are satisfied: filed against by at least their `minCount` documents (settled or waiting for a person).'),
  docsTotal: z.number().int().describe('Lines of the pinned list.'),
}).meta({ id: 'ApplicationListing', description: 'One case of GET /applications.' });
export type ApplicationListing = z.infer<typeof ApplicationListing>;

export const CreateApplicationInput = z
  .object({
    expectedDocListId: z
      .string()
      .trim()
      .min(1)
      .max(140)
      .describe('The list: its id for its active version, or `<id>/<N>` for version N (spec Part 9.6).'),
    version: z.number().int().min(1).optional().describe('Pins version N; the same as `<id>/<N>`. Both given must agree.'),
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
  .meta({ id: 'SourceFilesInput', description: 'multipart/form-data: the PDFs to add to a case.' });

export const SourceFilesQuery = z.object({
  expectedDocId: z
    .string()
    .min(1)
    .max(80)
    .optional()
    .describe('Declares what the files are for: the id of a line of the pinned list (400 when it names none).'),
});
