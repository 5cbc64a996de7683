import { PERMISSIONS } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { effectivePermissions } from './policy';

describe('effectivePermissions', () => {
  it('gives administrators every permission, with or without a team', () => {
    expect(effectivePermissions({ isAdmin: true, rolePermissions: null })).toEqual([...PERMISSIONS]);
    expect(effectivePermissions({ isAdmin: true, rolePermissions: [] })).toEqual([...PERMISSIONS]);
  });

  it('gives a user without a team the dashboard only', () => {
    expect(effectivePermissions({ isAdmin: false, rolePermissions: null })).toEqual(['r:dashboard']);
  });

  it('never lets a role grant admin, and drops unknown strings', () => {
    const held = effectivePermissions({ isAdmin: false, rolePermissions: ['admin', 'r:team', 'bogus'] });
    expect(held).toEqual(['r:team']);
  });

  it('gives an empty role nothing', () => {
    expect(effectivePermissions({ isAdmin: false, rolePermissions: [] })).toEqual([]);
  });
});
