import type { RecognitionStudy } from '@voxa/contracts';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { PromptStatus } from '../../platform/db/schema';
import { remapUid } from '../deidentify/keyed';
import { listAcquisitions } from '../reference/service';
import type { AllowedCodes } from './recognise';

export interface Actor {
  teamId: number;
  userId: number;
}

/** The offered codes per modality, from the reference table. */
export async function allowedCodes(db: Db): Promise<AllowedCodes> {
  const acquisitions = await listAcquisitions(db);
  return (modality) =>
    acquisitions.filter((a) => a.modality === null || a.modality === modality).map((a) => a.code);
}

/**
 * Records one pending prompt per study (one statement), in the order sent. A page's study id is the
 * original StudyInstanceUID, so only its keyed replacement (the UID an anonymised study gets) is kept.
 */
export async function createPrompts(
  db: Db,
  actor: Actor & { key: Buffer },
  socketId: string,
  studies: readonly RecognitionStudy[],
) {
  const rows = await db
    .insertInto('llm_prompts')
    .values(
      studies.map((s) => ({
        team_id: actor.teamId,
        user_id: actor.userId,
        socket_id: socketId,
        study_client_id: remapUid(actor.key, s.id),
        modality: s.modality,
      })),
    )
    .returning(['id', 'uuid'])
    .execute();
  // RETURNING follows the VALUES order for a plain INSERT; sort by id to rely on nothing else.
  return rows.sort((a, b) => a.id - b.id).map((r) => r.uuid);
}

/**
 * Moves a pending prompt to its final status; false when it was no longer pending (cancelled, or
 * finished elsewhere). Whoever wins this update is the only one who may send the answer.
 */
export async function finishPrompt(
  db: Db,
  uuid: string,
  status: Exclude<PromptStatus, 'pending' | 'cancelled'>,
  source: 'llm' | 'rules' | null,
): Promise<boolean> {
  const row = await db
    .updateTable('llm_prompts')
    .set({ status, source, finished_at: new Date() })
    .where('uuid', '=', uuid)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Cancels the actor's own prompt; one of another user or team answers 404 like a missing one. */
export async function cancelPrompt(db: Db, actor: Actor, uuid: string) {
  const cancelled = await db
    .updateTable('llm_prompts')
    .set({ status: 'cancelled', finished_at: new Date() })
    .where('uuid', '=', uuid)
    .where('team_id', '=', actor.teamId)
    .where('user_id', '=', actor.userId)
    .where('status', '=', 'pending')
    .returning('status')
    .executeTakeFirst();
  if (cancelled) return { llmRemoteId: uuid, status: 'cancelled' as const };
  const prompt = await db
    .selectFrom('llm_prompts')
    .select('status')
    .where('uuid', '=', uuid)
    .where('team_id', '=', actor.teamId)
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  if (!prompt || prompt.status === 'pending') throw notFound('Prompt not found.');
  return { llmRemoteId: uuid, status: prompt.status };
}
