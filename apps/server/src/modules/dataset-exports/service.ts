import {
  EXPORT_NOT_DONE,
  MIXED_MODALITIES,
  NO_MASK,
  NOT_ANONYMISED,
  WRONG_STRUCTURE,
  type CreateDatasetExport,
  type DatasetExport,
  type DatasetStructure,
} from '@voxa/contracts';
import type { ReadStream } from 'node:fs';
import type { Deps } from '../../deps';
import type { UserContext } from '../../http/context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import type { Db } from '../../platform/db';
import { datasetExportKey } from '../../platform/storage/layout';
import { iso, isoOrNull } from '../common/time';
import { maskedSegmentations, presentCandidate, teamById, teamStructure } from './cases';
import { channelName, datasetFolder } from './layout';

/** The structures of the team's segmentations with a mask, with how many of those are exportable. */
export async function datasetStructures(db: Db, teamId: number): Promise<DatasetStructure[]> {
  await teamById(db, teamId);
  const rows = await maskedSegmentations(db, teamId, {});
  const ids = [...new Set(rows.map((r) => r.structure_id))];
  if (!ids.length) return [];
  const structures = await db
    .selectFrom('structures')
    .select(['id', 'slug', 'title'])
    .where('id', 'in', ids)
    .orderBy('title')
    .execute();
  return structures.map((s) => {
    const own = rows.filter((r) => r.structure_id === s.id);
    return {
      ...s,
      with_mask: own.length,
      exportable: own.filter((r) => r.anonymised && r.series_status === 'done').length,
    };
  });
}

export async function datasetCandidates(db: Db, teamId: number, structureId: number) {
  await teamById(db, teamId);
  await teamStructure(db, teamId, structureId);
  return (await maskedSegmentations(db, teamId, { structureId })).map(presentCandidate);
}

function refuse(message: string): never {
  throw unprocessable(message, { segmentation_ids: [message] });
}

/**
 * Queues an export: every segmentation the team's (404 otherwise, as another team's), of the structure,
 * with a mask on a converted series of an anonymised study, all of one modality (422 otherwise).
 */
export async function createExport(
  deps: Pick<Deps, 'db' | 'queue'>,
  ctx: Pick<UserContext, 'user'>,
  body: CreateDatasetExport,
): Promise<DatasetExport> {
  const { db } = deps;
  await teamById(db, body.team_id);
  await teamStructure(db, body.team_id, body.structure_id);
  const ids = [...new Set(body.segmentation_ids)].sort((a, b) => a - b);
  const rows = await maskedSegmentations(db, body.team_id, { only: ids });
  if (rows.length !== ids.length) throw notFound('Segmentation not found.');
  if (rows.some((r) => r.structure_id !== body.structure_id)) refuse(WRONG_STRUCTURE);
  if (rows.some((r) => r.mask_revision === null || r.series_status !== 'done')) refuse(NO_MASK);
  if (rows.some((r) => !r.anonymised)) refuse(NOT_ANONYMISED);
  if (!channelName(rows.map((r) => r.modality_code))) refuse(MIXED_MODALITIES);
  const { id } = await db
    .insertInto('dataset_exports')
    .values({
      team_id: body.team_id,
      structure_id: body.structure_id,
      segmentation_ids: JSON.stringify(ids),
      dataset_id: body.dataset_id,
      name: body.name,
      cases_total: ids.length,
      created_by: ctx.user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.queue.add('export-dataset', { exportId: id }, `export-dataset-${id}`);
  return exportById(db, id);
}

function exportRows(db: Db) {
  return db
    .selectFrom('dataset_exports as de')
    .innerJoin('teams as t', 't.id', 'de.team_id')
    .innerJoin('structures as s', 's.id', 'de.structure_id')
    .leftJoin('users as u', 'u.id', 'de.created_by')
    .select([
      'de.id',
      'de.dataset_id',
      'de.name',
      'de.state',
      'de.cases_total',
      'de.cases_done',
      'de.size',
      'de.error',
      'de.created_at',
      'de.finished_at',
      't.id as team_id',
      't.slug as team_slug',
      't.title as team_title',
      's.id as structure_id',
      's.title as structure_title',
      'u.name as created_by',
    ]);
}
type ExportRow = Awaited<ReturnType<ReturnType<typeof exportRows>['executeTakeFirstOrThrow']>>;

function present(r: ExportRow): DatasetExport {
  return {
    id: r.id,
    team: { id: r.team_id, slug: r.team_slug, title: r.team_title },
    structure: { id: r.structure_id, title: r.structure_title },
    folder: datasetFolder(r.dataset_id, r.name),
    state: r.state,
    cases_total: r.cases_total,
    cases_done: r.cases_done,
    size: r.size === null ? null : Number(r.size),
    error: r.error,
    created_by: r.created_by,
    created_at: iso(r.created_at),
    finished_at: isoOrNull(r.finished_at),
  };
}

export async function listExports(db: Db): Promise<DatasetExport[]> {
  const rows = await exportRows(db).orderBy('de.created_at', 'desc').orderBy('de.id', 'desc').execute();
  return rows.map(present);
}

export async function exportById(db: Db, id: number): Promise<DatasetExport> {
  const row = await exportRows(db).where('de.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Export not found.');
  return present(row);
}

/** A done export's zip, its download recorded in the audit log (who took which team's data); 409 before. */
export async function downloadExport(
  deps: Pick<Deps, 'db' | 'storage'>,
  ctx: Pick<UserContext, 'user'>,
  id: number,
): Promise<{ file: ReadStream; name: string; size: number }> {
  const found = await exportById(deps.db, id);
  if (found.state !== 'done') throw conflict(EXPORT_NOT_DONE);
  const key = datasetExportKey(found.team.id, found.id);
  const size = await deps.storage.size(key);
  if (size === null) throw notFound('Export not found.');
  await deps.db
    .insertInto('audit_logs')
    .values({
      actor_id: ctx.user.id,
      team_id: found.team.id,
      action: 'dataset-export.download',
      subject: `dataset export ${found.id} (${found.folder}) of team ${found.team.slug}`,
      data: JSON.stringify({ export_id: found.id, folder: found.folder, cases: found.cases_total, size }),
    })
    .execute();
  return { file: await deps.storage.read(key), name: `${found.folder}.zip`, size };
}
