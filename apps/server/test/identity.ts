import dcmjs, { type DicomDataset } from 'dcmjs';

/** The identity the de-identification tests plant, and look for afterwards in every stored byte. */
export const PLANTED_IDENTITY = {
  name: 'DOE^JANE',
  id: 'PID-778899',
  birthDate: '19431127',
  institution: 'St. Elsewhere',
} as const;
/** Long enough not to turn up by chance in megabytes of pixel data. */
export const IDENTITY_TEXTS = [
  PLANTED_IDENTITY.name,
  'JANE^MARIE',
  PLANTED_IDENTITY.id,
  PLANTED_IDENTITY.birthDate,
  PLANTED_IDENTITY.institution,
];

const set = (ds: DicomDataset, tag: string, vr: string, value: unknown) => (ds[tag] = { vr, Value: [value] });

const UID_TAGS = ['0020000D', '0020000E', '00080018'];

/**
 * A real DICOM file given a known identity where identity hides: top level, sequences, private tags;
 * with its study UID and every instance-identifying UID it carries (study, series, instance).
 */
export function withIdentity(bytes: Uint8Array): { file: Uint8Array; studyUid: string; uids: string[] } {
  const dicom = dcmjs.data.DicomMessage.readFile(bytes.slice().buffer);
  set(dicom.dict, '00100010', 'PN', { Alphabetic: PLANTED_IDENTITY.name });
  set(dicom.dict, '00100020', 'LO', PLANTED_IDENTITY.id);
  set(dicom.dict, '00100030', 'DA', PLANTED_IDENTITY.birthDate);
  set(dicom.dict, '00101001', 'PN', { Alphabetic: `${PLANTED_IDENTITY.name}^MARIE` });
  set(dicom.dict, '00080080', 'LO', PLANTED_IDENTITY.institution);
  set(dicom.dict, '00090010', 'LO', 'ACME 1.0');
  set(dicom.dict, '00091001', 'LO', `${PLANTED_IDENTITY.name} ${PLANTED_IDENTITY.id}`);
  const item: DicomDataset = {};
  set(item, '00400006', 'PN', { Alphabetic: PLANTED_IDENTITY.name });
  set(item, '00400007', 'LO', `${PLANTED_IDENTITY.id} scan`);
  dicom.dict['00400275'] = { vr: 'SQ', Value: [item] };
  const nested: DicomDataset = {};
  set(nested, '00081155', 'UI', '1.2.3.4.5.6.7');
  set(nested, '00321032', 'PN', { Alphabetic: PLANTED_IDENTITY.name });
  dicom.dict['00082112'] = { vr: 'SQ', Value: [nested] };
  const studyUid = String(dicom.dict['0020000D']?.Value?.[0]);
  const uids = UID_TAGS.map((tag) => dicom.dict[tag]?.Value?.[0]).filter(
    (v): v is string => typeof v === 'string',
  );
  // dcmjs writes a deflated file back inflated; say so, as deidentifyDicom does.
  const syntax = dicom.meta['00020010'];
  if (syntax?.Value?.[0] === '1.2.840.10008.1.2.1.99') syntax.Value = ['1.2.840.10008.1.2.1'];
  return {
    file: new Uint8Array(dicom.write({ allowInvalidVRLength: true, fragmentMultiframe: false })),
    studyUid,
    uids,
  };
}
