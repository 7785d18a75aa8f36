import { z } from 'zod';
import { VersionNumber } from './numbers.js';
import { DocTypeId, ExpectedDoc, ExpectedDocEdit, LibrarySource, Subsection, SubsectionEdit } from './library.js';

export const DocumentBundle = z
  .object({
    id: z.string(),
    name: z.string(),
    members: z.array(z.string()).describe('The member document types, in the order given.'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'DocumentBundle', description: 'A named group of document types, inserted into lists as a subsection (a copy).' });
export type DocumentBundle = z.infer<typeof DocumentBundle>;

export const SaveDocumentBundleInput = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(120).describe('Unique among your bundles, ignoring case.'),
    members: z
      .array(DocTypeId)
      .min(1, 'needs at least one member')
      .max(100)
      .superRefine((members, ctx) => {
        const seen = new Set<string>();
        members.forEach((m, i) => {
          if (seen.has(m)) ctx.addIssue({ code: 'custom', path: [i], message: `repeats the member "${m}"` });
          seen.add(m);
        });
      })
      .describe('Document types of your marked chain or custom-documents; at least one, none repeated.'),
  })
  .meta({ id: 'DocumentBundleInput', description: 'A name and the member document types.' });

export const SavedSection = z
  .object({
    id: z.string(),
    name: z.string(),
    note: z.string(),
    lines: z.array(ExpectedDoc),
    subsections: z.array(Subsection),
    derivedFrom: z
      .object({ expectedDocListId: z.string(), version: z.number().int(), sectionId: z.string(), source: LibrarySource })
      .nullable()
      .describe('The list section it was copied from, if it was.'),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedSection', description: 'A section kept for reuse: a copy, never a link to the list it came from.' });
export type SavedSection = z.infer<typeof SavedSection>;

export const CreateSavedSectionInput = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200).optional().describe('Defaults to the copied section’s name; required with `lines`.'),
    note: z.string().max(2000).optional(),
    from: z
      .object({
        expectedDocListId: z.string().min(1).max(80),
        version: VersionNumber,
        sectionId: z.string().min(1).max(80),
        source: LibrarySource.optional(),
      })
      .optional()
      .describe('Copy this section of a stored list version.'),
    lines: z.array(ExpectedDocEdit).max(200).optional().describe('Or give the section’s content directly (validated like a list save).'),
    subsections: z.array(SubsectionEdit).max(50).optional(),
  })
  .refine((v) => (v.from === undefined) !== (v.lines === undefined && v.subsections === undefined), {
    message: 'give either `from` (a section of a list) or the section’s `lines`/`subsections`, not both',
    path: ['from'],
  })
  .refine((v) => v.from !== undefined || v.name !== undefined, { message: 'is required when the content is given directly', path: ['name'] })
  .meta({
    id: 'SavedSectionInput',
    description: 'Either `from` (a section of a stored list) or the content itself (`lines` and/or `subsections`, with `name`), not both. The section is copied: later edits of the list do not reach it.',
    // The refinements, for the OpenAPI document.
    oneOf: [
      { required: ['from'], not: { anyOf: [{ required: ['lines'] }, { required: ['subsections'] }] } },
      { required: ['name'], not: { required: ['from'] }, anyOf: [{ required: ['lines'] }, { required: ['subsections'] }] },
    ],
  });
