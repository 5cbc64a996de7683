import { defineConfig } from 'vitest/config';

/**
 * Integration files whose subject is bytes, not the database: pixels and headers against dcm2niix's
 * references, archives, de-identified files, DICOM peers' transfers, training arithmetic. Their database
 * calls are the plain ones every other file makes on both databases, so they run on the embedded default
 * only, not again on PostgreSQL (decision 0102): a fifth of that tier's time.
 */
const NOT_ABOUT_THE_DATABASE = [
  'conversion/conversion',
  'conversion/converter-version',
  'conversion/anonymised-leftovers',
  'conversion/anonymised-upload',
  'deidentify/device-identity',
  'archives/archives-corpus',
  'archives/archives-gzip',
  'archives/archives-refused',
  'archives/archives-anonymised',
  'inference/builtin-worker/builtin-training',
  'ai-workers/tilted-grid',
  'trainings/checkpoints',
  'segmentations/seg',
  'segmentations/mask-grids',
  'dimse/dimse-large',
  'dicomweb/wado-transfer',
  'studies/slideshow-conversion',
].map((file) => `apps/server/src/modules/${file}.int.test.ts`);

const integration = (name: string, db: 'pglite' | 'postgres', groupOrder: number) => ({
  test: {
    name,
    // The web uploader's protocol test runs against the real server too.
    include: ['apps/server/**/*.int.test.ts', 'apps/web/src/**/*.int.test.ts'],
    exclude: ['**/node_modules/**', ...(db === 'postgres' ? NOT_ABOUT_THE_DATABASE : [])],
    env: { TEST_DB: db },
    // Each file builds its own server, database and queue prefix, so the files of a worker share one loaded
    // copy of the server's modules (decision 0102).
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
    // Whether a worker process is reused for the next file is the pool's setting, which only the root's
    // options reach: a project's own `isolate` only decides whether a reused worker loads each file's modules
    // afresh. So the root lets workers be reused, and each project says whether its files share modules
    // (unit and integration do, e2e files load theirs afresh); Vitest starts new workers for each project.
    poolOptions: { forks: { isolate: false } },
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
          isolate: true,
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
