import type { BatchMoveSeries, BatchSeriesState, SeriesStatus } from '@voxa/contracts';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { notFound, unprocessable } from '../../http/errors';
import { requestConversion } from '../conversion/convert-request';
import { findOwnSession } from '../upload/service';

interface MoveInput {
  sessionId: string;
  studies: { studyUuid: string }[];
  series: BatchMoveSeries[];
}

/** A series of the V1 move, as stored: the study and series must be the team's and of this session. */
async function storedSeries(deps: Deps, ctx: TeamContext, uploadId: number, wanted: BatchMoveSeries[]) {
  const rows = await deps.db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select([
      'series.id',
      'series.uuid',
      'series.modality_code',
      'series.data',
      'studies.id as studyId',
      'studies.uuid as studyUuid',
      'studies.data as studyData',
    ])
    .where('series.team_id', '=', ctx.team.id)
    .where('studies.team_id', '=', ctx.team.id)
    .where('studies.upload_id', '=', uploadId)
    .where(
      'series.uuid',
      'in',
      wanted.map((s) => s.seriesUuid),
    )
    .execute();
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  return wanted.map((s) => {
    const row = byUuid.get(s.seriesUuid);
    if (!row || row.studyUuid !== s.studyUuid) throw notFound('Series not found.');
    return { wanted: s, row };
  });
}

/**
 * {move:1}: the V1 page's uploaded files go to their stored studies' series, each series queued for
 * conversion as V2 queues it (one queue, one de-identification: the study's stored anonymize choice).
 */
export async function moveSeries(deps: Deps, ctx: TeamContext, input: MoveInput) {
  const session = await findOwnSession(deps.db, ctx, input.sessionId);
  const studyUuids = new Set(input.studies.map((s) => s.studyUuid));
  const stray = input.series.find((s) => !studyUuids.has(s.studyUuid));
  if (stray) {
    const message = 'Every series moved must be of a study named in studies.';
    throw unprocessable(message, { series: [message] });
  }
  const found = await storedSeries(deps, ctx, session.id, input.series);
  let idx = 0;
  for (const { wanted, row } of found) {
    const data = row.data as { clientId?: unknown; type?: unknown };
    const studyData = row.studyData as { clientId?: unknown; anonymize?: unknown };
    await requestConversion(
      deps,
      ctx,
      { session: session.uuid },
      {
        studyClientId: String(studyData.clientId ?? row.studyUuid),
        studyRemoteId: row.studyId,
        studyRemoteUuid: row.studyUuid,
        serieClientUploadId: String(data.clientId ?? row.uuid),
        serieRemoteId: row.id,
        serieRemoteUuid: row.uuid,
        type: data.type === 'nii' ? 'nii' : 'dcm',
        location: wanted.location,
        files: wanted.files,
        modalityCode: row.modality_code ?? 'CT',
        anonymize: studyData.anonymize === true,
        idx: idx++,
      },
    );
  }
  return {
    studies: [...studyUuids].map((studyUuid) => ({
      studyUuid,
      series: input.series
        .filter((s) => s.studyUuid === studyUuid)
        .map((s) => ({ seriesUuid: s.seriesUuid })),
    })),
  };
}

/** What V1 calls a series' state: converted once done, error, converting until then. */
export function batchState(status: SeriesStatus): BatchSeriesState['status'] {
  if (status === 'done') return 'converted';
  if (status === 'error') return 'error';
  return 'converting';
}

/** {check-status:1}: each study's series states; a study not of the team answers 404. */
export async function checkStatus(deps: Deps, ctx: TeamContext, uuids: string[]) {
  const unique = [...new Set(uuids)];
  const rows = await deps.db
    .selectFrom('studies')
    .leftJoin('series', 'series.study_id', 'studies.id')
    .select(['studies.uuid as studyUuid', 'studies.data', 'series.uuid as seriesUuid', 'series.status'])
    .where('studies.team_id', '=', ctx.team.id)
    .where('studies.uuid', 'in', unique)
    .orderBy('series.id')
    .execute();
  const studies: Record<string, BatchSeriesState[]> = {};
  for (const row of rows) {
    const list = (studies[row.studyUuid] ??= []);
    if (!row.seriesUuid || !row.status) continue;
    const patientName = String((row.data as { patientName?: unknown }).patientName ?? '');
    list.push({ seriesUuid: row.seriesUuid, status: batchState(row.status), data: { patientName } });
  }
  if (Object.keys(studies).length !== unique.length) throw notFound('Study not found.');
  return { studies };
}
