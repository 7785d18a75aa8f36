/**
 * When an organization's own family takes over the id of an official one (issue 38, point 1).
 *
 * "Make my own copy" gives the organization a family under the official one's id, v1 a draft.
 * Hiding the official family at that moment stops every new case of that kind until someone
 * activates the copy. So an own family shadows the official family of its id only once it has a
 * published version (active or superseded): until then the official family stays listed, offered
 * for new cases, and an id given to a run or a case still resolves to it. The server's listings
 * and resolvers (sync-server/src/library/family-engine.ts) and the app's library views apply this
 * same rule.
 */

/** What the rule reads of a version: its family's id, whose it is, and its status. */
export interface ShadowingVersion {
  id: string;
  source: 'own' | 'official';
  status: string;
}

/** A version that has been in use: active or superseded (workflows show every activated version as active). */
export const isPublished = (v: Pick<ShadowingVersion, 'status'>): boolean => v.status !== 'draft';

/** The ids whose own family has a published version: those hide the official family of the same id. */
export function shadowingIds(versions: readonly ShadowingVersion[]): Set<string> {
  return new Set(versions.filter((v) => v.source === 'own' && isPublished(v)).map((v) => v.id));
}

/** Without the official versions an own family shadows (see the module comment). */
export function withoutShadowed<T extends ShadowingVersion>(versions: readonly T[]): T[] {
  const shadowing = shadowingIds(versions);
  return versions.filter((v) => v.source === 'own' || !shadowing.has(v.id));
}

/**
 * The organization's own copy of an official family that is not in use yet: its newest version
 * (a draft), or undefined when the organization has no family of that id, or one already in use.
 */
export function unpublishedCopyOf<T extends ShadowingVersion & { version: number }>(versions: readonly T[], id: string): T | undefined {
  const own = versions.filter((v) => v.source === 'own' && v.id === id);
  if (own.length === 0 || own.some(isPublished)) return undefined;
  return own.reduce((newest, v) => (v.version > newest.version ? v : newest));
}
