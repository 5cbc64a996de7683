/**
 * `npm run build -w @voxa/server`: the server as JavaScript for plain `node` (dist/main.mjs), so a start
 * does not compile TypeScript first (tsx stays for development and the tests). One bundle of the server's
 * and the workspace packages' sources; every npm package stays in node_modules, as installed (native addons
 * and WebAssembly find their files there).
 *
 * The worker threads are loaded by URL next to the module that starts them, so they are written beside
 * main.mjs under the names the sources use: the two TypeScript thread entries bundled (in the sources, a
 * .mjs of the same name loads them through tsx), the two plain JavaScript threads copied.
 */
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const src = (file) => path.join(here, 'src', file);
/** `node build.mjs [outdir]`: npm test builds its own copy under dist/ (scripts/test.mjs). */
const dist = path.resolve(process.argv[2] ?? path.join(here, 'dist'));

/** Bare imports stay imports, except the workspace's own packages, which are TypeScript sources. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@voxa/') ? undefined : { external: true },
    );
  },
};

// The files of an earlier build go (chunk names change); folders stay: a test run's build may be in one.
await mkdir(dist, { recursive: true });
for (const entry of await readdir(dist, { withFileTypes: true })) {
  if (entry.isFile()) await rm(path.join(dist, entry.name));
}
await build({
  entryPoints: {
    main: src('main.ts'),
    'run-job.thread': src('modules/inference/builtin-worker/run-job.thread.ts'),
    'train.thread': src('modules/trainings/cpu/train.thread.ts'),
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [npmPackagesExternal],
});
for (const file of ['platform/codecs/codec-worker.mjs', 'platform/dcm2niix/wasm-worker.mjs']) {
  await copyFile(src(file), path.join(dist, path.basename(file)));
}
