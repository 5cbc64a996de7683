import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { call } from '../../lib/api';
import { STUDIES_KEY, studiesQueryOptions } from '../studies/useStudiesApi';

export const organizeKey = (uuid: string) => ['organize', uuid] as const;

/** GET /annotator/studies/{uuid}: the study, its series, the structures; nothing without a uuid. */
export function useOrganizeStudy(uuid: string) {
  return useQuery({
    queryKey: organizeKey(uuid),
    enabled: uuid !== '',
    queryFn: ({ signal }) => call(api.organize.study, { params: { uuid }, signal }),
  });
}

/** After a change the organize view and the list rows are fetched again (the server holds the truth). */
function useRefresh(uuid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: organizeKey(uuid) }),
      client.invalidateQueries({ queryKey: STUDIES_KEY }),
    ]);
}

/** PUT /studies-v2/change-sort-for-acquisition. */
export function useChangeSort(uuid: string) {
  const onSettled = useRefresh(uuid);
  return useMutation({
    mutationFn: (body: { series: { id: number; sort: number }[]; acquisitionCode: string | null }) =>
      call(api.organize.changeSort, { body }),
    onSettled,
  });
}

/** PUT /studies-v2/{studyId}/reference-series {serie_id | null}. */
export function useSetReference(uuid: string, studyId: number) {
  const onSettled = useRefresh(uuid);
  return useMutation({
    mutationFn: (serieId: number | null) =>
      call(api.organize.setReference, { params: { studyId }, body: { serie_id: serieId } }),
    onSettled,
  });
}

/** PUT /studies-v2/series/move {series, study_id}. */
export function useMoveSeries(uuid: string) {
  const onSettled = useRefresh(uuid);
  return useMutation({
    mutationFn: (body: { series: number[]; study_id: number }) => call(api.organize.moveSeries, { body }),
    onSettled,
  });
}

/** PUT /studies-v2/{studyId}/name {name}. */
export function useRenameStudy(uuid: string, studyId: number) {
  const onSettled = useRefresh(uuid);
  return useMutation({
    mutationFn: (name: string) => call(api.organize.rename, { params: { studyId }, body: { name } }),
    onSettled,
  });
}

/** Studies a series may move to: the others of the same upload batch (GET /studies-v2?bupload_id). */
export function useMoveTargets(uploadId: number | null, studyId: number) {
  return useQuery({
    ...studiesQueryOptions({ page: 1, bupload_id: uploadId ?? undefined }),
    enabled: uploadId !== null,
    select: (page) => page.data.filter((s) => s.id !== studyId),
  });
}
