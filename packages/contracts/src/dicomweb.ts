import { z } from 'zod';
import { endpoint } from './endpoint';

/** What a team does with DICOM that arrives by DICOMweb (STOW-RS) rather than through the upload page. */
export const DicomwebSettings = z.strictObject({
  /** De-identified (PS3.15 Basic Profile) as an anonymised upload is; on unless turned off. */
  anonymize: z.boolean(),
});
export type DicomwebSettings = z.infer<typeof DicomwebSettings>;

/**
 * The team's DICOMweb settings. DICOMweb itself is served under /dicom-web (PS3.18 QIDO-RS, WADO-RS,
 * STOW-RS; docs/decisions/0066-dicomweb.md), not described here: the standard is its contract.
 */
export const dicomweb = {
  settings: endpoint({
    method: 'GET',
    path: '/team/dicomweb',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'The team’s DICOMweb settings (whether what arrives by STOW-RS is anonymised)',
    response: DicomwebSettings,
  }),
  changeSettings: endpoint({
    method: 'PUT',
    path: '/team/dicomweb',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Change the team’s DICOMweb settings',
    body: DicomwebSettings,
    response: DicomwebSettings,
  }),
};
