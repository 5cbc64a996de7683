import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { GzipError } from '@voxa/imaging';
import { gunzipFileThrough } from '../../platform/gzip';
import { intoNewFolder } from './new-folder';
import { ArchiveError, totalsProblem, type ArchiveLimits } from './policy';

/**
 * Inflates a gzip file, each chunk counted against the archive limits as it passes (which bounds it) and
 * then given to `write`; answers the inflated size.
 */
async function gunzipInto(
  file: string,
  write: (chunk: Uint8Array) => Promise<unknown>,
  limits: ArchiveLimits,
): Promise<number> {
  const totals = { entries: 1, inflated: 0, compressed: (await stat(file)).size };
  try {
    return await gunzipFileThrough(file, async (chunk) => {
      totals.inflated += chunk.length;
      const problem = totalsProblem(totals, limits);
      if (problem) throw new ArchiveError(problem);
      await write(chunk);
    });
  } catch (error) {
    if (error instanceof GzipError) throw new ArchiveError(error.message);
    throw error;
  }
}

/**
 * Inflates a gzip file (the spec's `*nii.gz` 'compressed' kind) to `target` in a new folder; on refusal
 * (a bomb, damaged data) the folder is removed, so nothing of it stays.
 */
export function gunzipFile(file: string, target: string, limits: ArchiveLimits): Promise<void> {
  return intoNewFolder(path.dirname(target), async () => {
    const out = await open(target, 'wx');
    try {
      await gunzipInto(file, (chunk) => out.write(chunk), limits);
    } finally {
      await out.close();
    }
  });
}

/**
 * The inflated size of a gzip file, refusing (ArchiveError) one that passes the limits: checked before a
 * `.nii.gz` found inside an archive is read whole into memory.
 */
export async function checkGzip(file: string, limits: ArchiveLimits): Promise<number> {
  return gunzipInto(file, async () => undefined, limits);
}
