import type { DesktopBridge } from '@portal/shared';
import type { LocalDataPool } from '../data/local-database';
import type { PageCachePool } from '../data/page-cache';
import type { LocalStores } from '../editor/local-stores';
import type { FetchFn } from '../health/check-health';

/**
 * What the app is made of, created once by main.tsx and handed down (as props to the app, then in
 * `AppContext`): the renderer's modules keep no state of their own, so a test or a second app on
 * one page gets services of its own.
 */
export interface ClientServices {
  bridge: DesktopBridge;
  fetch: FetchFn;
  /** The drafts kept on this device and their unsent edits. */
  stores: LocalStores;
  /** The local databases, one per server and user. */
  localData: LocalDataPool;
  /** Cases' pages fetched for the viewer, one cache per server and user. */
  pageCaches: PageCachePool;
}
