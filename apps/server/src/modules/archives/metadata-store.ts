import { readFile, stat } from 'node:fs/promises';
import type { Storage } from '../../platform/storage';
import { metadataKey } from '../../platform/storage/layout';
import type { SortedMetadata } from './metadata';

/** Parsed metadata of the last sessions asked about: previews of one series read it once. */
const cache = new Map<string, SortedMetadata>();
const CACHED_SESSIONS = 8;

export async function writeMetadata(
  storage: Storage,
  teamId: number,
  session: string,
  metadata: SortedMetadata,
): Promise<void> {
  await storage.writeAtomic(metadataKey(teamId, session), Buffer.from(JSON.stringify(metadata)));
}

/**
 * The metadata a sort wrote (`attempt` names the sort, so a new sort is never answered from the cache);
 * null once upload-finished has removed it.
 */
export async function readMetadata(
  storage: Storage,
  teamId: number,
  session: string,
  attempt: number,
): Promise<SortedMetadata | null> {
  const file = await storage.path(metadataKey(teamId, session));
  let text: string;
  let key: string;
  try {
    // The file's mtime in the key: one removed (upload-finished) or rewritten is never answered from memory.
    key = `${file}\u0000${attempt}\u0000${(await stat(file)).mtimeMs}`;
    const cached = cache.get(key);
    if (cached) return cached;
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const metadata = JSON.parse(text) as SortedMetadata;
  cache.set(key, metadata);
  if (cache.size > CACHED_SESSIONS) cache.delete(cache.keys().next().value as string);
  return metadata;
}
