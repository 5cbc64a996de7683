import type { Deps } from '../../deps';
import { eachAtOnce } from '../../platform/concurrency/each-at-once';
import { ConversionError } from '../../platform/dcm2niix';
import type { StorageKey } from '../../platform/storage';
import { seriesPartKey } from '../../platform/storage/layout';
import { deidentifyDicom, type Replacements } from '../deidentify/deidentify';
import { teamReplacements } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';

/** Files de-identified at once: the reads and flushes of some overlap the de-identification of another. */
const FILES_AT_ONCE = 4;

/**
 * Writes the de-identified copy (PS3.15 basic profile, docs/decisions/0014) of one DICOM file, flushed
 * and renamed into place. Throws a ConversionError when the file cannot be de-identified.
 */
async function deidentifyFile(
  deps: Pick<Deps, 'storage'>,
  replacements: Replacements,
  from: StorageKey,
  to: StorageKey,
): Promise<void> {
  const bytes = await deps.storage.readBytes(from);
  let clean: Uint8Array[];
  try {
    clean = deidentifyDicom(bytes, replacements);
  } catch (error) {
    throw new ConversionError(`A file of the series cannot be de-identified: ${String(error)}`, '');
  }
  await deps.storage.writeAtomic(to, clean);
}

/**
 * Writes the de-identified copies of the series' input files into its `dicom/` folder. It only reads the
 * input, so it runs while dcm2niix converts the same files (on the other core: a file costs this thread
 * a fraction of a millisecond, decision 0071). A file that cannot be de-identified fails the series, and
 * no copy is left.
 */
export async function writeDeidentifiedDicom(
  deps: Deps,
  teamId: number,
  folder: StorageKey,
  inputFiles: string[],
): Promise<void> {
  const input = seriesPartKey(folder, 'input');
  const dicom = seriesPartKey(folder, 'dicom');
  await deps.storage.remove(dicom);
  const replacements = teamReplacements(teamKey(deps.keys, teamId));
  try {
    await eachAtOnce(inputFiles, FILES_AT_ONCE, (name) =>
      deidentifyFile(deps, replacements, [...input, name], [...dicom, name]),
    );
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
