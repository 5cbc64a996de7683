import { readdir } from 'node:fs/promises';
import type { Deps } from '../../deps';
import type { Db } from '../../platform/db';
import { readBytes } from '../../platform/storage';
import { seriesKey, seriesPartKey } from '../../platform/storage/layout';
import { AVAILABLE_TRANSFER_SYNTAX, INDEXED_TAGS } from './attributes';
import { integerOf, parseDicom, textOf, toDicomJson, type JsonDataset } from './dicom-json';
import { lockTeamIndex, removeSuperseded, supersedeOlderCopies } from './one-instance';

type IndexDeps = Pick<Deps, 'db' | 'storage' | 'log'>;

/** Rows inserted per statement (PGlite is slow one row at a time). */
const ROWS_PER_INSERT = 200;

interface DoneSeries {
  id: number;
  uuid: string;
  study_id: number;
  studyUuid: string;
}

/** The team's settled series not indexed yet (a probe of a partial index: few or none), or that one. */
async function unindexedSeries(db: Db, teamId: number, seriesId?: number): Promise<DoneSeries[]> {
  let query = db
    .selectFrom('series')
    .innerJoin('studies', 'studies.id', 'series.study_id')
    .select(['series.id', 'series.uuid', 'series.study_id', 'studies.uuid as studyUuid'])
    .where('series.team_id', '=', teamId)
    // A series that did not convert is served too when it kept its DICOM (decision 0091).
    .where('series.status', 'in', ['done', 'error'])
    .where('series.dicomweb_indexed', '=', false);
  if (seriesId !== undefined) query = query.where('series.id', '=', seriesId);
  return query.orderBy('series.id').execute();
}

/** What the index keeps of one stored file: its matching columns and the DICOM JSON of the QIDO tags. */
export function indexRow(
  bytes: Uint8Array,
): Omit<IndexedInstance, 'team_id' | 'study_id' | 'series_id' | 'file'> | null {
  const { dict, transferSyntax } = parseDicom(bytes, true);
  const picked: typeof dict = {};
  for (const tag of INDEXED_TAGS) if (dict[tag]) picked[tag] = dict[tag];
  const json: JsonDataset = toDicomJson(picked);
  if (transferSyntax) json[AVAILABLE_TRANSFER_SYNTAX] = { vr: 'UI', Value: [transferSyntax] };
  const sop = textOf(json, '00080018');
  if (!sop) return null;
  return {
    study_uid: textOf(json, '0020000D'),
    series_uid: textOf(json, '0020000E'),
    sop_uid: sop,
    sop_class_uid: textOf(json, '00080016'),
    instance_number: integerOf(json, '00200013'),
    patient_name: textOf(json, '00100010'),
    patient_id: textOf(json, '00100020'),
    study_date: textOf(json, '00080020'),
    accession_number: textOf(json, '00080050'),
    study_description: textOf(json, '00081030'),
    modality: textOf(json, '00080060'),
    series_number: integerOf(json, '00200011'),
    attributes: JSON.stringify(json),
  };
}

interface IndexedInstance {
  team_id: number;
  study_id: number;
  series_id: number;
  file: string;
  study_uid: string;
  series_uid: string;
  sop_uid: string;
  sop_class_uid: string;
  instance_number: number | null;
  patient_name: string;
  patient_id: string;
  study_date: string;
  accession_number: string;
  study_description: string;
  modality: string;
  series_number: number | null;
  attributes: string;
}

/** The stored files of a series' `dicom/` folder, by name (none for a NIfTI series). */
async function storedFiles(deps: IndexDeps, folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Indexes one converted series from the DICOM it keeps, claimed first (its flag set where still unset) so
 * that two requests at once index it once. A file that cannot be read is left out of the index (and so
 * never served), with a log line.
 */
async function indexOne(deps: IndexDeps, teamId: number, series: DoneSeries): Promise<void> {
  const folder = await deps.storage.path(
    seriesPartKey(seriesKey(teamId, series.studyUuid, series.uuid), 'dicom'),
  );
  const rows: IndexedInstance[] = [];
  for (const file of await storedFiles(deps, folder)) {
    try {
      const row = indexRow(await readBytes(`${folder}/${file}`));
      if (row) rows.push({ ...row, team_id: teamId, study_id: series.study_id, series_id: series.id, file });
    } catch (error) {
      deps.log.warn({ err: error, seriesId: series.id, file }, 'stored DICOM not indexed');
    }
  }
  // A file of the series named twice (one instance in two files) is one instance too: the last read.
  const bySop = new Map(rows.map((r) => [r.sop_uid, r]));
  const superseded = await deps.db.transaction().execute(async (trx) => {
    await lockTeamIndex(trx, teamId);
    const claimed = await trx
      .updateTable('series')
      .set({ dicomweb_indexed: true })
      .where('id', '=', series.id)
      .where('dicomweb_indexed', '=', false)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return null;
    const older = await supersedeOlderCopies(trx, teamId, series.id, [...bySop.keys()]);
    const unique = [...bySop.values()];
    for (let i = 0; i < unique.length; i += ROWS_PER_INSERT)
      await trx
        .insertInto('dicomweb_instances')
        .values(unique.slice(i, i + ROWS_PER_INSERT))
        .execute();
    return older;
  });
  if (superseded) await removeSuperseded(deps, superseded);
}

/**
 * Brings the team's DICOMweb index up to date: every converted series not indexed yet is read from its
 * stored DICOM (what is served of an anonymised study is what its files keep: the de-identified data).
 */
export async function syncTeamIndex(deps: IndexDeps, teamId: number): Promise<void> {
  for (const series of await unindexedSeries(deps.db, teamId)) await indexOne(deps, teamId, series);
}

/**
 * Indexes one series as soon as it has converted, so that every way in (upload pages, archives, commander
 * import, STOW-RS, C-STORE) serves it at once and its older copies give way then (decision 0091).
 */
export async function indexSeries(deps: IndexDeps, teamId: number, seriesId: number): Promise<void> {
  for (const series of await unindexedSeries(deps.db, teamId, seriesId)) await indexOne(deps, teamId, series);
}

/** A series converting again serves nothing until it settles again (a failed one is served: decision 0091). */
export async function unindexSeries(deps: Pick<Deps, 'db'>, seriesId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dicomweb_instances').where('series_id', '=', seriesId).execute();
    await trx.updateTable('series').set({ dicomweb_indexed: false }).where('id', '=', seriesId).execute();
  });
}
