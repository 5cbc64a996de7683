/**
 * The QIDO-RS index of bench/dicomweb, written in bulk in SQL on the server's own database (run in the
 * server's process through BENCH_SEED): BENCH_STUDIES studies of one converted CT series each, every
 * series indexed (so the index sync of each QIDO call finds nothing to do) with BENCH_STUDY_INSTANCES
 * instances. Patient names `NAME<i % 1000>^BENCH`, study dates over 9,000 days from 2000-01-01: a
 * `PatientName=NAME42*` search matches 11 names in 1,000, a month of StudyDate about 1 study in 300.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';

const STUDIES = Number(process.env.BENCH_STUDIES ?? 100_000);
const INSTANCES = Number(process.env.BENCH_STUDY_INSTANCES ?? 3);
const CT_IMAGE = '1.2.840.10008.5.1.4.1.1.2';

export async function seed(db, { teamId, userId }) {
  const started = performance.now();
  await sql`INSERT INTO studies (team_id, user_id, study_uid, original_uid_hash, status, has_series, data)
    SELECT ${teamId}, ${userId}, '2.25.9' || i, md5('bench' || i), 'converted', true,
      '{"modality": "CT"}'::jsonb
    FROM generate_series(1, ${STUDIES}) i`.execute(db);
  await sql`INSERT INTO series (study_id, team_id, series_uid, series_number, modality_code, status, data,
      dicomweb_indexed)
    SELECT id, team_id, study_uid || '.1', 1, 'CT', 'done', '{}'::jsonb, true
    FROM studies WHERE team_id = ${teamId} AND study_uid LIKE '2.25.9%'`.execute(db);
  await sql`INSERT INTO dicomweb_instances (team_id, study_id, series_id, file, study_uid, series_uid,
      sop_uid, sop_class_uid, instance_number, patient_name, patient_id, study_date, accession_number,
      study_description, modality, series_number, attributes)
    SELECT v.team_id, v.study_id, v.series_id, lpad(k::text, 6, '0') || '.dcm', v.study_uid, v.series_uid,
      v.series_uid || '.' || k, ${CT_IMAGE}, k, v.name, v.pid, v.date, v.acc, 'Bench CT', 'CT', 1,
      jsonb_build_object(
        '00080016', jsonb_build_object('vr', 'UI', 'Value', jsonb_build_array(${CT_IMAGE}::text)),
        '00080018', jsonb_build_object('vr', 'UI', 'Value', jsonb_build_array(v.series_uid || '.' || k)),
        '00080020', jsonb_build_object('vr', 'DA', 'Value', jsonb_build_array(v.date)),
        '00080050', jsonb_build_object('vr', 'SH', 'Value', jsonb_build_array(v.acc)),
        '00080060', jsonb_build_object('vr', 'CS', 'Value', jsonb_build_array('CT')),
        '00081030', jsonb_build_object('vr', 'LO', 'Value', jsonb_build_array('Bench CT')),
        '00100010', jsonb_build_object('vr', 'PN', 'Value',
          jsonb_build_array(jsonb_build_object('Alphabetic', v.name))),
        '00100020', jsonb_build_object('vr', 'LO', 'Value', jsonb_build_array(v.pid)),
        '0020000D', jsonb_build_object('vr', 'UI', 'Value', jsonb_build_array(v.study_uid)),
        '0020000E', jsonb_build_object('vr', 'UI', 'Value', jsonb_build_array(v.series_uid)),
        '00200011', jsonb_build_object('vr', 'IS', 'Value', jsonb_build_array(1)),
        '00200013', jsonb_build_object('vr', 'IS', 'Value', jsonb_build_array(k)))
    FROM (
      SELECT s.team_id, s.study_id, s.id AS series_id, st.study_uid, s.series_uid,
        'NAME' || (st.id % 1000) || '^BENCH' AS name, 'P' || st.id AS pid, 'A' || st.id AS acc,
        to_char(date '2000-01-01' + (st.id % 9000), 'YYYYMMDD') AS date
      FROM series s JOIN studies st ON st.id = s.study_id
      WHERE s.team_id = ${teamId} AND s.series_uid LIKE '2.25.9%'
    ) v CROSS JOIN generate_series(1, ${INSTANCES}) k`.execute(db);
  await sql`ANALYZE`.execute(db);
  const { rows } = await sql`SELECT count(*) AS n FROM dicomweb_instances WHERE team_id = ${teamId}`.execute(
    db,
  );
  return {
    studies: STUDIES,
    instances: Number(rows[0].n),
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}
