import { defineConfig } from 'vitest/config';

const integration = (name: string, db: 'pglite' | 'postgres', groupOrder: number) => ({
  test: {
    name,
    // The web uploader's protocol test runs against the real server too.
    include: ['apps/server/**/*.int.test.ts', 'apps/web/src/**/*.int.test.ts'],
    env: { TEST_DB: db },
    // Each file builds its own server, database and queue prefix, so the files can share one module graph
    // per worker: loading the server's modules for each file was two thirds of the tier's time (1,449 s
    // summed over files in CI, 474 s shared).
    isolate: false,
    // One migrated embedded database for the run, copied by each file (apps/server/test/pglite-template.global.ts).
    globalSetup: db === 'pglite' ? ['./apps/server/test/pglite-template.global.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder },
  },
});

/**
 * One runner for the whole suite. Integration tests run on PGlite always and on PostgreSQL too when
 * DATABASE_URL is set (CI); end-to-end tests drive Debian's Chromium against a real server.
 *
 * Two files at a time (Vitest's default is one on a machine of two cores), one tier after another (a
 * worker then keeps one project's modules: decision 0101): unit files, integration files on PGlite, then
 * on PostgreSQL, each with its own server, database and queue prefix; then the end-to-end files (each
 * drives a browser and a server of its own, on its own port and data).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // Pure logic: the files share one module graph per worker instead of loading it each (2.6x
          // faster here); a file that stubs a global restores it.
          isolate: false,
          setupFiles: ['./vitest.unit-setup.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      integration('integration:pglite', 'pglite', 1),
      ...(process.env.DATABASE_URL ? [integration('integration:postgres', 'postgres', 2)] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a page shows after a request and a refetch may take seconds on a loaded machine; Vitest's
          // default of 1 s made such waits flaky in CI (Playwright's own waits allow 30 s).
          expect: { poll: { timeout: 10_000 } },
          // One migrated embedded database for the run, copied into each server's DATA_DIR.
          globalSetup: ['./e2e/support/pglite-template.global.ts'],
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
