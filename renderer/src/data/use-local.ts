import { useMemo } from 'react';
import { map } from 'rxjs';
import type { ExpectedDocList, IntelTemplate, Organization, Workflow } from '@portal/shared';
import type { BundleDoc, LibraryDefaultDoc, SavedSectionDoc } from '@portal/shared/sync';
import { useApp } from '../shell/app-context';
import { all$ } from './local-database';
import { deriveMarkedChain, type MarkedChain } from './marked-chain';
import { useObservable } from './use-observable';

/**
 * Live views of the local copy. Each answers `undefined` until the local database first answers,
 * so a page can tell "still opening" from "really empty".
 */
function useLive<T>(factory: () => import('rxjs').Observable<T>): T | undefined {
  const { local } = useApp();
  // One observable per database: the factory only reads `local`.
  const source = useMemo(factory, [local]);
  return useObservable<T | undefined>(source, undefined);
}

/**
 * Without the official versions an own family shadows: one of the same id with an active version
 * (shared/src/library/shadowing.ts). Sync keeps those official versions on the device (cases pin
 * them by source, id and version, and must still open after "Make my own copy"), but the library
 * shows the organization's copy in their place once it is in use, as the REST listings do; while
 * the copy is a draft, the official version stays listed and offered for new cases.
 */
export { withoutShadowed } from '@portal/shared';

export function useListVersions(): ExpectedDocList[] | undefined {
  const { local } = useApp();
  return useLive(() => all$(local.collections.lists).pipe(map((docs) => docs.map((d) => d.list))));
}

export function useWorkflowVersions(): Workflow[] | undefined {
  const { local } = useApp();
  return useLive(() => all$(local.collections.workflows).pipe(map((docs) => docs.map((d) => d.workflow))));
}

export function useIntelTemplateVersions(): IntelTemplate[] | undefined {
  const { local } = useApp();
  return useLive(() => all$(local.collections.intel_templates).pipe(map((docs) => docs.map((d) => d.template))));
}

export function useBundles(): BundleDoc[] | undefined {
  const { local } = useApp();
  return useLive(() => all$(local.collections.bundles).pipe(map((docs) => docs.sort((a, b) => a.name.localeCompare(b.name)))));
}

export function useSavedSections(): SavedSectionDoc[] | undefined {
  const { local } = useApp();
  return useLive(() => all$(local.collections.saved_sections).pipe(map((docs) => docs.sort((a, b) => a.name.localeCompare(b.name)))));
}

/** The default per kind of library item (`expected-doc-list`, `workflow`). */
export function useLibraryDefaults(): Map<string, LibraryDefaultDoc> | undefined {
  const { local } = useApp();
  return useLive(() => all$(local.collections.library_defaults).pipe(map((docs) => new Map(docs.map((d) => [d.id, d])))));
}

export function useOrganization(): Organization | undefined {
  const { local } = useApp();
  return useLive(() => all$(local.collections.organization).pipe(map((docs) => docs[0])));
}

/** The marked chain's document types, derived here from the replicated catalogues. */
export function useMarkedChain(): MarkedChain | undefined {
  const lists = useListVersions();
  const organization = useOrganization();
  return useMemo(
    () => (lists === undefined || organization === undefined ? undefined : deriveMarkedChain(lists, organization.markedDocTypeCatalog)),
    [lists, organization],
  );
}
