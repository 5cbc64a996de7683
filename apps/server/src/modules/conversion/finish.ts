import { encodeStudyId, type Body, type SeriesStatus, type StudyStatus } from '@voxa/contracts';
import type { api } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { TeamContext } from '../../http/context';
import type { Db } from '../../platform/db';
import type { Realtime } from '../../platform/realtime';
import { notify } from '../notifications/notify';
import { queueSettledFilesRemoval } from '../upload/settled-files';
import { conversionNotice, finalStudyStatus } from './policy';

/** POST /upload/change-status: the page's conclusion about one study of the team. */
export async function changeStudyStatus(
  deps: Deps,
  ctx: TeamContext,
  body: Body<typeof api.conversion.changeStatus>,
): Promise<{ status: StudyStatus }> {
  const updated = await deps.db
    .updateTable('studies')
    .set({ status: body.state, updated_at: new Date() })
    .where('id', '=', body.id)
    .where('uuid', '=', body.uuid)
    .where('team_id', '=', ctx.team.id)
    .returning('status')
    .executeTakeFirst();
  if (!updated) throw notFound('Study not found.');
  return { status: body.state };
}

/**
 * POST /upload-finished: each study gets its final status from its series (converted when one is done),
 * and the removal of its upload session's raw files is queued: nothing of the originals outlives the
 * upload, and the answer does not wait for thousands of unlinks (decision 0082).
 */
export async function finishUpload(
  deps: Deps,
  ctx: TeamContext,
  body: Body<typeof api.conversion.finished>,
): Promise<{ studies: { studyUuid: string; status: StudyStatus }[] }> {
  const uuids = [...new Set(body.studies.map((s) => s.studyUuid))];
  const studies = await deps.db
    .selectFrom('studies')
    .select(['id', 'uuid', 'upload_id', 'team_id'])
    .where('team_id', '=', ctx.team.id)
    .where('uuid', 'in', uuids)
    .execute();
  if (studies.length !== uuids.length) throw notFound('Study not found.');
  const results: { studyUuid: string; status: StudyStatus }[] = [];
  for (const study of studies) {
    const settled = await settleStudy(deps.db, study.id);
    if (settled.ended) await notifyUploadEnded(deps, { ...study, user_id: ctx.user.id }, settled.series);
    results.push({ studyUuid: study.uuid, status: settled.status });
  }
  await queueSettledFilesRemoval(deps, [...new Set(studies.flatMap((s) => s.upload_id ?? []))]);
  return { studies: results };
}

export interface SettledStudy {
  status: StudyStatus;
  /** The study was still uploading or converting: its upload has just ended (a repeated finish has not). */
  ended: boolean;
  series: SeriesStatus[];
}

/** A study's final status from its series (section 4), stored and answered. */
export async function settleStudy(db: Db, studyId: number, now = new Date()): Promise<SettledStudy> {
  const rows = await db.selectFrom('series').select('status').where('study_id', '=', studyId).execute();
  const series = rows.map((s) => s.status);
  const status = finalStudyStatus(series);
  const set = { status, updated_at: now };
  const ended = await db
    .updateTable('studies')
    .set(set)
    .where('id', '=', studyId)
    .where('status', 'in', ['uploading', 'converting'])
    .returning('id')
    .executeTakeFirst();
  if (!ended) await db.updateTable('studies').set(set).where('id', '=', studyId).execute();
  return { status, ended: ended !== undefined, series };
}

export interface UploadedStudy {
  id: number;
  uuid: string;
  team_id: number;
  /** Who uploaded it; null once that user is gone. */
  user_id: number | null;
}

/** Tells the uploader how a study's upload ended (a study without its uploader tells nobody). */
export async function notifyUploadEnded(
  deps: { db: Db; realtime: Realtime },
  study: UploadedStudy,
  series: SeriesStatus[],
): Promise<void> {
  if (study.user_id === null) return;
  const { typeCode, description } = conversionNotice(encodeStudyId(study.id), series);
  await notify(deps, {
    teamId: study.team_id,
    userId: study.user_id,
    typeCode,
    model1Id: study.id,
    section: 'uploads',
    url: `/serie/organize/${study.uuid}`,
    description,
  });
}
