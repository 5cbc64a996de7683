import { randomBytes } from 'node:crypto';
import dcmjs, { type DicomDataset } from 'dcmjs';

/**
 * Unique to this test file's run: a PostgreSQL cluster's write-ahead log holds every test schema's
 * writes, so only a text no other file plants can be searched there (test/identity-scan.ts).
 */
const RUN = randomBytes(4).toString('hex').toUpperCase();

/** The identity the de-identification tests plant, and look for afterwards in every stored byte. */
export const PLANTED_IDENTITY = {
  name: 'DOE^JANE',
  id: `PID-778899-${RUN}`,
  birthDate: '19431127',
  institution: `St. Elsewhere ${RUN}`,
  referringPhysician: 'HOUSE^GREGORY',
} as const;
/** The planted texts no other test file plants (see RUN). */
export const RUN_UNIQUE_TEXTS: readonly string[] = [PLANTED_IDENTITY.id, PLANTED_IDENTITY.institution];
/**
 * Device and site identifiers (HIPAA counts them), planted in every file, the sending AE title in its
 * meta too; removed by decision 0086.
 */
export const DEVICE_IDENTITY = {
  aeTitle: 'MRC35131',
  stationName: 'MR01DV01',
  deviceSerialNumber: 'SN-4711-0815',
} as const;

/** Long enough not to turn up by chance in megabytes of pixel data. */
export const IDENTITY_TEXTS = [
  PLANTED_IDENTITY.name,
  'JANE^MARIE',
  PLANTED_IDENTITY.id,
  PLANTED_IDENTITY.birthDate,
  PLANTED_IDENTITY.institution,
  PLANTED_IDENTITY.referringPhysician,
  ...Object.values(DEVICE_IDENTITY),
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
  set(dicom.dict, '00080090', 'PN', { Alphabetic: PLANTED_IDENTITY.referringPhysician });
  set(dicom.dict, '00081010', 'SH', DEVICE_IDENTITY.stationName);
  set(dicom.dict, '00181000', 'LO', DEVICE_IDENTITY.deviceSerialNumber);
  set(dicom.meta, '00020016', 'AE', DEVICE_IDENTITY.aeTitle);
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
