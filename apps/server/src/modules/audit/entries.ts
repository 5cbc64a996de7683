import type { AuditEntry } from './record';

/**
 * The audit entries routes record most, so each hook stays one line. Segmentations and masks are found by
 * their series' uuid, which also names the study.
 */

export const viewedStudy = (studyUuid: string): AuditEntry => ({
  action: 'viewed',
  subject: 'study',
  id: studyUuid,
  study: { studyUuid },
});

export const viewedSeries = (seriesUuid: string): AuditEntry => ({
  action: 'viewed',
  subject: 'series',
  id: seriesUuid,
  study: { seriesUuid },
});

/** A series' NIfTI volume leaving the server (the annotator's, or any client's). */
export const downloadedVolume = (seriesUuid: string, volume: number): AuditEntry => ({
  action: 'downloaded',
  subject: 'series',
  id: seriesUuid,
  study: { seriesUuid },
  data: { volume },
});

/** Something done to a segmentation (or its mask) of a series. */
export const onSegmentation = (
  action: AuditEntry['action'],
  at: { uuid: string; segmentationId: number },
  data?: Record<string, unknown>,
  subject: 'segmentation' | 'mask' = 'segmentation',
): AuditEntry => ({
  action,
  subject,
  id: at.segmentationId,
  study: { seriesUuid: at.uuid },
  ...(data && { data }),
});
