import { cleanDescriptor, type PatientIdentity } from './descriptors';

/**
 * dcm2niix's JSON sidecar (BIDS), de-identified as the DICOM is (docs/decisions/0014): `-ba y` drops the
 * patient's name, id and birth date but keeps the institution, station, serial number, descriptions and
 * acquisition time. With anonymisation on, every key the Basic Profile would remove or blank goes: those
 * named here, and by rule every UID, date, person, free-text comment and other description. What describes
 * the acquisition (timing, geometry, sequence, hardware model) stays, and the descriptors the DICOM keeps
 * cleaned (decision 0086) are kept cleaned the same way.
 */
const REMOVED = new Set([
  'InstitutionName',
  'InstitutionAddress',
  'InstitutionalDepartmentName',
  'StationName',
  'DeviceSerialNumber',
  'AccessionNumber',
  'StudyID',
  'AcquisitionTime',
  'ContentTime',
  'StudyTime',
  'SeriesTime',
  'TimeOfDay',
  'OtherPatientIDs',
  'MedicalRecordLocator',
]);
/** The descriptors kept cleaned, as Series Description, Protocol Name and Study Description are in the DICOM. */
const CLEANED = new Set(['SeriesDescription', 'ProtocolName', 'StudyDescription']);
/** Keys the rules below would catch that hold no identity. */
const KEPT = new Set(['PatientPosition', 'PatientSex']);
const RULES = [
  /UID$/,
  /Date(Time)?$/,
  /^Patient/,
  /Physician/,
  /Operator/,
  /Comment/,
  /Description$/,
  /Name$/,
];
/** ...except names of things, not people. */
const THING_NAMES = new Set([
  'ManufacturersModelName',
  'ReceiveCoilName',
  'TransmitCoilName',
  'PulseSequenceName',
  'SequenceName',
  'CoilName',
]);

export function isIdentifyingSidecarKey(key: string): boolean {
  if (KEPT.has(key) || THING_NAMES.has(key) || CLEANED.has(key)) return false;
  return REMOVED.has(key) || RULES.some((rule) => rule.test(key));
}

/** A kept key's value: a descriptor cleaned of `identity` (undefined when nothing is left), else as it was. */
function keptValue(key: string, value: unknown, identity: PatientIdentity): unknown {
  if (!CLEANED.has(key)) return value;
  const cleaned = typeof value === 'string' ? cleanDescriptor(value, identity) : '';
  return cleaned === '' ? undefined : cleaned;
}

/**
 * The sidecar without its identifying keys, its descriptors cleaned of the patient the original DICOM
 * names (`identity`); text that is not a JSON object is refused.
 */
export function deidentifySidecar(text: string, identity: PatientIdentity): Record<string, unknown> {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('The sidecar is not a JSON object.');
  const kept = Object.entries(parsed)
    .filter(([key]) => !isIdentifyingSidecarKey(key))
    .map(([key, value]) => [key, keptValue(key, value, identity)] as const)
    .filter(([, value]) => value !== undefined);
  return Object.fromEntries(kept);
}

/** The sidecar as written back: indented JSON and a newline, as dcm2niix writes it. */
export const sidecarText = (sidecar: Record<string, unknown>) => `${JSON.stringify(sidecar, null, 2)}\n`;
