import { describe, expect, it } from 'vitest';
import { normalise } from './normalise';

describe('normalise', () => {
  it('clips CT to the training range, standardises with the training mean and deviation, answers the lowest', () => {
    const values = new Float32Array([-3000, -1000, 0, 500, 4000]);
    expect(normalise(values, { kind: 'ct', clip: [-1000, 1000], mean: 0, std: 500 })).toBe(-2);
    expect(Array.from(values)).toEqual([-2, -2, 0, 1, 2]);
  });

  it('z-scores with the volume’s own mean and deviation, and leaves a flat volume finite', () => {
    const values = new Float32Array([1, 2, 3, 4]);
    normalise(values, { kind: 'zscore' });
    const mean = values.reduce((a, b) => a + b, 0) / 4;
    const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / 4;
    expect(mean).toBeCloseTo(0, 6);
    expect(variance).toBeCloseTo(1, 5);
    const flat = new Float32Array([7, 7]);
    normalise(flat, { kind: 'zscore' });
    expect(Array.from(flat)).toEqual([0, 0]);
  });

  it('leaves the values as they are with none, and answers the lowest', () => {
    const values = new Float32Array([3, -2, 5]);
    expect(normalise(values, { kind: 'none' })).toBe(-2);
    expect(Array.from(values)).toEqual([3, -2, 5]);
  });
});
