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

/**
 * npm packages that find files of their own at run time (WebAssembly, native addons, worker files, data)
 * stay imports of node_modules; every other package is bundled, which spares Node resolving and parsing
 * hundreds of modules at each start.
 */
const KEPT_IN_NODE_MODULES = [
  '@electric-sql/pglite',
  '@niivue/dcm2niix',
  '@tensorflow/',
  'onnxruntime-node',
  'dcmjs-codecs',
  'node-unrar-js',
  'bullmq',
  'msgpackr',
  // Read __dirname, which a bundled ES module lacks (ioredis on a failed command, pino's transports).
  'ioredis',
  'pino',
];
const kept = (name) =>
  KEPT_IN_NODE_MODULES.some((k) =>
    k.endsWith('/') ? name.startsWith(k) : name === k || name.startsWith(`${k}/`),
  );
const someKeptInNodeModules = {
  name: 'some-kept-in-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (kept(args.path) ? { external: true } : undefined));
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
  plugins: [someKeptInNodeModules],
  // The bundled CommonJS packages call require(), which an ES module lacks.
  banner: {
    js: "import { createRequire as voxaRequire } from 'node:module'; const require = voxaRequire(import.meta.url);",
  },
});
for (const file of ['platform/codecs/codec-worker.mjs', 'platform/dcm2niix/wasm-worker.mjs']) {
  await copyFile(src(file), path.join(dist, path.basename(file)));
}
