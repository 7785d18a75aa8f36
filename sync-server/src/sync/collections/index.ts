import type { FastifyInstance } from 'fastify';
import type { DocumentBundle, Organization, SavedSection } from '@portal/shared';
import { syncCollections } from '@portal/shared/sync';
import { toBundle, type BundleRow } from '../../library/bundles/service.js';
import { toSavedSection, type SavedSectionRow } from '../../library/saved-sections/service.js';
import { toOrganization, type OrganizationRow } from '../../identity/rows.js';
import type { SyncCollection } from '../collection.js';
import { libraryCollection } from './library-collection.js';
import { tableCollection } from './table-collection.js';

export const bundlesCollection = tableCollection<BundleRow & { rev: number; deleted: boolean }, DocumentBundle>({
  name: 'document-bundles',
  description: 'Your organization’s document bundles.',
  table: 'document_bundles',
  document: syncCollections['document-bundles'].document,
  toDocument: toBundle,
  readOnlyReason: 'bundles are changed with PUT /document-bundles/{bundleId}.',
});

/**
 * The collections the desktop replicates (read-only over sync). Library versions are read
 * through the library's family engines, so sync and the REST listings agree on what a caller
 * sees. Document catalogues are lists, so the document types of the marked chain arrive as the
 * catalogue versions in `expected-doc-lists`, with the organization (its marked catalogue) in
 * `organization`; the client merges the chain with the same pure rule the server uses.
 */
export function libraryCollections(app: FastifyInstance): SyncCollection[] {
  const { library } = app;
  const official = library.officialOrgId;
  return [
    libraryCollection({
      name: 'expected-doc-lists',
      description: 'Expected document list versions and document catalogues: your own (every status) and the official ones (published versions), those you have your own list of the same id of included: cases pin them (`expectedDocList`), so they stay readable after a copy. Hide an official version when your own list of its id is present, as GET /expected-doc-lists does.',
      engine: library.engines.lists,
      field: 'list',
      document: syncCollections['expected-doc-lists'].document.describe('One list version; `list.isDefault` is false here: the default is in `library-defaults`.'),
      toPayload: (v) => library.lists.toList(v, undefined),
    }),
    libraryCollection({
      name: 'workflows',
      description: 'Workflow versions: your own and the official ones (published versions, those you have your own copy of included: hide them when your copy is present, as the listing does).',
      engine: library.engines.workflows,
      field: 'workflow',
      document: syncCollections.workflows.document.describe('One workflow version; `workflow.isDefault` is false here: the default is in `library-defaults`.'),
      toPayload: (v) => library.workflows.toWorkflow(v, false),
    }),
    libraryCollection({
      name: 'intel-templates',
      description: 'Intel template versions: your own and the official ones (published versions, those you have your own copy of included: hide them when your copy is present, as the listing does).',
      engine: library.engines.intelTemplates,
      field: 'template',
      document: syncCollections['intel-templates'].document.describe('One intel template version.'),
      toPayload: (v) => library.intelTemplates.toTemplate(v),
    }),
    libraryCollection({
      name: 'extraction-schemas',
      description:
        'Extraction schema versions (the document type is the id): your own (every status) and the official ones (published versions), those you have your own schema of the same type included, as for lists. What extraction uses for a type is the latest active version of your own, else of the official one (GET /doc-type-extraction-schemas/{docType}/resolved, whose ladder then tries the type’s docKind and `fallback`): the desktop resolves it from these offline.',
      engine: library.engines.schemas,
      field: 'schema',
      document: syncCollections['extraction-schemas'].document.describe('One extraction schema version.'),
      toPayload: (v) => library.schemas.toSchema(v),
    }),
    bundlesCollection as unknown as SyncCollection,
    tableCollection<SavedSectionRow & { rev: number; deleted: boolean }, SavedSection>({
      name: 'saved-sections',
      description: 'Your organization’s saved sections.',
      table: 'saved_sections',
      document: syncCollections['saved-sections'].document,
      toDocument: (r) => toSavedSection(r, official),
      readOnlyReason: 'saved sections are made with POST /saved-sections.',
    }) as unknown as SyncCollection,
    tableCollection<{ org_id: string; family_kind: string; target_org_id: string; target_id: string; rev: number; deleted: boolean }, { id: string; targetId: string; targetSource: 'own' | 'official' }>({
      name: 'library-defaults',
      description: 'Your organization’s default per kind of library item: `id` is the kind (`expected-doc-list`, `workflow`).',
      table: 'library_defaults',
      idColumn: 'family_kind',
      document: syncCollections['library-defaults'].document,
      toDocument: (r) => ({ id: r.family_kind, targetId: r.target_id, targetSource: r.target_org_id === official ? 'official' : 'own' }),
      readOnlyReason: 'defaults are set with the set-default operations.',
    }) as unknown as SyncCollection,
    tableCollection<OrganizationRow & { org_id: string; rev: number; deleted: boolean }, Organization>({
      name: 'organization',
      description: 'Your organization (one document): its name and marked document catalogue.',
      table: 'organizations',
      document: syncCollections.organization.document,
      toDocument: (r) => toOrganization(r),
      readOnlyReason: 'the organization is changed with PATCH /organization.',
    }) as unknown as SyncCollection,
  ];
}
