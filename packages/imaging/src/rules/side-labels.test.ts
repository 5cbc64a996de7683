import { describe, expect, it } from 'vitest';
import { sideLabels } from './side-labels';

describe('sideLabels', () => {
  it('puts the patient’s right on the screen’s left in the radiological convention', () => {
    expect(sideLabels('axial', true)).toEqual({ left: 'R', right: 'L', top: 'A', bottom: 'P' });
    expect(sideLabels('coronal', true)).toEqual({ left: 'R', right: 'L', top: 'S', bottom: 'I' });
    expect(sideLabels('sagittal', true)).toEqual({ left: 'A', right: 'P', top: 'S', bottom: 'I' });
  });
  it('swaps left and right in the neurological convention, top and bottom stay', () => {
    expect(sideLabels('axial', false)).toEqual({ left: 'L', right: 'R', top: 'A', bottom: 'P' });
    expect(sideLabels('coronal', false)).toEqual({ left: 'L', right: 'R', top: 'S', bottom: 'I' });
    expect(sideLabels('sagittal', false)).toEqual({ left: 'P', right: 'A', top: 'S', bottom: 'I' });
  });
});
