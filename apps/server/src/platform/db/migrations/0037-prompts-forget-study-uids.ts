import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Recognition prompts kept the page's study id, the original StudyInstanceUID, in clear; they now keep
 * its keyed replacement (docs/decisions/0085). The key cannot be had here, so the rows written before
 * keep nothing: no code reads the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `UPDATE llm_prompts SET study_client_id = ''`);
}
