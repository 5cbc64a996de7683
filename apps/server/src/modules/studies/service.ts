import type { Deps } from '../../deps';
import type { Db } from '../../platform/db';
import type { StudyRow } from '../../platform/db/schema';
import { notFound } from '../../http/errors';
import { studyUidHash } from './study-uid-hash';

/** Whether the team already holds a study uploaded with this original StudyInstanceUID. */
export async function studyExists(deps: Pick<Deps, 'db' | 'keys'>, teamId: number, originalUid: string) {
  const row = await deps.db
    .selectFrom('studies')
    .select('id')
    .where('team_id', '=', teamId)
    .where('original_uid_hash', '=', studyUidHash(deps.keys.studyUid, teamId, originalUid))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A study of the team by id; another team's study answers 404 like a missing one. */
export async function findStudy(db: Db, teamId: number, studyId: number): Promise<StudyRow> {
  const study = await db
    .selectFrom('studies')
    .selectAll()
    .where('id', '=', studyId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!study) throw notFound('Study not found.');
  return study;
}
