import * as dicomParser from 'dicom-parser';
import type { ByteArrayParser, DataSet, Element } from 'dicom-parser';

/**
 * dicom-parser ships one UMD build. Bundlers expose its functions as named exports; Node's ESM loader
 * sees no named exports in it and gives the whole module as `default`. Taking either keeps the package
 * usable on the server (archives read there) as in the browser.
 */
const loaded = dicomParser as typeof dicomParser & { default?: typeof dicomParser };
const api: typeof dicomParser =
  typeof loaded.parseDicom === 'function' ? loaded : (loaded.default as typeof dicomParser);

export const parseDicom: typeof dicomParser.parseDicom = api.parseDicom;
export const littleEndianByteArrayParser: ByteArrayParser = api.littleEndianByteArrayParser;
export const bigEndianByteArrayParser: ByteArrayParser = api.bigEndianByteArrayParser;

/** The package's DataSet class: its typings declare only the interface, the build exports the class. */
const DataSetClass = (
  api as unknown as {
    DataSet: new (parser: ByteArrayParser, bytes: Uint8Array, elements: Record<string, Element>) => DataSet;
  }
).DataSet;

/** A DataSet as dicom-parser builds one (its value readers included) over elements found elsewhere. */
export function newDataSet(
  parser: ByteArrayParser,
  bytes: Uint8Array,
  elements: Record<string, Element>,
): DataSet {
  return new DataSetClass(parser, bytes, elements);
}
