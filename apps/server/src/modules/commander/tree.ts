import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface TreeEntry {
  /** Relative to the walked entry's parent, with `/`: the name it gets at its destination. */
  relative: string;
  real: string;
  isDir: boolean;
  size: number;
  mtime: Date;
}

/**
 * A file or folder and everything below it, links not followed: symbolic links and special files are
 * left out, as the archive rules refuse links (a copy never carries a way out of the root).
 */
export async function walk(real: string): Promise<TreeEntry[]> {
  const entries: TreeEntry[] = [];
  const visit = async (current: string, relative: string) => {
    const stats = await lstat(current);
    if (!stats.isFile() && !stats.isDirectory()) return;
    entries.push({
      relative,
      real: current,
      isDir: stats.isDirectory(),
      size: stats.isFile() ? stats.size : 0,
      mtime: stats.mtime,
    });
    if (!stats.isDirectory()) return;
    const names = (await readdir(current)).sort();
    for (const name of names) await visit(path.join(current, name), `${relative}/${name}`);
  };
  await visit(real, path.basename(real));
  return entries;
}

export const totalBytes = (entries: TreeEntry[]) => entries.reduce((sum, e) => sum + e.size, 0);
