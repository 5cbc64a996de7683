import { readFile } from 'node:fs/promises';
import type { Deps } from '../../deps';
import { ConversionError } from '../../platform/dcm2niix';
import type { StorageKey } from '../../platform/storage';
import { seriesPartKey } from '../../platform/storage/layout';
import { deidentifyDicom, type Replacements } from '../deidentify/deidentify';
import { teamReplacements } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';
import { eachAtOnce } from './each-at-once';

/** Files de-identified at once: the reads and flushes of some overlap the de-identification of another. */
const FILES_AT_ONCE = 4;

/**
 * Writes the de-identified copy (PS3.15 basic profile, docs/decisions/0014) of one DICOM file, flushed
 * and renamed into place. Throws a ConversionError when the file cannot be de-identified.
 */
export async function deidentifyFile(
  deps: Pick<Deps, 'storage'>,
  replacements: Replacements,
  from: StorageKey,
  to: StorageKey,
): Promise<void> {
  const bytes = new Uint8Array(await readFile(await deps.storage.path(from)));
  let clean: Uint8Array[];
  try {
    clean = deidentifyDicom(bytes, replacements);
  } catch (error) {
    throw new ConversionError(`A file of the series cannot be de-identified: ${String(error)}`, '');
  }
  await deps.storage.writeAtomic(to, clean);
}

/**
 * Fills the series' `dicom/` folder with the de-identified copies of its input files: a copy written
 * while the upload went on (`copies[i]`, decision 0070) is moved in (nothing left to remove later; a
 * rerun de-identifies again from the input, which stays until the series is done), any other file is
 * de-identified here.
 * It only reads the input, so it runs while dcm2niix converts the same files. A file that cannot be
 * de-identified fails the series, and no copy is left.
 */
export async function writeDeidentifiedDicom(
  deps: Deps,
  teamId: number,
  folder: StorageKey,
  inputFiles: string[],
  copies: (StorageKey | null)[],
): Promise<void> {
  const input = seriesPartKey(folder, 'input');
  const dicom = seriesPartKey(folder, 'dicom');
  await deps.storage.remove(dicom);
  const replacements = teamReplacements(teamKey(deps.keys, teamId));
  try {
    await eachAtOnce(inputFiles, FILES_AT_ONCE, async (name, index) => {
      const copy = copies[index];
      const moved = copy
        ? await deps.storage.move(copy, [...dicom, name]).then(
            () => true,
            // Not written (yet): de-identified here, from the same bytes.
            () => false,
          )
        : false;
      if (!moved) await deidentifyFile(deps, replacements, [...input, name], [...dicom, name]);
    });
  } catch (error) {
    await deps.storage.remove(dicom);
    throw error;
  }
}

/**
 * Keeps the series' DICOM in its folder once converted: with anonymisation on, the de-identified copies
 * already written (the input links go), else the received files themselves (the input links become the
 * `dicom/` folder), so no identifying byte stays when it is on.
 */
export async function keepDicom(deps: Deps, folder: StorageKey, anonymize: boolean): Promise<void> {
  const input = seriesPartKey(folder, 'input');
  if (anonymize) return deps.storage.remove(input);
  const dicom = seriesPartKey(folder, 'dicom');
  await deps.storage.remove(dicom);
  await deps.storage.move(input, dicom);
}
