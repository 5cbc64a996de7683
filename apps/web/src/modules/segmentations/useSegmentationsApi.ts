import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Segment } from '@voxa/contracts';
import { call } from '../../lib/api';
import { notifyError } from '../../ui/notify';
import { segmentChanges, type SegmentationTarget } from './segmentChanges';
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

/** Add, rename, recolour and delete segments of one segmentation; each refreshes the segmentation queries. */
export function useSegmentChanges(segmentation: SegmentationTarget) {
  const client = useQueryClient();
  const options = { onError: notifyError, onSettled: () => client.invalidateQueries({ queryKey: KEY }) };
  return {
    add: useMutation({ mutationFn: () => segmentChanges.add(segmentation), ...options }),
    rename: useMutation({
      mutationFn: (v: { segment: Segment; name: string }) =>
        segmentChanges.rename(segmentation, v.segment, v.name),
      ...options,
    }),
    recolor: useMutation({
      mutationFn: (v: { segment: Segment; color: string }) =>
        segmentChanges.recolor(segmentation, v.segment, v.color),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (segment: Segment) => segmentChanges.remove(segmentation, segment),
      ...options,
    }),
  };
}
