import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps';
import type { StorageKey } from '../../platform/storage';
import { blankNiftiHeaderText, NIFTI_HEADER_BYTES } from '../deidentify/nifti';
import type { PatientIdentity } from '../deidentify/descriptors';
import { deidentifySidecar, sidecarText } from '../deidentify/sidecar';

/** Sub-series of a converted series: its uuid, a dash and three digits (section 3, converted case). */
export function subSeriesUuid(seriesUuid: string, index: number): string {
  return `${seriesUuid}-${String(index).padStart(3, '0')}`;
}

export interface SeriesOutputs {
  /** The NIfTI volumes, `{uuid}-NNN.nii`, in dcm2niix's order. */
  volumes: string[];
  /** Every file kept: the volumes with their .json, .bval and .bvec. */
  files: string[];
}

/**
 * Pairs dcm2niix's outputs with their volumes: each NIfTI with the files of its name and another
 * extension (`series_e2.nii` with `series_e2.json`, `.bval`, `.bvec`), as dcm2niix writes them.
 */
export function outputGroups(files: string[]): { volume: string; companions: string[] }[] {
  return files
    .filter((f) => f.endsWith('.nii'))
    .map((volume) => {
      const stem = volume.slice(0, -'.nii'.length);
      return { volume, companions: files.filter((f) => f !== volume && f.startsWith(`${stem}.`)) };
    });
}

/** dcm2niix's outputs renamed to sub-series uuids: `{uuid}-NNN.nii` and its companions beside it. */
export async function renameOutputs(
  deps: Deps,
  niftiDir: StorageKey,
  seriesUuid: string,
  files: string[],
): Promise<SeriesOutputs> {
  const outputs: SeriesOutputs = { volumes: [], files: [] };
  const groups = outputGroups(files);
  for (const [index, group] of groups.entries()) {
    const uuid = subSeriesUuid(seriesUuid, index + 1);
    for (const file of [group.volume, ...group.companions]) {
      const renamed = `${uuid}${path.extname(file)}`;
      await deps.storage.move([...niftiDir, file], [...niftiDir, renamed]);
      outputs.files.push(renamed);
    }
    outputs.volumes.push(`${uuid}.nii`);
  }
  // What matched no volume (none is known to exist) is not kept: it was never de-identified by kind.
  const kept = new Set(groups.flatMap((g) => [g.volume, ...g.companions]));
  for (const file of files.filter((f) => !kept.has(f))) await deps.storage.remove([...niftiDir, file]);
  return outputs;
}

/** Blanks a NIfTI file's header text in place: the voxels are not read. */
async function blankHeaderOnDisk(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(NIFTI_HEADER_BYTES),
      0,
      NIFTI_HEADER_BYTES,
      0,
    );
    const header = buffer.subarray(0, bytesRead);
    blankNiftiHeaderText(header);
    await handle.write(header, 0, bytesRead, 0);
  } finally {
    await handle.close();
  }
}

/** A series' descriptors as its first cleaned sidecar keeps them (decision 0086). */
export interface CleanedDescriptors {
  seriesDescription: string | null;
  protocolName: string | null;
}

const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * With anonymisation on, what conversion of the received bytes wrote is de-identified before it is
 * kept: the NIfTI headers' free text (dcm2niix writes the acquisition time there) and the JSON sidecars
 * (docs/decisions/0014), their descriptors cleaned of `identity` (decision 0086). `.bval` and `.bvec`
 * hold numbers only. Answers the descriptors of the first sidecar, for the series' row.
 */
export async function deidentifyOutputs(
  deps: Deps,
  niftiDir: StorageKey,
  files: string[],
  identity: PatientIdentity,
): Promise<CleanedDescriptors> {
  let descriptors: CleanedDescriptors | null = null;
  for (const file of files) {
    const key = [...niftiDir, file];
    if (file.endsWith('.nii')) await blankHeaderOnDisk(await deps.storage.path(key));
    else if (file.endsWith('.json')) {
      const sidecar = deidentifySidecar(await readFile(await deps.storage.path(key), 'utf8'), identity);
      await deps.storage.writeAtomic(key, Buffer.from(sidecarText(sidecar)));
      descriptors ??= {
        seriesDescription: textOrNull(sidecar.SeriesDescription),
        protocolName: textOrNull(sidecar.ProtocolName),
      };
    }
  }
  return descriptors ?? { seriesDescription: null, protocolName: null };
}

/**
 * Flushes the outputs to the disk before the series is marked done: dcm2niix writes them without a
 * flush, and a crash must not leave a series done whose volume never reached the disk.
 */
export async function syncOutputs(deps: Deps, niftiDir: StorageKey, files: string[]): Promise<void> {
  await Promise.all(files.map((file) => deps.storage.sync([...niftiDir, file])));
}
