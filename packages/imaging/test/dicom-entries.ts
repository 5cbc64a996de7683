import { readDicomHeader } from '../src/dicom/read-header';
import type { DicomEntry } from '../src/group/series';
import { readManifest, readTestFile, testFileRef } from './manifest';

/** Header entries for every DICOM file of the corpus under `prefix`, in manifest order. */
export function dicomEntries(prefix: string): DicomEntry[] {
  return readManifest()
    .filter((row) => row.kind === 'dicom' && row.path.startsWith(prefix))
    .map((row) => {
      const result = readDicomHeader(readTestFile(row.path));
      if (!result.ok) throw new Error(`${row.path}: ${result.error}`);
      return { file: testFileRef(row), header: result.header };
    });
}
