/// <reference types="vite/client" />

/** The build's version string, also written to dist/version.json (see vite.config.ts). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_BASE_DOMAIN?: string;
}
