import * as dicomParser from 'dicom-parser';

/**
 * dicom-parser ships one UMD build. Bundlers expose its functions as named exports; Node's ESM loader
 * sees no named exports in it and gives the whole module as `default`. Taking either keeps the package
 * usable on the server (archives read there) as in the browser.
 */
const loaded = dicomParser as typeof dicomParser & { default?: typeof dicomParser };

export const parseDicom: typeof dicomParser.parseDicom =
  loaded.parseDicom ?? (loaded.default as typeof dicomParser).parseDicom;
