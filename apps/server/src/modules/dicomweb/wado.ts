import { readFile } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import { decodeDicomFrame, displayForDicom, isEncapsulatedSyntax, renderRgba } from '@voxa/imaging';
import type { Deps } from '../../deps';
import { HttpError, notFound } from '../../http/errors';
import { encodePng } from '../../platform/png/encode';
import { seriesKey, seriesPartKey } from '../../platform/storage/layout';
import { integerOf, parseDicom, PIXEL_DATA, toDicomJson, type JsonDataset } from './dicom-json';

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
}

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
 * Frames of one instance as stored: native pixel data cut frame by frame, encapsulated data as each
 * frame's compressed bytes (served in its own transfer syntax). 404 for a frame the instance lacks.
 */
export function framesOf(bytes: Uint8Array, numbers: number[]): FrameBytes {
  const { dict, transferSyntax } = parseDicom(bytes);
  const pixels = dict[PIXEL_DATA]?.Value as ArrayBuffer[] | undefined;
  if (!pixels || pixels.length === 0) throw notFound('The instance has no pixel data.');
  const count = integerOf(dict, '00280008') ?? 1;
  const pick = (frames: (n: number) => Uint8Array) =>
    numbers.map((n) => {
      if (n > count) throw notFound(`The instance has no frame ${n}.`);
      return frames(n);
    });
  if (isEncapsulatedSyntax(transferSyntax)) {
    // dcmjs gives one buffer per frame; a single frame in several fragments comes as several buffers.
    const one = () => Buffer.concat(pixels.map((p) => new Uint8Array(p)));
    return {
      transferSyntax,
      frames: pick((n) => (count === 1 ? one() : new Uint8Array(pixels[n - 1] ?? new ArrayBuffer(0)))),
    };
  }
  const rows = integerOf(dict, '00280010') ?? 0;
  const columns = integerOf(dict, '00280011') ?? 0;
  const samples = integerOf(dict, '00280002') ?? 1;
  const bits = integerOf(dict, '00280100') ?? 16;
  const size = (rows * columns * samples * bits) / 8;
  const all = Buffer.concat(pixels.map((p) => new Uint8Array(p)));
  return { transferSyntax, frames: pick((n) => all.subarray((n - 1) * size, n * size)) };
}

/** One frame drawn as a PNG in the instance's own window; 406 for compressed pixel data (no codec here). */
export function renderedFrame(bytes: Uint8Array, frame: number): Buffer {
  const decoded = decodeDicomFrame(bytes, frame - 1, {
    inflateRaw: (b) => new Uint8Array(inflateRawSync(b)),
  });
  if (!decoded.ok && decoded.reason === 'encapsulated')
    throw new HttpError(
      406,
      'Rendering compressed pixel data is not supported: retrieve the frames instead.',
    );
  if (!decoded.ok) throw notFound(decoded.error);
  const rgba = renderRgba(decoded.frame, displayForDicom(decoded.header));
  return encodePng(
    new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength),
    decoded.frame.width,
    decoded.frame.height,
  );
}
