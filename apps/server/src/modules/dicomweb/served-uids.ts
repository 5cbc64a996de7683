import type { DicomHeader } from '@voxa/imaging';
import { actionFor } from '../deidentify/profile';

/** The UIDs an instance is served under (WADO-RS paths, QIDO-RS answers, the STOW-RS answer). */
export interface ServedUids {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  sopInstanceUid: string;
}

const TAGS = { studyInstanceUid: '0020000D', seriesInstanceUid: '0020000E', sopInstanceUid: '00080018' };

/**
 * The UIDs a received instance will be served under, known before it converts: as received, or when the
 * team anonymises what de-identification writes into the stored file (the profile's rule for the tag, the
 * team's keyed `remap` for a UID it replaces). The STOW-RS answer gives these, so they must be the
 * stored file's. Null when the header lacks one (such an instance could never be named).
 */
export function servedUids(
  header: Pick<DicomHeader, 'studyInstanceUid' | 'seriesInstanceUid' | 'sopInstanceUid'>,
  remap: ((uid: string) => string) | null,
): ServedUids | null {
  const out: ServedUids = { studyInstanceUid: '', seriesInstanceUid: '', sopInstanceUid: '' };
  for (const [field, tag] of Object.entries(TAGS) as [keyof ServedUids, string][]) {
    const uid = header[field]?.trim();
    if (!uid) return null;
    out[field] = remap && actionFor(tag, 'UI', uid) === 'U' ? remap(uid) : uid;
  }
  return out;
}
