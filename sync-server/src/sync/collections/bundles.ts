import { DocumentBundle } from '@portal/shared';
import { toBundle, type BundleRow } from '../../bundles/service.js';
import { tableCollection } from './table-collection.js';

export const bundlesCollection = tableCollection<BundleRow & { rev: number; deleted: boolean }, DocumentBundle>({
  name: 'document-bundles',
  description: 'Your organization’s document bundles.',
  table: 'document_bundles',
  document: DocumentBundle,
  toDocument: toBundle,
  readOnlyReason: 'bundles are changed with PUT /document-bundles/{bundleId}.',
});
