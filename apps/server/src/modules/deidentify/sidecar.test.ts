import { describe, expect, it } from 'vitest';
import { deidentifySidecar, isIdentifyingSidecarKey } from './sidecar';

/** A sidecar as dcm2niix -ba y writes it from a real Philips CT of the corpus (dcm_qa_ct S21570/S2010). */
const PHILIPS_CT = {
  Modality: 'CT',
  Manufacturer: 'Philips',
  ManufacturersModelName: 'Ingenuity CT',
  InstitutionName: 'QMC',
  InstitutionalDepartmentName: 'Radiology',
  InstitutionAddress: 'NOTTINGHAM',
  DeviceSerialNumber: '336067',
  StationName: 'CT4',
  BodyPartExamined: 'BRAIN',
  PatientPosition: 'HFS',
  SeriesDescription: 'STD BRAIN 5MM',
  ProtocolName: '1A TRAUMA/PLAIN HEAD DM /Head',
  SeriesNumber: 201,
  AcquisitionTime: '09:29:21.000000',
  ImageComments: 'STD BRAIN 5MM',
  ConvolutionKernel: 'UB',
  ImageOrientationPatientDICOM: [1, 0, 0, 0, 1, 0],
  ConversionSoftware: 'dcm2niix',
};

describe('deidentifySidecar', () => {
  it('drops where, who, when and free text, and keeps how the image was made', () => {
    const out = JSON.parse(deidentifySidecar(JSON.stringify(PHILIPS_CT))) as Record<string, unknown>;
    expect(Object.keys(out).sort()).toEqual(
      [
        'Modality',
        'Manufacturer',
        'ManufacturersModelName',
        'BodyPartExamined',
        'PatientPosition',
        'SeriesNumber',
        'ConvolutionKernel',
        'ImageOrientationPatientDICOM',
        'ConversionSoftware',
      ].sort(),
    );
  });

  it('removes by rule what no list names: UIDs, dates, people, descriptions', () => {
    for (const key of [
      'StudyInstanceUID',
      'SeriesInstanceUID',
      'AcquisitionDateTime',
      'PatientBirthDate',
      'PatientWeight',
      'ReferringPhysicianName',
      'OperatorsName',
      'StudyDescription',
      'ProcedureStepDescription',
      'AcquisitionComments',
    ])
      expect(isIdentifyingSidecarKey(key), key).toBe(true);
    for (const key of ['EchoTime', 'RepetitionTime', 'SliceTiming', 'AcquisitionDuration', 'ReceiveCoilName'])
      expect(isIdentifyingSidecarKey(key), key).toBe(false);
  });

  it('refuses what is not a JSON object', () => {
    expect(() => deidentifySidecar('[1]')).toThrow('not a JSON object');
    expect(() => deidentifySidecar('{')).toThrow();
  });
});
