import { groupDicom, type GroupOptions, type SkippedFile } from '../group/group-dicom';
import type { DicomEntry } from '../group/series';
import { niftiSeries, niftiStudy } from '../nifti/nifti-series';
import type { FileRef, NiftiHeader } from '../types';
import type { UploadStudy } from '../upload-model';

export interface NiftiEntry {
  file: FileRef;
  header: NiftiHeader;
}

export interface IngestedStudies {
  studies: UploadStudy[];
  skipped: SkippedFile[];
}

/** The studies of a drop: DICOM grouped by study and series first, then one study per NIfTI file. */
export function studiesFromHeaders(
  dicom: DicomEntry[],
  nifti: NiftiEntry[],
  options: GroupOptions = {},
): IngestedStudies {
  const grouped = groupDicom(dicom, options);
  const niftiStudies = nifti.map(({ file, header }) => niftiStudy(niftiSeries(file, header)));
  return { studies: [...grouped.studies, ...niftiStudies], skipped: grouped.skipped };
}
