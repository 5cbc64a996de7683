import { useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type StudyListItem } from '@voxa/contracts';
import { call } from '../../lib/api';

/**
 * Pickers read at most this many pages of the newest studies: the studies list has no search on the
 * server, so they search what they read (decision 0049).
 */
const MAX_PAGES = 20;

/** The team's newest studies (GET /studies-v2, page after page), for the inference pickers. */
export function useTeamStudies() {
  return useQuery({
    queryKey: ['studies', 'pickers'],
    queryFn: async ({ signal }) => {
      const studies: StudyListItem[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const reply = await call(api.studies.list, { query: { page }, signal });
        studies.push(...reply.data);
        if (studies.length >= reply.total || reply.data.length === 0) break;
      }
      return studies;
    },
  });
}

/** GET /studies-v2/series/:studyId: a study's series, for the series choice. */
export function useStudySeries(studyId: number | null) {
  return useQuery({
    queryKey: ['studies', 'series', studyId],
    queryFn: ({ signal }) => call(api.studies.series, { params: { studyId: studyId ?? 0 }, signal }),
    enabled: studyId !== null,
  });
}
