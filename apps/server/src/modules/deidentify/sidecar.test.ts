import { describe, expect, it } from 'vitest';
import type { PatientIdentity } from './descriptors';
import { deidentifySidecar, isIdentifyingSidecarKey, sidecarText } from './sidecar';

const nobody: PatientIdentity = { name: '', id: '', birthDate: '' };

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
  it('drops where, who, when and free text, and keeps how the image was made and its descriptors', () => {
    const out = deidentifySidecar(JSON.stringify(PHILIPS_CT), nobody);
    expect(Object.keys(out).sort()).toEqual(
      [
        'SeriesDescription',
        'ProtocolName',
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
    expect(out.ProtocolName).toBe(PHILIPS_CT.ProtocolName);
  });

  it('cleans the descriptors of the patient the DICOM names, as the stored DICOM does (decision 0086)', () => {
    const patient: PatientIdentity = { name: 'MUSTERMANN^ERIKA', id: 'PID-778899', birthDate: '19650412' };
    const planted = {
      ...PHILIPS_CT,
      SeriesDescription: 'DTI_AP MUSTERMANN',
      ProtocolName: 'ep2d_diff 19650412 PA',
      StudyDescription: 'PID-778899',
    };
    const out = deidentifySidecar(JSON.stringify(planted), patient);
    expect(out.SeriesDescription).toBe('DTI_AP');
    expect(out.ProtocolName).toBe('ep2d_diff PA');
    expect(out).not.toHaveProperty('StudyDescription');
    const text = sidecarText(out);
    for (const trace of ['MUSTERMANN', '19650412', 'PID-778899']) expect(text).not.toContain(trace);
    expect(text.endsWith('}\n')).toBe(true);
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
      'ProcedureStepDescription',
      'AcquisitionComments',
    ])
      expect(isIdentifyingSidecarKey(key), key).toBe(true);
    for (const key of [
      'EchoTime',
      'RepetitionTime',
      'SliceTiming',
      'AcquisitionDuration',
      'ReceiveCoilName',
      'SeriesDescription',
      'ProtocolName',
      'StudyDescription',
    ])
      expect(isIdentifyingSidecarKey(key), key).toBe(false);
  });

  it('refuses what is not a JSON object', () => {
    expect(() => deidentifySidecar('[1]', nobody)).toThrow('not a JSON object');
    expect(() => deidentifySidecar('{', nobody)).toThrow();
  });
});
