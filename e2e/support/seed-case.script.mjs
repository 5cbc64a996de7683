/**
 * `seed-case.script.mjs <DATA_DIR> <team slug> <series uuid> <NIfTI file>`: stores a study of the team with
 * one CT series converted to that NIfTI (.nii or .nii.gz, stored inflated as a conversion stores it), as an
 * upload of the team's first member would leave it (see seedCase.ts). Plain JS run by tsx, like
 * seed-studies.script.mjs.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { seriesKey } from '../../apps/server/src/platform/storage/layout.ts';
import { openDb } from '../../apps/server/src/platform/db/index.ts';
import { createStorage } from '../../apps/server/src/platform/storage/index.ts';

const [dataDir, slug, seriesUuid, file] = process.argv.slice(2);
if (!dataDir || !slug || !seriesUuid || !file)
  throw new Error('usage: <DATA_DIR> <slug> <series uuid> <NIfTI>');

const raw = await readFile(file);
const nifti = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
const db = await openDb({ dataDir: path.join(dataDir, 'pglite') });
try {
  const team = await db.selectFrom('teams').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  const owner = await db
    .selectFrom('team_users')
    .select('user_id')
    .where('team_id', '=', team.id)
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const batch = await db
    .insertInto('upload_sessions')
    .values({ uuid: `seed-case-${now}`, team_id: team.id, user_id: owner.user_id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const study = await db
    .insertInto('studies')
    .values({
      team_id: team.id,
      upload_id: batch.id,
      study_uid: `2.25.${now}`,
      original_uid_hash: `seed-case-${now}`,
      status: 'converted',
      has_series: true,
      data: JSON.stringify({ patientName: 'ANON-CASE', modality: 'CT' }),
    })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
  const folder = seriesKey(team.id, study.uuid, seriesUuid);
  const name = `${seriesUuid}-001.nii`;
  const storage = await createStorage(dataDir);
  await storage.writeAtomic([...folder, 'nifti', name], nifti);
  await db
    .insertInto('series')
    .values({
      uuid: seriesUuid,
      study_id: study.id,
      team_id: team.id,
      series_uid: `2.25.${now}.1`,
      modality_code: 'CT',
      acquisition_code: 'AR',
      status: 'done',
      data: JSON.stringify({ nifti: [name], outputs: [name], folder, conversionAttempt: 1 }),
    })
    .execute();
} finally {
  await db.destroy();
}
