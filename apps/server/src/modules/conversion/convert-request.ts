import type { Body, ConversionSource, ConvertSeriesJob, Params, SeriesStatus } from '@voxa/contracts';
import type { api } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { notFound, unprocessable } from '../../http/errors';
import type { TeamContext } from '../../http/context';
import { seriesPaths } from '../archives/metadata';
import { readMetadata } from '../archives/metadata-store';
import { findOwnSession } from '../upload/service';
import { readSeriesData, seriesDataText } from '../studies/series-data';

type ConvertRequest = Body<typeof api.conversion.convertSeries>;

/**
 * Queues the conversion of one uploaded series: the study and series must be the team's and match each
 * other, and every file named must be complete in the session. Asking again for a queued or converted
 * series changes nothing (the job id is the series').
 */
export async function requestConversion(
  deps: Deps,
  ctx: TeamContext,
  params: Params<typeof api.conversion.convertSeries>,
  body: ConvertRequest,
): Promise<{ status: SeriesStatus }> {
  const session = await findOwnSession(deps.db, ctx, params.session);
  const series = await deps.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select(['series.id', 'series.uuid', 'series.status', 'series.data'])
    .where('series.id', '=', body.serieRemoteId)
    .where('series.uuid', '=', body.serieRemoteUuid)
    .where('studies.id', '=', body.studyRemoteId)
    .where('studies.uuid', '=', body.studyRemoteUuid)
    .where('series.team_id', '=', ctx.team.id)
    .where('studies.team_id', '=', ctx.team.id)
    .executeTakeFirst();
  if (!series) throw notFound('Series not found.');
  if (series.status === 'done' || series.status === 'converting' || series.status === 'generatingNii')
    return { status: series.status };

  const source: ConversionSource =
    body.location === 'server'
      ? { location: 'server', paths: await sortedFilePaths(deps, ctx.team.id, session, body.files) }
      : { location: 'local', fileIds: await completeFileIds(deps, session.id, body.files) };
  const data = readSeriesData(series.data);
  // One job per request of this series: a series that ended in error can be converted again, and the
  // status guard in the update keeps two requests at once from queueing it twice.
  const attempt = (data.conversionAttempt ?? 0) + 1;
  const claimed = await deps.db
    .updateTable('series')
    .set({
      status: 'converting',
      data: seriesDataText({ ...data, idx: body.idx, conversionAttempt: attempt, error: undefined }),
      updated_at: new Date(),
    })
    .where('id', '=', series.id)
    .where('status', 'not in', ['converting', 'generatingNii', 'done'])
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return { status: 'converting' };
  await deps.db
    .updateTable('studies')
    .set({ status: 'converting', updated_at: new Date() })
    .where('id', '=', body.studyRemoteId)
    .execute();
  // Named by the series' uuid: unique across databases, so a queue shared in Redis never mixes them up.
  const job: ConvertSeriesJob = {
    seriesId: series.id,
    session: session.uuid,
    type: body.type,
    anonymize: body.anonymize,
    source,
  };
  await deps.queue.add('convert-series', job, `convert-series-${series.uuid}-${attempt}`);
  return { status: 'converting' };
}

/** The page's ids of the series' files, each complete in the session (the job finds them by these). */
async function completeFileIds(deps: Deps, sessionId: number, fileIds: string[]): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('upload_files')
    .select('client_file_id')
    .where('session_id', '=', sessionId)
    .where('client_file_id', 'in', [...new Set(fileIds)])
    .where('completed_at', 'is not', null)
    .execute();
  const complete = new Set(rows.map((r) => r.client_file_id));
  const missing = fileIds.filter((id) => !complete.has(id));
  if (missing.length > 0) {
    const message = `${missing.length} file(s) of the series are not uploaded completely.`;
    throw unprocessable(message, { files: missing.slice(0, 20) });
  }
  return fileIds;
}

/**
 * Paths of files the session's archives gave: each must be a file of a series in the sort's metadata, so
 * no other path (`../`, another session's) ever reaches the file system.
 */
async function sortedFilePaths(
  deps: Deps,
  teamId: number,
  session: { uuid: string; sort_status: string; sort_attempt: number },
  paths: string[],
): Promise<string[]> {
  const metadata =
    session.sort_status === 'sorted'
      ? await readMetadata(deps.storage, teamId, session.uuid, session.sort_attempt)
      : null;
  const known = metadata ? seriesPaths(metadata) : new Set<string>();
  const unknown = paths.filter((p) => !known.has(p));
  if (unknown.length > 0) {
    const message = `${unknown.length} file(s) are not files of the session's archives.`;
    throw unprocessable(message, { files: unknown.slice(0, 20) });
  }
  return paths;
}
