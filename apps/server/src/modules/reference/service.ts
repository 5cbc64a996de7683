import type { Acquisition, Category, ModalityOption } from '@voxa/contracts';
import type { Db } from '../../platform/db';

/** Reference data is global (the same for every team) and read-only through the API. */

export async function listModalities(db: Db): Promise<ModalityOption[]> {
  return db.selectFrom('modalities').select(['code', 'name']).orderBy('sort').execute();
}

export async function listAcquisitions(db: Db): Promise<Acquisition[]> {
  const rows = await db
    .selectFrom('acquisitions')
    .select(['code', 'name', 'modality_code'])
    .orderBy('sort')
    .execute();
  return rows.map((r) => ({ code: r.code, name: r.name, modality: r.modality_code }));
}

/** Acquisition codes offered for a modality: its own and those for every modality (NONE). */
export async function acquisitionCodesFor(db: Db, modality: string): Promise<string[]> {
  const rows = await db
    .selectFrom('acquisitions')
    .select('code')
    .where((eb) => eb.or([eb('modality_code', 'is', null), eb('modality_code', '=', modality)]))
    .orderBy('sort')
    .execute();
  return rows.map((r) => r.code);
}

export async function listCategories(db: Db): Promise<Category[]> {
  return db.selectFrom('structure_categories').select(['slug', 'title']).orderBy('sort').execute();
}
