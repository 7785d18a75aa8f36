-- Conditional GETs (ETag / If-None-Match) fingerprint what a caller sees of a kind of library
-- item by the count and sum of the revs of its rows and the official organization's. These
-- indexes let that be an index-only scan of one organization's rows of one kind.
CREATE INDEX library_versions_kind_org_rev_idx ON library_versions (family_kind, org_id, rev);
CREATE INDEX library_families_kind_org_rev_idx ON library_families (family_kind, org_id, rev);
CREATE INDEX document_bundles_org_rev_idx ON document_bundles (org_id, rev);
CREATE INDEX saved_sections_org_rev_idx ON saved_sections (org_id, rev);
