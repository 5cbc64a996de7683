import type { StorageKey } from '../../platform/storage';
import { sessionKey } from '../upload/layout';

/**
 * Where a session's archives go under DATA_DIR, beside its uploaded `files/` (upload/layout.ts):
 * `inflated/{archive name}/...` what each archive holds, `metadata.json` what the sort read from it,
 * `converted/{uploadId}.nii` a series' dcm2niix output, made once for previews and downloads.
 */
export const inflatedKey = (teamId: number, session: string): StorageKey => [
  ...sessionKey(teamId, session),
  'inflated',
];

export const metadataKey = (teamId: number, session: string): StorageKey => [
  ...sessionKey(teamId, session),
  'metadata.json',
];

export const convertedDirKey = (teamId: number, session: string): StorageKey => [
  ...sessionKey(teamId, session),
  'converted',
];

export const convertedKey = (teamId: number, session: string, uploadId: string): StorageKey => [
  ...convertedDirKey(teamId, session),
  `${uploadId}.nii`,
];
