import { z } from 'zod';
import { LIBRARY_STATUSES } from '../library/lifecycle.js';
import { INT4_MAX, integerParam } from './numbers.js';

/** What every versioned library item shares (spec Parts 2, 3 and 9). */

export const LibraryStatus = z.enum(LIBRARY_STATUSES).meta({
  id: 'LibraryStatus',
  description:
    '`draft` is the only writable status; `active` is what callers get; `superseded` was active until a newer version was activated. Active and superseded versions never change.',
});

export const LibrarySource = z.enum(['own', 'official']).meta({
  id: 'LibrarySource',
  description:
    '`own`: your organization’s item. `official`: published by the official organization, read-only to you; its drafts are never shown. Where you have your own item with the id of an official one, yours is the one an id names, and `?source=official` still reaches the official one.',
});
export type LibrarySource = z.infer<typeof LibrarySource>;

export const SourceQuery = z.object({
  source: LibrarySource.optional().describe('Which family the id names: yours (`own`) or the official one. By default yours when you have one, else the official one.'),
});

export const VersionParam = integerParam(1, INT4_MAX).describe(`Integer version, 1 to ${INT4_MAX}.`);

export const DerivedFrom = z
  .object({
    id: z.string(),
    version: z.number().int(),
    source: LibrarySource,
  })
  .meta({ id: 'DerivedFrom', description: 'The version this one was copied from (new-version, rename, duplicate, or a copy of official content).' });
export type DerivedFrom = z.infer<typeof DerivedFrom>;

export const RenameInput = z
  .object({ name: z.string().trim().min(1, 'must not be empty').max(120) })
  .meta({
    id: 'RenameInput',
    description: 'The name of the new version. The id stays what it is; the renamed version keeps its old name.',
  });

/** Document type ids are slugs: lower-case letters, digits and single hyphens. */
export const DocTypeId = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a document type id: lower-case letters, digits and single hyphens')
  .describe('Document type id.');

export const Requirement = z
  .enum(['required', 'optional'])
  .describe('`required`: the case is incomplete without it; `optional`: asked for, but the case can do without.');

export const EXPECTED_DOC_KINDS_DESCRIPTION =
  'What the entry is. In a catalogue: `docKind` for the root catalogue’s document kinds, `pageKind` for page kinds (a blank page, a cover page), `default` for the entry holding the requirement defaults, and for a document type the id of the docKind it belongs to (for example `identity`). On a list line it is the kind of the line’s document type, taken from the catalogue.';

export const ExpectedDoc = z
  .object({
    id: z.string().describe('Unique within its list; documents of a case name the line they were filed against by it (`expectedDocId`). In a catalogue it equals `docType`.'),
    docType: DocTypeId,
    name: z.string().describe('What people call it, for example "Payslip".'),
    kind: z.string().describe(EXPECTED_DOC_KINDS_DESCRIPTION),
    description: z.string().describe('What the document is; the classifier reads it.'),
    requirement: Requirement,
    minCount: z.number().int().min(1).describe('How many documents of this line are expected at least, for example 3 payslips.'),
    maxCount: z.number().int().min(1).nullable().describe('How many at most; null for no limit.'),
    note: z.string().describe('Guidance for the applicant and reviewer, for example "the three most recent months".'),
  })
  .meta({
    id: 'ExpectedDoc',
    description:
      'An expected document: a line of a list, or an entry of a document catalogue. The requirement fields (`requirement`, `minCount`, `maxCount`, `note`) of a coined entry come from the chain’s `default` entry.',
  });
export type ExpectedDoc = z.infer<typeof ExpectedDoc>;

/**
 * A line as a client sends it: only `docType` is needed; the rest defaults from the document
 * type's catalogue entry.
 */
export const ExpectedDocEdit = z
  .object({
    id: z.string().trim().min(1).max(80).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, `.`, `_` or `-`').optional()
      .describe('Keep the id of an existing line so cases filed against it stay filed; generated from `docType` when absent.'),
    docType: DocTypeId,
    name: z.string().max(200).optional().describe('Defaults to the document type’s name; must not be empty when sent.'),
    kind: z.string().max(64).optional().describe('On list lines read-only (taken from the catalogue); required for catalogue entries.'),
    description: z.string().max(2000).optional(),
    requirement: Requirement.optional(),
    minCount: z.number().int().min(1).max(100).optional(),
    maxCount: z.number().int().min(1).max(100).nullable().optional(),
    note: z.string().max(2000).optional(),
  })
  .meta({
    id: 'ExpectedDocEdit',
    description: 'An expected document as sent on save. Fields left out are filled from the document type’s catalogue entry (its requirement defaults).',
  });
export type ExpectedDocEdit = z.infer<typeof ExpectedDocEdit>;

export const ContentOrigin = z
  .object({
    type: z.enum(['bundle', 'savedSection']),
    id: z.string(),
    name: z.string(),
  })
  .meta({ id: 'ContentOrigin', description: 'Where an inserted (sub)section was copied from. A copy, not a link: later changes or deletion of the origin do not touch it.' });
export type ContentOrigin = z.infer<typeof ContentOrigin>;

export const Subsection = z
  .object({
    id: z.string(),
    name: z.string(),
    note: z.string(),
    lines: z.array(ExpectedDoc),
    origin: ContentOrigin.nullable(),
  })
  .meta({ id: 'ExpectedDocListSubsection' });
export type Subsection = z.infer<typeof Subsection>;

export const Section = z
  .object({
    id: z.string(),
    name: z.string(),
    note: z.string(),
    lines: z.array(ExpectedDoc),
    subsections: z.array(Subsection),
    origin: ContentOrigin.nullable(),
  })
  .meta({ id: 'ExpectedDocListSection' });
export type Section = z.infer<typeof Section>;

const ContainerId = z.string().trim().min(1).max(80).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, `.`, `_` or `-`');

export const SubsectionEdit = z
  .object({
    id: ContainerId.optional().describe('Generated from the name when absent.'),
    name: z.string().max(200),
    note: z.string().max(2000).optional(),
    lines: z.array(ExpectedDocEdit).max(200),
    origin: ContentOrigin.nullable().optional(),
  })
  .meta({ id: 'ExpectedDocListSubsectionEdit' });
export type SubsectionEdit = z.infer<typeof SubsectionEdit>;

export const SectionEdit = z
  .object({
    id: ContainerId.optional().describe('Generated from the name when absent.'),
    name: z.string().max(200),
    note: z.string().max(2000).optional(),
    lines: z.array(ExpectedDocEdit).max(200).default([]),
    subsections: z.array(SubsectionEdit).max(50).default([]),
    origin: ContentOrigin.nullable().optional(),
  })
  .meta({ id: 'ExpectedDocListSectionEdit' });
export type SectionEdit = z.infer<typeof SectionEdit>;
