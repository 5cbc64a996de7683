import { z } from 'zod';
import { endpoint } from './endpoint';

/** An AE title (PS3.5 VR AE): 1 to 16 characters, printable ASCII without a backslash, spaces trimmed. */
export const AeTitle = z
  .string()
  .trim()
  .min(1, 'An AE title is 1 to 16 characters.')
  .max(16, 'An AE title is 1 to 16 characters.')
  // Printable ASCII but the backslash (the default character repertoire, PS3.5 6.2).
  .regex(/^[ -[\]-~]+$/, 'An AE title is printable ASCII without a backslash.')
  .transform((v) => v.toUpperCase());

/** The team's side of the DICOM C-STORE SCP (docs/decisions/0068). */
export const DimseSettings = z.strictObject({
  /** The AE title to call to store into the team: its slug in capitals, at most 16 characters. */
  aeTitle: z.string(),
  /** The calling AE titles stores are taken from; empty: every caller. */
  callingAeTitles: z.array(z.string()),
});
export type DimseSettings = z.infer<typeof DimseSettings>;

export const ChangeDimseSettingsBody = z.strictObject({
  callingAeTitles: z.array(AeTitle).max(100),
});
export type ChangeDimseSettingsBody = z.infer<typeof ChangeDimseSettingsBody>;

export const dimse = {
  settings: endpoint({
    method: 'GET',
    path: '/team/dimse',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'The team’s DICOM C-STORE settings (its AE title, the calling AE titles it takes)',
    response: DimseSettings,
  }),
  changeSettings: endpoint({
    method: 'PUT',
    path: '/team/dimse',
    scope: 'team',
    permissions: ['r:team'],
    summary: 'Change the calling AE titles the team takes DICOM C-STORE from',
    body: ChangeDimseSettingsBody,
    response: DimseSettings,
  }),
};
