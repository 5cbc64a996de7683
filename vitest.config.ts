import { defineConfig } from 'vitest/config';

const integration = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    // The web uploader's protocol test runs against the real server too.
    include: ['apps/server/**/*.int.test.ts', 'apps/web/src/**/*.int.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * One runner for the whole suite. Integration tests run on PGlite always and on PostgreSQL too when
 * DATABASE_URL is set (CI); end-to-end tests drive Debian's Chromium against a real server.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      integration('integration:pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [integration('integration:postgres', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
