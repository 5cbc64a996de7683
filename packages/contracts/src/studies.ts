import { z } from 'zod';
import { endpoint } from './endpoint';

/** A DICOM UID: digits and dots, at most 64 characters. */
export const DicomUid = z.string().regex(/^[0-9.]{1,64}$/, 'Not a DICOM UID.');

export const studies = {
  check: endpoint({
    method: 'GET',
    path: '/studies/:studyInstanceUid/check',
    scope: 'team',
    permissions: ['r:upload'],
    summary: 'Whether a study with this (original) StudyInstanceUID was already uploaded to the team',
    params: z.strictObject({ studyInstanceUid: DicomUid }),
    response: z.boolean(),
  }),
};
