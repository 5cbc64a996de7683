import { describe, expect, it } from 'vitest';
import { isSafeRedirect, safeRedirect } from './redirect';

describe('isSafeRedirect', () => {
  it.each(['/', '/dashboard', '/team/invitations?tab=2#x', '/verify?target=%2Fdashboard'])(
    'accepts %s',
    (t) => {
      expect(isSafeRedirect(t)).toBe(true);
    },
  );

  it.each([
    '',
    'dashboard',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example',
    '/javascript:alert(1)',
    'javascript:alert(1)',
    '/a\\b',
    '/a b',
    '/a\nb',
    '/\u0000x',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (t) => {
    expect(isSafeRedirect(t)).toBe(false);
  });

  it('falls back for unsafe targets', () => {
    expect(safeRedirect('//evil.example', '/dashboard')).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('/members')).toBe('/members');
  });
});
