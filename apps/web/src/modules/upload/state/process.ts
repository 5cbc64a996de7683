import {
  missingAcquisitionsForPipeline,
  missingAcquisitionsMessage,
  selectedSeriesMissingAcquisition,
  SERIES_MISSING_ACQUISITION_MESSAGE,
  SERIES_NUMBER_REQUIRED_ERROR,
  studiesToUpload,
  type AcquisitionOption,
  type Pipeline,
} from '@voxa/imaging';
import type { PageSeries, PageStudy, UploadPageState } from './model';

/** One study of the upload: only its selected series go, anonymised when Anonymize all and the study say so. */
export interface PlannedStudy {
  study: PageStudy;
  anonymize: boolean;
  series: PageSeries[];
}

/** What Process hands to the transfer (chunked upload, then conversion). */
export interface UploadPlan {
  studies: PlannedStudy[];
  /** The session the archives went to, reused so their series convert where they are; else a new one. */
  session: string | null;
}

/**
 * The messages that stop Process (section 5, V2), in this order: a selected DICOM series without a
 * number, selected series without an acquisition, then each study missing its pipeline's acquisitions.
 */
export function processErrors(
  studies: PageStudy[],
  pipelines: Pipeline[],
  acquisitions: AcquisitionOption[] | undefined,
): string[] {
  const errors: string[] = [];
  const selected = studies.flatMap((study) => study.series.filter((s) => s.isSelected));
  if (selected.some((s) => s.type === 'dcm' && s.seriesNumber === null)) {
    errors.push(SERIES_NUMBER_REQUIRED_ERROR);
  }
  if (selectedSeriesMissingAcquisition(studies, acquisitions).length > 0)
    errors.push(SERIES_MISSING_ACQUISITION_MESSAGE);
  for (const study of studies) {
    const pipeline = pipelines.find((p) => p.code === study.pipelineCode);
    if (!pipeline || !study.series.some((s) => s.isSelected)) continue;
    const missing = missingAcquisitionsForPipeline(study, pipeline);
    if (missing.length > 0) errors.push(missingAcquisitionsMessage(study, missing));
  }
  return errors;
}

/** Studies with zero series are never uploaded, nor studies with nothing selected. */
export function uploadPlan(state: UploadPageState): UploadPlan {
  const studies = studiesToUpload(state.studies)
    .map((study) => ({
      study,
      anonymize: state.anonymizeAll && study.anonymize,
      series: study.series.filter((s) => s.isSelected),
    }))
    .filter((planned) => planned.series.length > 0);
  return { studies, session: state.serverSession };
}
