import { z } from 'zod';
import { VersionNumber } from './numbers.js';
import { DerivedFrom, DocTypeId, LibrarySource, LibraryStatus } from './library.js';

export const EXTRACTION_FIELD_TYPES = ['text', 'date', 'money', 'number', 'enum', 'boolean'] as const;

export const ExtractionFieldType = z.enum(EXTRACTION_FIELD_TYPES).meta({
  id: 'ExtractionFieldType',
  description:
    '`text`: as printed (names: given names then surname, no honorific; addresses: printed lines joined with ", "). `date`: ISO `yyyy-mm-dd`. `money`: `{ amount: "1234.56", currency: "GBP" }`, amount a decimal string with two decimals and a leading `-` when negative, currency ISO 4217. `number`: a JSON number. `enum`: one of `options`. `boolean`: true or false.',
});

export const ExtractionField = z
  .object({
    name: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z][A-Za-z0-9]*$/, 'must be a camelCase key: a lower-case letter, then letters and digits')
      .describe('The key in `extractKeyData`, for example `dateOfBirth`.'),
    label: z.string().max(120).default('').describe('What people call it; the key split into words when empty.'),
    type: ExtractionFieldType,
    required: z.boolean().default(true).describe('Whether every document of the type prints it; an optional field is extracted only when present.'),
    multiple: z.boolean().default(false).describe('A list of values (for example several tenants’ names).'),
    description: z.string().max(2000).default(''),
    hints: z.array(z.string().min(1).max(300)).max(20).default([]).describe('Where and how the value is printed, for the extractor (labels, positions, formats).'),
    options: z.array(z.string().min(1).max(120)).max(100).default([]).describe('The allowed values of an `enum` field; empty for other types.'),
  })
  .meta({ id: 'ExtractionField', description: 'One field extracted from a document of the type.' });
export type ExtractionField = z.infer<typeof ExtractionField>;

export const DocTypeExtractionSchema = z
  .object({
    docType: DocTypeId,
    version: z.number().int().min(1),
    name: z.string().describe('The document type’s name for this version; rename-as-new-version changes it on the next version.'),
    status: LibraryStatus,
    source: LibrarySource,
    description: z.string(),
    fields: z.array(ExtractionField),
    derivedFrom: DerivedFrom.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    activatedAt: z.string().nullable(),
  })
  .meta({
    id: 'DocTypeExtractionSchema',
    description:
      'One version of the extraction schema of a document type. Extraction reads the active version of your own schema, else the official one; a type with neither resolves to its docKind’s schema, then to `fallback`.',
  });
export type DocTypeExtractionSchema = z.infer<typeof DocTypeExtractionSchema>;

export const DocTypeExtractionSchemaEdit = z
  .object({
    docType: z.string().optional().describe('When sent, must be the document type of the path.'),
    version: VersionNumber.optional().describe('When sent, must be the version of the path.'),
    name: z.string().optional().describe('When sent, must be the version’s name (use rename-as-new-version to rename).'),
    description: z.string().max(2000).optional().describe('Unchanged when absent.'),
    fields: z.array(ExtractionField).max(100),
  })
  .meta({
    id: 'DocTypeExtractionSchemaEdit',
    description:
      'The body of a save: a `DocTypeExtractionSchema` as read, edited; the fields the server owns may be sent back and are ignored. 400 when field names repeat or an `options` list is given to a field that is not an `enum`.',
  });

export const CreateDocTypeExtractionSchemaInput = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(120).describe('The document type id is the slug of this name (lower case, accented letters folded to a–z, digits kept, anything else a dash): a name whose slug has no letter a–z is refused with 400.'),
    kind: z
      .string()
      .min(1)
      .max(64)
      .default('other')
      .describe('Used only when the document type is new: the docKind it is coined under in custom-documents.'),
    description: z.string().max(2000).optional(),
  })
  .meta({
    id: 'DocTypeExtractionSchemaInput',
    description:
      'When the name already means a document type that has a schema (yours or official), that schema is answered with 200 and nothing is written. Otherwise v1 is created as a draft with no fields (201); a new document type is coined into custom-documents on the way.',
  });

export const DocTypeExtractionSchemaRef = z
  .object({
    docType: DocTypeId,
    version: z.number().int().min(1),
    name: z.string(),
    status: LibraryStatus,
    source: LibrarySource,
  })
  .meta({ id: 'DocTypeExtractionSchemaRef' });

export const ResolvedExtractionSchema = z
  .object({
    docType: z.string().describe('The document type asked for.'),
    step: z
      .enum(['docType', 'docKind', 'fallback'])
      .describe('Which rung of the ladder answered: the type’s own schema, its docKind’s schema, or `fallback`.'),
    schema: DocTypeExtractionSchema,
  })
  .meta({ id: 'ResolvedExtractionSchema', description: 'The schema extraction uses for a document type right now.' });
