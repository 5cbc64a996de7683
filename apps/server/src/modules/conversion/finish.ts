import type { Body, StudyStatus } from '@voxa/contracts';
import type { api } from '@voxa/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import type { TeamContext } from '../../http/context';
import { convertedDirKey, inflatedKey, metadataKey, storedFilesKey } from '../../platform/storage/layout';
import type { Db } from '../../platform/db';
import { finalStudyStatus, isConverting } from './policy';

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
 * and an upload session whose studies are all settled loses its raw files: nothing of the originals
 * outlives the upload.
 */
export async function finishUpload(
  deps: Deps,
  ctx: TeamContext,
  body: Body<typeof api.conversion.finished>,
): Promise<{ studies: { studyUuid: string; status: StudyStatus }[] }> {
  const uuids = [...new Set(body.studies.map((s) => s.studyUuid))];
  const studies = await deps.db
    .selectFrom('studies')
    .select(['id', 'uuid', 'upload_id'])
    .where('team_id', '=', ctx.team.id)
    .where('uuid', 'in', uuids)
    .execute();
  if (studies.length !== uuids.length) throw notFound('Study not found.');
  const results: { studyUuid: string; status: StudyStatus }[] = [];
  for (const study of studies)
    results.push({ studyUuid: study.uuid, status: await settleStudy(deps.db, study.id) });
  await removeSettledSessions(deps, ctx.team.id, [...new Set(studies.map((s) => s.upload_id))]);
  return { studies: results };
}

/** A study's final status from its series (section 4), stored and answered. */
export async function settleStudy(db: Db, studyId: number, now = new Date()): Promise<StudyStatus> {
  const series = await db.selectFrom('series').select('status').where('study_id', '=', studyId).execute();
  const status = finalStudyStatus(series.map((s) => s.status));
  await db.updateTable('studies').set({ status, updated_at: now }).where('id', '=', studyId).execute();
  return status;
}

async function removeSettledSessions(deps: Deps, teamId: number, sessionIds: (number | null)[]) {
  for (const sessionId of sessionIds) {
    if (sessionId === null) continue;
    const open = await deps.db
      .selectFrom('series')
      .select('status')
      .where('upload_id', '=', sessionId)
      .execute();
    // Series still converting need their files; series never sent for conversion do not.
    if (open.some((s) => isConverting(s.status))) continue;
    const session = await deps.db
      .selectFrom('upload_sessions')
      .select('uuid')
      .where('id', '=', sessionId)
      .executeTakeFirst();
    if (!session) continue;
    // The uploaded files, and what the server made of its archives (inflated files, metadata, conversions).
    for (const key of [
      storedFilesKey(teamId, session.uuid),
      inflatedKey(teamId, session.uuid),
      metadataKey(teamId, session.uuid),
      convertedDirKey(teamId, session.uuid),
    ])
      await deps.storage.remove(key);
  }
}
