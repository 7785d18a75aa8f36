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
  /** When the owner of `email` used a link mailed to it (migration 036); null until then. */
  email_confirmed_at: Date | null;
  /** The Manager who added this colleague; null for whoever signed up. */
  invited_by: string | null;
  /** The mail of this addition waits for the inviting Manager's address to be confirmed. */
  invitation_held: boolean;
  /** Added with an address that has an account in another organization: never an account itself. */
  address_taken: boolean;
}

/** What the API shape is made of: a session's user, read without the invitation's bookkeeping, will do. */
type UserShown = Omit<UserRow, 'email_confirmed_at' | 'invited_by' | 'invitation_held' | 'address_taken'>;

export const toUser = (r: UserShown): User => ({
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
