import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** One string per build: the bundle embeds it and dist/version.json repeats it, so clients can spot a new build. */
const appVersion = `${pkg.version}+${Date.now().toString(36)}`;
const backend = process.env.VOXA_BACKEND ?? 'http://localhost:3000';
/**
 * dcm2niix's Emscripten module (jpeg build: JPEG lossless, JPEG-LS, JPEG 2000). The package exports only
 * its browser wrapper, which starts a worker of its own; the preview worker loads the module directly.
 */
const dcm2niixModule = fileURLToPath(new URL('./dcm2niix.jpeg.js', import.meta.resolve('@niivue/dcm2niix')));

function versionFile(): Plugin {
  return {
    name: 'voxa-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: appVersion }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: { alias: { 'virtual:dcm2niix-jpeg': dcm2niixModule } },
  // ES module workers: the dcm2niix module has a (Node-only) dynamic import, which IIFE bundles cannot hold.
  worker: { format: 'es' },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/svc': { target: backend, changeOrigin: false },
      '/socket.io': { target: backend, ws: true },
      '/version.json': { target: backend },
    },
  },
});
