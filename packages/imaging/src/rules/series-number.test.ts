import { describe, expect, it } from 'vitest';
import { NIFTI_SERIES_NUMBER_TOOLTIP, parseSeriesNumber } from './series-number';

describe('parseSeriesNumber', () => {
  it('reads digits', () => {
    expect(parseSeriesNumber('201')).toEqual({ ok: true, value: 201 });
    expect(parseSeriesNumber(' 7 ')).toEqual({ ok: true, value: 7 });
    expect(parseSeriesNumber('0')).toEqual({ ok: true, value: 0 });
  });

  it.each(['', '   ', 'abc', '1.5', '-3', '1e3'])('rejects %j as required', (input) => {
    expect(parseSeriesNumber(input)).toEqual({ ok: false, error: 'Serie number is required' });
  });
});

describe('NIfTI tooltip', () => {
  it('is the spec text', () => {
    expect(NIFTI_SERIES_NUMBER_TOOLTIP).toBe(
      "Nifty files don't contain serie number. It will be computed after processing",
    );
  });
});
