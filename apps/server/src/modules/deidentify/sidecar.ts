/**
 * dcm2niix's JSON sidecar (BIDS), de-identified as the DICOM is (docs/decisions/0014): `-ba y` drops the
 * patient's name, id and birth date but keeps the institution, station, serial number, descriptions and
 * acquisition time. With anonymisation on, every key the Basic Profile would remove or blank goes: those
 * named here, and by rule every UID, date, person, free-text comment and description. What describes the
 * acquisition (timing, geometry, sequence, hardware model) stays.
 */
const REMOVED = new Set([
  'InstitutionName',
  'InstitutionAddress',
  'InstitutionalDepartmentName',
  'StationName',
  'DeviceSerialNumber',
  'ProtocolName',
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
  if (KEPT.has(key) || THING_NAMES.has(key)) return false;
  return REMOVED.has(key) || RULES.some((rule) => rule.test(key));
}

/** The sidecar without its identifying keys; text that is not a JSON object is refused. */
export function deidentifySidecar(text: string): string {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('The sidecar is not a JSON object.');
  const kept = Object.entries(parsed).filter(([key]) => !isIdentifyingSidecarKey(key));
  return `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`;
}
