/**
 * The "Library item status" table of spec Part 3, as pure decisions. The server's family engine
 * asks these before every write, so the table is implemented once for lists, extraction schemas,
 * workflows and intel templates; the differences between them are a `LifecyclePolicy`.
 */

export const LIBRARY_STATUSES = ['draft', 'active', 'superseded'] as const;
export type LibraryStatusName = (typeof LIBRARY_STATUSES)[number];

export interface LifecyclePolicy {
  /**
   * Activating replaces the active version, which becomes `superseded` in the same write (lists,
   * extraction schemas, intel templates). Workflows keep every activated version active.
   */
  supersedeOnActivate: boolean;
}

export interface VersionState {
  version: number;
  status: LibraryStatusName;
}

/** Why a transition is refused, with the HTTP status the spec gives it. */
export interface Refusal {
  status: 404 | 409;
  message: string;
}

const refuse = (status: Refusal['status'], message: string): Refusal => ({ status, message });

/** Saving (PUT) writes only to a draft; active and superseded versions are immutable. */
export function refuseSave(v: VersionState): Refusal | null {
  if (v.status === 'draft') return null;
  return refuse(409, `Version ${v.version} is ${v.status} and immutable; only a draft can be saved (make a new version to change it)`);
}

/**
 * Activation takes a draft only, and only when complete enough (`incomplete` is the reason it is
 * not). Where activation supersedes, a draft older than an already active or superseded version
 * may not become active: the version it replaced would be newer than itself.
 */
export function refuseActivate(
  target: VersionState,
  family: readonly VersionState[],
  policy: LifecyclePolicy,
  incomplete: string | null,
): Refusal | null {
  if (target.status !== 'draft') return refuse(409, `Version ${target.version} is ${target.status}; only a draft can be activated`);
  if (policy.supersedeOnActivate) {
    const newer = family.find((v) => v.version > target.version && v.status !== 'draft');
    if (newer) return refuse(409, `Version ${newer.version} is newer and already ${newer.status}; version ${target.version} can no longer be activated`);
  }
  if (incomplete) return refuse(409, `Version ${target.version} is not complete enough to activate: ${incomplete}`);
  return null;
}

/** The versions an activation turns `superseded`, in the same write. */
export function supersededBy(target: VersionState, family: readonly VersionState[], policy: LifecyclePolicy): number[] {
  if (!policy.supersedeOnActivate) return [];
  return family.filter((v) => v.status === 'active' && v.version !== target.version).map((v) => v.version);
}

/**
 * new-version (and rename-as-new-version) copy the active version to v(N+1), a draft, when no
 * newer version exists. Part 3's row starts from `active` for every kind: a draft is edited in
 * place, never versioned again (that would leave two drafts of one line of work).
 */
export function refuseNewVersion(source: VersionState, family: readonly VersionState[]): Refusal | null {
  const latest = Math.max(...family.map((v) => v.version));
  if (latest > source.version) {
    return refuse(409, `Version ${latest} already exists; a new version can only be made from the latest version (${latest})`);
  }
  if (source.status !== 'active') {
    return refuse(409, `Version ${source.version} is ${source.status}; a new version can only be made from an active version (edit the draft itself, or activate it first)`);
  }
  return null;
}

export const nextVersion = (family: readonly VersionState[]): number => Math.max(0, ...family.map((v) => v.version)) + 1;

/** set-default on a list is called on its active version (spec Part 3); 409 otherwise. */
export function refuseSetDefault(v: VersionState): Refusal | null {
  if (v.status === 'active') return null;
  return refuse(409, `Version ${v.version} is ${v.status}; only the active version can make its list the default`);
}
