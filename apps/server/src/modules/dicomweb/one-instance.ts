import { sql, type Transaction } from 'kysely';
import type { Deps } from '../../deps';
import type { Database } from '../../platform/db/schema';
import type { StorageKey } from '../../platform/storage';
import { seriesKey, seriesPartKey, studyKey } from '../../platform/storage/layout';
import { isSettled } from '../conversion/policy';

/** SOP Instance UIDs looked up per statement. */
const UIDS_PER_QUERY = 500;
/** The advisory lock (first key; the team is the second) under which a team's instances are indexed. */
const INDEX_LOCK = 3591;

/** What a superseded copy leaves on the disk, removed once the index says so. */
export interface Superseded {
  /** Stored files of older series that keep other instances. */
  files: StorageKey[];
  /** Folders of series (and studies) that kept nothing else and went. */
  folders: StorageKey[];
}

/** Takes the team's index lock: one series is indexed at a time in a team, so no copy slips in beside. */
export async function lockTeamIndex(trx: Transaction<Database>, teamId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${INDEX_LOCK}, ${teamId})`.execute(trx);
}

/**
 * One SOP Instance UID is one instance of the team (docs/decisions/0091): the series being indexed holds
 * the newest copy of each of its instances, so older copies of them in other series give way, whatever
 * way each came in. An older series left with no instance goes with its files, and its study when it has
 * no series left, unless someone has segmented it or its upload has not ended (it stays, serving none of
 * them). Runs in the indexing transaction, under the team's lock.
 */
export async function supersedeOlderCopies(
  trx: Transaction<Database>,
  teamId: number,
  seriesId: number,
  sopUids: string[],
): Promise<Superseded> {
  const older = [];
  for (let i = 0; i < sopUids.length; i += UIDS_PER_QUERY)
    older.push(
      ...(await trx
        .selectFrom('dicomweb_instances as i')
        .innerJoin('series', 'series.id', 'i.series_id')
        .innerJoin('studies', 'studies.id', 'series.study_id')
        .select(['i.id', 'i.series_id', 'i.file', 'series.uuid as seriesUuid', 'studies.uuid as studyUuid'])
        .where('i.team_id', '=', teamId)
        .where('i.series_id', '!=', seriesId)
        .where('i.sop_uid', 'in', sopUids.slice(i, i + UIDS_PER_QUERY))
        .execute()),
    );
  const superseded: Superseded = { files: [], folders: [] };
  if (older.length === 0) return superseded;
  const ids = older.map((r) => r.id);
  for (let i = 0; i < ids.length; i += UIDS_PER_QUERY)
    await trx
      .deleteFrom('dicomweb_instances')
      .where('id', 'in', ids.slice(i, i + UIDS_PER_QUERY))
      .execute();
  const gone = await emptiedSeries(trx, [...new Set(older.map((r) => r.series_id))]);
  for (const r of older)
    if (!gone.series.has(r.series_id))
      superseded.files.push([
        ...seriesPartKey(seriesKey(teamId, r.studyUuid, r.seriesUuid), 'dicom'),
        r.file,
      ]);
  for (const r of older.filter((o) => gone.series.has(o.series_id)))
    superseded.folders.push(seriesKey(teamId, r.studyUuid, r.seriesUuid));
  for (const study of gone.studies) superseded.folders.push(studyKey(teamId, study));
  return superseded;
}

/** Removes the series among these that serve no instance any more, and their studies left empty. */
async function emptiedSeries(trx: Transaction<Database>, seriesIds: number[]) {
  const rows = await trx
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select(['series.id', 'series.status', 'series.study_id', 'studies.uuid as studyUuid'])
    .where('series.id', 'in', seriesIds)
    // A study whose upload has not ended is left alone: its finish still names it.
    .where('studies.status', 'in', ['converted', 'error'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('dicomweb_instances')
            .select('id')
            .whereRef('dicomweb_instances.series_id', '=', 'series.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('segmentations').select('id').whereRef('segmentations.series_id', '=', 'series.id'),
        ),
      ),
    )
    .execute();
  const removable = rows.filter((r) => isSettled(r.status));
  const gone = { series: new Set(removable.map((r) => r.id)), studies: [] as string[] };
  if (removable.length === 0) return gone;
  await trx
    .deleteFrom('series')
    .where('id', 'in', [...gone.series])
    .execute();
  const studyIds = [...new Set(removable.map((r) => r.study_id))];
  const emptied = await trx
    .deleteFrom('studies')
    .where('id', 'in', studyIds)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('series').select('id').whereRef('series.study_id', '=', 'studies.id'))),
    )
    .returning('uuid')
    .execute();
  gone.studies = emptied.map((s) => s.uuid);
  return gone;
}

/** Removes from the disk what superseded copies left, after the index no longer names it. */
export async function removeSuperseded(deps: Pick<Deps, 'storage' | 'log'>, superseded: Superseded) {
  for (const key of [...superseded.files, ...superseded.folders])
    await deps.storage
      .remove(key)
      .catch((error: unknown) =>
        deps.log.warn({ err: error, key: key.join('/') }, 'superseded copy not removed'),
      );
}
