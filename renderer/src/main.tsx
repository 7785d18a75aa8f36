import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from '@portal/shared/client';
import { App } from './app';
import { createWebBridge } from './bridge/web-bridge';
import { createLocalDataPool } from './data/local-database';
import { createPageCachePool } from './data/page-cache';
import { createLocalStores } from './editor/local-stores';
import type { FetchFn } from './health/check-health';
import type { ClientServices } from './shell/client-services';
import { registerOfflineShell } from './offline/register-offline-shell';
import { dropRxdbStorageNotice } from './data/quiet-console';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// Wrapped because a detached `fetch` throws "Illegal invocation" when called as a method of another object.
const fetchFn: FetchFn = (input, init) => window.fetch(input, init);

dropRxdbStorageNotice(console);

// The app's services, made once for the page's lifetime.
const services: ClientServices = {
  bridge:
    window.desktop ??
    createWebBridge({
      origin: window.location.origin,
      version: __APP_VERSION__,
      openWindow: (url) => {
        window.open(url, '_blank', 'noopener,noreferrer');
      },
      api: createApiClient(window.location.origin, fetchFn),
    }),
  fetch: fetchFn,
  stores: createLocalStores(window.localStorage),
  localData: createLocalDataPool(),
  pageCaches: createPageCachePool(),
};

// The web build keeps its shell for reloads while offline; the desktop has its files on disk.
if (services.bridge.kind === 'web') registerOfflineShell();

createRoot(container).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
