import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAFT, parseStart } from './parameters';

describe('the start parameters', () => {
  it('reads the defaults and a patch written as 96x96x32', () => {
    expect(parseStart(DEFAULT_DRAFT)).toEqual({
      ok: true,
      value: { epochs: 50, validationSplit: 0.2, learningRate: 0.001, patchSize: [64, 64, 64] },
    });
    const r = parseStart({ ...DEFAULT_DRAFT, patchSize: '96x96x32' });
    expect(r.ok && r.value.patchSize).toEqual([96, 96, 32]);
  });

  it('says which field is wrong', () => {
    const r = parseStart({ ...DEFAULT_DRAFT, epochs: '0' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^Epochs: /);
    expect(parseStart({ ...DEFAULT_DRAFT, patchSize: '64, 64' }).ok).toBe(false);
  });
});
