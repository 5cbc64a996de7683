import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { MaskRevision } from '@voxa/contracts';
import type { LabelDatatype } from '@voxa/imaging';
import type { Transaction } from 'kysely';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { Database, MaskRevisionReason } from '../../platform/db/schema';
import type { Storage, StorageKey } from '../../platform/storage';
import { maskKey } from '../../platform/storage/layout';
import { iso } from '../common/time';
import { seriesFolder } from '../studies/series-data';
import { seriesWithStudy } from '../studies/series';

/** Where a segmentation's masks live and who writes the next one. */
export interface MaskTarget {
  segmentationId: number;
  teamId: number;
  user: { id: number; name: string };
  /** The series' folder (its conversion's), which holds `segmentations/{id}/mask-{revision}.nii.gz`. */
  folder: StorageKey;
}

/** A revision's content: the gzipped NIfTI file and its voxel type. */
export interface MaskContent {
  gz: Uint8Array;
  datatype: LabelDatatype;
}

/** The revision a write starts from: the segmentation's current one, null before the first. */
export interface CurrentMask {
  revision: number;
  datatype: LabelDatatype;
}

export const gzipMask = (nii: Uint8Array): Promise<Uint8Array> => promisify(gzip)(nii);

/**
 * Every mask write goes through here (docs/decisions/0030, 0032). Under a lock of the segmentation row:
 * the content is made from the current revision, written as revision max+1 durably (temp file, fsync,
 * rename) and only then named by its row, in the same transaction. A crash before the commit leaves at
 * most a file no row names, which the next write replaces; never a row without its file, and the earlier
 * revisions are never touched. Runs in the caller's transaction when given one.
 */
export async function writeMaskRevision(
  db: Db,
  storage: Pick<Storage, 'writeAtomic'>,
  target: MaskTarget,
  reason: MaskRevisionReason,
  content: (current: CurrentMask | null, trx: Transaction<Database>) => Promise<MaskContent>,
): Promise<MaskRevision> {
  const write = async (trx: Transaction<Database>): Promise<MaskRevision> => {
    const locked = await trx
      .selectFrom('segmentations')
      .select('mask_revision')
      .where('id', '=', target.segmentationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const revisions = await trx
      .selectFrom('mask_revisions')
      .select(['revision', 'datatype'])
      .where('segmentation_id', '=', target.segmentationId)
      .orderBy('revision', 'desc')
      .execute();
    const current = revisions.find((r) => r.revision === locked.mask_revision) ?? null;
    const made = await content(current, trx);
    const revision = (revisions[0]?.revision ?? 0) + 1;
    await storage.writeAtomic(maskKey(target.folder, target.segmentationId, revision), made.gz);
    const row = await trx
      .insertInto('mask_revisions')
      .values({
        segmentation_id: target.segmentationId,
        team_id: target.teamId,
        revision,
        reason,
        datatype: made.datatype,
        created_by: target.user.id,
      })
      .returning(['revision', 'reason', 'datatype', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('segmentations')
      .set({ mask_revision: revision, updated_at: new Date() })
      .where('id', '=', target.segmentationId)
      .execute();
    return { ...row, created_at: iso(row.created_at), created_by_name: target.user.name };
  };
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

/** The folder of a team's series (its masks live there); the series is known to exist. */
export async function seriesFolderOf(db: Db, teamId: number, seriesId: number): Promise<StorageKey> {
  const series = await seriesWithStudy(db, teamId)
    .where('series.id', '=', seriesId)
    .executeTakeFirstOrThrow();
  return seriesFolder(series, series.study_uuid);
}

/** A kept revision's row; 404 for one the segmentation never had. */
export async function revisionRow(db: Db, segmentationId: number, revision: number) {
  const row = await db
    .selectFrom('mask_revisions')
    .select(['revision', 'datatype'])
    .where('segmentation_id', '=', segmentationId)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (!row) throw notFound('Mask revision not found.');
  return row;
}

/** The gzipped file of a revision. */
export async function readRevision(
  storage: Pick<Storage, 'path'>,
  folder: StorageKey,
  segmentationId: number,
  revision: number,
): Promise<Buffer> {
  return readFile(await storage.path(maskKey(folder, segmentationId, revision)));
}

/** A revision's NIfTI bytes, inflated into a buffer of their own (aligned for uint16 voxel views). */
export async function inflateRevision(gz: Uint8Array): Promise<Uint8Array> {
  const nii = await promisify(gunzip)(gz);
  return new Uint8Array(nii);
}

/** The kept revisions, newest first, with who wrote each. */
export async function listRevisions(db: Db, segmentationId: number): Promise<MaskRevision[]> {
  const rows = await db
    .selectFrom('mask_revisions')
    .leftJoin('users', 'users.id', 'mask_revisions.created_by')
    .select([
      'mask_revisions.revision',
      'mask_revisions.reason',
      'mask_revisions.datatype',
      'mask_revisions.created_at',
      'users.name as created_by_name',
    ])
    .where('mask_revisions.segmentation_id', '=', segmentationId)
    .orderBy('mask_revisions.revision', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}
