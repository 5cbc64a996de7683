import { sql, type Kysely } from 'kysely';
import type { SeedAcquisition } from './0002-reference-seed';

/** MR acquisitions research sites need beyond the structural weightings (docs/decisions/0024). Frozen. */
export const MR_ACQUISITIONS: readonly SeedAcquisition[] = [
  { code: 'T2S', name: 'T2*-weighted (gradient echo)', modality: 'MR' },
  { code: 'SWI', name: 'Susceptibility-weighted', modality: 'MR' },
  { code: 'BOLD', name: 'BOLD fMRI (task or resting state)', modality: 'MR' },
  { code: 'ASL', name: 'Arterial spin labelling perfusion', modality: 'MR' },
  { code: 'PERF', name: 'Contrast perfusion (DSC or DCE)', modality: 'MR' },
  { code: 'MRA', name: 'MR angiography (TOF or phase contrast)', modality: 'MR' },
  { code: 'FMAP', name: 'Field map (B0, reversed phase encoding)', modality: 'MR' },
  { code: 'LOC', name: 'Localiser', modality: 'MR' },
];

/** Appended after the seeded acquisitions; lists per modality keep their order. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ last: number | null }>`SELECT max(sort) AS last FROM acquisitions`.execute(db);
  const after = rows[0]?.last ?? 0;
  const values = MR_ACQUISITIONS.map(
    (a, i) => sql`(${sql.join([a.code, a.name, a.modality, after + i + 1])})`,
  );
  await sql`INSERT INTO acquisitions (code, name, modality_code, sort) VALUES ${sql.join(values)}`.execute(
    db,
  );
}
