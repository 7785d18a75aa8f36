import { z } from 'zod';
import { Organization } from '../contract/access.js';
import { DocumentBundle, SavedSection } from '../contract/bundles.js';
import { ExpectedDocList } from '../contract/expected-doc-lists.js';
import { IntelTemplate } from '../contract/intel.js';
import { LibrarySource } from '../contract/library.js';
import { Workflow } from '../contract/workflows.js';

/**
 * The collections the desktop replicates (`/sync/<name>`), each defined once: the zod schema of
 * its documents, which the server answers pulls with and the client's RxDB schema is generated
 * from (`@portal/shared/client`), and the client-side names. Every collection is read-only over
 * sync: changes go through the REST API or the collaborative editor.
 */

const VersionKeyId = z.string().max(300).describe('`own:<id>:<version>` or `official:<id>:<version>` (see version-key.ts).');

/** A library version as replicated: its version key and the REST shape of the version. */
export const ListVersionDocument = z.object({ id: VersionKeyId, list: ExpectedDocList });
export const WorkflowVersionDocument = z.object({ id: VersionKeyId, workflow: Workflow });
export const IntelTemplateVersionDocument = z.object({ id: VersionKeyId, template: IntelTemplate });
/** The organization's default per kind of library item: `id` is the kind (`expected-doc-list`, `workflow`). */
export const LibraryDefaultDocument = z.object({ id: z.string().max(300), targetId: z.string(), targetSource: LibrarySource });

/** What every replicated document carries besides its own fields: the server rev of its state. */
export const ServerRev = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe('The server rev of this state of the document.');

export const syncCollections = {
  'expected-doc-lists': { local: 'lists', document: ListVersionDocument, version: 1 },
  workflows: { local: 'workflows', document: WorkflowVersionDocument, version: 1 },
  'intel-templates': { local: 'intel_templates', document: IntelTemplateVersionDocument, version: 1 },
  'document-bundles': { local: 'bundles', document: DocumentBundle, version: 1 },
  'saved-sections': { local: 'saved_sections', document: SavedSection, version: 1 },
  'library-defaults': { local: 'library_defaults', document: LibraryDefaultDocument, version: 1 },
  organization: { local: 'organization', document: Organization, version: 1 },
} as const satisfies Record<string, { local: string; document: z.ZodObject; version: number }>;
export type SyncCollectionName = keyof typeof syncCollections;

/** A document of a collection as the client keeps it: the document and its server rev. */
export type Replicated<D> = D & { serverRev: number };
export type ListVersionDoc = Replicated<z.infer<typeof ListVersionDocument>>;
export type WorkflowVersionDoc = Replicated<z.infer<typeof WorkflowVersionDocument>>;
export type IntelTemplateVersionDoc = Replicated<z.infer<typeof IntelTemplateVersionDocument>>;
export type BundleDoc = Replicated<DocumentBundle>;
export type SavedSectionDoc = Replicated<SavedSection>;
export type LibraryDefaultDoc = Replicated<z.infer<typeof LibraryDefaultDocument>>;
export type OrganizationDoc = Replicated<Organization>;
