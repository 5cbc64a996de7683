import { describe, expect, it } from 'vitest';
import { recogniseStudy } from './recognise';
import { series, seededCodes } from './test-series';
import { dicomSeconds } from './text';

const one = (fields: Parameters<typeof series>[0]) => recogniseStudy([series(fields)], seededCodes)[0];

describe('dicomSeconds', () => {
  it('reads TM, TM with colons, and the time of a DT', () => {
    expect(dicomSeconds('101530')).toBe(36930);
    expect(dicomSeconds('101530.5')).toBe(36930.5);
    expect(dicomSeconds('10:15:30')).toBe(36930);
    expect(dicomSeconds('20220711120517.042500')).toBeCloseTo(43517.0425);
    expect(dicomSeconds('1015')).toBe(36900);
  });

  it('answers null for what is not a time', () => {
    expect(dicomSeconds(null)).toBeNull();
    expect(dicomSeconds('')).toBeNull();
    expect(dicomSeconds('noon')).toBeNull();
    expect(dicomSeconds('256199')).toBeNull();
  });
});

describe('CT phases', () => {
  it.each([
    ['Arterial 1.0 B30f', 'AR'],
    ['ABD ART PHASE', 'AR'],
    ['CTA Thorax', 'AR'],
    ['Late arterial', 'AR'],
    ['Portal venous 3mm', 'PV'],
    ['PV 5.0', 'PV'],
    ['Venous phase', 'PV'],
    ['Delayed 5 min', 'DL'],
    ['Nephrographic', 'DL'],
    ['NATIVE 5mm', 'NATIVE'],
    ['Non contrast abdomen', 'NATIVE'],
    ['Pre-contrast', 'NATIVE'],
  ])('reads "%s" as %s', (seriesDescription, code) => {
    expect(one({ seriesDescription })).toEqual({ id: 's', acquisitionCode: code, score: 0.9 });
  });

  it('reads the protocol and comments too', () => {
    expect(one({ protocolName: 'Liver_PortalVenous' })?.acquisitionCode).toBe('PV');
    expect(one({ imageComments: 'delayed phase' })?.acquisitionCode).toBe('DL');
  });

  it('times the acquisition after the contrast start: AR, PV, DL windows', () => {
    const timed = (acquisitionTime: string) =>
      one({ contrastAgent: 'Iomeron 400', contrastStartTime: '101500', acquisitionTime });
    expect(timed('101530')).toMatchObject({ acquisitionCode: 'AR', score: 0.75 });
    expect(timed('101610')).toMatchObject({ acquisitionCode: 'PV', score: 0.75 });
    expect(timed('102000')).toMatchObject({ acquisitionCode: 'DL', score: 0.7 });
    expect(timed('101400')).toMatchObject({ acquisitionCode: 'NATIVE', score: 0.75 });
  });

  it('trusts agreeing name and timing more, and keeps the name when they disagree', () => {
    const base = { contrastStartTime: '101500', acquisitionTime: '101535' };
    expect(one({ ...base, seriesDescription: 'Arterial' })).toMatchObject({
      acquisitionCode: 'AR',
      score: 0.95,
    });
    expect(one({ ...base, seriesDescription: 'Venous' })).toMatchObject({
      acquisitionCode: 'PV',
      score: 0.7,
    });
  });

  it('gives a lower score when the name names several phases', () => {
    expect(one({ seriesDescription: 'ART/PV combined' })).toMatchObject({
      acquisitionCode: 'AR',
      score: 0.6,
    });
  });

  it('answers NONE for localizers, dose reports and bolus tracking', () => {
    expect(one({ imageType: ['ORIGINAL', 'PRIMARY', 'LOCALIZER'] })).toMatchObject({
      acquisitionCode: 'NONE',
    });
    expect(one({ seriesDescription: 'Topogram 0.6 T20f' })?.acquisitionCode).toBe('NONE');
    expect(one({ seriesDescription: 'Dose Report' })?.acquisitionCode).toBe('NONE');
    expect(one({ seriesDescription: 'Bolus tracking' })?.acquisitionCode).toBe('NONE');
    expect(one({ seriesDescription: 'Exam Summary' })?.acquisitionCode).toBe('NONE');
  });

  it('orders unnamed series by acquisition time: native before contrast, then AR, PV, DL', () => {
    const contrast = { contrastAgent: 'Omnipaque', contrastRoute: 'IV' };
    const study = [
      series({ id: 'late', acquisitionTime: '102500', ...contrast }),
      series({ id: 'plain', acquisitionTime: '100000' }),
      series({ id: 'first', acquisitionTime: '101535', ...contrast }),
      series({ id: 'second', acquisitionTime: '101630', ...contrast }),
      series({ id: 'second-coronal', acquisitionTime: '101632', ...contrast }),
    ];
    const codes = Object.fromEntries(
      recogniseStudy(study, seededCodes).map((r) => [r.id, r.acquisitionCode]),
    );
    expect(codes).toEqual({ plain: 'NATIVE', first: 'AR', second: 'PV', 'second-coronal': 'PV', late: 'DL' });
  });

  it('takes the phase of a named series acquired at the same moment (a reformat)', () => {
    const study = [
      series({ id: 'axial', seriesDescription: 'Arterial axial', acquisitionTime: '101535' }),
      series({ id: 'coronal', seriesDescription: 'COR 3mm', acquisitionTime: '101536', contrastAgent: 'X' }),
    ];
    expect(recogniseStudy(study, seededCodes)[1]).toEqual({
      id: 'coronal',
      acquisitionCode: 'AR',
      score: 0.7,
    });
  });

  it('calls a single contrast series PV with a low score, and a series without contrast NATIVE with less', () => {
    expect(one({ contrastAgent: 'ISOVUE300/100', acquisitionTime: '112936' })).toMatchObject({
      acquisitionCode: 'PV',
      score: 0.45,
    });
    expect(one({ acquisitionTime: '173321' })).toMatchObject({ acquisitionCode: 'NATIVE', score: 0.3 });
  });

  it('does not count "none" as a contrast agent', () => {
    const study = [
      series({ id: 'a', contrastAgent: 'NONE', acquisitionTime: '100000' }),
      series({ id: 'b', contrastAgent: 'Visipaque', acquisitionTime: '100100' }),
    ];
    expect(recogniseStudy(study, seededCodes).map((r) => r.acquisitionCode)).toEqual(['NATIVE', 'PV']);
  });
});

describe('MR weightings', () => {
  it.each([
    ['t1_mprage_sag', 'T1W'],
    ['T1W SE', 'T1W'],
    ['anat-T1w_acq-tfl', 'T1W'],
    ['t1_vibe_fs_tra +C', 'T1C'],
    ['T1 POST GD', 'T1C'],
    ['Ax T1 FSPGR post contrast', 'T1C'],
    ['t2_tse_tra', 'T2W'],
    ['Ax T2 FSE', 'T2W'],
    ['HASTE cor', 'T2W'],
    ['t2_tirm_tra_dark-fluid', 'FLAIR'],
    ['Sag 3D FLAIR', 'FLAIR'],
    ['PD_TSE', 'PD'],
    ['ep2d_diff_b1000', 'DWI'],
    ['DWI b800', 'DWI'],
    ['ep2d_diff_ADC', 'ADC'],
    ['Apparent Diffusion Coefficient (mm2/s)', 'ADC'],
  ])('reads "%s" as %s', (seriesDescription, code) => {
    expect(one({ modality: 'MR', seriesDescription })?.acquisitionCode).toBe(code);
  });

  it.each([
    ['FAST LOCALIZER', 'LOC'],
    ['AAHead_Scout', 'LOC'],
    ['3plane_loc_ssfse', 'LOC'],
    ['REST1 w SMS PF7-8', 'BOLD'],
    ['ep2d_bold_moco', 'BOLD'],
    ['axial_epi_fmri_interleaved_i_to_s', 'BOLD'],
    ['asl_2d_tra', 'ASL'],
    ['pCASL_3D', 'ASL'],
    ['ep2d_perf', 'PERF'],
    ['DSC perfusion', 'PERF'],
    ['gre_field_mapping', 'FMAP'],
    ['epi_pe_ap', 'FMAP'],
    ['t2_swi_tra', 'SWI'],
    ['SWAN', 'SWI'],
    ['T2* GRE', 'T2S'],
    ['tof_fl3d_tra_multi-slab', 'MRA'],
    ['PhoenixZIPReport', 'NONE'],
    ['MIP_TRA', 'NONE'],
  ])('reads the purpose of "%s" as %s', (seriesDescription, code) => {
    expect(one({ modality: 'MR', seriesDescription })?.acquisitionCode).toBe(code);
  });

  it('reads the purpose from the image type when the name says nothing', () => {
    expect(one({ modality: 'MR', imageType: ['ORIGINAL', 'PRIMARY', 'LOCALIZER'] })).toMatchObject({
      acquisitionCode: 'LOC',
      score: 0.85,
    });
    expect(one({ modality: 'MR', imageType: ['ORIGINAL', 'PRIMARY', 'PERFUSION'] })?.acquisitionCode).toBe(
      'PERF',
    );
  });

  it('reads the parameters when the name says nothing', () => {
    const mr = (fields: Parameters<typeof series>[0]) => one({ modality: 'MR', ...fields });
    expect(mr({ scanningSequence: 'SE', repetitionTime: 4000, echoTime: 100 })).toMatchObject({
      acquisitionCode: 'T2W',
      score: 0.7,
    });
    expect(mr({ scanningSequence: 'SE', repetitionTime: 500, echoTime: 15 })?.acquisitionCode).toBe('T1W');
    expect(mr({ scanningSequence: 'SE', repetitionTime: 3000, echoTime: 20 })?.acquisitionCode).toBe('PD');
    expect(
      mr({ scanningSequence: 'SE\\IR', repetitionTime: 9000, echoTime: 90, inversionTime: 2500 }),
    ).toMatchObject({ acquisitionCode: 'FLAIR' });
    expect(
      mr({ scanningSequence: 'GR\\IR', repetitionTime: 2300, echoTime: 2.3, inversionTime: 900 }),
    ).toMatchObject({ acquisitionCode: 'T1W' });
    expect(
      mr({ scanningSequence: 'EP', diffusionBValue: 1000, repetitionTime: 5000, echoTime: 80 }),
    ).toMatchObject({
      acquisitionCode: 'DWI',
    });
    // Echo-planar without a b-value: most often BOLD.
    expect(mr({ scanningSequence: 'EP', repetitionTime: 2000, echoTime: 30 })).toMatchObject({
      acquisitionCode: 'BOLD',
      score: 0.5,
    });
  });

  it('makes T1 with a contrast agent in the header T1C', () => {
    expect(
      one({ modality: 'MR', seriesDescription: 't1_se_tra', contrastAgent: 'Gadovist' })?.acquisitionCode,
    ).toBe('T1C');
    expect(
      one({
        modality: 'MR',
        scanningSequence: 'SE',
        repetitionTime: 500,
        echoTime: 15,
        contrastAgent: 'Dotarem',
      })?.acquisitionCode,
    ).toBe('T1C');
    expect(
      one({ modality: 'MR', seriesDescription: 'T1 pre', contrastAgent: 'Dotarem' })?.acquisitionCode,
    ).toBe('T1W');
  });

  it('reads the contrast value of an Enhanced MR image type', () => {
    expect(one({ modality: 'MR', imageType: ['ORIGINAL', 'PRIMARY', 'T1', 'NONE'] })).toMatchObject({
      acquisitionCode: 'T1W',
      score: 0.7,
    });
    expect(
      one({ modality: 'MR', imageType: ['DERIVED', 'PRIMARY', 'DIFFUSION', 'ADC'] })?.acquisitionCode,
    ).toBe('ADC');
  });

  it('scores agreement of name and parameters above either alone, and disagreement below', () => {
    const agree = one({ modality: 'MR', protocolName: 'T1W/SE/1024', repetitionTime: 350, echoTime: 27 });
    expect(agree).toMatchObject({ acquisitionCode: 'T1W', score: 0.95 });
    const disagree = one({ modality: 'MR', seriesDescription: 'T1 SE', repetitionTime: 5000, echoTime: 120 });
    expect(disagree).toMatchObject({ acquisitionCode: 'T1W', score: 0.75 });
  });

  it('answers NONE with score 0 when nothing speaks', () => {
    expect(one({ modality: 'MR' })).toEqual({ id: 's', acquisitionCode: 'NONE', score: 0 });
  });
});

describe('other modalities and the acceptance rule', () => {
  it('PET: NAC when named, AC otherwise', () => {
    expect(one({ modality: 'PT', seriesDescription: 'PET NAC' })).toMatchObject({
      acquisitionCode: 'NAC',
      score: 0.9,
    });
    expect(one({ modality: 'PT', seriesDescription: 'PET AC 3D' })).toMatchObject({ acquisitionCode: 'AC' });
    expect(one({ modality: 'PT', seriesDescription: 'PET-CT SERIES' })).toMatchObject({
      acquisitionCode: 'AC',
      score: 0.5,
    });
  });

  it('answers NONE with score 1 for a modality that offers only NONE', () => {
    expect(one({ modality: 'XA', seriesDescription: 'Coronary' })).toEqual({
      id: 's',
      acquisitionCode: 'NONE',
      score: 1,
    });
  });

  it('turns a code the modality does not offer into NONE with score 0', () => {
    const onlyNative = (m: string) => (m === 'CT' ? ['NONE', 'NATIVE'] : ['NONE']);
    expect(recogniseStudy([series({ seriesDescription: 'Arterial' })], onlyNative)[0]).toEqual({
      id: 's',
      acquisitionCode: 'NONE',
      score: 0,
    });
  });

  it('uses the study modality for a series without one, and keeps the order and ids', () => {
    const result = recogniseStudy(
      [series({ id: 'b', modality: '', seriesDescription: 'T2 TSE' }), series({ id: 'a', modality: 'MR' })],
      seededCodes,
      'MR',
    );
    expect(result.map((r) => [r.id, r.acquisitionCode])).toEqual([
      ['b', 'T2W'],
      ['a', 'NONE'],
    ]);
  });

  it('keeps every score within 0..1 with two decimals', () => {
    const many = ['Arterial', 'PV', 'x', 'Topogram'].map((d, i) =>
      series({ id: String(i), seriesDescription: d }),
    );
    for (const r of recogniseStudy(many, seededCodes)) {
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
      expect(Math.round(r.score * 100) / 100).toBe(r.score);
    }
  });
});
