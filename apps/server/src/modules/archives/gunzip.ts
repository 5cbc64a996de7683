import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { meter } from './extract';
import { ArchiveError, type ArchiveLimits } from './policy';

/** Streams a gzip file's inflated bytes into `sink`, counted against the archive limits as they pass. */
async function gunzipInto(file: string, sink: Writable, limits: ArchiveLimits): Promise<number> {
  const totals = { entries: 1, inflated: 0, compressed: (await stat(file)).size };
  try {
    await pipeline(createReadStream(file), createGunzip(), meter(totals, limits), sink);
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError(`Damaged gzip file: ${(error as Error).message}`);
  }
  return totals.inflated;
}

/**
 * Inflates a gzip file (the spec's `*nii.gz` 'compressed' kind) to `target` in a new folder; on refusal
 * (a bomb, damaged data) the folder is removed, so nothing of it stays.
 */
export async function gunzipFile(file: string, target: string, limits: ArchiveLimits): Promise<void> {
  const folder = path.dirname(target);
  await mkdir(folder, { recursive: true });
  try {
    await gunzipInto(file, createWriteStream(target, { flags: 'wx' }), limits);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The inflated size of a gzip file, refusing (ArchiveError) one that passes the limits: checked before a
 * `.nii.gz` found inside an archive is read whole into memory.
 */
export async function checkGzip(file: string, limits: ArchiveLimits): Promise<number> {
  const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
  return gunzipInto(file, discard, limits);
}
