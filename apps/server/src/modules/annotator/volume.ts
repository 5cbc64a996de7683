import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { Storage, StorageKey } from '../../platform/storage';
import { seriesPartKey } from '../../platform/storage/layout';
import { readSeriesData, seriesFolder } from '../studies/series-data';
import { seriesWithStudy } from '../studies/series';

export const NO_VOLUME = 'Volume not found.';

export interface VolumeFile {
  key: StorageKey;
  size: number;
  /** Names this conversion's bytes: a new conversion of the series gets a new tag. */
  etag: string;
}

/** Volume `index` of a converted series of the team, as dcm2niix wrote it; 404 for anything else. */
export async function seriesVolume(
  deps: { db: Db; storage: Storage },
  teamId: number,
  seriesUuid: string,
  index: number,
): Promise<VolumeFile> {
  const series = await seriesWithStudy(deps.db, teamId)
    .where('series.uuid', '=', seriesUuid)
    .executeTakeFirst();
  if (!series || series.status !== 'done') throw notFound(NO_VOLUME);
  const data = readSeriesData(series.data);
  const name = data.nifti?.[index];
  if (!name) throw notFound(NO_VOLUME);
  const key = [...seriesPartKey(seriesFolder(series, series.study_uuid), 'nifti'), name];
  const size = await deps.storage.size(key);
  if (size === null) throw notFound(NO_VOLUME);
  return { key, size, etag: `"${series.uuid}-${data.conversionAttempt ?? 0}-${index}-${size}"` };
}
