import { LABEL_NAME_TAKEN, type Label } from '@voxa/contracts';
import { sql } from 'kysely';
import { conflict, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { findStudy } from '../studies/service';
import { sameLabelName } from './policy';

const byName = sql`lower(labels.name)`;

export async function listLabels(db: Db, teamId: number): Promise<Label[]> {
  return db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('team_id', '=', teamId)
    .orderBy(byName)
    .orderBy('id')
    .execute();
}

async function labelNamed(db: Db, teamId: number, name: string): Promise<Label | undefined> {
  return db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('team_id', '=', teamId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** A label of the team by id; another team's label answers 404 like a missing one. */
export async function findLabel(db: Db, teamId: number, labelId: number): Promise<Label> {
  const label = await db
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('id', '=', labelId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  if (!label) throw notFound('Label not found.');
  return label;
}

/** Creates a label, or answers the team's label of that name (any case): the upload page adds by name. */
export async function createLabel(
  db: Db,
  actor: { teamId: number; userId: number },
  fields: { name: string; color: string },
): Promise<Label> {
  const existing = await labelNamed(db, actor.teamId, fields.name);
  if (existing) return existing;
  // Two people adding the same name at once: the unique index keeps one, and both get it.
  const created = await sql<Label>`
    INSERT INTO labels (team_id, name, color, created_by)
    VALUES (${actor.teamId}, ${fields.name}, ${fields.color}, ${actor.userId})
    ON CONFLICT DO NOTHING
    RETURNING id, name, color`.execute(db);
  const label = created.rows[0] ?? (await labelNamed(db, actor.teamId, fields.name));
  if (!label) throw conflict(LABEL_NAME_TAKEN);
  return label;
}

/** Renames or recolours a label; a name another label of the team has answers 409. */
export async function updateLabel(
  db: Db,
  teamId: number,
  labelId: number,
  change: { name?: string; color?: string },
): Promise<Label> {
  const label = await findLabel(db, teamId, labelId);
  if (change.name !== undefined && !sameLabelName(change.name, label.name)) {
    if (await labelNamed(db, teamId, change.name)) throw conflict(LABEL_NAME_TAKEN);
  }
  try {
    return await db
      .updateTable('labels')
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.color !== undefined && { color: change.color.toLowerCase() }),
        updated_at: new Date(),
      })
      .where('id', '=', label.id)
      .returning(['id', 'name', 'color'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(LABEL_NAME_TAKEN);
    throw error;
  }
}

export async function studyLabels(db: Db, teamId: number, studyId: number): Promise<Label[]> {
  await findStudy(db, teamId, studyId);
  return db
    .selectFrom('study_labels')
    .innerJoin('labels', 'labels.id', 'study_labels.label_id')
    .select(['labels.id', 'labels.name', 'labels.color'])
    .where('study_labels.study_id', '=', studyId)
    .where('study_labels.team_id', '=', teamId)
    .orderBy(byName)
    .orderBy('labels.id')
    .execute();
}

/** Attaches a label of the team to a study of the team; attaching twice changes nothing. */
export async function attachLabel(db: Db, teamId: number, studyId: number, labelId: number) {
  await findStudy(db, teamId, studyId);
  await findLabel(db, teamId, labelId);
  await db
    .insertInto('study_labels')
    .values({ study_id: studyId, label_id: labelId, team_id: teamId })
    .onConflict((oc) => oc.columns(['study_id', 'label_id']).doNothing())
    .execute();
  return studyLabels(db, teamId, studyId);
}

/** Detaches a label; detaching one that is not attached changes nothing. */
export async function detachLabel(db: Db, teamId: number, studyId: number, labelId: number) {
  await findStudy(db, teamId, studyId);
  await findLabel(db, teamId, labelId);
  await db
    .deleteFrom('study_labels')
    .where('study_id', '=', studyId)
    .where('label_id', '=', labelId)
    .execute();
  return studyLabels(db, teamId, studyId);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
