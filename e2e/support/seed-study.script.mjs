/**
 * `seed-study.script.mjs <DATA_DIR> <team slug> <StudyInstanceUID>`: inserts a study row for the team,
 * keyed for the duplicate check with the server's own key and hash (see seedStudy.ts). Plain JS run by
 * tsx: the e2e project cannot type-check the server's sources, which belong to another project.
 */
import path from 'node:path';
import { studyUidHash } from '../../apps/server/src/modules/studies/study-uid-hash.ts';
import { openDb } from '../../apps/server/src/platform/db/index.ts';
import { loadServerKeys } from '../../apps/server/src/platform/server-keys.ts';

const [dataDir, slug, studyUid] = process.argv.slice(2);
if (!dataDir || !slug || !studyUid) throw new Error('usage: seed-study.script.mjs <DATA_DIR> <slug> <uid>');

const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
try {
  const keys = await loadServerKeys(db, undefined);
  const team = await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  await db
    .insertInto('studies')
    .values({
      team_id: team.id,
      study_uid: studyUid,
      original_uid_hash: studyUidHash(keys.studyUid, team.id, studyUid),
      data: JSON.stringify({ patientName: 'Seeded' }),
    })
    .execute();
} finally {
  await db.destroy();
}
