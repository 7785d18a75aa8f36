import { DocumentBundle } from '@portal/shared';
import { tableCollection } from './table-collection.js';

interface BundleRow {
  id: string;
  org_id: string;
  name: string;
  members: string[];
  created_at: Date;
  updated_at: Date;
  rev: number;
  deleted: boolean;
}

export const bundlesCollection = tableCollection<BundleRow, DocumentBundle>({
  name: 'document-bundles',
  description: 'Your organization’s document bundles.',
  table: 'document_bundles',
  document: DocumentBundle,
  toDocument: (r) => ({ id: r.id, name: r.name, members: r.members, createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString() }),
  readOnlyReason: 'bundles are changed with PUT /document-bundles/{bundleId}.',
});
