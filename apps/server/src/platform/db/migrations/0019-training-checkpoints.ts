import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * Training checkpoints (docs/decisions/0054-training-checkpoints.md): the best checkpoint a worker uploaded
 * (epoch, validation Dice, runtime spec, and its ONNX file's size, hash and header), null until the first.
 * Its bytes are a stored file; a done training's becomes the derived model's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `ALTER TABLE ai_trainings ADD COLUMN checkpoint jsonb`);
}
