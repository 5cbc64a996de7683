import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ServerSeries } from '@voxa/contracts';
import { ConversionError } from '../../platform/dcm2niix';
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
      await linkOrCopy(from, path.join(input, `${String(index + 1).padStart(6, '0')}.dcm`));
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
