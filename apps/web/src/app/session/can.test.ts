import { describe, expect, it } from 'vitest';
import { can } from './can';

describe('can', () => {
  const member = { is_admin: false };
  it('checks the held permissions', () => {
    expect(can(member, ['r:team'], 'r:team')).toBe(true);
    expect(can(member, ['r:team'], 'r:roles')).toBe(false);
    expect(can(member, undefined, 'r:team')).toBe(false);
  });
  it('gives administrators everything and nobody else admin', () => {
    expect(can({ is_admin: true }, [], 'r:users')).toBe(true);
    expect(can(member, ['admin'], 'admin')).toBe(false);
    expect(can(null, ['r:team'], 'r:team')).toBe(false);
  });
});
