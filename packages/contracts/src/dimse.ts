import { z } from 'zod';
import { AE_TITLE_PATTERN, aeTitleProblem, normalizeAeTitle } from './ae-title';
import { endpoint } from './endpoint';

/** An AE title (PS3.5 VR AE), refused with `aeTitleProblem`'s reason; stored unpadded in capitals. */
export const AeTitle = z
  .string()
  .regex(AE_TITLE_PATTERN, { error: (issue) => aeTitleProblem(String(issue.input)) ?? undefined })
  .transform(normalizeAeTitle);

/** The team's side of the DICOM C-STORE SCP (docs/decisions/0068). */
export const DimseSettings = z.strictObject({
  /** The AE title to call to store into the team: its slug in capitals, at most 16 characters. */
  aeTitle: z.string(),
  /** The calling AE titles stores are taken from; empty: every caller. */
  callingAeTitles: z.array(z.string()),
  /** The port the SCP listens on (the server's DIMSE_PORT); null: the server runs no SCP. */
  port: z.number().int().min(1).max(65535).nullable(),
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
    summary:
      'The team’s DICOM C-STORE settings (its AE title, the calling AE titles it takes, the SCP’s port)',
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
