import type { UploadSeries, UploadStudy } from '../upload-model';
import { ACQUISITION_NONE } from '../types';

/** A study as the move needs it; acquisitionRecognizing is the spec's study flag (section 3). */
export type MovableStudy = Pick<UploadStudy, 'id' | 'series'> & { acquisitionRecognizing?: boolean };

export type MoveResult<S> = { ok: true; studies: S[] } | { ok: false; error: string };

export const MOVE_ONLY_NIFTI_ERROR = 'Only NIfTI series can be moved';
export const MOVE_UNKNOWN_SERIES_ERROR = 'Series not found';
export const MOVE_UNKNOWN_TARGET_ERROR = 'Target study not found';
export const MOVE_SAME_STUDY_ERROR = 'The series is already in this study';

/** Recognition of both studies starts over: its results described the old grouping. */
function resetRecognition(series: UploadSeries): UploadSeries {
  const { ref_serie: _reference, ...rest } = series;
  return { ...rest, acquisitionCode: ACQUISITION_NONE, score: 0 };
}

/**
 * Moves a NIfTI series to another study (section 4, Moving series). Both studies stop recognising and
 * all their series get acquisition NONE (score 0, no reference). The moved series goes last in the target.
 */
export function moveSeries<S extends MovableStudy>(
  studies: S[],
  seriesId: string,
  targetStudyId: string,
): MoveResult<S> {
  const source = studies.find((study) => study.series.some((s) => s.id === seriesId));
  const moving = source?.series.find((s) => s.id === seriesId);
  if (!source || !moving) return { ok: false, error: MOVE_UNKNOWN_SERIES_ERROR };
  if (moving.type !== 'nii') return { ok: false, error: MOVE_ONLY_NIFTI_ERROR };
  const target = studies.find((study) => study.id === targetStudyId);
  if (!target) return { ok: false, error: MOVE_UNKNOWN_TARGET_ERROR };
  if (target === source) return { ok: false, error: MOVE_SAME_STUDY_ERROR };

  const lastSort = Math.max(0, ...target.series.map((s) => s.sort));
  const next = studies.map((study) => {
    if (study === source) {
      const series = study.series.filter((s) => s.id !== seriesId).map(resetRecognition);
      return { ...study, series, acquisitionRecognizing: false };
    }
    if (study === target) {
      const series = [...study.series, { ...moving, sort: lastSort + 1 }].map(resetRecognition);
      return { ...study, series, acquisitionRecognizing: false };
    }
    return study;
  });
  return { ok: true, studies: next };
}

export interface MoveTarget {
  studyId: string;
  disabled: boolean;
}

/**
 * Every study as a Move here target. "A move target is disabled for a study whose series is
 * selected": the study holding the series chosen for moving is disabled.
 */
export function moveTargets(studies: Pick<UploadStudy, 'id' | 'series'>[], seriesId: string): MoveTarget[] {
  return studies.map((study) => ({
    studyId: study.id,
    disabled: study.series.some((s) => s.id === seriesId),
  }));
}
