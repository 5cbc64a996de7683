import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Label } from '@voxa/contracts';
import { call } from '../../lib/api';
import type { StudiesQuery } from './studiesQuery';

/** Every query holding study rows (the list pages); label changes refresh them. */
export const STUDIES_KEY = ['studies', 'list'] as const;

/** GET /studies-v2?page&bupload_id&filter_id. */
export const studiesQueryOptions = (query: StudiesQuery) => ({
  queryKey: [...STUDIES_KEY, query],
  queryFn: ({ signal }: { signal: AbortSignal }) => call(api.studies.list, { query, signal }),
});

/** A page of the studies list; the page shown stays while the next one loads. */
export function useStudies(query: StudiesQuery) {
  return useQuery({ ...studiesQueryOptions(query), placeholderData: keepPreviousData });
}

interface StudyLabelChange {
  studyId: number;
  label: Label;
}

/** Attach (POST) or detach (DELETE) /label/study/{studyId}?id, then refresh the rows (and `alsoRefresh`). */
export function useStudyLabel(action: 'attach' | 'detach', alsoRefresh: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studyId, label }: StudyLabelChange) => {
      const args = { params: { studyId }, query: { id: label.id } };
      return action === 'attach' ? call(api.labels.attach, args) : call(api.labels.detach, args);
    },
    onSettled: () =>
      Promise.all([STUDIES_KEY, ...alsoRefresh].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** GET /uploads?page (administrators). */
export function useUploads(page: number) {
  return useQuery({
    queryKey: ['uploads', page],
    queryFn: () => call(api.studies.uploads, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}
