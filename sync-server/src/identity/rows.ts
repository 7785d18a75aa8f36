import type { Organization, RoleName, User } from '@portal/shared';

// Rows of identity's tables and their API shapes; other areas may import these.

export interface UserRow {
  id: string;
  org_id: string;
  name: string;
  email: string | null;
  password_hash: string | null;
  role: RoleName;
  active: boolean;
  must_change_password: boolean;
  created_at: Date;
  /** First sign-in or chosen password (migration 033); null while invited. */
  joined_at: Date | null;
}

export const toUser = (r: UserRow): User => ({
  id: r.id,
  organizationId: r.org_id,
  name: r.name,
  email: r.email,
  role: r.role,
  active: r.active,
  mustChangePassword: r.must_change_password,
  createdAt: r.created_at.toISOString(),
  invitedAt: r.joined_at === null ? r.created_at.toISOString() : null,
});

export interface OrganizationRow {
  id: string;
  name: string;
  marked_doc_type_catalog: string;
  is_official: boolean;
  instant: boolean;
  sandbox: boolean;
  expires_at: Date | null;
  created_at: Date;
}

export const toOrganization = (r: OrganizationRow): Organization => ({
  id: r.id,
  name: r.name,
  markedDocTypeCatalog: r.marked_doc_type_catalog,
  isOfficial: r.is_official,
  instant: r.instant,
  sandbox: r.sandbox,
  expiresAt: r.expires_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});
