import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient } from './api/api-client';
import { App } from './app';
import { createWebBridge } from './bridge/web-bridge';
import type { FetchFn } from './health/check-health';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// Wrapped because a detached `fetch` throws "Illegal invocation" when called as a method of another object.
const fetchFn: FetchFn = (input, init) => window.fetch(input, init);

const bridge =
  window.desktop ??
  createWebBridge({
    origin: window.location.origin,
    version: __APP_VERSION__,
    openWindow: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    api: createApiClient({ serverUrl: window.location.origin, fetch: fetchFn, credentials: 'same-origin' }),
  });

createRoot(container).render(
  <StrictMode>
    <App bridge={bridge} fetchFn={fetchFn} />
  </StrictMode>,
);
