import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * One SOP Instance UID is one instance of a team (docs/decisions/0091-one-instance-per-uid-and-every-instance-kept.md): of the
 * copies indexed so far the last indexed stays, and a unique index keeps it so from now on. A series
 * that did not convert is indexed too (it keeps its DICOM), so the pending ones include it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DELETE FROM dicomweb_instances d USING dicomweb_instances newer
      WHERE newer.team_id = d.team_id AND newer.sop_uid = d.sop_uid AND newer.id > d.id;
    DROP INDEX dicomweb_instances_sop;
    CREATE UNIQUE INDEX dicomweb_instances_sop ON dicomweb_instances (team_id, sop_uid);
    DROP INDEX series_dicomweb_unindexed;
    CREATE INDEX series_dicomweb_unindexed ON series (team_id)
      WHERE status IN ('done', 'error') AND NOT dicomweb_indexed
    `,
  );
}
