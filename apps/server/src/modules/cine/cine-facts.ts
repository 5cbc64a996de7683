import type { CineFacts } from '@voxa/contracts';
import { readDicomFile, type DicomHeader } from '@voxa/imaging';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { Storage } from '../../platform/storage';
import { seriesPartKey } from '../../platform/storage/layout';
import { diskFile } from '../archives/read-headers';
import { inputName } from '../conversion/series-input';
import { seriesFolder } from '../studies/series-data';
import { seriesWithStudy } from '../studies/series';

export const NO_CINE = 'Series not found.';

/** Milliseconds per frame from the header's one rate (CineRate, else 1000 / FrameTime), to the microsecond. */
const frameTime = (rate: number | null) => (rate && rate > 0 ? Math.round(1e6 / rate) / 1000 : null);

export function cineFactsOf(uuid: string, header: DicomHeader): CineFacts {
  return {
    uuid,
    modality: header.modality,
    frames: Math.max(1, header.numberOfFrames),
    frame_time_ms: frameTime(header.cineRate),
    primary_angle: header.primaryAngle,
    secondary_angle: header.secondaryAngle,
    rows: header.rows,
    columns: header.columns,
  };
}

/**
 * The cine facts of a converted series of the team, read from the header of its first stored DICOM file
 * (the conversion names it `000001.dcm`; de-identification keeps these attributes). 404 for a series of
 * another team, not converted, or stored without DICOM.
 */
export async function seriesCineFacts(
  deps: { db: Db; storage: Storage; config: { UPLOAD_MAX_FILE_BYTES: number } },
  teamId: number,
  seriesUuid: string,
): Promise<CineFacts> {
  const series = await seriesWithStudy(deps.db, teamId)
    .where('series.uuid', '=', seriesUuid)
    .executeTakeFirst();
  if (!series || series.status !== 'done') throw notFound(NO_CINE);
  const key = [...seriesPartKey(seriesFolder(series, series.study_uuid), 'dicom'), inputName(0)];
  const size = await deps.storage.size(key);
  if (size === null) throw notFound(NO_CINE);
  const read = await readDicomFile(diskFile(await deps.storage.path(key), size), {
    maxInflatedBytes: deps.config.UPLOAD_MAX_FILE_BYTES,
  });
  if (!read.ok || read.type !== 'dcm') throw notFound(NO_CINE);
  return cineFactsOf(series.uuid, read.header);
}
