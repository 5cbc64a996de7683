import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { SEGMENT_PALETTE, type Segmentation } from '@voxa/contracts';
import { labelMapColours, labelMaskOf, readLabelMap } from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { StorageKey } from '../../platform/storage';
import { seriesWithStudy } from '../studies/series';
import { catalogueColours, structureBySlug } from '../structures/find';
import { gzipMask, writeMaskRevision } from './mask-revisions';
import { seriesGrid } from './masks';
import { segmentationsByIds } from './present';
import { maskDatatype } from './segment-rules';
import { insertSegmentation } from './service';

export const NO_FILE = 'Send the label map’s .nii or .nii.gz bytes as the body (application/octet-stream).';
export const BAD_GZIP = 'The .nii.gz file could not be decompressed.';

/** The .nii bytes of the body, inflated when gzipped, never past `limit` bytes (413). */
export async function niiBytes(body: unknown, limit: number): Promise<Uint8Array> {
  if (!(body instanceof Uint8Array) || body.byteLength === 0) throw badRequest(NO_FILE);
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body;
  try {
    return await promisify(gunzip)(body, { maxOutputLength: limit });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new HttpError(413, `The label map is larger than ${limit} bytes once decompressed.`);
    throw badRequest(BAD_GZIP);
  }
}

/** Label value -> title of a multi-class structure's classes (none for a single structure). */
export async function classTitles(db: Db, structureId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('structure_classes')
    .innerJoin('structures', 'structures.id', 'structure_classes.class_id')
    .select(['structure_classes.value', 'structures.title'])
    .where('structure_classes.structure_id', '=', structureId)
    .execute();
  return new Map(rows.map((r) => [r.value, r.title]));
}

/**
 * POST /svc/v2/import-mask/{uuid}: a NIfTI label map on the series' grid becomes a new segmentation with
 * one segment per label value present (titled from the structure's classes, else 'Part N') and its mask
 * as revision 1, voxel-equal to the file, on the series' own header.
 */
export async function importMask(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  ctx: TeamContext,
  seriesUuid: string,
  query: { structure: string; rbac?: boolean | undefined },
  body: unknown,
): Promise<Segmentation> {
  const series = await seriesWithStudy(deps.db, ctx.team.id)
    .where('series.uuid', '=', seriesUuid)
    .executeTakeFirst();
  if (!series) throw notFound('Series not found.');
  const structure = await structureBySlug(deps.db, ctx.team.id, query.structure);
  const id = await importLabelMap(
    deps,
    {
      teamId: ctx.team.id,
      user: { id: ctx.user.id, name: ctx.user.name },
      series,
      structureId: structure.id,
      rbac: query.rbac ?? false,
      titles: await classTitles(deps.db, structure.id),
    },
    body,
  );
  const [segmentation] = await segmentationsByIds(deps.db, ctx, [id]);
  if (!segmentation) throw notFound('Segmentation not found.');
  return segmentation;
}

export interface LabelMapImport {
  teamId: number;
  /** Who the segmentation and its first revision are by. */
  user: { id: number; name: string };
  series: { id: number; study_id: number } & Parameters<typeof seriesGrid>[1];
  structureId: number;
  rbac: boolean;
  /** Segment titles by label value; a value without one is 'Part N'. */
  titles: ReadonlyMap<number, string>;
  /** When given, the only label values the map may hold (a model's segments). */
  allowed?: ReadonlySet<number>;
}

export const UNKNOWN_LABELS = 'The label map holds values that are not among the segments: ';

/**
 * A label map (.nii or .nii.gz bytes) on the series' grid as a new segmentation: one segment per value
 * present, its mask as revision 1. Everything is checked before anything is written; the rows and the
 * mask are written in one transaction. Answers the segmentation's id.
 */
export async function importLabelMap(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  input: LabelMapImport,
  body: unknown,
): Promise<number> {
  const { folder, header } = await seriesGrid(deps.storage, input.series);
  const nii = await niiBytes(body, deps.config.MASK_IMPORT_MAX_BYTES);
  const read = readLabelMap(nii, header);
  if (!read.ok) throw new HttpError(read.status, read.error);
  const { allowed } = input;
  const unknown = allowed ? read.present.filter((v) => !allowed.has(v)) : [];
  if (unknown.length) throw new HttpError(422, `${UNKNOWN_LABELS}${unknown.join(', ')}.`);
  const catalogue = await catalogueColours(deps.db, input.structureId);
  const colours = labelMapColours(read.present, catalogue, SEGMENT_PALETTE);
  const segments = read.present.map((value, i) => ({
    value,
    title: input.titles.get(value) ?? `Part ${value}`,
    color: colours[i] ?? SEGMENT_PALETTE[0],
  }));
  return writeImported(deps, input, { folder, header, labels: read.labels, segments });
}

/** A segment of an imported segmentation, with the label value its voxels hold. */
export interface ImportedSegment {
  value: number;
  title: string;
  color: string;
}

/**
 * An imported label volume (checked already) as a new segmentation: its segments and its mask as
 * revision 1 on the series' header, the rows and the mask written in one transaction. Answers its id.
 */
export async function writeImported(
  deps: Pick<Deps, 'db' | 'storage'>,
  input: Pick<LabelMapImport, 'teamId' | 'user' | 'series' | 'structureId' | 'rbac'>,
  imported: { folder: StorageKey; header: Uint8Array; labels: Uint16Array; segments: ImportedSegment[] },
): Promise<number> {
  const datatype = maskDatatype(imported.segments.map((s) => s.value));
  const gz = await gzipMask(labelMaskOf(imported.header, datatype, imported.labels).bytes);

  return deps.db.transaction().execute(async (trx) => {
    const id = await insertSegmentation(trx, { ...input, userId: input.user.id });
    if (imported.segments.length)
      await trx
        .insertInto('segments')
        .values(
          imported.segments.map((s) => ({
            segmentation_id: id,
            team_id: input.teamId,
            // sort = value, so a segment added later gets a value above every imported one.
            sort: s.value,
            value: s.value,
            title: s.title,
            color: s.color,
            // Its voxels are in the mask: a delete is followed by remove-segment.
            revision: 1,
          })),
        )
        .execute();
    const target = { segmentationId: id, teamId: input.teamId, user: input.user, folder: imported.folder };
    await writeMaskRevision(trx, deps.storage, target, 'import', async () => ({ gz, datatype }));
    return id;
  });
}
