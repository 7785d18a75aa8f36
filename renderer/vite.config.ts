import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { offlineShell } from './offline-shell-plugin';
import { pdfjsAssets } from './pdfjs-assets-plugin';

export default defineConfig({
  // The server serves this build at `/` and Electron loads it from the `app://portal/` origin, so
  // absolute asset paths work in both; `./` would break deep links in the web app.
  base: '/',
  // pdfjsAssets before offlineShell: the service worker keeps the files it adds to the build.
  plugins: [react(), pdfjsAssets(), offlineShell()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries in chunks of their own: they change less often than the app, so a release
        // mostly re-downloads the app's own code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'rxdb', test: /node_modules[\\/](rxdb|dexie|rxjs)[\\/]/ },
            { name: 'yjs', test: /node_modules[\\/](yjs|y-websocket|y-indexeddb|y-protocols|lib0)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    // In `vite dev` the page's origin is Vite's, so the web bridge would look for the API here;
    // forward it to the server's default port.
    proxy: { '/api': 'http://localhost:8080' },
  },
});
