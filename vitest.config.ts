import { defineConfig } from 'vitest/config';

/**
 * One runner for the whole repository. `api` drives the real server over a real database:
 * PGlite by default, PostgreSQL when TEST_DATABASE_URL is set (CI runs it both ways).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/test/**/*.test.ts', 'sync-server/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'electron',
          include: ['electron/test/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
