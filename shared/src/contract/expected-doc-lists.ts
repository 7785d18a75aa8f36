import { z } from 'zod';
import { VersionNumber } from './numbers.js';
import { DerivedFrom, LibrarySource, LibraryStatus, Section, SectionEdit } from './library.js';

export const EXPECTED_DOC_LIST_KINDS = [
  'expectedDocListCatalogOfficial',
  'expectedDocListCatalogOrgCustom',
  'docTypeCatalogOfficial',
  'docTypeCatalogOrgCustom',
] as const;
export type ExpectedDocListKindName = (typeof EXPECTED_DOC_LIST_KINDS)[number];

export const ExpectedDocListKind = z.enum(EXPECTED_DOC_LIST_KINDS).meta({
  id: 'ExpectedDocListKind',
  description:
    '`expectedDocListCatalogOfficial`: an official list template, read-only to you. `expectedDocListCatalogOrgCustom`: your organization’s own list. `docTypeCatalogOfficial`: an official document catalogue (`generic`, `finance`). `docTypeCatalogOrgCustom`: your `custom-documents` catalogue.',
});

export const isCatalogKind = (kind: ExpectedDocListKindName): boolean => kind === 'docTypeCatalogOfficial' || kind === 'docTypeCatalogOrgCustom';

const ListId = z.string().describe('The list’s id: the slug of the name it was created with; it never changes.');

export const ExpectedDocList = z
  .object({
    id: ListId,
    version: z.number().int().min(1),
    name: z.string().describe('The name of this version. A version never changes its name; rename-as-new-version gives the next version a new one.'),
    kind: ExpectedDocListKind,
    status: LibraryStatus,
    source: LibrarySource,
    isDefault: z.boolean().describe('Whether the list (all its versions) is your organization’s default list.'),
    description: z.string(),
    parent: z.string().nullable().describe('Catalogues only: the next catalogue down the chain towards `generic`; null for `generic`, `custom-documents` and lists.'),
    sections: z.array(Section),
    derivedFrom: DerivedFrom.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    activatedAt: z.string().nullable(),
  })
  .meta({
    id: 'ExpectedDocList',
    description:
      'One version of an expected document list: sections of lines, each section with subsections (an inserted bundle becomes one). A document catalogue is a list too; its entries are its lines.',
  });
export type ExpectedDocList = z.infer<typeof ExpectedDocList>;

export const ExpectedDocListEdit = z
  .object({
    id: z.string().optional().describe('When sent, must be the id of the path.'),
    version: VersionNumber.optional().describe('When sent, must be the version of the path.'),
    name: z.string().optional().describe('When sent, must be the version’s name: a version never changes its name (use rename-as-new-version).'),
    description: z.string().max(2000).optional().describe('Unchanged when absent.'),
    sections: z.array(SectionEdit).max(100),
  })
  .meta({
    id: 'ExpectedDocListEdit',
    description:
      'The body of a save: an `ExpectedDocList` as read, edited. The fields the server owns (`kind`, `status`, `source`, `isDefault`, `parent`, `derivedFrom`, timestamps) may be sent back and are ignored. Contract validation: every line’s `docType` is a document of your marked chain or custom-documents, line, section and subsection ids are unique, names are not empty, `minCount` ≤ `maxCount`; each failure is a 400 naming the line.',
  });
export type ExpectedDocListEdit = z.infer<typeof ExpectedDocListEdit>;

export const CreateExpectedDocListInput = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(120).describe('The id is the slug of this name.'),
    description: z.string().max(2000).optional(),
  })
  .meta({
    id: 'ExpectedDocListInput',
    description: 'Creates v1, a draft holding a blank scaffold (one empty section).',
  });

export const ExpectedDocListRef = z
  .object({
    id: ListId,
    version: z.number().int().min(1),
    name: z.string(),
    kind: ExpectedDocListKind,
    status: LibraryStatus,
    source: LibrarySource,
  })
  .meta({ id: 'ExpectedDocListRef', description: 'Names one version of a list.' });
export type ExpectedDocListRef = z.infer<typeof ExpectedDocListRef>;

export const ExpectedDocListListing = ExpectedDocListRef.extend({
  isDefault: z.boolean().describe('The organization-default flag; the same on every version of the list.'),
  lineCount: z.number().int().describe('Lines of the version, subsections included.'),
  derivedFrom: DerivedFrom.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  activatedAt: z.string().nullable(),
}).meta({
  id: 'ExpectedDocListListing',
  description:
    'One row per list version: your own lists (every status), your custom-documents catalogue, and the official list templates and catalogues (active and superseded versions) except where you have your own list of that id. Ordered by id, then version.',
});
export type ExpectedDocListListing = z.infer<typeof ExpectedDocListListing>;

export const ExpectedDocListDuplicateInput = z
  .object({ name: z.string().trim().min(1, 'must not be empty').max(120).describe('The new list’s name; its id (the slug) must not exist yet.') })
  .meta({ id: 'ExpectedDocListDuplicateInput', description: 'Names the new list a duplicate becomes: v1, a draft, of kind `expectedDocListCatalogOrgCustom`.' });

export const InsertBundleInput = z
  .object({
    bundleId: z.string().min(1).max(64),
    sectionId: z.string().min(1).max(80).describe('The section that receives the bundle as a new subsection.'),
  })
  .meta({ id: 'InsertBundleInput', description: 'Copies a bundle into a draft as a subsection; later changes to the bundle do not reach the list.' });

export const InsertSavedSectionInput = z
  .object({
    savedSectionId: z.string().min(1).max(64),
    position: z.number().int().min(0).max(1000).optional().describe('Index among the sections; appended when absent.'),
  })
  .meta({ id: 'InsertSavedSectionInput', description: 'Copies a saved section into a draft as a new section.' });
