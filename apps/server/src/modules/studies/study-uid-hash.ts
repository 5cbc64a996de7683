import { keyedHash } from '../../platform/secrets';

/**
 * What a study is known by for the duplicate check: a keyed hash of its ORIGINAL StudyInstanceUID within
 * one team. Stored UIDs are remapped by anonymisation, and the hash neither reveals the original UID nor
 * links the same study across teams (docs/decisions/0010-reference-data-and-labels.md).
 */
export function studyUidHash(key: Buffer, teamId: number, originalStudyUid: string): string {
  return keyedHash(key, 'study', String(teamId), originalStudyUid.trim());
}
