import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createWebBridge } from './bridge/web-bridge';
import './styles.css';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const bridge =
  window.desktop ??
  createWebBridge({
    origin: window.location.origin,
    version: __APP_VERSION__,
    openWindow: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
  });

createRoot(container).render(
  <StrictMode>
    {/* Wrapped because a detached `fetch` throws "Illegal invocation" when called as a method of another object. */}
    <App bridge={bridge} fetchFn={(input, init) => window.fetch(input, init)} />
  </StrictMode>,
);
