import { studyUidHash } from '../src/modules/studies/study-uid-hash';
import type { TestTeam, TestUser } from './factories';
import type { TestApp } from './test-app';

let sequence = 0;

/** A study of `team` made directly in the database, known by `originalUid` for the duplicate check. */
export async function buildStudy(
  t: TestApp,
  team: Pick<TestTeam, 'id'>,
  opts: { user?: TestUser; originalUid?: string; storedUid?: string } = {},
) {
  const originalUid = opts.originalUid ?? `1.2.826.0.1.3680043.8.498.${Date.now()}${sequence++}`;
  return t.db
    .insertInto('studies')
    .values({
      team_id: team.id,
      user_id: opts.user?.id ?? null,
      study_uid: opts.storedUid ?? originalUid,
      original_uid_hash: studyUidHash(t.app.deps.keys.studyUid, team.id, originalUid),
      data: JSON.stringify({ patientName: 'Anonymous' }),
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}
