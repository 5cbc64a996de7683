/** The attributes QIDO-RS answers at each level (PS3.18 Table 10.6.3-3 to -5), by tag. */
export const STUDY_TAGS = [
  '00080005', // SpecificCharacterSet
  '00080020', // StudyDate
  '00080030', // StudyTime
  '00080050', // AccessionNumber
  '00080090', // ReferringPhysicianName
  '00081030', // StudyDescription
  '00100010', // PatientName
  '00100020', // PatientID
  '00100030', // PatientBirthDate
  '00100040', // PatientSex
  '0020000D', // StudyInstanceUID
  '00200010', // StudyID
] as const;

export const SERIES_TAGS = [
  '00080021', // SeriesDate
  '00080031', // SeriesTime
  '00080060', // Modality
  '0008103E', // SeriesDescription
  '0020000E', // SeriesInstanceUID
  '00200011', // SeriesNumber
] as const;

export const INSTANCE_TAGS = [
  '00080016', // SOPClassUID
  '00080018', // SOPInstanceUID
  '00200013', // InstanceNumber
  '00280002', // SamplesPerPixel
  '00280004', // PhotometricInterpretation
  '00280008', // NumberOfFrames
  '00280010', // Rows
  '00280011', // Columns
  '00280100', // BitsAllocated
] as const;

export const INDEXED_TAGS: readonly string[] = [...STUDY_TAGS, ...SERIES_TAGS, ...INSTANCE_TAGS];

/** The value representation of each indexed attribute: how a query value matches it (PS3.4 C.2.2.2). */
export const INDEXED_VR: Record<string, string> = {
  '00080005': 'CS',
  '00080020': 'DA',
  '00080030': 'TM',
  '00080050': 'SH',
  '00080090': 'PN',
  '00081030': 'LO',
  '00100010': 'PN',
  '00100020': 'LO',
  '00100030': 'DA',
  '00100040': 'CS',
  '0020000D': 'UI',
  '00200010': 'SH',
  '00080021': 'DA',
  '00080031': 'TM',
  '00080060': 'CS',
  '0008103E': 'LO',
  '0020000E': 'UI',
  '00200011': 'IS',
  '00080016': 'UI',
  '00080018': 'UI',
  '00200013': 'IS',
  '00280002': 'US',
  '00280004': 'CS',
  '00280008': 'IS',
  '00280010': 'US',
  '00280011': 'US',
  '00280100': 'US',
};

/** Keywords QIDO-RS queries may use instead of tags. */
export const KEYWORDS: Record<string, string> = {
  SpecificCharacterSet: '00080005',
  StudyDate: '00080020',
  StudyTime: '00080030',
  AccessionNumber: '00080050',
  ModalitiesInStudy: '00080061',
  ReferringPhysicianName: '00080090',
  StudyDescription: '00081030',
  PatientName: '00100010',
  PatientID: '00100020',
  PatientBirthDate: '00100030',
  PatientSex: '00100040',
  StudyInstanceUID: '0020000D',
  StudyID: '00200010',
  SeriesDate: '00080021',
  SeriesTime: '00080031',
  Modality: '00080060',
  SeriesDescription: '0008103E',
  SeriesInstanceUID: '0020000E',
  SeriesNumber: '00200011',
  SOPClassUID: '00080016',
  SOPInstanceUID: '00080018',
  InstanceNumber: '00200013',
  Rows: '00280010',
  Columns: '00280011',
  NumberOfFrames: '00280008',
  SamplesPerPixel: '00280002',
  PhotometricInterpretation: '00280004',
  BitsAllocated: '00280100',
};

export const MODALITIES_IN_STUDY = '00080061';
export const NUMBER_OF_STUDY_SERIES = '00201206';
export const NUMBER_OF_STUDY_INSTANCES = '00201208';
export const NUMBER_OF_SERIES_INSTANCES = '00201209';
export const RETRIEVE_URL = '00081190';
export const AVAILABLE_TRANSFER_SYNTAX = '00083002';
