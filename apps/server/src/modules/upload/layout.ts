import type { StorageKey } from '../../platform/storage';

/**
 * Where an upload session's files live under DATA_DIR:
 * `teams/{teamId}/uploads/{session}/partial/{fileRowId}` while chunks arrive, then
 * `teams/{teamId}/uploads/{session}/files/{name}` once complete (name is the client's checked relative path).
 */
export const sessionKey = (teamId: number, session: string): StorageKey => [
  'teams',
  String(teamId),
  'uploads',
  session,
];

export const partialKey = (teamId: number, session: string, fileRowId: number): StorageKey => [
  ...sessionKey(teamId, session),
  'partial',
  String(fileRowId),
];

export const storedFileKey = (teamId: number, session: string, name: StorageKey): StorageKey => [
  ...sessionKey(teamId, session),
  'files',
  ...name,
];
