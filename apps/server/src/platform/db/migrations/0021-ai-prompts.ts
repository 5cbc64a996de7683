import { sql, type Kysely } from 'kysely';
import { BUILT_IN_ACQUISITION_PROMPT } from '../../../modules/ai-prompts/built-in';
import { runStatements } from './run-statements';

/**
 * The prompts acquisition recognition sends to the language model (docs/decisions/0057-ai-prompts.md):
 * platform-wide, one per modality and type, each with its versions (an edit adds one; `active_version`
 * names the one sent). Every modality offering acquisitions starts with the built-in text as version 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ai_prompts (
      id serial PRIMARY KEY,
      modality text NOT NULL REFERENCES modalities(code),
      type text NOT NULL CHECK (type IN ('acquisition')),
      active_version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (modality, type)
    );
    CREATE TABLE ai_prompt_versions (
      prompt_id integer NOT NULL REFERENCES ai_prompts(id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version > 0),
      system_text text NOT NULL,
      user_text text NOT NULL,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (prompt_id, version)
    );
    INSERT INTO ai_prompts (modality, type)
      SELECT DISTINCT modality_code, 'acquisition' FROM acquisitions WHERE modality_code IS NOT NULL ORDER BY modality_code
    `,
  );
  const { system, user } = BUILT_IN_ACQUISITION_PROMPT;
  await sql`INSERT INTO ai_prompt_versions (prompt_id, version, system_text, user_text)
    SELECT id, 1, ${system}, ${user} FROM ai_prompts`.execute(db);
}
