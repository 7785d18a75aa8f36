import { createContext, useContext } from 'react';
import type { DesktopBridge, User } from '@portal/shared';
import type { ApiClient } from '@portal/shared/client';
import type { Connectivity } from '../data/connectivity';
import type { LocalData } from '../data/local-database';
import type { PageCachePool } from '../data/page-cache';
import type { LocalStores } from '../editor/local-stores';

/** What every signed-in page needs; provided once by the app. */
export interface AppServices {
  bridge: DesktopBridge;
  api: ApiClient;
  serverUrl: string;
  user: User;
  local: LocalData;
  connectivity: Connectivity;
  /** The drafts kept on this device (all people's), see local-stores.ts. */
  stores: LocalStores;
  /** Names this person's local draft stores (server and user), see local-stores.ts. */
  storeScope: string;
  /** Cases' pages kept on this device; this person's is `pageCaches.open(storeScope)`. */
  pageCaches: PageCachePool;
  /** Shows a short confirmation in the app's status area. */
  notify(message: string): void;
}

export const AppContext = createContext<AppServices | null>(null);

export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (services === null) throw new Error('useApp() outside of a signed-in app');
  return services;
}
