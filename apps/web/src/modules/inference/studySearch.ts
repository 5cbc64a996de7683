import type { StudyListItem } from '@voxa/contracts';

/** A study as pickers name it: the patient name (the pseudonym when anonymised), else its code. */
export const studyName = (study: Pick<StudyListItem, 'data' | 'study_id'>): string =>
  study.data.patientName || study.study_id;

/** The studies whose name or code holds the search, case-insensitively; all for an empty search. */
export function filterStudies<T extends Pick<StudyListItem, 'data' | 'study_id'>>(
  studies: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...studies];
  return studies.filter(
    (s) => studyName(s).toLowerCase().includes(needle) || s.study_id.toLowerCase().includes(needle),
  );
}
