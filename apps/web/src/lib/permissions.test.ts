import { describe, expect, it } from 'vitest';
import { togglePermission } from './permissions';

describe('togglePermission', () => {
  it('adds in the spec order and removes', () => {
    expect(togglePermission(['r:team'], 'r:dashboard', true)).toEqual(['r:dashboard', 'r:team']);
    expect(togglePermission(['r:dashboard', 'r:team'], 'r:team', false)).toEqual(['r:dashboard']);
    expect(togglePermission(['r:team'], 'r:team', true)).toEqual(['r:team']);
  });
});
