import { crc32 } from 'node:zlib';
import {
  centralHeader,
  endOfCentralDirectory,
  localHeader,
  ZIP32_MAX_BYTES,
  ZIP32_MAX_ENTRIES,
  type ZipRecord,
} from './headers';

export const ZIP_TOO_LARGE =
  'The archive would pass 4 GiB or 65,535 files, more than a zip without zip64 holds.';

export interface ZipSource {
  /** The entry's path inside the archive, `/`-separated. */
  name: string;
  data: Uint8Array;
}

/**
 * A zip of `entries`, stored (not deflated: what it holds, .nii.gz, is compressed already), as the bytes
 * to write one after the other: an entry is read only when the writer asks for more, so a whole archive
 * never sits in memory. Throws ZIP_TOO_LARGE before a field would overflow.
 */
export async function* zipStored(entries: AsyncIterable<ZipSource> | Iterable<ZipSource>) {
  const directory: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const record: ZipRecord = {
      name: Buffer.from(entry.name, 'utf8'),
      method: 0,
      crc: crc32(entry.data),
      compressedSize: entry.data.byteLength,
      size: entry.data.byteLength,
    };
    const local = localHeader(record);
    if (++count > ZIP32_MAX_ENTRIES || offset + local.length + entry.data.byteLength > ZIP32_MAX_BYTES)
      throw new Error(ZIP_TOO_LARGE);
    directory.push(centralHeader(record, offset));
    offset += local.length + entry.data.byteLength;
    yield local;
    yield entry.data;
  }
  const central = Buffer.concat(directory);
  if (offset + central.length > ZIP32_MAX_BYTES) throw new Error(ZIP_TOO_LARGE);
  yield central;
  yield endOfCentralDirectory(count, central.length, offset);
}
