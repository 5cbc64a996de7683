import type { TransferFunction } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { colormapToPoints, draftOf, inputOf, newDraft, pointsToColormap, pointToAdd } from './draft';

const shared = {
  id: 7,
  modality: null,
  built_in: false,
  created_by: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('colour map points', () => {
  it('turn into NiiVue arrays in intensity order, and back', () => {
    const points = [
      { intensity: 255, color: '#ffff00', alpha: 255 },
      { intensity: 0, color: '#000000', alpha: 0 },
      { intensity: 96, color: '#FF0010', alpha: 128 },
    ];
    const c = pointsToColormap(points);
    expect(c).toEqual({ R: [0, 255, 255], G: [0, 0, 255], B: [0, 16, 0], A: [0, 128, 255], I: [0, 96, 255] });
    expect(colormapToPoints(c)).toEqual([points[1], { ...points[2], color: '#ff0010' }, points[0]]);
  });

  it('add a point in the widest gap, coloured as the map is there', () => {
    const points = [
      { intensity: 0, color: '#000000', alpha: 0 },
      { intensity: 50, color: '#ff0000', alpha: 255 },
      { intensity: 250, color: '#ff00ff', alpha: 255 },
    ];
    expect(pointToAdd(points)).toEqual({ intensity: 150, color: '#ff0080', alpha: 255 });
    expect(pointToAdd([points[0]!, { intensity: 1, color: '#ffffff', alpha: 1 }])).toBeNull();
  });
});

describe('drafts', () => {
  it('make a window body with numbers from the typed text', () => {
    const draft = { ...newDraft('window'), name: 'Wide', width: '1800', center: '-500' };
    expect(inputOf(draft)).toEqual({
      kind: 'window',
      name: 'Wide',
      modality: 'CT',
      window: { width: 1800, center: -500 },
    });
  });

  it('round-trip a stored colour map', () => {
    const colormap = { R: [0, 255], G: [0, 128], B: [0, 0], A: [0, 255], I: [10, 200] };
    const tf: TransferFunction = { ...shared, kind: 'colormap', name: 'Amber', colormap };
    expect(inputOf(draftOf(tf))).toEqual({ kind: 'colormap', name: 'Amber', modality: null, colormap });
  });

  it('keep a stored window', () => {
    const tf: TransferFunction = {
      ...shared,
      kind: 'window',
      name: 'Lung',
      window: { width: 1500, center: -600 },
    };
    expect(draftOf(tf)).toMatchObject({ kind: 'window', name: 'Lung', width: 1500, center: -600 });
  });
});
