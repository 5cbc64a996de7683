import dimse from 'dcmjs-dimse';

const NAMED = new Set<string>(Object.values(dimse.constants.StorageClass));
/** The root of the Storage SOP Classes of PS3.4 Annex B (images, SR, KO, PR, SEG, RT, waveforms...). */
const STORAGE_ROOT = '1.2.840.10008.5.1.4.1.1.';

/**
 * Whether the SCP takes instances of this SOP class: every storage class, as Orthanc takes every one
 * dcmtk knows (decision 0091), not only the images dcmjs-dimse names; what does not convert is kept.
 */
export const isStorageSopClass = (uid: string) => NAMED.has(uid) || uid.startsWith(STORAGE_ROOT);
