import { rm } from 'node:fs/promises';
import { withEmptyOffsetTable } from '@voxa/imaging';
import type { Deps } from '../../deps';
import { ConversionError, type Conversion } from '../../platform/dcm2niix';
import type { StorageKey } from '../../platform/storage';

const REFUSED_FRAGMENTS = /Compressed image stored as \d+ fragments/;

/**
 * dcm2niix on the series' input folder; when it refuses fragments, once more after the input's filled
 * Basic Offset Tables are emptied, trusting then the fragments of the files known to hold one per frame
 * (an XA cine run in JPEG Lossless, decision 0039). Only that failure pays for reading the files.
 */
export async function convertInput(
  deps: Deps,
  input: StorageKey,
  names: string[],
  outputDir: string,
): Promise<Conversion> {
  const inputDir = await deps.storage.path(input);
  try {
    return await deps.converter.convert(inputDir, outputDir);
  } catch (error) {
    if (!(error instanceof ConversionError) || !REFUSED_FRAGMENTS.test(error.log)) throw error;
    const framesAsFragments = await emptyOffsetTables(deps, input, names);
    if (framesAsFragments.length === 0) throw error;
    await rm(outputDir, { recursive: true, force: true });
    return deps.converter.convert(inputDir, outputDir, { framesAsFragments });
  }
}

/**
 * Replaces each input file that has a filled table by a copy with it emptied (the link to the received
 * bytes goes, the received file stays as it came); answers the frame counts of those replaced.
 */
async function emptyOffsetTables(deps: Deps, input: StorageKey, names: string[]): Promise<number[]> {
  const frames: number[] = [];
  for (const name of names) {
    const key = [...input, name];
    const emptied = withEmptyOffsetTable(await deps.storage.readBytes(key));
    if (!emptied) continue;
    await deps.storage.writeAtomic(key, emptied.bytes);
    frames.push(emptied.frames);
  }
  return frames;
}
