import path from 'node:path';
import { extractZip } from './extract';
import { gunzipFile } from './gunzip';
import type { ArchiveLimits } from './policy';
import { extractRar } from './rar';
import { extractTarGz } from './tar';

/** The archive kinds inflated entry by entry, by the uploaded file's name. */
export type ArchiveKind = 'zip' | 'rar' | 'tar.gz';

export function archiveKind(name: string): ArchiveKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.zip')) return 'zip';
  if (lower.endsWith('.rar')) return 'rar';
  if (lower.endsWith('.tar.gz')) return 'tar.gz';
  return null;
}

/**
 * Inflates one uploaded archive into `destination` (a folder of its own) and answers the paths of the
 * files it gave, relative to that folder: a zip, RAR or tar.gz entry by entry, a `*nii.gz` file to
 * `{name}.nii`. Throws ArchiveError when the archive is refused; nothing of it then stays.
 */
export async function inflateArchive(
  file: string,
  name: string,
  destination: string,
  limits: ArchiveLimits,
): Promise<string[]> {
  const kind = archiveKind(name);
  if (kind === 'zip') return extractZip(file, destination, limits);
  if (kind === 'rar') return extractRar(file, destination, limits);
  if (kind === 'tar.gz') return extractTarGz(file, destination, limits);
  const inflated = `${path.basename(name)}.nii`;
  await gunzipFile(file, path.join(destination, inflated), limits);
  return [inflated];
}
