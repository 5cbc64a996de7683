/** dcm2niix's Emscripten module (jpeg build), aliased in vite.config.ts: the package exports only its wrapper. */
declare module 'virtual:dcm2niix-jpeg' {
  import type { Dcm2niixFactory } from '@voxa/imaging';
  const factory: Dcm2niixFactory;
  export default factory;
}
