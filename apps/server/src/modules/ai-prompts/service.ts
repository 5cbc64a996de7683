import {
  aiPromptTemplateErrors,
  type AiPromptDetail,
  type AiPromptSummary,
  type AiPromptTexts,
} from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { iso } from '../common/time';
import { BUILT_IN_ACQUISITION_PROMPT } from './built-in';

export type PromptType = 'acquisition';
export const PROMPT_NOT_FOUND = 'Prompt not found.';
export const PROMPT_EXISTS = 'This modality already has a prompt of this type: edit it instead.';
export const INVALID_TEMPLATE = 'The prompt is not a usable template.';
const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

/** 422 with the field's reasons when a template holds an unknown placeholder, no {{series}}, or no JSON. */
function checkTemplate(texts: AiPromptTexts): void {
  const errors = aiPromptTemplateErrors(texts);
  if (Object.keys(errors).length > 0) throw unprocessable(INVALID_TEMPLATE, errors);
}

const summaries = (db: Db) =>
  db.selectFrom('ai_prompts').select((eb) => [
    'ai_prompts.id',
    'ai_prompts.modality',
    'ai_prompts.type',
    'ai_prompts.active_version',
    'ai_prompts.updated_at',
    eb
      .selectFrom('ai_prompt_versions')
      .select((v) => v.fn.max('version').as('latest'))
      .whereRef('ai_prompt_versions.prompt_id', '=', 'ai_prompts.id')
      .as('latest_version'),
  ]);

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['execute']>>[number];
const presentSummary = (row: SummaryRow): AiPromptSummary => ({
  id: row.id,
  modality: row.modality,
  type: row.type,
  activeVersion: row.active_version,
  latestVersion: Number(row.latest_version ?? row.active_version),
  updatedAt: iso(row.updated_at),
});

/** Every prompt, by modality then type. */
export async function listPrompts(db: Db): Promise<AiPromptSummary[]> {
  const rows = await summaries(db).orderBy('modality').orderBy('type').execute();
  return rows.map(presentSummary);
}

export async function getPrompt(db: Db, id: number): Promise<AiPromptDetail> {
  const row = await summaries(db).where('ai_prompts.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PROMPT_NOT_FOUND);
  const versions = await db
    .selectFrom('ai_prompt_versions')
    .leftJoin('users', 'users.id', 'ai_prompt_versions.created_by')
    .select([
      'ai_prompt_versions.version',
      'ai_prompt_versions.system_text',
      'ai_prompt_versions.user_text',
      'ai_prompt_versions.created_at',
      'users.name as created_by',
    ])
    .where('ai_prompt_versions.prompt_id', '=', id)
    .orderBy('ai_prompt_versions.version', 'desc')
    .execute();
  return {
    ...presentSummary(row),
    versions: versions.map((v) => ({
      version: v.version,
      system: v.system_text,
      user: v.user_text,
      createdBy: v.created_by,
      createdAt: iso(v.created_at),
    })),
  };
}

/** A new prompt of a modality offered by the reference table, with its version 1 active. */
export async function createPrompt(
  db: Db,
  userId: number,
  input: AiPromptTexts & { modality: string; type: PromptType },
): Promise<AiPromptDetail> {
  checkTemplate(input);
  const modality = await db
    .selectFrom('modalities')
    .select('code')
    .where('code', '=', input.modality)
    .executeTakeFirst();
  if (!modality) throw unprocessable('Unknown modality.', { modality: ['Unknown modality.'] });
  try {
    const id = await db.transaction().execute(async (trx) => {
      const prompt = await trx
        .insertInto('ai_prompts')
        .values({ modality: input.modality, type: input.type })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ai_prompt_versions')
        .values({
          prompt_id: prompt.id,
          version: 1,
          system_text: input.system,
          user_text: input.user,
          created_by: userId,
        })
        .execute();
      return prompt.id;
    });
    return getPrompt(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PROMPT_EXISTS);
    throw error;
  }
}

/** An edit: the texts become the next version, which is made the active one. Versions never change. */
export async function addVersion(
  db: Db,
  userId: number,
  id: number,
  texts: AiPromptTexts,
): Promise<AiPromptDetail> {
  checkTemplate(texts);
  await db.transaction().execute(async (trx) => {
    // The prompt's row is locked, so two edits at once take versions n+1 and n+2, never both n+1.
    const prompt = await trx
      .selectFrom('ai_prompts')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!prompt) throw notFound(PROMPT_NOT_FOUND);
    const { latest } = await trx
      .selectFrom('ai_prompt_versions')
      .select((eb) => eb.fn.max('version').as('latest'))
      .where('prompt_id', '=', id)
      .executeTakeFirstOrThrow();
    const version = Number(latest ?? 0) + 1;
    await trx
      .insertInto('ai_prompt_versions')
      .values({
        prompt_id: id,
        version,
        system_text: texts.system,
        user_text: texts.user,
        created_by: userId,
      })
      .execute();
    await trx
      .updateTable('ai_prompts')
      .set({ active_version: version, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  });
  return getPrompt(db, id);
}

/** Makes an existing version the one sent (a revert to an older one, or back to a newer one). */
export async function activateVersion(db: Db, id: number, version: number): Promise<AiPromptDetail> {
  const exists = await db
    .selectFrom('ai_prompt_versions')
    .select('version')
    .where('prompt_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!exists) {
    await getPrompt(db, id); // 404 for the prompt first
    throw notFound('Version not found.');
  }
  await db
    .updateTable('ai_prompts')
    .set({ active_version: version, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  return getPrompt(db, id);
}

/** One version's texts (the active one unless named); 404 when the prompt or version does not exist. */
export async function promptVersion(
  db: Db,
  id: number,
  version?: number,
): Promise<{ modality: string; version: number; texts: AiPromptTexts }> {
  const row = await db
    .selectFrom('ai_prompts')
    .innerJoin('ai_prompt_versions', 'ai_prompt_versions.prompt_id', 'ai_prompts.id')
    .select(['ai_prompts.modality', 'ai_prompt_versions.version', 'system_text', 'user_text'])
    .where('ai_prompts.id', '=', id)
    .where((eb) =>
      version === undefined
        ? eb('ai_prompt_versions.version', '=', eb.ref('ai_prompts.active_version'))
        : eb('ai_prompt_versions.version', '=', version),
    )
    .executeTakeFirst();
  if (!row) throw notFound(version === undefined ? PROMPT_NOT_FOUND : 'Version not found.');
  return {
    modality: row.modality,
    version: row.version,
    texts: { system: row.system_text, user: row.user_text },
  };
}

/** The texts recognition sends for a modality: its prompt's active version, else the built-in prompt. */
export async function activePromptTexts(db: Db, modality: string, type: PromptType): Promise<AiPromptTexts> {
  const row = await db
    .selectFrom('ai_prompts')
    .innerJoin('ai_prompt_versions', (join) =>
      join
        .onRef('ai_prompt_versions.prompt_id', '=', 'ai_prompts.id')
        .onRef('ai_prompt_versions.version', '=', 'ai_prompts.active_version'),
    )
    .select(['system_text', 'user_text'])
    .where('ai_prompts.modality', '=', modality.toUpperCase())
    .where('ai_prompts.type', '=', type)
    .executeTakeFirst();
  return row ? { system: row.system_text, user: row.user_text } : BUILT_IN_ACQUISITION_PROMPT;
}
