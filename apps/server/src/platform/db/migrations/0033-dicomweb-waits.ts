import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * DICOMweb reads wait for the team's series still converting (docs/decisions/0066, read-your-writes):
 * every read asks whether there are any, so they are found without reading the team's other series.
 * The predicate is the converting statuses (conversion/policy.ts CONVERTING_STATUSES), written as the
 * query writes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `CREATE INDEX series_team_converting ON series (team_id) WHERE status IN ('converting', 'generatingNii')`,
  );
}
