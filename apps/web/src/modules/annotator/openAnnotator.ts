import { STORAGE_KEYS } from '@voxa/contracts';
import { currentTeamSlug, teamOriginOf } from '../../lib/host';
import { annotatorUrl, type AnnotatorTarget } from './annotatorUrl';

/** Opens the annotator in a new tab on the team's sub-domain and remembers the study (lastOpenStudyUuid). */
export function openAnnotator(studyUuid: string, target: AnnotatorTarget): void {
  const slug = currentTeamSlug();
  const origin = slug ? teamOriginOf(slug) : location.origin;
  try {
    localStorage.setItem(STORAGE_KEYS.lastOpenStudyUuid, studyUuid);
  } catch {
    // storage blocked: the annotator still opens
  }
  window.open(annotatorUrl(origin, target), '_blank', 'noopener');
}
