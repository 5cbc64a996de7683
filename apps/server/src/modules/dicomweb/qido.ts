import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import {
  INSTANCE_TAGS,
  MODALITIES_IN_STUDY,
  NUMBER_OF_SERIES_INSTANCES,
  NUMBER_OF_STUDY_INSTANCES,
  NUMBER_OF_STUDY_SERIES,
  RETRIEVE_URL,
  SERIES_TAGS,
  STUDY_TAGS,
  AVAILABLE_TRANSFER_SYNTAX,
  INDEXED_VR,
} from './attributes';
import type { JsonDataset } from './dicom-json';
import { qidoCondition } from './qido-condition';
import type { Filter, MatchColumn, QidoQuery } from './qido-query';
import { matchingStudies, studyFilters } from './study-rows';

type Instances = SelectQueryBuilder<Database, 'dicomweb_instances', object>;

/** A match column as SQL: its own column, or the value of a stored attribute (a name's alphabetic form). */
function columnOf(column: MatchColumn) {
  if (!column.startsWith('attr:')) return sql.ref<string>(`dicomweb_instances.${column}`);
  const tag = column.slice('attr:'.length);
  const value = sql`dicomweb_instances.attributes -> ${tag} -> 'Value'`;
  return INDEXED_VR[tag] === 'PN' ? sql<string>`${value} -> 0 ->> 'Alphabetic'` : sql<string>`${value} ->> 0`;
}
/** The team's indexed instances that match every filter. */
function matching(db: Db, teamId: number, filters: Filter[]): Instances {
  let query = db.selectFrom('dicomweb_instances').where('dicomweb_instances.team_id', '=', teamId);
  for (const f of filters) {
    if (f.kind === 'modalities') {
      const studies = db
        .selectFrom('dicomweb_instances as m')
        .select('m.study_uid')
        .where('m.team_id', '=', teamId)
        .where('m.modality', 'in', f.values);
      query = query.where('dicomweb_instances.study_uid', 'in', studies);
    } else query = query.where((eb) => qidoCondition(eb, columnOf(f.column), f, 'ilike'));
  }
  return query;
}

/**
 * The answer's attributes: the level's own, plus those asked for; with includefield=all, every stored
 * attribute of the level and the levels above it (a study's answer holds no series or instance attribute).
 */
function pick(attributes: JsonDataset, tags: readonly string[], q: QidoQuery, level: Level): JsonDataset {
  const out: JsonDataset = {};
  const all = level === 'instances' ? Object.keys(attributes) : LEVEL_TAGS[level];
  for (const tag of q.includeAll ? [...tags, ...all] : [...tags, ...q.includeFields]) {
    const a = attributes[tag];
    if (a) out[tag] = a;
  }
  return out;
}

type Level = 'studies' | 'series' | 'instances';

/** What each level answers by default: its own attributes and those of the levels above (as Orthanc). */
const LEVEL_TAGS: Record<Level, readonly string[]> = {
  studies: STUDY_TAGS,
  series: [...STUDY_TAGS, ...SERIES_TAGS],
  instances: [...STUDY_TAGS, ...SERIES_TAGS, AVAILABLE_TRANSFER_SYNTAX, ...INSTANCE_TAGS],
};

const retrieve = (url: string): JsonDataset => ({ [RETRIEVE_URL]: { vr: 'UR', Value: [url] } });
const count = (tag: string, n: number | string | bigint): JsonDataset => ({
  [tag]: { vr: 'IS', Value: [Number(n)] },
});

async function firstAttributes(db: Db, ids: (string | number | bigint)[]) {
  if (ids.length === 0) return new Map<string, JsonDataset>();
  const rows = await db
    .selectFrom('dicomweb_instances')
    .select(['id', 'attributes'])
    .where('id', 'in', ids.map(String))
    .execute();
  return new Map(rows.map((r) => [String(r.id), r.attributes as JsonDataset]));
}

/**
 * The studies whose instances match (for keys study rows do not keep): every matching instance is read,
 * grouped by StudyInstanceUID.
 */
async function studiesFromInstances(db: Db, teamId: number, q: QidoQuery) {
  const groups = await matching(db, teamId, q.filters)
    .select([
      'dicomweb_instances.study_uid',
      (eb) => eb.fn.min('dicomweb_instances.id').as('first'),
      (eb) => eb.fn.countAll().as('instances'),
      sql<string>`count(distinct dicomweb_instances.series_uid)`.as('series'),
    ])
    .groupBy('dicomweb_instances.study_uid')
    .orderBy('first')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const uids = groups.map((g) => g.study_uid);
  const modalities = new Map<string, string[]>();
  if (uids.length > 0) {
    const rows = await db
      .selectFrom('dicomweb_instances')
      .select(['study_uid', 'modality'])
      .distinct()
      .where('team_id', '=', teamId)
      .where('study_uid', 'in', uids)
      .where('modality', '!=', '')
      .orderBy('modality')
      .execute();
    for (const r of rows) modalities.set(r.study_uid, [...(modalities.get(r.study_uid) ?? []), r.modality]);
  }
  return groups.map((g) => ({ ...g, modalities: modalities.get(g.study_uid) ?? [] }));
}

/**
 * QIDO-RS studies: one result per StudyInstanceUID, in the order they were stored. The team's study rows
 * answer the usual keys through their indexes; other keys match the instances.
 */
export async function searchStudies(db: Db, teamId: number, q: QidoQuery, base: string) {
  const filters = studyFilters(q.filters);
  const groups = filters
    ? await matchingStudies(db, teamId, filters, q)
    : await studiesFromInstances(db, teamId, q);
  const firsts = await firstAttributes(
    db,
    groups.map((g) => g.first),
  );
  return groups.map((g) => ({
    ...pick(firsts.get(String(g.first)) ?? {}, LEVEL_TAGS.studies, q, 'studies'),
    [MODALITIES_IN_STUDY]: { vr: 'CS', Value: g.modalities },
    ...count(NUMBER_OF_STUDY_SERIES, g.series),
    ...count(NUMBER_OF_STUDY_INSTANCES, g.instances),
    ...retrieve(`${base}/studies/${g.study_uid}`),
  }));
}

/** QIDO-RS series: one result per SeriesInstanceUID. */
export async function searchSeries(db: Db, teamId: number, q: QidoQuery, base: string) {
  const groups = await matching(db, teamId, q.filters)
    .select([
      'dicomweb_instances.study_uid',
      'dicomweb_instances.series_uid',
      (eb) => eb.fn.min('dicomweb_instances.id').as('first'),
      (eb) => eb.fn.countAll().as('instances'),
    ])
    .groupBy(['dicomweb_instances.study_uid', 'dicomweb_instances.series_uid'])
    .orderBy('first')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const firsts = await firstAttributes(
    db,
    groups.map((g) => g.first),
  );
  return groups.map((g) => {
    const attributes = firsts.get(String(g.first)) ?? {};
    return {
      ...pick(attributes, LEVEL_TAGS.series, q, 'series'),
      ...count(NUMBER_OF_SERIES_INSTANCES, g.instances),
      ...retrieve(`${base}/studies/${g.study_uid}/series/${g.series_uid}`),
    };
  });
}

/** QIDO-RS instances, by series then instance number. */
export async function searchInstances(db: Db, teamId: number, q: QidoQuery, base: string) {
  const rows = await matching(db, teamId, q.filters)
    .select([
      'dicomweb_instances.study_uid',
      'dicomweb_instances.series_uid',
      'dicomweb_instances.sop_uid',
      'dicomweb_instances.attributes',
    ])
    .orderBy('dicomweb_instances.series_id')
    .orderBy('dicomweb_instances.instance_number')
    .orderBy('dicomweb_instances.id')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return rows.map((r) => ({
    ...pick(r.attributes as JsonDataset, LEVEL_TAGS.instances, q, 'instances'),
    ...retrieve(`${base}/studies/${r.study_uid}/series/${r.series_uid}/instances/${r.sop_uid}`),
  }));
}
