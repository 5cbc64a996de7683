import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { slideshowFrameKey } from '../../platform/storage/layout';
import { seriesFolder, slideshowFrameCount } from './series-data';

export interface SlideshowFrame {
  png: Buffer;
  etag: string;
}

/** One cached slideshow frame of a series of the team; another team's series, or no such frame, is 404. */
export async function slideshowFrame(
  deps: { db: Db; storage: Storage },
  teamId: number,
  seriesUuid: string,
  frame: number,
): Promise<SlideshowFrame> {
  const series = await deps.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select(['series.team_id', 'series.uuid', 'series.data', 'studies.uuid as study_uuid'])
    .where('series.uuid', '=', seriesUuid)
    .where('series.team_id', '=', teamId)
    .executeTakeFirst();
  if (!series || frame >= slideshowFrameCount(series.data)) throw notFound('Frame not found.');
  const file = await deps.storage.path(slideshowFrameKey(seriesFolder(series, series.study_uuid), frame));
  let png: Buffer;
  try {
    png = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('Frame not found.');
    throw error;
  }
  return { png, etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 22)}"` };
}
