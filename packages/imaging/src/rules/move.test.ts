import { describe, expect, it } from 'vitest';
import { moveSeries, moveTargets, MOVE_ONLY_NIFTI_ERROR, type MovableStudy } from './move';
import { makeSeries, makeStudy } from './test-fixtures';

type Study = ReturnType<typeof makeStudy> & MovableStudy;

function studies(): Study[] {
  return [
    makeStudy({
      id: 's1',
      series: [
        makeSeries({ id: 'n1', type: 'nii', acquisitionCode: 'AR', score: 0.9, ref_serie: true }),
        makeSeries({ id: 'n2', type: 'nii', acquisitionCode: 'VEN', score: 0.7 }),
      ],
    }),
    {
      ...makeStudy({
        id: 's2',
        series: [makeSeries({ id: 'n3', type: 'nii', acquisitionCode: 'AR', sort: 4 })],
      }),
      acquisitionRecognizing: true,
    },
    makeStudy({ id: 's3', series: [makeSeries({ id: 'd1', type: 'dcm', acquisitionCode: 'AR' })] }),
  ];
}

describe('moveSeries', () => {
  it('moves the series last into the target and resets both studies', () => {
    const input = studies();
    const result = moveSeries(input, 'n1', 's2');
    if (!result.ok) throw new Error(result.error);
    const [s1, s2, s3] = result.studies;
    expect(s1?.series.map((s) => s.id)).toEqual(['n2']);
    expect(s2?.series.map((s) => [s.id, s.sort])).toEqual([
      ['n3', 4],
      ['n1', 5],
    ]);
    for (const study of [s1, s2]) {
      expect(study?.acquisitionRecognizing).toBe(false);
      expect(
        study?.series.every((s) => s.acquisitionCode === 'NONE' && s.score === 0 && !('ref_serie' in s)),
      ).toBe(true);
    }
    expect(s3).toBe(input[2]);
    expect(input).toEqual(studies());
  });

  it('refuses DICOM series, unknown ids and the same study', () => {
    expect(moveSeries(studies(), 'd1', 's1')).toEqual({ ok: false, error: MOVE_ONLY_NIFTI_ERROR });
    expect(moveSeries(studies(), 'nope', 's1').ok).toBe(false);
    expect(moveSeries(studies(), 'n1', 'nope').ok).toBe(false);
    expect(moveSeries(studies(), 'n1', 's1').ok).toBe(false);
  });
});

describe('moveTargets', () => {
  it('disables the study whose series is selected for moving', () => {
    expect(moveTargets(studies(), 'n2')).toEqual([
      { studyId: 's1', disabled: true },
      { studyId: 's2', disabled: false },
      { studyId: 's3', disabled: false },
    ]);
  });
});
