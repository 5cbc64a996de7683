import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { ServerSeries } from '@voxa/contracts';
import { notFound, unprocessable } from '../../http/errors';
import { ConversionError } from '../../platform/dcm2niix';
import { relativeKey } from '../../platform/storage';
import { convertedNifti } from './converted';
import { inflatedKey } from '../../platform/storage/layout';
import type { ArchiveDeps, SortedSeries } from './service';

async function niftiPath(deps: ArchiveDeps, teamId: number, session: string, series: ServerSeries) {
  if (series.type === 'nii') {
    const [file] = series.files;
    if (!file) throw notFound('Series not found.');
    return deps.storage.path([...inflatedKey(teamId, session), ...relativeKey(file.path)]);
  }
  try {
    return await convertedNifti(deps, teamId, session, series);
  } catch (error) {
    if (error instanceof ConversionError) throw unprocessable(error.message, { series: [error.message] });
    throw error;
  }
}

/**
 * The uncompressed `.nii` of a series read from the session's archives: a DICOM series' dcm2niix output
 * (the conversion previews share), a NIfTI series' own file, inflated as it streams. The study key must be
 * the series' study's, else 404.
 */
export async function seriesNifti(
  deps: ArchiveDeps,
  found: SortedSeries,
  studyKey: string,
): Promise<Readable> {
  if (found.study.studyKey !== studyKey) throw notFound('Series not found.');
  const { session, series } = found;
  const file = await niftiPath(deps, session.team_id, session.uuid, series);
  const stream = createReadStream(file);
  return series.type === 'nii' && series.files[0]?.name.toLowerCase().endsWith('.gz')
    ? stream.pipe(createGunzip())
    : stream;
}
