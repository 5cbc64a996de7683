import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import yazl from 'yazl';

export interface ZipSource {
  /** The entry's path inside the archive, `/`-separated. */
  name: string;
  data: Uint8Array;
}

/**
 * A zip of `entries`, stored (not deflated: what it holds, .nii.gz, is compressed already), written by yazl
 * (the commander's zip writer too; zip64 when an archive passes 4 GiB or 65,535 files). The next entry is
 * asked for only while the reader keeps up, so a whole archive never sits in memory; an entry that fails
 * fails the iteration with its error.
 */
export async function* zipStored(entries: AsyncIterable<ZipSource> | Iterable<ZipSource>) {
  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough (its types say Readable): its writable side tells when to wait.
  const output = zip.outputStream as PassThrough;
  let failure: { error: unknown } | null = null;
  const adding = (async () => {
    for await (const entry of entries) {
      const data = Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength);
      zip.addBuffer(data, entry.name, { compress: false });
      if (output.destroyed) return;
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    zip.end();
  })().catch((error: unknown) => {
    failure = { error };
    output.destroy(); // without an error: the reader below stops and rethrows this one
  });
  try {
    for await (const chunk of output) yield chunk as Buffer;
  } catch (error) {
    if (!failure) throw error;
  } finally {
    output.destroy();
  }
  await adding;
  if (failure) throw (failure as { error: unknown }).error;
}
