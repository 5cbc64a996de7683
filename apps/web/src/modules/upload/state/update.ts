import type { PageSeries, PageStudy, UploadPageState } from './model';

/** The state with one study replaced by `change(study)`; unknown ids leave the state as it is. */
export function updateStudy(
  state: UploadPageState,
  studyId: string,
  change: (study: PageStudy) => PageStudy,
): UploadPageState {
  if (!state.studies.some((study) => study.id === studyId)) return state;
  return { ...state, studies: state.studies.map((study) => (study.id === studyId ? change(study) : study)) };
}

/** The state with the study holding `seriesId` replaced by `change(series, study)`. */
export function updateSeriesStudy(
  state: UploadPageState,
  seriesId: string,
  change: (series: PageSeries, study: PageStudy) => PageStudy,
): UploadPageState {
  const study = state.studies.find((s) => s.series.some((series) => series.id === seriesId));
  const series = study?.series.find((s) => s.id === seriesId);
  if (!study || !series) return state;
  return updateStudy(state, study.id, () => change(series, study));
}

export function replaceSeries(study: PageStudy, seriesId: string, next: Partial<PageSeries>): PageStudy {
  return { ...study, series: study.series.map((s) => (s.id === seriesId ? { ...s, ...next } : s)) };
}
