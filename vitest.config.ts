import { defineConfig } from 'vitest/config';

/** The API suite's files that mock a module of the server. */
const MOCKING = ['test/api/serializer.test.ts'];

const API = {
  include: ['test/api/**/*.test.ts'],
  globalSetup: ['test/global-setup.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/**
 * One runner for the whole repository. `api` drives the real server over a real database:
 * PGlite by default, PostgreSQL when TEST_DATABASE_URL is set (CI runs it both ways).
 */
export default defineConfig({
  test: {
    // Two files at once even on two cores (vitest's default there is one): most of the suite waits
    // on servers, databases, browsers and timers rather than computing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/test/**/*.test.ts', 'sync-server/test/**/*.test.ts'],
          environment: 'node',
          // Files of a worker share its module cache (no module-level state to leak: DESIGN.md).
          isolate: false,
        },
      },
      {
        test: {
          ...API,
          name: 'api',
          exclude: MOCKING,
          // Files of a worker share its module cache rather than import the server anew each:
          // 194 → 125 s for 24 files. The server keeps no module-level state (DESIGN.md).
          isolate: false,
        },
      },
      {
        // The API files that replace a module (vi.mock), which needs a module cache of their own.
        test: { ...API, name: 'api-isolated', include: MOCKING },
      },
      {
        test: {
          name: 'electron',
          include: ['electron/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Browser tests: Debian's Chromium (playwright-core) against the real server, started once
        // on the freshly built web app by the global setup. Each file signs up an organization of
        // its own and opens its own browser, so two files share the server at a time. They run
        // after the other projects (groupOrder 1): a one-file-at-a-time project is a group of its
        // own in vitest, run alone at the end, which made them the suite's longest stretch.
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          environment: 'node',
          sequence: { groupOrder: 1 },
          // One file at a time: two kept both cores busy (a browser, the server's runs) and took
          // as long as one after another, while their waits ran out under each other's load.
          maxWorkers: 1,
          // Files of a worker share its module cache (playwright-core and the API client loaded
          // once, not 32 times): they keep their state in their own describe blocks.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // What the page shows arrives over the network: wait for it like a person would.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
