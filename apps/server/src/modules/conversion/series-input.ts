import type { ConvertSeriesJob } from '@voxa/contracts';
import { isGzip } from '@voxa/imaging';
import type { Deps } from '../../deps';
import { eachAtOnce } from '../../platform/concurrency/each-at-once';
import { ConversionError } from '../../platform/dcm2niix';
import type { StorageKey } from '../../platform/storage';
import { relativeKey } from '../../platform/storage';
import { inflatedKey, seriesPartKey, storedFileKey } from '../../platform/storage/layout';
import { DEFAULT_ARCHIVE_LIMITS } from '../archives/policy';
import { gunzipFile } from '../archives/gunzip';

/** Gzipped input files inflated at once: each mostly waits on its reads and writes. */
const INFLATED_AT_ONCE = 4;

/** The received files of a series, where they are: keys under the upload session, in the series' order. */
export async function sourceKeys(deps: Deps, teamId: number, job: ConvertSeriesJob): Promise<StorageKey[]> {
  const { source, session } = job;
  if (source.location === 'server')
    return source.paths.map((p) => [...inflatedKey(teamId, session), ...relativeKey(p)]);
  const rows = await deps.db
    .selectFrom('upload_files')
    .innerJoin('upload_sessions', 'upload_sessions.id', 'upload_files.session_id')
    .select(['upload_files.client_file_id', 'upload_files.name'])
    .where('upload_sessions.uuid', '=', session)
    .where('upload_sessions.team_id', '=', teamId)
    .where('upload_files.client_file_id', 'in', [...new Set(source.fileIds)])
    .where('upload_files.completed_at', 'is not', null)
    .execute();
  const names = new Map(rows.map((r) => [r.client_file_id, r.name]));
  return source.fileIds.map((id) => {
    const name = names.get(id);
    if (name === undefined) throw new ConversionError('A file of the series is no longer on the server.', '');
    return storedFileKey(teamId, session, relativeKey(name));
  });
}

/** A neutral name for the n-th input file: a received name may carry the patient's. */
export const inputName = (index: number) => `${String(index + 1).padStart(6, '0')}.dcm`;

/**
 * The series' own folder of its received files, as dcm2niix reads them: hard links to the bytes as they
 * arrived (no copy), or the inflated file of a gzipped DICOM (told by its first bytes). Returns the
 * folder's key.
 */
export async function linkInput(deps: Deps, folder: StorageKey, sources: StorageKey[]): Promise<StorageKey> {
  const input = seriesPartKey(folder, 'input');
  await deps.storage.remove(input);
  const pairs = sources.map((source, index) => [source, [...input, inputName(index)]] as const);
  const gzipped = (await deps.storage.heads(sources, 2)).map((head) => isGzip(head));
  await deps.storage.linkAll(pairs.filter((_, index) => !gzipped[index]));
  const inflated = pairs.filter((_, index) => gzipped[index]);
  await eachAtOnce(inflated, INFLATED_AT_ONCE, async ([source, target]) => {
    const [from, to] = await Promise.all([deps.storage.path(source), deps.storage.path(target)]);
    await gunzipFile(from, to, DEFAULT_ARCHIVE_LIMITS).catch((error: unknown) => {
      throw new ConversionError(`A gzipped file of the series cannot be read: ${String(error)}`, '');
    });
  });
  return input;
}
