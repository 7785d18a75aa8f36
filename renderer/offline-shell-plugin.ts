import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
// Relative, not `@portal/shared`: the config is loaded by Node, which would not run the package's TypeScript.
import { API_BASE_PATH } from '../shared/src/product';

const SOURCE = 'src/offline/service-worker.ts';
const FILE = 'sw.js';
const PLACEHOLDER = /(["'`])__OFFLINE_SHELL_MANIFEST__\1/g;

/**
 * Builds the web app's service worker (src/offline/service-worker.ts) as `sw.js` at the root of
 * the build, its scope the whole app, and writes into it the build's assets and a version made of
 * their hashed names, so each release installs anew and replaces the previous cache.
 */
export function offlineShell(): Plugin {
  let building = false;
  return {
    name: 'portal-offline-shell',
    // Whether there is a `sw.js` to register: in a build, never in `vite dev`. Not
    // `import.meta.env.PROD`, which follows NODE_ENV (a build run by the tests has `test`).
    config: (_config, { command }) => ({ define: { __OFFLINE_SHELL__: JSON.stringify(command === 'build') } }),
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'chunk', id: SOURCE, fileName: FILE });
    },
    generateBundle(_options, bundle) {
      if (!building) return;
      const assets = Object.keys(bundle)
        .filter((name) => name !== FILE && !name.endsWith('.map') && !name.endsWith('.html'))
        .sort()
        .map((name) => `/${name}`);
      const version = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 16);
      const worker = bundle[FILE];
      if (worker === undefined || worker.type !== 'chunk') throw new Error(`${FILE} was not built`);
      const manifest = JSON.stringify(JSON.stringify({ version, assets, apiBasePath: API_BASE_PATH }));
      let replaced = 0;
      worker.code = worker.code.replace(PLACEHOLDER, () => {
        replaced++;
        return manifest;
      });
      if (replaced === 0) throw new Error(`${FILE} lost its manifest placeholder in the build`);
    },
  };
}
