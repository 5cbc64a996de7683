/**
 * `seed-studies.script.mjs <DATA_DIR> <team slug> <count>`: inserts `count` studies for the team (patient
 * names ANON-0001 up, the last the newest), each with one converted series; the newest gets a slideshow
 * made by the server's own code from a small generated NIfTI, and the label "Liver"; all came with one
 * upload batch of the team's first member. Run while the server
 * is stopped (see seedStudy.ts). Plain JS run by tsx, like seed-study.script.mjs.
 */
import path from 'node:path';
import { syntheticNifti } from '../../apps/server/test/synthetic-nifti.ts';
import { writeSlideshow } from '../../apps/server/src/modules/studies/slideshow.ts';
import { seriesKey } from '../../apps/server/src/platform/storage/layout.ts';
import { openDb } from '../../apps/server/src/platform/db/index.ts';
import { createStorage } from '../../apps/server/src/platform/storage/index.ts';

const [dataDir, slug, countText] = process.argv.slice(2);
const count = Number(countText);
if (!dataDir || !slug || !Number.isInteger(count)) throw new Error('usage: <DATA_DIR> <slug> <count>');

const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
try {
  const team = await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const now = Date.now();
  const owner = await db
    .selectFrom('team_users')
    .select('user_id')
    .where('team_id', '=', team.id)
    .executeTakeFirstOrThrow();
  const batch = await db
    .insertInto('upload_sessions')
    .values({ uuid: `seed-${now}`, team_id: team.id, user_id: owner.user_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const studies = await db
    .insertInto('studies')
    .values(
      Array.from({ length: count }, (_, i) => ({
        team_id: team.id,
        upload_id: batch.id,
        study_uid: `2.25.${now}${i}`,
        original_uid_hash: `seed-${now}-${i}`,
        status: 'converted',
        has_series: true,
        data: JSON.stringify({ patientName: `ANON-${String(i + 1).padStart(4, '0')}`, modality: 'CT' }),
        created_at: new Date(now - (count - i) * 60_000),
      })),
    )
    .returning(['id', 'uuid'])
    .execute();
  const series = await db
    .insertInto('series')
    .values(
      studies.map((s) => ({
        study_id: s.id,
        team_id: team.id,
        series_uid: `2.25.${now}.${s.id}`,
        modality_code: 'CT',
        acquisition_code: 'AR',
        status: 'done',
      })),
    )
    .returning(['id', 'uuid', 'study_id'])
    .execute();
  const newest = studies[studies.length - 1];
  const newestSeries = series.find((s) => s.study_id === newest.id);
  const storage = await createStorage(dataDir);
  const folder = seriesKey(team.id, newest.uuid, newestSeries.uuid);
  await storage.writeAtomic([...folder, 'nifti', 'a-001.nii'], syntheticNifti(64, 64, 20));
  const frames = await writeSlideshow(storage, folder, 'a-001.nii');
  await db
    .updateTable('series')
    .set({ data: JSON.stringify({ slideshow: frames, slideshowVersion: 'seed', folder }) })
    .where('id', '=', newestSeries.id)
    .execute();
  const label = await db
    .insertInto('labels')
    .values({ team_id: team.id, name: 'Liver', color: '#aa3300' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('study_labels')
    .values({ study_id: newest.id, label_id: label.id, team_id: team.id })
    .execute();
} finally {
  await db.destroy();
}
