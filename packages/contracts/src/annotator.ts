import { z } from 'zod';
import { endpoint } from './endpoint';
import type { Permission } from './permissions';

/** Opening a case: the study pages, the segmentation pages and reviews all lead to the annotator. */
const READ_CASES: readonly Permission[] = ['r:studies', 'r:studies:detail', 'r:segmentations', 'r:reviews'];

/** The annotator's data, on the services host (/svc). */
export const annotator = {
  volume: endpoint({
    method: 'GET',
    path: '/v2/volume/:uuid/:volume',
    host: 'services',
    scope: 'team',
    anyPermission: READ_CASES,
    summary:
      'Volume {volume} (0 for the first) of converted series {uuid}: its NIfTI bytes as dcm2niix wrote ' +
      'them. ETag per conversion (If-None-Match answers 304), one byte range served (206, If-Range), 416 ' +
      'past the end; 404 for a series of another team, not converted, or without that volume',
    params: z.strictObject({
      uuid: z.string().uuid(),
      volume: z.coerce.number().int().min(0).max(99_999),
    }),
    response: null,
    binary: 'application/octet-stream',
  }),
};
