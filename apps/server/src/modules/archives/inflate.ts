import path from 'node:path';
import { extractZip } from './extract';
import { gunzipFile } from './gunzip';
import type { ArchiveLimits } from './policy';

/**
 * Inflates one uploaded archive into `destination` (a folder of its own) and answers the paths of the
 * files it gave, relative to that folder: a zip entry by entry, a `*nii.gz` file to `{name}.nii`.
 * Throws ArchiveError when the archive is refused; nothing of it then stays.
 */
export async function inflateArchive(
  file: string,
  name: string,
  destination: string,
  limits: ArchiveLimits,
): Promise<string[]> {
  if (name.toLowerCase().endsWith('.zip')) return extractZip(file, destination, limits);
  const inflated = `${path.basename(name)}.nii`;
  await gunzipFile(file, path.join(destination, inflated), limits);
  return [inflated];
}
