import { addRxPlugin, type MigrationStrategies, type RxCollection, type RxDatabase, type RxJsonSchema } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { z } from 'zod';
import {
  ServerRev,
  syncCollections,
  type ApplicationDoc,
  type BundleDoc,
  type CaseDocumentDoc,
  type DecisionRequestDoc,
  type DecisionDoc,
  type ExtractionSchemaVersionDoc,
  type IntelTemplateVersionDoc,
  type LedgerEventDoc,
  type LibraryDefaultDoc,
  type ListVersionDoc,
  type OrganizationDoc,
  type SavedSectionDoc,
  type SyncCollectionName,
  type WorkflowVersionDoc,
} from '../sync/collections.js';

type Json = Record<string, unknown>;

/** The longest primary key and indexed string RxDB is told about (storages build index strings from it). */
const KEY_MAX_LENGTH = 300;

/** Drops what RxDB's schema dialect refuses or does not use, at every depth. */
function forRxdb(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forRxdb);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // `default` is refused below the top level; descriptions and the dialect marker are noise in a stored schema.
    if (key === 'default' || key === '$schema' || key === 'description') continue;
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, forRxdb(v)])) : forRxdb(value);
  }
  return out;
}

/**
 * The RxDB schema of a replicated collection, generated from the zod schema of its documents
 * (the one the server answers pulls with), so the two cannot disagree: JSON Schema from zod,
 * inlined (RxDB refuses `$ref`), plus what RxDB needs on top: the primary key `id` with a
 * `maxLength`, `serverRev`, and no `_deleted` (RxDB keeps its own). `indexes` name top-level
 * fields; they get the bounds RxDB requires of indexed fields.
 */
export function rxSchemaOf<D>(
  document: z.ZodObject,
  options: { title: string; version: number; indexes?: readonly string[] },
): RxJsonSchema<D> {
  // An empty metadata registry: no ids (so nothing becomes a `$ref`) and no descriptions.
  const generated = z.toJSONSchema(document.extend({ serverRev: ServerRev }), {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
    metadata: z.registry<Record<string, unknown>>(),
  }) as Json;
  const { properties, required } = forRxdb(generated) as { properties: Record<string, Json>; required?: string[] };
  const indexes = options.indexes ?? [];
  for (const field of ['id', ...indexes]) {
    const part = properties[field];
    if (part === undefined) throw new Error(`${options.title}: no field ${field} to index`);
    if (part.type === 'string') part.maxLength = Math.min(Number(part.maxLength ?? KEY_MAX_LENGTH), KEY_MAX_LENGTH);
    else if (part.type === 'integer' || part.type === 'number') Object.assign(part, { type: 'number', multipleOf: 1 });
    else throw new Error(`${options.title}: ${field} cannot be a key or an index`);
  }
  delete properties._deleted;
  return {
    title: options.title,
    version: options.version,
    primaryKey: 'id',
    type: 'object',
    properties,
    required: (required ?? []).filter((f) => f !== '_deleted'),
    ...(indexes.length > 0 ? { indexes: [...indexes] } : {}),
  } as unknown as RxJsonSchema<D>;
}

/**
 * Version N of a schema comes with strategy N. The documents are the server's, so a new schema
 * version keeps them as they are: the next pull brings whatever the server now sends.
 */
const keepDocuments = (version: number): MigrationStrategies =>
  Object.fromEntries(Array.from({ length: version }, (_, i) => [i + 1, (doc: unknown) => doc]));

const TITLES: Record<SyncCollectionName, string> = {
  'expected-doc-lists': 'expected document list versions',
  workflows: 'workflow versions',
  'intel-templates': 'intel template versions',
  'extraction-schemas': 'extraction schema versions',
  'document-bundles': 'document bundles',
  'saved-sections': 'saved sections',
  'library-defaults': 'library defaults',
  organization: 'organization',
  applications: 'cases',
  'case-documents': 'case documents',
  decisions: 'document decisions',
  ledger: 'case ledger rows',
  'decision-requests': 'decision requests',
};

/** Indexed fields per collection: a case's documents, decisions and ledger are read by case. */
const INDEXES: Partial<Record<SyncCollectionName, readonly string[]>> = {
  'case-documents': ['applicationId'],
  decisions: ['applicationId'],
  ledger: ['applicationId'],
  'decision-requests': ['applicationId'],
};

/** The documents of each collection, by its server name. */
export interface RxDocs {
  'expected-doc-lists': ListVersionDoc;
  workflows: WorkflowVersionDoc;
  'intel-templates': IntelTemplateVersionDoc;
  'extraction-schemas': ExtractionSchemaVersionDoc;
  'document-bundles': BundleDoc;
  'saved-sections': SavedSectionDoc;
  'library-defaults': LibraryDefaultDoc;
  organization: OrganizationDoc;
  applications: ApplicationDoc;
  'case-documents': CaseDocumentDoc;
  decisions: DecisionDoc;
  ledger: LedgerEventDoc;
  'decision-requests': DecisionRequestDoc;
}

export type RxCollectionDef<N extends SyncCollectionName> = {
  /** The local collection name (RxDB wants letters, digits and underscores). */
  local: (typeof syncCollections)[N]['local'];
  schema: RxJsonSchema<RxDocs[N]>;
  migrationStrategies: MigrationStrategies;
};

/** Every replicated collection as RxDB's `addCollections` takes it, by server name. */
export const rxCollections = Object.fromEntries(
  (Object.entries(syncCollections) as [SyncCollectionName, (typeof syncCollections)[SyncCollectionName]][]).map(([name, c]) => [
    name,
    {
      local: c.local,
      schema: rxSchemaOf(c.document, { title: TITLES[name], version: c.version, ...(INDEXES[name] ? { indexes: INDEXES[name] } : {}) }),
      migrationStrategies: keepDocuments(c.version),
    },
  ]),
) as { [N in SyncCollectionName]: RxCollectionDef<N> };

/** The collections `addSyncCollections` made, by their local names. */
export type SyncRxCollections<N extends SyncCollectionName = SyncCollectionName> = {
  [K in N as (typeof syncCollections)[K]['local']]: RxCollection<RxDocs[K]>;
};

/**
 * Adds replicated collections (every one, or those named) to a database under their local names,
 * with what it takes to open a copy stored under an older schema version: the migration plugin
 * and the strategies (RxDB wants both whenever a schema's version is above 0).
 */
export async function addSyncCollections<N extends SyncCollectionName = SyncCollectionName>(
  db: RxDatabase,
  names: readonly N[] = Object.keys(syncCollections) as N[],
): Promise<SyncRxCollections<N>> {
  addRxPlugin(RxDBMigrationSchemaPlugin);
  const creators = Object.fromEntries(
    names.map((name) => {
      const { local, schema, migrationStrategies } = rxCollections[name];
      return [local, { schema, migrationStrategies }];
    }),
  );
  return (await db.addCollections(creators)) as unknown as SyncRxCollections<N>;
}
