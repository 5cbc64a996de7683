import { createHash } from 'node:crypto';

const hex16 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The studyKey of a study read from a session's archives: 16 hex digits of a hash of its id
 * (StudyInstanceUID, or `nifti:{path}`), so sorting the same archives again gives the same keys.
 */
export const studyKeyOf = (studyId: string) => hex16(`study\u0000${studyId}`);

/** The uploadId of a series: a hash of its study's id and its own (a NUL cannot occur in either). */
export const uploadIdOf = (studyId: string, seriesId: string) =>
  hex16(`series\u0000${studyId}\u0000${seriesId}`);
