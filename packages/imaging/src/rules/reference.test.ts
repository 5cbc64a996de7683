import { describe, expect, it } from 'vitest';
import { autoReferenceSeries, toggleReference, withReference } from './reference';
import { makeSeries, makeStudy } from './test-fixtures';

describe('autoReferenceSeries', () => {
  it('picks the highest-scoring AR series of a CT study', () => {
    const study = makeStudy({
      modality: 'CT',
      series: [
        makeSeries({ id: 'ar-low', acquisitionCode: 'AR', score: 0.4 }),
        makeSeries({ id: 'ven', acquisitionCode: 'VEN', score: 0.99 }),
        makeSeries({ id: 'ar-high', acquisitionCode: 'AR', score: 0.9 }),
      ],
    });
    expect(autoReferenceSeries(study)).toBe('ar-high');
  });

  it('picks T2W in an MR study and ignores AR there', () => {
    const study = makeStudy({
      modality: 'MR',
      series: [
        makeSeries({ id: 'ar', acquisitionCode: 'AR', score: 1 }),
        makeSeries({ id: 't2', acquisitionCode: 'T2W', score: 0.5 }),
      ],
    });
    expect(autoReferenceSeries(study)).toBe('t2');
  });

  it('keeps the first on equal scores, and is null without a candidate', () => {
    const tied = makeStudy({
      series: [
        makeSeries({ id: 'first', acquisitionCode: 'AR', score: 0.5 }),
        makeSeries({ id: 'second', acquisitionCode: 'AR', score: 0.5 }),
      ],
    });
    expect(autoReferenceSeries(tied)).toBe('first');
    expect(autoReferenceSeries(makeStudy({ series: [makeSeries({ acquisitionCode: 'VEN' })] }))).toBeNull();
    expect(
      autoReferenceSeries(makeStudy({ modality: 'PT', series: [makeSeries({ acquisitionCode: 'AR' })] })),
    ).toBeNull();
  });
});

describe('toggleReference', () => {
  const study = makeStudy({ series: [makeSeries({ id: 'a' }), makeSeries({ id: 'b' })] });
  const refs = (s: typeof study) => s.series.map((x) => x.ref_serie);

  it('sets a reference, and a new one clears the previous', () => {
    const withA = toggleReference(study, 'a');
    expect(refs(withA)).toEqual([true, undefined]);
    expect(refs(toggleReference(withA, 'b'))).toEqual([undefined, true]);
  });

  it('clicking the current reference clears it, leaving the key absent rather than false', () => {
    const cleared = toggleReference(toggleReference(study, 'a'), 'a');
    expect(cleared.series.every((s) => !('ref_serie' in s))).toBe(true);
  });

  it('does not change the input', () => {
    const withA = withReference(study, 'a');
    expect(study.series.some((s) => 'ref_serie' in s)).toBe(false);
    expect(withReference(withA, null).series.some((s) => 'ref_serie' in s)).toBe(false);
    expect(withA.series[0]?.ref_serie).toBe(true);
  });
});
