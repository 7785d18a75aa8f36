import { unpublishedCopyOf } from '@portal/shared';
import { ApiRequestError, ok, type ApiClient } from '@portal/shared/client';
import { listParams } from '../api/list-params';

/** The organization's own list version "Make my own copy" leads to: the copy it made, or the one it already had. */
export interface OwnCopy {
  id: string;
  version: number;
  name: string;
  /** False when the organization had its copy already (made elsewhere, or not yet on this device). */
  made: boolean;
}

/**
 * "Make my own copy" of an official list. The server refuses a second copy (409, spec Part 3);
 * a person asking again wants the copy they have, so that refusal leads to it: the newest draft
 * of their own list of that id (the one to edit and activate), else their newest version. The
 * library asks the server, not the device, because the copy may not have synced here yet.
 */
export async function makeOwnListCopy(api: ApiClient, id: string, version: number): Promise<OwnCopy> {
  try {
    const ref = await ok(api.POST('/expected-doc-lists/{expectedDocListId}/{version}/new-version', { params: listParams(id, version, 'official') }));
    return { id: ref.id, version: ref.version, name: ref.name, made: true };
  } catch (e) {
    if (!(e instanceof ApiRequestError) || e.status !== 409) throw e;
    const rows = await ok(api.GET('/expected-doc-lists')).catch(() => []);
    const own = rows.filter((r) => r.source === 'own' && r.id === id);
    const target = unpublishedCopyOf(own, id) ?? own.reduce<(typeof own)[number] | undefined>((newest, r) => (newest === undefined || r.version > newest.version ? r : newest), undefined);
    if (target === undefined) throw e;
    return { id: target.id, version: target.version, name: target.name, made: false };
  }
}
