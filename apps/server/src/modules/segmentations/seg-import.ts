import { SEGMENT_PALETTE, type Segmentation } from '@voxa/contracts';
import {
  dicomLabToHex,
  distinctColours,
  segFramesToLabels,
  sourceImageKey,
  type PlacedInstance,
} from '@voxa/imaging';
import type { Deps } from '../../deps';
import type { TeamContext } from '../../http/context';
import { badRequest, notFound, unprocessable } from '../../http/errors';
import { seriesWithStudy } from '../studies/series';
import { catalogueColours, structureBySlug } from '../structures/find';
import { classTitles, writeImported } from './mask-import';
import { seriesGrid } from './masks';
import { segmentationsByIds } from './present';
import { readSeg } from './seg-dataset';
import { placeSeries } from './seg-source';
import { segValues } from './segment-rules';

export const NO_SEG_FILE = 'Send the DICOM SEG file’s bytes as the body (application/dicom).';
export const OTHER_SERIES = 'The SEG references images that are not of this series.';
export const FRAME_SIZE = 'The SEG’s frames are not the size of the series’ instances.';
export const TOO_MANY_SEGMENTS = 'The SEG has more segments than a mask can hold.';

/**
 * POST /svc/v2/import-seg/{uuid}: a binary DICOM SEG drawn on the series' stored instances becomes a new
 * segmentation (docs/decisions/0067): one segment per SEG segment, empty ones too, with its label and
 * colour; its mask as revision 1. Everything is checked before anything is written.
 */
export async function importSeg(
  deps: Pick<Deps, 'db' | 'storage'>,
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
  if (!(body instanceof Uint8Array) || body.byteLength === 0) throw badRequest(NO_SEG_FILE);
  const read = readSeg(body);
  if (!read.ok) throw unprocessable(read.error);
  const { seg } = read;
  const { folder, header } = await seriesGrid(deps.storage, series);
  const { dims, placed } = await placeSeries(deps.storage, folder, header);

  const byImage = new Map(
    placed.map((p) => [sourceImageKey(p.instance.sopInstanceUid, p.instance.frameNumber), p]),
  );
  const frames = seg.frames.map((f) => ({
    segmentNumber: f.segmentNumber,
    placed: byImage.get(sourceImageKey(f.sopInstanceUid, f.frameNumber)),
  }));
  if (frames.some((f) => !f.placed)) throw unprocessable(OTHER_SERIES);
  const placedFrames = frames as { segmentNumber: number; placed: PlacedInstance }[];
  if (
    placedFrames.some((f) => f.placed.instance.rows !== seg.rows || f.placed.instance.columns !== seg.columns)
  )
    throw unprocessable(FRAME_SIZE);

  const titles = await classTitles(deps.db, structure.id);
  const classValues = new Map([...titles].map(([value, title]) => [title.trim().toLowerCase(), value]));
  const values = segValues(seg.segments, classValues);
  if (!values) throw unprocessable(TOO_MANY_SEGMENTS);
  const labels = segFramesToLabels(placedFrames, seg.pixelData, seg, dims, (n) => values.get(n) ?? 0);
  if (!labels.ok) throw unprocessable(labels.error);

  // A segment named like a class has the catalogue's colour of it, else its own, else the palette's;
  // none twice (decision 0098).
  const catalogue = await catalogueColours(deps.db, structure.id);
  const colours = distinctColours(
    [],
    seg.segments.map((s, i) => {
      const value = values.get(s.number) ?? 0;
      const named = classValues.get(s.label.trim().toLowerCase()) === value;
      return (
        (named ? catalogue.classes.get(value) : null) ?? (s.lab ? dicomLabToHex(s.lab) : SEGMENT_PALETTE[i])
      );
    }),
  );
  const id = await writeImported(
    deps,
    {
      teamId: ctx.team.id,
      user: { id: ctx.user.id, name: ctx.user.name },
      series,
      structureId: structure.id,
      rbac: query.rbac ?? false,
    },
    {
      folder,
      header,
      labels: labels.labels,
      segments: seg.segments.map((s, i) => {
        const value = values.get(s.number) ?? 0;
        return {
          value,
          title: s.label.trim() || `Part ${value}`,
          color: colours[i] ?? SEGMENT_PALETTE[0],
        };
      }),
    },
  );
  const [segmentation] = await segmentationsByIds(deps.db, ctx, [id]);
  if (!segmentation) throw notFound('Segmentation not found.');
  return segmentation;
}
