import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { qidoCondition } from './qido-condition';
import type { Filter, MatchColumn } from './qido-query';

/** The columns a study row keeps (dicomweb_studies, migration 0034). */
const STUDY_COLUMNS = [
  'study_uid',
  'patient_name',
  'patient_id',
  'accession_number',
  'study_description',
  'study_date',
] as const satisfies readonly MatchColumn[];
type StudyColumn = (typeof STUDY_COLUMNS)[number];

export type StudyFilter =
  | (Exclude<Filter, { kind: 'modalities' | 'integer' }> & { column: StudyColumn })
  | Extract<Filter, { kind: 'modalities' }>;

const isStudyColumn = (column: MatchColumn): column is StudyColumn =>
  (STUDY_COLUMNS as readonly MatchColumn[]).includes(column);

/**
 * The filters of a study-level search when study rows can answer it (every key is one a study row keeps),
 * else null: a key of series or instances (Modality, SeriesInstanceUID...) matches the instances.
 */
export function studyFilters(filters: Filter[]): StudyFilter[] | null {
  const out: StudyFilter[] = [];
  for (const f of filters) {
    if (f.kind === 'modalities') out.push(f);
    else if (f.kind === 'integer' || !isStudyColumn(f.column)) return null;
    else out.push({ ...f, column: f.column });
  }
  return out;
}

type Eb = ExpressionBuilder<Database, 'dicomweb_studies'>;

/** As the instance search matches, case-insensitive as lower() so that the name index serves a prefix. */
function condition(eb: Eb, f: StudyFilter) {
  if (f.kind === 'modalities')
    return sql<boolean>`${eb.ref('dicomweb_studies.modalities')} && ARRAY[${sql.join(f.values)}]::text[]`;
  return qidoCondition(eb, eb.ref(`dicomweb_studies.${f.column}`), f, 'lower');
}

/** The team's studies matching every filter, in the order they were stored, one page of them. */
export async function matchingStudies(
  db: Db,
  teamId: number,
  filters: StudyFilter[],
  page: { limit: number; offset: number },
) {
  let query = db.selectFrom('dicomweb_studies').where('dicomweb_studies.team_id', '=', teamId);
  for (const f of filters) query = query.where((eb) => condition(eb, f));
  return query
    .select(['study_uid', 'first_instance as first', 'instances', 'series', 'modalities'])
    .orderBy('first_instance')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}
