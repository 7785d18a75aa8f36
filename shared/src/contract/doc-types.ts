import { z } from 'zod';
import { ExpectedDocListKind } from './expected-doc-lists.js';
import { ExpectedDoc, LibrarySource, LibraryStatus } from './library.js';

export const CatalogLayer = z
  .object({
    id: z.string().describe('The catalogue’s list id.'),
    version: z.number().int(),
    name: z.string(),
    kind: ExpectedDocListKind,
    source: LibrarySource,
  })
  .meta({ id: 'CatalogLayer', description: 'One catalogue version of the marked chain.' });
export type CatalogLayer = z.infer<typeof CatalogLayer>;

export const MarkedCatalogEntry = ExpectedDoc.extend({
  definedIn: z
    .object({ listId: z.string(), version: z.number().int(), source: LibrarySource })
    .describe('The catalogue version whose entry won: the most specific of the chain that has this `docType`.'),
}).meta({ id: 'MarkedCatalogEntry' });
export type MarkedCatalogEntry = z.infer<typeof MarkedCatalogEntry>;

export const MarkedDocTypeCatalog = z
  .object({
    marked: z.string().describe('The organization’s marked catalogue.'),
    chain: z.array(CatalogLayer).describe('Root first: `generic`, …, the marked catalogue, then your `custom-documents` when it has an active version.'),
    entries: z.array(MarkedCatalogEntry).describe('The merged entries, in root-first order; for a `docType` the more specific catalogue’s entry wins.'),
  })
  .meta({
    id: 'MarkedDocTypeCatalog',
    description:
      'The chain from the marked catalogue down to `generic`, each at the official organization’s latest active version, merged root-first so the more specific entry wins by `docType`. Your `custom-documents` catalogue is the most specific layer: it coins new types and overrides official entries.',
  });
export type MarkedDocTypeCatalog = z.infer<typeof MarkedDocTypeCatalog>;

export const CoinDocTypeInput = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(120).describe('The document type id is the slug of this name (lower case, accented letters folded to a–z, digits kept, anything else a dash): a name whose slug has no letter a–z is refused with 400.'),
    kind: z.string().min(1).max(64).describe('A docKind of the marked chain (an entry of the root catalogue with kind `docKind`, for example `income`).'),
    description: z.string().max(2000).optional(),
  })
  .meta({
    id: 'CoinDocTypeInput',
    description: 'Coins a document type into your `custom-documents` catalogue. Its requirement fields are the chain’s requirement defaults (the `default` entry).',
  });

export const SetMarkedDocTypeCatalogInput = z
  .object({ catalogId: z.string().min(1).max(64).describe('The id of an official document catalogue with an active version, for example `finance`.') })
  .meta({
    id: 'MarkedDocTypeCatalogInput',
    description: 'The official document catalogue your organization works from.',
  });

export const DocumentTypeListing = z
  .object({
    docType: z.string(),
    name: z.string(),
    kind: z.string().describe('`docKind` for a document kind of the root catalogue, else the docKind the type belongs to.'),
    description: z.string(),
    definedIn: z
      .object({ listId: z.string(), version: z.number().int(), source: LibrarySource })
      .describe('The catalogue version that defines the type (the winning entry of the marked chain).'),
    schemas: z
      .array(z.object({ version: z.number().int(), name: z.string(), status: LibraryStatus, source: LibrarySource }))
      .describe('Extraction schema versions of the type: yours (every status) and the official organization’s (active and superseded), newest first within each source.'),
  })
  .meta({
    id: 'DocumentTypeListing',
    description: 'One document type of your marked chain. Page kinds and the `default` entry are not document types and are left out.',
  });
