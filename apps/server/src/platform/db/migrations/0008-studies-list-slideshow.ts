import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * The slideshow of a studies list row (modules/studies/list.ts) is the first of a study's converted
 * series with frames, reference series first: a partial index holding only those series, in that order,
 * answers it with one index entry instead of reading every series row of the study.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX series_study_slideshow ON series (study_id, ref_serie DESC, sort, id)
      WHERE status = 'done' AND coalesce((data->>'slideshow')::int, 0) > 0;
    `,
  );
}
