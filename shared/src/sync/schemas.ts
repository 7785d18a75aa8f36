import type { RxJsonSchema } from 'rxdb';
import type { DocumentBundle, SavedSection } from '../contract/bundles.js';
import type { ExpectedDocList } from '../contract/expected-doc-lists.js';
import type { IntelTemplate } from '../contract/intel.js';
import type { Organization } from '../contract/access.js';
import type { Workflow } from '../contract/workflows.js';

/**
 * The client-side collections (RxDB JSON schemas), one per server `/sync/<name>` collection.
 * A schema change bumps `version` and adds a migration strategy to `migrationStrategies`;
 * clients migrate what they stored. Payloads of library versions are stored whole (`type:
 * 'object'`): they are the REST shapes, validated by the contract on the server.
 */
export type Replicated<D> = D & { serverRev: number };

const key = { type: 'string', maxLength: 300 } as const;
const serverRev = { type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 } as const;
const text = { type: 'string' } as const;

export type ListVersionDoc = Replicated<{ id: string; list: ExpectedDocList }>;
export type WorkflowVersionDoc = Replicated<{ id: string; workflow: Workflow }>;
export type IntelTemplateVersionDoc = Replicated<{ id: string; template: IntelTemplate }>;
export type BundleDoc = Replicated<DocumentBundle>;
export type SavedSectionDoc = Replicated<SavedSection>;
export type LibraryDefaultDoc = Replicated<{ id: string; targetId: string; targetSource: 'own' | 'official' }>;
export type OrganizationDoc = Replicated<Organization>;

const versioned = <D>(title: string, field: string): RxJsonSchema<D> =>
  ({
    title,
    version: 0,
    primaryKey: 'id',
    type: 'object',
    properties: { id: key, [field]: { type: 'object' }, serverRev },
    required: ['id', field, 'serverRev'],
  }) as unknown as RxJsonSchema<D>;

export const listVersionSchema = versioned<ListVersionDoc>('expected document list versions', 'list');
export const workflowVersionSchema = versioned<WorkflowVersionDoc>('workflow versions', 'workflow');
export const intelTemplateVersionSchema = versioned<IntelTemplateVersionDoc>('intel template versions', 'template');

export const documentBundleSchema: RxJsonSchema<BundleDoc> = {
  title: 'document bundles',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    name: text,
    members: { type: 'array', items: text },
    createdAt: text,
    updatedAt: text,
    serverRev,
  },
  required: ['id', 'name', 'members', 'serverRev'],
};

export const savedSectionSchema: RxJsonSchema<SavedSectionDoc> = {
  title: 'saved sections',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    name: text,
    note: text,
    lines: { type: 'array', items: { type: 'object' } },
    subsections: { type: 'array', items: { type: 'object' } },
    derivedFrom: { type: ['object', 'null'] },
    createdAt: text,
    serverRev,
  },
  required: ['id', 'name', 'serverRev'],
};

export const libraryDefaultSchema: RxJsonSchema<LibraryDefaultDoc> = {
  title: 'library defaults',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: { id: key, targetId: text, targetSource: { type: 'string', enum: ['own', 'official'] }, serverRev },
  required: ['id', 'targetId', 'targetSource', 'serverRev'],
};

export const organizationSchema: RxJsonSchema<OrganizationDoc> = {
  title: 'organization',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: key,
    name: text,
    markedDocTypeCatalog: text,
    isOfficial: { type: 'boolean' },
    instant: { type: 'boolean' },
    sandbox: { type: 'boolean' },
    expiresAt: { type: ['string', 'null'] },
    createdAt: text,
    serverRev,
  },
  required: ['id', 'name', 'markedDocTypeCatalog', 'serverRev'],
};

/**
 * Every replicated collection: its server name, the local collection name (RxDB wants
 * letters, digits and underscores) and schema.
 */
export const syncCollections = {
  'expected-doc-lists': { local: 'lists', schema: listVersionSchema, migrationStrategies: {} },
  workflows: { local: 'workflows', schema: workflowVersionSchema, migrationStrategies: {} },
  'intel-templates': { local: 'intel_templates', schema: intelTemplateVersionSchema, migrationStrategies: {} },
  'document-bundles': { local: 'bundles', schema: documentBundleSchema, migrationStrategies: {} },
  'saved-sections': { local: 'saved_sections', schema: savedSectionSchema, migrationStrategies: {} },
  'library-defaults': { local: 'library_defaults', schema: libraryDefaultSchema, migrationStrategies: {} },
  organization: { local: 'organization', schema: organizationSchema, migrationStrategies: {} },
} as const;
export type SyncCollectionName = keyof typeof syncCollections;
