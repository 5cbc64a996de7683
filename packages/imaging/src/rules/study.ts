import type { UploadSeries, UploadStudy } from '../upload-model';
import { NIFTI_DEFAULT_MODALITY, NIFTI_DEFAULT_PATIENT } from '../types';
import { isSelectable, type SelectionContext } from './selection';

/** Modalities that win a tie, in this order; other tied modalities follow alphabetically. */
const TIE_PREFERENCE = ['CT', 'MR'];
export const DEFAULT_STUDY_MODALITY = 'CT';

function tieRank(modality: string): number {
  const rank = TIE_PREFERENCE.indexOf(modality);
  return rank === -1 ? TIE_PREFERENCE.length : rank;
}

/**
 * The study's modality is its most frequent series modality (section 5, V2). Ties go to CT, then MR,
 * then the alphabetically first. Empty modalities do not count; with none left the default is CT.
 */
export function studyModality(seriesModalities: string[]): string {
  const counts = new Map<string, number>();
  for (const modality of seriesModalities) {
    if (modality) counts.set(modality, (counts.get(modality) ?? 0) + 1);
  }
  const ranked = [...counts.entries()].sort(
    ([a, countA], [b, countB]) => countB - countA || tieRank(a) - tieRank(b) || a.localeCompare(b),
  );
  return ranked[0]?.[0] ?? DEFAULT_STUDY_MODALITY;
}

export interface NiftiStudyDefaults {
  modality: string;
  patientName: string;
  seriesNumber: null;
}

/** A NIfTI file carries no patient, modality or series number, so the upload starts from these. */
export function niftiStudyDefaults(): NiftiStudyDefaults {
  return { modality: NIFTI_DEFAULT_MODALITY, patientName: NIFTI_DEFAULT_PATIENT, seriesNumber: null };
}

type NameFields = Pick<UploadStudy, 'patientName' | 'originalPatientName' | 'dirty' | 'anonymize' | 'edit'>;

export function startEditName<S extends NameFields>(study: S): S {
  return { ...study, edit: true };
}

/** Esc: leave editing without touching the name. */
export function cancelEditName<S extends NameFields>(study: S): S {
  return { ...study, edit: false };
}

/** A name typed by hand is kept as is, so the study is no longer anonymised (section 4, Study name). */
export function saveName<S extends NameFields>(study: S, name: string): S {
  if (name === study.patientName) return { ...study, edit: false };
  return { ...study, patientName: name, dirty: true, anonymize: false, edit: false };
}

export function restoreName<S extends NameFields>(study: S): S {
  return { ...study, patientName: study.originalPatientName, dirty: false, anonymize: true, edit: false };
}

export type TriState = true | false | 'indeterminate';

/** Tri-state checkbox of a study over the series given (none selected, or no series, is false). */
export function studySelection(series: Pick<UploadSeries, 'isSelected'>[]): TriState {
  const selected = series.filter((s) => s.isSelected).length;
  if (selected === 0) return false;
  return selected === series.length ? true : 'indeterminate';
}

/** Checks or unchecks every series that may change now; the others keep their state. */
export function setStudySelection<S extends Pick<UploadStudy, 'series'>>(
  study: S,
  selected: boolean,
  context: SelectionContext,
): S {
  const series = study.series.map((s) =>
    isSelectable(s, context.uploadState, context.recognizing) ? { ...s, isSelected: selected } : s,
  );
  return { ...study, series };
}

/** Studies with zero series are only warned about, never uploaded (section 5, V2). */
export function studiesToUpload<S extends Pick<UploadStudy, 'series'>>(studies: S[]): S[] {
  return studies.filter((study) => study.series.length > 0);
}
