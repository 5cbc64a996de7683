import { z } from 'zod';
import { annotator } from './annotator';
import { endpoint } from './endpoint';

/** How a multi-frame series plays, as its first stored DICOM file says (the XA viewer, /mbg/{uuid}). */
export const CineFacts = z.object({
  uuid: z.string().uuid(),
  modality: z.string().nullable(),
  /** NumberOfFrames of the first file (1 for a single image). */
  frames: z.number().int().min(1),
  /** Milliseconds per frame: 1000 / CineRate, else FrameTime; null when the file gives neither. */
  frame_time_ms: z.number().positive().nullable(),
  /** PositionerPrimaryAngle and PositionerSecondaryAngle, in degrees. */
  primary_angle: z.number().nullable(),
  secondary_angle: z.number().nullable(),
  rows: z.number().int().nullable(),
  columns: z.number().int().nullable(),
});
export type CineFacts = z.infer<typeof CineFacts>;

export const cine = {
  facts: endpoint({
    method: 'GET',
    path: '/v2/cine/:uuid',
    host: 'services',
    scope: 'team',
    // Whoever may load the series' volume may play it.
    anyPermission: annotator.volume.anyPermission,
    summary:
      'The cine facts of converted series {uuid} from its first stored DICOM file: frames, frame time, ' +
      'positioner angles, size, modality; 404 for a series of another team, not converted, or without ' +
      'stored DICOM (a NIfTI upload)',
    params: z.strictObject({ uuid: z.string().uuid() }),
    response: CineFacts,
  }),
};
