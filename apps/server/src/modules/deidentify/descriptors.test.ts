import { describe, expect, it } from 'vitest';
import { cleanDescriptor, type PatientIdentity } from './descriptors';

const patient: PatientIdentity = { name: 'MUSTERMANN^ERIKA^M', id: 'PID-778899', birthDate: '19650412' };
const clean = (text: string) => cleanDescriptor(text, patient);

describe('cleanDescriptor (PS3.15 Clean Descriptors Option)', () => {
  it('removes each part of the patient name, in any case, and folds the separators around it', () => {
    expect(clean('DTI_AP MUSTERMANN')).toBe('DTI_AP');
    expect(clean('MUSTERMANN DTI_PA')).toBe('DTI_PA');
    expect(clean('DTI_Mustermann_AP')).toBe('DTI_AP');
    expect(clean('t1_mprage erika mustermann sag')).toBe('t1_mprage sag');
    expect(clean('MUSTERMANN^ERIKA')).toBe('');
  });

  it('removes the patient ID and the birth date in its common spellings', () => {
    expect(clean('ep2d_diff 19650412 PA')).toBe('ep2d_diff PA');
    for (const date of ['1965-04-12', '1965.04.12', '1965/04/12', '12.04.1965', '12/04/1965', '12-04-1965'])
      expect(clean(`T2 ${date} FLAIR`), date).toBe('T2 FLAIR');
    for (const date of ['04/12/1965', '12041965', '650412', '12.04.65', '12 Apr 1965', '12-APR-1965'])
      expect(clean(`T2 ${date} FLAIR`), date).toBe('T2 FLAIR');
    expect(clean('pid-778899 localizer')).toBe('localizer');
    expect(clean('Head_PID-778899_CT')).toBe('Head_CT');
  });

  it('removes what looks like a date or a titled name, whoever it names', () => {
    expect(clean('CT chest abdomen pelvis - 55F Dr. Smith')).toBe('CT chest abdomen pelvis - 55F');
    expect(clean('Kontrolle 03.11.2021 Prof Meier')).toBe('Kontrolle');
    expect(clean('follow-up 2021-11-03')).toBe('follow-up');
    expect(clean('Frau Huber Schaedel')).toBe('Schaedel');
  });

  it('keeps clinical words, sequence names, numbers and versions', () => {
    for (const text of [
      'ep2d_diff_mddw_30_p2',
      'DTI_AP',
      'MR Brain w/o contrast',
      'MS protocol FLAIR 3D',
      'Research^MCBI_TESTING',
      'Head 3.0 J30s',
      'Axial EPI-FMRI (Sequential I to S)',
      'ax_asc_35sl',
      'b1000 ADC 2.5mm',
      '1A TRAUMA/PLAIN HEAD DM /Head',
      'STD BRAIN 5MM',
      'cross-section Ross',
      'REST1 w SMS PF7-8',
      'gre_field_mapping 3.0.10',
    ])
      expect(cleanDescriptor(text, { name: 'ROSS^ERIKA', id: '42', birthDate: '' }), text).toBe(
        text.replace(/ Ross$/, ''),
      );
  });

  it('leaves a text with nothing to remove exactly as it was', () => {
    expect(clean('  T1__sag  ')).toBe('  T1__sag  ');
    expect(clean('')).toBe('');
  });

  it('takes no short name part or ID for a word of its own', () => {
    const short: PatientIdentity = { name: 'LI^A', id: '7', birthDate: '' };
    expect(cleanDescriptor('T1 LI sag 7 slices', short)).toBe('T1 sag 7 slices');
    expect(cleanDescriptor('SLICE 7 A', short)).toBe('SLICE 7 A');
  });
});
