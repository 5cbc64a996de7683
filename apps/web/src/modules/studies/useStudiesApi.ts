import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@voxa/contracts';
import { call } from '../../lib/api';
import type { StudiesQuery } from './studiesQuery';

export const STUDIES_KEY = ['studies-v2'] as const;

/** One page of the studies list; the previous page stays shown while the next loads. */
export function useStudies(query: StudiesQuery) {
  return useQuery({
    queryKey: [...STUDIES_KEY, query],
    queryFn: ({ signal }) => call(api.studies.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTeamLabels() {
  return useQuery({ queryKey: ['labels'], queryFn: () => call(api.labels.list) });
}
