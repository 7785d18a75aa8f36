import { shadowingIds, type ExpectedDocList, type LibrarySource } from '@portal/shared';
import type { LibraryDefaultDoc } from '@portal/shared/sync';

export interface LibraryGroup<V> {
  /** `own:<id>` or `official:<id>`. */
  key: string;
  id: string;
  source: LibrarySource;
  /** The newest version's name. */
  name: string;
  isDefault: boolean;
  /** Newest first. */
  versions: V[];
}

interface Versioned {
  id: string;
  version: number;
  name: string;
  source: LibrarySource;
  status: string;
}

/**
 * Versions grouped into families by source and id, newest version first, families by name. An
 * official family is left out where the organization's own family of that id is in use (has an
 * active version): the id names the organization's own one then (the REST listing does the same).
 */
export function groupVersions<V extends Versioned>(versions: readonly V[], defaultDoc: LibraryDefaultDoc | undefined): LibraryGroup<V>[] {
  const groups = new Map<string, V[]>();
  for (const v of versions) {
    const key = `${v.source}:${v.id}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const shadowing = shadowingIds(versions);
  return [...groups]
    .filter(([, vs]) => vs[0]!.source === 'own' || !shadowing.has(vs[0]!.id))
    .map(([key, vs]) => {
      const sorted = [...vs].sort((a, b) => b.version - a.version);
      const newest = sorted[0]!;
      return {
        key,
        id: newest.id,
        source: newest.source,
        name: newest.name,
        isDefault: defaultDoc !== undefined && defaultDoc.targetId === newest.id && defaultDoc.targetSource === newest.source,
        versions: sorted,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.source.localeCompare(b.source));
}

export const isListKind = (l: Pick<ExpectedDocList, 'kind'>) => l.kind === 'expectedDocListCatalogOfficial' || l.kind === 'expectedDocListCatalogOrgCustom';

/**
 * On an official family's card: the organization's own family of its id when it is listed beside
 * it, which means a copy not in use yet (no active version: an active one would shadow the
 * official family). Its newest version is the draft to open instead of making another copy.
 */
export function draftCopyOf<V extends Versioned>(groups: readonly LibraryGroup<V>[] | undefined, group: LibraryGroup<V>): V | undefined {
  if (group.source !== 'official') return undefined;
  return groups?.find((g) => g.source === 'own' && g.id === group.id)?.versions[0];
}
