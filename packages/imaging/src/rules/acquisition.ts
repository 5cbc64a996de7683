import type { UploadSeries, UploadStudy } from '../upload-model';
import { ACQUISITION_NONE, DEFAULT_ACQUISITION, MANUAL_ACQUISITION_SCORE } from '../types';

/** An acquisition from GET /acquisition; modality null means it fits every modality. */
export interface AcquisitionOption {
  code: string;
  modality: string | null;
}

export interface Pipeline {
  code: string;
  name: string;
  modality_code: string;
  acquisitions: { code: string }[];
}

export interface AcquisitionChoice {
  acquisitionCode: string;
  score: number;
}

export const SERIES_MISSING_ACQUISITION_MESSAGE =
  'Some selected series are missing the acquisition. Please select it manually.';

export function defaultAcquisition(modality: string): string {
  return DEFAULT_ACQUISITION[modality] ?? ACQUISITION_NONE;
}

/** Acquisitions offered for a series: those with no modality or the series' own. */
export function acquisitionOptions(all: AcquisitionOption[], modality: string): AcquisitionOption[] {
  return all.filter((option) => option.modality === null || option.modality === modality);
}

/** Keeps an AI-recognised acquisition only when the series could have chosen it by hand. */
export function acceptRecognized(
  code: string,
  modality: string,
  allowed: AcquisitionOption[],
  score: number,
): AcquisitionChoice {
  const isOffered = acquisitionOptions(allowed, modality).some((option) => option.code === code);
  return isOffered ? { acquisitionCode: code, score } : { acquisitionCode: ACQUISITION_NONE, score: 0 };
}

/** A person's choice outranks any recognition score (which stays at or below 1). */
export function chooseManually(code: string): AcquisitionChoice {
  return { acquisitionCode: code, score: MANUAL_ACQUISITION_SCORE };
}

/** A person chose this acquisition: recognition answers must leave it alone. */
export function isChosenManually(series: Pick<UploadSeries, 'score'>): boolean {
  return series.score >= MANUAL_ACQUISITION_SCORE;
}

/** Pipelines offered for a study: those of its first series' modality (section 5, V2). */
export function pipelinesFor(pipelines: Pipeline[], firstSeriesModality: string | undefined): Pipeline[] {
  return pipelines.filter((pipeline) => pipeline.modality_code === firstSeriesModality);
}

/** A real acquisition: neither empty nor NONE. */
export function hasAcquisition(series: Pick<UploadSeries, 'acquisitionCode'>): boolean {
  return series.acquisitionCode !== '' && series.acquisitionCode !== ACQUISITION_NONE;
}

/**
 * Required codes of the pipeline that no selected series of the study has; only selected series convert.
 * The page and the server (on the series the upload sends, all selected) read the same rule.
 */
export function missingAcquisitionsForPipeline(
  study: { series: readonly Pick<UploadSeries, 'isSelected' | 'acquisitionCode'>[] },
  pipeline: Pick<Pipeline, 'acquisitions'>,
): string[] {
  const present = new Set(study.series.filter((s) => s.isSelected).map((s) => s.acquisitionCode));
  const required = [...new Set(pipeline.acquisitions.map((a) => a.code))];
  return required.filter((code) => !present.has(code));
}

/** The conversion-start toast; codes are joined with ', '. */
export function missingAcquisitionsMessage(
  study: Pick<UploadStudy, 'id' | 'patientName'>,
  missingCodes: string[],
): string {
  return `Study ${study.id} (${study.patientName}) is missing required acquisitions for pipeline: ${missingCodes.join(', ')}`;
}

/**
 * Ids of selected series still without an acquisition: an empty code, or NONE where the series' modality
 * offers a real one. A modality with none to offer (XA, US, NM in the reference data) cannot be blocked
 * for lacking one. Until the options are known (`undefined`), NONE counts as missing.
 */
export function selectedSeriesMissingAcquisition(
  studies: Pick<UploadStudy, 'series'>[],
  options: AcquisitionOption[] | undefined,
): string[] {
  const offersOne = (modality: string) =>
    !options || acquisitionOptions(options, modality).some((o) => o.code !== ACQUISITION_NONE);
  return studies.flatMap((study) =>
    study.series
      .filter(
        (s) =>
          s.isSelected && (s.acquisitionCode === '' || (!hasAcquisition(s) && offersOne(s.modalityCode))),
      )
      .map((s) => s.id),
  );
}
