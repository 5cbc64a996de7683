import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ServerSeries } from '@voxa/contracts';
import { GzipError, isGzip } from '@voxa/imaging';
import { ConversionError } from '../../platform/dcm2niix';
import { maybeGunzip } from '../../platform/gzip';
import { relativeKey } from '../../platform/storage';
import { convertedDirKey, convertedKey, inflatedKey } from '../../platform/storage/layout';
import type { ArchiveDeps } from './service';

/** A hard link where the file system allows one (no second copy of a large series), else a copy. */
async function linkOrCopy(from: string, to: string) {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

async function startsLikeGzip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(new Uint8Array(2), 0, 2, 0);
    return isGzip(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** A series file as dcm2niix's input: a gzipped one (`.dcm.gz`) inflated, since dcm2niix reads no gzip. */
async function stage(from: string, to: string, maxInflatedBytes: number) {
  if (!(await startsLikeGzip(from))) return linkOrCopy(from, to);
  try {
    await writeFile(to, await maybeGunzip(await readFile(from), maxInflatedBytes));
  } catch (error) {
    if (error instanceof GzipError) throw new ConversionError(error.message, '');
    throw error;
  }
}

/** Conversions under way in this process, by target: concurrent requests for one series share one. */
const running = new Map<string, Promise<void>>();

async function convert(deps: ArchiveDeps, teamId: number, session: string, series: ServerSeries) {
  const work = [
    ...convertedDirKey(teamId, session),
    `${series.uploadId}.${randomBytes(4).toString('hex')}.work`,
  ];
  try {
    const input = await deps.storage.path([...work, 'input']);
    const output = await deps.storage.path([...work, 'output']);
    await mkdir(input, { recursive: true });
    await mkdir(output, { recursive: true });
    // The series' own files only: their folder may hold other series.
    for (const [index, f] of series.files.entries()) {
      const from = await deps.storage.path([...inflatedKey(teamId, session), ...relativeKey(f.path)]);
      const to = path.join(input, `${String(index + 1).padStart(6, '0')}.dcm`);
      await stage(from, to, deps.config.UPLOAD_MAX_FILE_BYTES);
    }
    const result = await deps.converter.convert(input, output);
    const nifti = result.files.find((f) => f.endsWith('.nii'));
    if (!nifti) throw new ConversionError('dcm2niix made no NIfTI of this series.', result.log);
    await deps.storage.move([...work, 'output', nifti], convertedKey(teamId, session, series.uploadId));
  } finally {
    await deps.storage.remove(work);
  }
}

/**
 * The `.nii` of a DICOM series read from the session's archives, converted with dcm2niix the first time
 * it is asked for and kept as `converted/{uploadId}.nii` (its first volume when dcm2niix makes several).
 * Throws a ConversionError when dcm2niix cannot convert it.
 */
export async function convertedNifti(
  deps: ArchiveDeps,
  teamId: number,
  session: string,
  series: ServerSeries,
): Promise<string> {
  const key = convertedKey(teamId, session, series.uploadId);
  const target = await deps.storage.path(key);
  if ((await deps.storage.size(key)) !== null) return target;
  let conversion = running.get(target);
  if (!conversion) {
    conversion = convert(deps, teamId, session, series).finally(() => running.delete(target));
    running.set(target, conversion);
  }
  await conversion;
  return target;
}
