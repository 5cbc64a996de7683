import { z } from 'zod';
import { AE_TITLE_PATTERN, aeTitleProblem, normalizeAeTitle } from './ae-title';
import { endpoint } from './endpoint';

/** An AE title (PS3.5 VR AE), refused with `aeTitleProblem`'s reason; stored unpadded in capitals. */
export const AeTitle = z
  .string()
  .regex(AE_TITLE_PATTERN, { error: (issue) => aeTitleProblem(String(issue.input)) ?? undefined })
  .transform(normalizeAeTitle);

/** An AE a C-MOVE may send the team's instances to (docs/decisions/0090). */
export const MoveDestination = z.strictObject({
  aeTitle: z.string(),
  host: z.string(),
  port: z.number().int().min(1).max(65535),
});
export type MoveDestination = z.infer<typeof MoveDestination>;

/** A C-MOVE destination as set: its AE title checked and normalised, its host a name or an address. */
export const MoveDestinationBody = z.strictObject({
  aeTitle: AeTitle,
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.:-]+$/, { error: 'A host is a name or an IP address.' }),
  port: z.number().int().min(1).max(65535),
});

/** The team's side of the DICOM C-STORE and Query/Retrieve SCP (docs/decisions/0068, 0090). */
export const DimseSettings = z.strictObject({
  /** The AE title to call to store into the team: its slug in capitals, at most 16 characters. */
  aeTitle: z.string(),
  /** The calling AE titles stores are taken from; empty: every caller. */
  callingAeTitles: z.array(z.string()),
  /** The port the SCP listens on (the server's DIMSE_PORT); null: the server runs no SCP. */
  port: z.number().int().min(1).max(65535).nullable(),
  /** The AEs a C-MOVE may send the team's studies to, by their AE title. */
  moveDestinations: z.array(MoveDestination),
});
export type DimseSettings = z.infer<typeof DimseSettings>;

export const ChangeDimseSettingsBody = z.strictObject({
  callingAeTitles: z.array(AeTitle).max(100),
  /** Absent: unchanged. */
  moveDestinations: z.array(MoveDestinationBody).max(100).optional(),
});
export type ChangeDimseSettingsBody = z.infer<typeof ChangeDimseSettingsBody>;

export const dimse = {
  settings: endpoint({
    method: 'GET',
    path: '/team/dimse',
    scope: 'team',
    permissions: ['r:team'],
    summary:
      'The team’s DICOM settings (its AE title, the calling AE titles it takes, the SCP’s port, its C-MOVE destinations)',
    response: DimseSettings,
  }),
  changeSettings: endpoint({
    method: 'PUT',
    path: '/team/dimse',
    scope: 'team',
    permissions: ['r:team'],
    summary:
      'Change the calling AE titles the team takes DICOM associations from, and its C-MOVE destinations',
    body: ChangeDimseSettingsBody,
    response: DimseSettings,
  }),
};
