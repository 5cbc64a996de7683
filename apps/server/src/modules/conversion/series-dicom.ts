import { readFile } from 'node:fs/promises';
import type { Deps } from '../../deps';
import { ConversionError } from '../../platform/dcm2niix';
import type { StorageKey } from '../../platform/storage';
import { seriesPartKey } from '../../platform/storage/layout';
import { deidentifyDicom } from '../deidentify/deidentify';
import { teamReplacements } from '../deidentify/keyed';
import { teamKey } from '../deidentify/team-key';

/**
 * Keeps the series' DICOM in its folder once converted: the received files themselves (the input links
 * become the `dicom/` folder), or with anonymisation on their de-identified copies (PS3.15 basic
 * profile, docs/decisions/0014), so no identifying byte stays. The input folder is gone afterwards.
 */
export async function keepDicom(
  deps: Deps,
  teamId: number,
  folder: StorageKey,
  anonymize: boolean,
  inputFiles: string[],
): Promise<void> {
  const input = seriesPartKey(folder, 'input');
  const dicom = seriesPartKey(folder, 'dicom');
  await deps.storage.remove(dicom);
  if (!anonymize) return deps.storage.move(input, dicom);
  const replacements = teamReplacements(teamKey(deps.keys, teamId));
  for (const name of inputFiles) {
    const bytes = new Uint8Array(await readFile(await deps.storage.path([...input, name])));
    let clean: Uint8Array;
    try {
      clean = deidentifyDicom(bytes, replacements);
    } catch (error) {
      await deps.storage.remove(dicom);
      throw new ConversionError(`A file of the series cannot be de-identified: ${String(error)}`, '');
    }
    await deps.storage.writeAtomic([...dicom, name], clean);
  }
  await deps.storage.remove(input);
}
