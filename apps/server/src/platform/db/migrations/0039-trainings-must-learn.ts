import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/**
 * A training that learned nothing does not become a model (docs/decisions/0095-a-training-that-did-not-learn.md).
 * Per model: the least best validation Dice a training of it must reach to make a derived model by itself
 * (`min_val_dice`, 0.5), and how many matching segmentations the trainings page asks for before a start
 * (`min_training_segmentations`, 10). Per training: the threshold it is judged by (the model's, copied at
 * start) and the judgement (`learned`, null until it finishes; the trainings finished before keep null and
 * their models).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE ai_models
       ADD COLUMN min_val_dice double precision NOT NULL DEFAULT 0.5
         CHECK (min_val_dice >= 0 AND min_val_dice <= 1),
       ADD COLUMN min_training_segmentations integer NOT NULL DEFAULT 10
         CHECK (min_training_segmentations BETWEEN 1 AND 500);
     ALTER TABLE ai_trainings
       ADD COLUMN min_val_dice double precision CHECK (min_val_dice >= 0 AND min_val_dice <= 1),
       ADD COLUMN learned boolean`,
  );
}
