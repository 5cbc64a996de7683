import { describe, expect, it } from 'vitest';
import {
  CT_PRESETS,
  formatNumber,
  formatWindow,
  initialWindow,
  matchingPreset,
  presetsFrom,
  presetsFor,
  rangeToWindow,
  windowToRange,
} from './windowing';

describe('window presets', () => {
  it('offers soft tissue, lung, bone and brain for CT only', () => {
    expect(presetsFor('CT').map((p) => `${p.label} ${p.width}/${p.level}`)).toEqual([
      'Soft tissue 400/40',
      'Lung 1500/-600',
      'Bone 2000/300',
      'Brain 80/40',
    ]);
    expect(presetsFor('ct')).toBe(CT_PRESETS);
    expect(presetsFor('MR')).toEqual([]);
    expect(presetsFor(null)).toEqual([]);
  });

  it('opens CT in soft tissue and other modalities on their robust range', () => {
    expect(initialWindow('CT', { min: 0, max: 1 }, { min: -1024, max: 3071 })).toEqual({
      width: 400,
      level: 40,
    });
    expect(initialWindow('MR', { min: 20, max: 820 }, { min: 0, max: 4095 })).toEqual({
      width: 800,
      level: 420,
    });
    expect(initialWindow('MR', { min: 0, max: 0 }, { min: 0, max: 100 })).toEqual({ width: 100, level: 50 });
  });

  it('turns windows into display ranges and back', () => {
    expect(windowToRange({ width: 1500, level: -600 })).toEqual({ min: -1350, max: 150 });
    expect(rangeToWindow({ min: -1350, max: 150 })).toEqual({ width: 1500, level: -600 });
  });

  it('recognises a preset and formats windows', () => {
    expect(matchingPreset(CT_PRESETS, { width: 1500.2, level: -600 })?.id).toBe('lung');
    expect(matchingPreset(CT_PRESETS, { width: 1400, level: -600 })).toBeNull();
    expect(matchingPreset([], { width: 400, level: 40 })).toBeNull();
    expect(formatWindow({ width: 1500, level: -600 })).toBe('W 1500 L -600');
    expect(formatNumber(0.012345)).toBe('0.0123');
    expect(formatNumber(-3.5)).toBe('-3.5');
    expect(formatNumber(123.6)).toBe('124');
    expect(formatNumber(Number.NaN)).toBe('–');
  });
});

describe('presetsFrom', () => {
  const common = { modality: 'CT', built_in: true, created_by: null, created_at: '', updated_at: '' };
  it('offers the window presets of /transfer-functions by name, centre as level; colour maps are not windows', () => {
    expect(
      presetsFrom([
        { ...common, id: 1, kind: 'window', name: 'CT lung', window: { width: 1500, center: -600 } },
        {
          ...common,
          id: 2,
          kind: 'colormap',
          name: 'hot',
          colormap: { R: [0, 255], G: [0, 255], B: [0, 255], A: [0, 255], I: [0, 255] },
        },
      ]),
    ).toEqual([{ id: 'tf-1', label: 'CT lung', width: 1500, level: -600 }]);
  });
});
