import { normalizeWindowing } from '../rules/windowing';
import { startsDeselected } from '../rules/selection';
import { ACQUISITION_NONE, type DicomHeader, type FileRef } from '../types';
import type { UploadSeries } from '../upload-model';
import { constantSpacing, orientationsEqual, positionAlongNormal, sliceNormal } from './geometry';

export interface DicomEntry {
  file: FileRef;
  header: DicomHeader;
}

function compareNullable(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** Slice order: instance number, then position along the slice normal, then file name (for a stable order). */
export function sortSlices(entries: DicomEntry[]): DicomEntry[] {
  const normal = sliceNormal(
    entries.find((e) => e.header.imageOrientationPatient)?.header.imageOrientationPatient ?? null,
  );
  const along = (e: DicomEntry) => positionAlongNormal(e.header.imagePositionPatient, normal);
  return entries
    .slice()
    .sort(
      (a, b) =>
        compareNullable(a.header.instanceNumber, b.header.instanceNumber) ||
        compareNullable(along(a), along(b)) ||
        a.file.name.localeCompare(b.file.name),
    );
}

/**
 * The series number of files that may disagree (dcm_qa_ts: one SeriesInstanceUID, numbers 1 to 9):
 * the most common number, ties going to the one that comes first in slice order.
 */
export function seriesNumberOf(sorted: DicomEntry[]): number | null {
  const counts = new Map<number, number>();
  for (const { header } of sorted) {
    if (header.seriesNumber !== null)
      counts.set(header.seriesNumber, (counts.get(header.seriesNumber) ?? 0) + 1);
  }
  let best: number | null = null;
  for (const [number, count] of counts) {
    // Map keeps first-insertion order, so a strict > leaves ties with the earliest slice.
    if (best === null || count > (counts.get(best) as number)) best = number;
  }
  return best;
}

/** One UploadSeries from the instances of one SeriesInstanceUID (all with pixel data). */
export function buildSeries(id: string, entries: DicomEntry[]): Omit<UploadSeries, 'sort'> {
  const sorted = sortSlices(entries);
  const first = (sorted[0] as DicomEntry).header;
  const normal = sliceNormal(first.imageOrientationPatient);
  const imageOrientationEqual = orientationsEqual(sorted.map((e) => e.header.imageOrientationPatient));
  const distances = sorted.map((e) => positionAlongNormal(e.header.imagePositionPatient, normal));
  const numberOfFrames = Math.max(...sorted.map((e) => e.header.numberOfFrames));
  const valid = first.rows !== null && first.columns !== null;
  const counts = { cnt: sorted.length, numberOfFrames };
  return {
    id,
    type: 'dcm',
    seriesNumber: seriesNumberOf(sorted),
    seriesDescription: first.seriesDescription,
    protocolName: first.protocolName,
    imageComments: first.imageComments,
    acquisitionCode: ACQUISITION_NONE,
    score: 0,
    modalityCode: first.modality ?? '',
    ...counts,
    rows: first.rows,
    columns: first.columns,
    sliceThickness: first.sliceThickness,
    pixelSpacing: first.pixelSpacing,
    imagerPixelSpacing: first.imagerPixelSpacing,
    ...normalizeWindowing(first),
    bitsStored: first.bitsStored,
    bitsAllocated: first.bitsAllocated,
    samplesPerPixel: first.samplesPerPixel,
    transferSyntaxUID: first.transferSyntaxUid,
    SOPClassUID: first.sopClassUid,
    imageOrientationPatient: first.imageOrientationPatient,
    imageOrientationEqual,
    // Spacing along the normal only means something when every slice shares the orientation.
    tablePositionSpacing: imageOrientationEqual ? constantSpacing(distances) : null,
    cineRate: first.cineRate,
    primaryAngle: first.primaryAngle,
    secondaryAngle: first.secondaryAngle,
    totalFileSize: sorted.reduce((sum, e) => sum + e.file.size, 0),
    files: sorted.map((e) => e.file),
    isSelected: valid && !startsDeselected(counts),
    valid,
    recognition: {
      ...first.recognition,
      imageType: first.imageType,
      sliceLocation: first.sliceLocation,
      bodyPart: first.bodyPartExamined,
    },
  };
}
