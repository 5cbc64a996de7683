import * as api from '@voxa/contracts/areas';
import { type Segment, type Segmentation } from '@voxa/contracts';
import { call } from '../../lib/api';
import { notifySuccess } from '../../ui/notify';

/** The spec's success toasts for segments (teams-and-account.md 8), verbatim, typo included. */
export const SEGMENT_TOASTS = {
  created: 'Segment has been create',
  deleted: 'Segment has been deleted',
  renamed: (id: number) => `Segment #${id} has been renamed`,
  recoloured: 'Color has been updated',
} as const;

/** teams-and-account.md 4: a deleted segment's value also leaves the mask once a revision holds it. */
export function removesMaskValue(segment: Pick<Segment, 'revision'>): boolean {
  return segment.revision > 0;
}

/** The segmentation a change is about; the organize panel and the segments page both have these. */
export type SegmentationTarget = Pick<Segmentation, 'id' | 'series_uuid'>;
type SegmentRef = Pick<Segment, 'id' | 'value' | 'revision'>;

const at = (s: SegmentationTarget) => ({ uuid: s.series_uuid, segmentationId: s.id });

/**
 * The segment changes of every page, each followed by its success toast: one place for the calls, so
 * the organize panel and /segments cannot drift apart (a delete there once left the voxels in the mask).
 */
export const segmentChanges = {
  add: async (s: SegmentationTarget) => {
    await call(api.segmentations.createSegment, { params: at(s), body: {} });
    notifySuccess(SEGMENT_TOASTS.created);
  },
  rename: async (s: SegmentationTarget, segment: SegmentRef, name: string) => {
    await call(api.segmentations.renameSegment, {
      params: { ...at(s), segmentId: segment.id },
      body: { name },
    });
    notifySuccess(SEGMENT_TOASTS.renamed(segment.id));
  },
  recolor: async (s: SegmentationTarget, segment: SegmentRef, color: string) => {
    await call(api.segmentations.recolorSegment, {
      params: { ...at(s), segmentId: segment.id },
      body: { color },
    });
    notifySuccess(SEGMENT_TOASTS.recoloured);
  },
  /** PUT .../segment/delete, then, when a mask revision holds the segment, PUT /svc/v2/mask/remove-segment. */
  remove: async (s: SegmentationTarget, segment: SegmentRef) => {
    await call(api.segmentations.deleteSegment, { params: { ...at(s), segmentId: segment.id } });
    notifySuccess(SEGMENT_TOASTS.deleted);
    if (removesMaskValue(segment))
      await call(api.masks.removeSegment, { params: { ...at(s), value: segment.value } });
  },
};
