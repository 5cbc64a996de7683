import { describe, expect, it } from 'vitest';
import { parametersText, parseParameters, parseRuns } from './parameters';

describe('parseParameters', () => {
  it('reads an empty field as no parameters', () => {
    expect(parseParameters('  ')).toEqual({ ok: true, value: {} });
  });
  it('reads a JSON object', () => {
    expect(parseParameters('{"fast": true, "folds": [0, 1]}')).toEqual({
      ok: true,
      value: { fast: true, folds: [0, 1] },
    });
  });
  it('refuses text that is not JSON', () => {
    expect(parseParameters('{fast: true}')).toEqual({ ok: false, error: 'Not valid JSON.' });
  });
  it('refuses JSON that is not an object', () => {
    for (const text of ['[1]', '3', '"x"', 'null'])
      expect(parseParameters(text)).toMatchObject({
        ok: false,
        error: expect.stringContaining('JSON object'),
      });
  });
});

describe('parseRuns', () => {
  it('reads empty as the default and a whole number within 1..100', () => {
    expect(parseRuns('')).toEqual({ ok: true, value: null });
    expect(parseRuns(' 5 ')).toEqual({ ok: true, value: 5 });
    expect(parseRuns('100')).toEqual({ ok: true, value: 100 });
  });
  it('refuses zero, too many, fractions and words', () => {
    for (const text of ['0', '101', '2.5', '-1', 'two']) expect(parseRuns(text).ok).toBe(false);
  });
});

describe('parametersText', () => {
  it('shows none as empty and others as indented JSON that reads back', () => {
    expect(parametersText({})).toBe('');
    const text = parametersText({ fast: true });
    expect(text).toBe('{\n  "fast": true\n}');
    expect(parseParameters(text)).toEqual({ ok: true, value: { fast: true } });
  });
});
