import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { isEncapsulatedSyntax } from '@voxa/imaging';
import type { Deps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import { seriesKey, seriesPartKey } from '../../platform/storage/layout';
import { integerOf, parseDicom, PIXEL_DATA, toDicomJson, type JsonDataset } from './dicom-json';
import { decodedFrame, encapsulatedFrames, littleEndianPixels, pixelDescriptionOf } from './transcode';
import { EXPLICIT_VR_LITTLE_ENDIAN, STORED_SYNTAX } from './wado-accept';

type WadoDeps = Pick<Deps, 'db' | 'storage'>;

/** What a WADO-RS path names: a study, a series of it, or one instance. */
export interface WadoTarget {
  study: string;
  series?: string;
  instance?: string;
}

export interface StoredFile {
  studyUid: string;
  seriesUid: string;
  sopUid: string;
  /** The file on disk (the series' `dicom/` folder). */
  path: string;
  /** Its transfer syntax as indexed (a file without one is Implicit VR Little Endian). */
  transferSyntax: string;
}

const IMPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2';

/** The team's stored files a WADO-RS path names, in series and instance order; 404 for none. */
export async function storedFiles(deps: WadoDeps, teamId: number, target: WadoTarget): Promise<StoredFile[]> {
  let query = deps.db
    .selectFrom('dicomweb_instances as i')
    .innerJoin('series', 'series.id', 'i.series_id')
    .innerJoin('studies', 'studies.id', 'i.study_id')
    .select([
      'i.study_uid',
      'i.series_uid',
      'i.sop_uid',
      'i.file',
      'series.uuid as seriesUuid',
      'studies.uuid as studyUuid',
      sql<string | null>`i.attributes -> '00083002' -> 'Value' ->> 0`.as('syntax'),
    ])
    .where('i.team_id', '=', teamId)
    .where('i.study_uid', '=', target.study);
  if (target.series !== undefined) query = query.where('i.series_uid', '=', target.series);
  if (target.instance !== undefined) query = query.where('i.sop_uid', '=', target.instance);
  const rows = await query.orderBy('i.series_id').orderBy('i.instance_number').orderBy('i.id').execute();
  if (rows.length === 0)
    throw notFound(
      target.instance ? 'Instance not found.' : target.series ? 'Series not found.' : 'Study not found.',
    );
  const out: StoredFile[] = [];
  for (const r of rows) {
    const folder = seriesPartKey(seriesKey(teamId, r.studyUuid, r.seriesUuid), 'dicom');
    out.push({
      studyUid: r.study_uid,
      seriesUid: r.series_uid,
      sopUid: r.sop_uid,
      path: await deps.storage.path([...folder, r.file]),
      transferSyntax: r.syntax || IMPLICIT_VR_LITTLE_ENDIAN,
    });
  }
  return out;
}

/** The stored bytes of each file, read one after another as a response streams them. */
export async function* fileBytes(files: StoredFile[]): AsyncGenerator<{ file: StoredFile; bytes: Buffer }> {
  for (const file of files) yield { file, bytes: await readFile(file.path) };
}

/** The instances' metadata (DICOM JSON), the pixel data as a bulk data URI of its frames. */
export async function metadataOf(files: StoredFile[], base: string): Promise<JsonDataset[]> {
  const out: JsonDataset[] = [];
  for await (const { file, bytes } of fileBytes(files)) {
    const { dict, transferSyntax } = parseDicom(new Uint8Array(bytes), true);
    const uri = `${base}/studies/${file.studyUid}/series/${file.seriesUid}/instances/${file.sopUid}`;
    const json = toDicomJson(dict, `${uri}/frames/${framesList(integerOf(dict, '00280008') ?? 1)}`);
    if (transferSyntax) json['00020010'] = { vr: 'UI', Value: [transferSyntax] };
    out.push(json);
  }
  return out;
}

const framesList = (n: number) => Array.from({ length: Math.max(1, n) }, (_, i) => i + 1).join(',');

/** A frame list of a WADO-RS path (`1,3,5`): 1-based numbers; 400 for anything else. */
export function parseFrameList(text: string): number[] {
  const numbers = text.split(',').map((t) => Number(t.trim()));
  if (numbers.length === 0 || numbers.length > 10_000 || numbers.some((n) => !Number.isInteger(n) || n < 1))
    throw new HttpError(400, `Not a list of frame numbers: ${text.slice(0, 100)}`);
  return numbers;
}

export interface FrameBytes {
  transferSyntax: string;
  frames: Uint8Array[];
}

/**
 * Frames of one instance in `wanted` (checked with canServe first): native pixel data cut frame by frame
 * (Explicit VR Little Endian bytes), encapsulated data decoded to them, or for `*` and the stored
 * syntax each frame's compressed bytes as stored. 404 for a frame the instance lacks.
 */
export async function framesOf(bytes: Uint8Array, numbers: number[], wanted: string): Promise<FrameBytes> {
  const { dict, transferSyntax } = parseDicom(bytes);
  const pixels = dict[PIXEL_DATA]?.Value as ArrayBuffer[] | undefined;
  if (!pixels || pixels.length === 0) throw notFound('The instance has no pixel data.');
  const count = integerOf(dict, '00280008') ?? 1;
  const missing = numbers.find((n) => n > count);
  if (missing !== undefined) throw notFound(`The instance has no frame ${missing}.`);
  if (isEncapsulatedSyntax(transferSyntax)) {
    const stored = encapsulatedFrames(dict);
    const frame = (n: number) => stored[n - 1] ?? new Uint8Array(0);
    if (wanted === STORED_SYNTAX || wanted === transferSyntax)
      return { transferSyntax, frames: numbers.map(frame) };
    const pixel = pixelDescriptionOf(dict);
    const frames = [];
    for (const n of numbers) frames.push((await decodedFrame(frame(n), transferSyntax, pixel)).pixels);
    return { transferSyntax: EXPLICIT_VR_LITTLE_ENDIAN, frames };
  }
  const pixel = pixelDescriptionOf(dict);
  const size = (pixel.rows * pixel.columns * pixel.samplesPerPixel * pixel.bitsAllocated) / 8;
  const all = Buffer.concat(pixels.map((p) => new Uint8Array(p)));
  const stored = transferSyntax || IMPLICIT_VR_LITTLE_ENDIAN;
  const served = wanted === STORED_SYNTAX ? stored : wanted;
  const frame = (n: number) => all.subarray((n - 1) * size, n * size);
  if (served === stored) return { transferSyntax: served, frames: numbers.map(frame) };
  // Little endian bytes, as Explicit VR Little Endian frames are.
  const little = numbers.map((n) => littleEndianPixels(frame(n), stored, pixel.bitsAllocated));
  return { transferSyntax: served, frames: little };
}
