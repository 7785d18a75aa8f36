/**
 * Boundaries of the code, checked by `npm run lint:boundaries` (part of `npm test`).
 *
 * - Packages point to `shared` only: the server, the web app and the desktop main process never
 *   import each other, and nothing but the cross-package suites under test/ reaches into them all.
 * - No file is part of an import cycle. Cycles between server areas (first folder under
 *   sync-server/src) are found by the reporter plugin .dependency-cruiser.area-cycles.mjs, the
 *   second half of `npm run lint:boundaries`.
 * - `shared` outside `shared/src/client/` stays loadable by the server: no client-only library
 *   (RxDB, RxJS, openapi-fetch, React, y-websocket, y-indexeddb, Dexie), and the server never
 *   reaches the client entry point, directly or through another file.
 *
 * Imports are resolved the way Node and TypeScript do (workspace symlinks followed to their real
 * folder, `exports` sub-paths pointing at .ts, `.js` specifiers naming .ts files), so
 * `@portal/shared/client` is seen as shared/src/client/.
 */

const PACKAGE = '^(shared|sync-server|renderer|electron)/';
const CLIENT_LIBRARIES = '(rxdb|rxjs|openapi-fetch|react|react-dom|y-websocket|y-indexeddb|dexie)';
// Resolved into node_modules, or left as the bare name when it is not installed where imported.
const CLIENT_LIBRARY = `(^|/)node_modules/${CLIENT_LIBRARIES}/|^${CLIENT_LIBRARIES}(/|$)`;
const SHARED_CLIENT = '^shared/src/client/|^@portal/shared/client(/|$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'package-imports-package',
      comment:
        'sync-server, renderer and electron share code through @portal/shared only; they never import each other.',
      severity: 'error',
      from: { path: '^(sync-server|renderer|electron)/' },
      to: { path: '^(sync-server|renderer|electron)/', pathNot: '^$1/' },
    },
    {
      name: 'shared-imports-package',
      comment: 'shared is the bottom layer: it imports none of the packages built on it.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(sync-server|renderer|electron|test)/' },
    },
    {
      name: 'package-imports-test-suite',
      comment: 'The cross-package suites under test/ may import anything (no rule starts there); no package imports them.',
      severity: 'error',
      from: { path: PACKAGE },
      to: { path: '^test/' },
    },
    {
      name: 'file-cycle',
      comment: 'No import cycles between files (type-only imports included).',
      severity: 'error',
      from: { path: PACKAGE },
      to: { circular: true },
    },
    {
      name: 'shared-imports-client-library',
      comment:
        'shared outside shared/src/client/ is loaded by the server: client-only libraries belong in shared/src/client/ (@portal/shared/client).',
      severity: 'error',
      from: { path: '^shared/src/', pathNot: '^shared/src/client/' },
      to: { path: CLIENT_LIBRARY },
    },
    {
      name: 'shared-imports-client-entry',
      comment: 'The server-safe part of shared must not pull in the client entry point.',
      severity: 'error',
      from: { path: '^shared/src/', pathNot: '^shared/src/client/' },
      to: { path: SHARED_CLIENT },
    },
    {
      name: 'server-imports-client',
      comment: 'The server never imports @portal/shared/client (shared/src/client/).',
      severity: 'error',
      from: { path: '^sync-server/' },
      to: { path: SHARED_CLIENT },
    },
    {
      name: 'server-reaches-client-library',
      comment:
        'No chain of imports from the server ends in a client-only library (e.g. through a shared module).',
      severity: 'error',
      from: { path: '^sync-server/src/' },
      to: { path: CLIENT_LIBRARY, reachable: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing would hide a boundary crossing from the rules above.',
      severity: 'error',
      from: { path: [PACKAGE, '^test/'] },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Build output and browser-test screenshots (not node_modules: client-library rules look there).
    exclude: { path: '^(renderer|electron)/dist/|^release/|^test/e2e/artifacts/' },
    // `import type` counts: a type-only import is still a dependency of the design.
    tsPreCompilationDeps: true,
    // Follow the workspace symlinks in node_modules/@portal to shared/, sync-server/…
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
