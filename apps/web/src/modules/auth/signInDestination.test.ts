import type { User } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { signInDestination } from './signInDestination';

const team = (slug: string, preferred: boolean) => ({
  id: 1,
  slug,
  title: slug,
  data: { color: '#000000' },
  preferred,
  users: [],
});
const user = (over: Partial<User> = {}): User => ({
  id: 1,
  name: 'Ada',
  email: 'a@example.org',
  data: { color: '#000000' },
  email_verified_at: '2024-01-01T00:00:00Z',
  is_admin: false,
  teams: [],
  invitations: [],
  impersonator: null,
  ...over,
});

describe('signInDestination', () => {
  it('honours a safe target only', () => {
    expect(signInDestination(user(), '/team/roles', null)).toEqual({ type: 'path', to: '/team/roles' });
    expect(signInDestination(user(), '//evil.example', null)).toEqual({ type: 'path', to: '/get-started' });
  });
  it('opens the preferred team from the base domain', () => {
    const u = user({ teams: [team('a', false), team('b', true)] });
    expect(signInDestination(u, null, null)).toEqual({ type: 'team', slug: 'b' });
    expect(signInDestination(u, null, 'a')).toEqual({ type: 'path', to: '/dashboard' });
  });
  it('goes to the dashboard without a preferred team, Get started without teams, /verify when unverified', () => {
    expect(signInDestination(user({ teams: [team('a', false)] }), null, null)).toEqual({
      type: 'path',
      to: '/dashboard',
    });
    expect(signInDestination(user(), null, null)).toEqual({ type: 'path', to: '/get-started' });
    expect(signInDestination(user({ email_verified_at: null }), null, null)).toEqual({
      type: 'path',
      to: '/verify',
    });
  });
});
