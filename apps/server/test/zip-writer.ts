import { crc32, deflateRawSync } from 'node:zlib';
import { centralHeader, endOfCentralDirectory, localHeader } from '../src/platform/zip/headers';

/** One entry of a test archive; `mode` is a unix mode (0o120777 makes a symbolic link). */
export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  mode?: number;
  /** Store instead of deflate. */
  stored?: boolean;
}

/**
 * A minimal zip writer for tests: archives a real tool would refuse to make (zip-slip names, symbolic
 * links, bombs) are exactly what the tests need. The records are the server's (platform/zip).
 */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data);
    const body = entry.stored ? data : deflateRawSync(data);
    const record = {
      name: Buffer.from(entry.name, 'utf8'),
      method: entry.stored ? (0 as const) : (8 as const),
      crc: crc32(data),
      compressedSize: body.length,
      size: data.length,
    };
    const local = localHeader(record);
    locals.push(local, body);
    centrals.push(centralHeader(record, offset, entry.mode));
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  return Buffer.concat([
    ...locals,
    directory,
    endOfCentralDirectory(entries.length, directory.length, offset),
  ]);
}
