import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type SegmentationDetail } from '@voxa/contracts';
import { call } from '../../lib/api';
import { segmentationsApiQuery, type SegmentationsQuery } from './segmentationsQuery';

const KEY = ['segmentations'] as const;

/** GET /segmentations?page&structure&assigned: a page of the team's segmentations, newest first. */
export function useSegmentations(query: SegmentationsQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(api.segmentations.list, { query: segmentationsApiQuery(query), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /segmentations/{id}: one segmentation with its deleted segments. */
export function useSegmentation(id: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => call(api.segmentations.detail, { params: { segmentationId: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

type Target = Pick<SegmentationDetail, 'id' | 'series_uuid'>;
const at = (s: Target) => ({ uuid: s.series_uuid, segmentationId: s.id });

/** Add, rename, recolour and delete segments of one segmentation; each refreshes the segmentation queries. */
export function useSegmentChanges(segmentation: Target) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: KEY });
  return {
    add: useMutation({
      mutationFn: () => call(api.segmentations.createSegment, { params: at(segmentation), body: null }),
      onSettled,
    }),
    rename: useMutation({
      mutationFn: (v: { segmentId: number; name: string }) =>
        call(api.segmentations.renameSegment, {
          params: { ...at(segmentation), segmentId: v.segmentId },
          body: { name: v.name },
        }),
      onSettled,
    }),
    recolor: useMutation({
      mutationFn: (v: { segmentId: number; color: string }) =>
        call(api.segmentations.recolorSegment, {
          params: { ...at(segmentation), segmentId: v.segmentId },
          body: { color: v.color },
        }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (segmentId: number) =>
        call(api.segmentations.deleteSegment, { params: { ...at(segmentation), segmentId } }),
      onSettled,
    }),
  };
}
