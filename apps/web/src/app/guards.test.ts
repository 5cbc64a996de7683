import { PERMISSION_ROUTE_RETRIES, type User } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GUARDS, decideGuards, type GuardInput } from './guards';

const team = { id: 1, slug: 'acme', title: 'Acme', data: { color: '#112233' }, preferred: true, users: [] };
const user: User = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.org',
  data: { color: '#112233' },
  email_verified_at: '2024-01-01T00:00:00Z',
  is_admin: false,
  teams: [team],
  invitations: [],
  impersonator: null,
};

function input(over: Partial<GuardInput> = {}): GuardInput {
  return {
    guards: DEFAULT_GUARDS,
    pathname: '/members',
    fullPath: '/members?x=1',
    target: null,
    hasToken: true,
    user,
    teamSlug: 'acme',
    held: ['r:team'],
    permissionTries: 0,
    ...over,
  };
}

describe('decideGuards', () => {
  it('allows a verified member of the team', () => {
    expect(decideGuards(input())).toEqual({ type: 'allow' });
  });
  it('sends a visitor without a token to /login with the target', () => {
    expect(decideGuards(input({ hasToken: false, user: undefined }))).toEqual({
      type: 'redirect',
      to: '/login?target=%2Fmembers%3Fx%3D1',
    });
  });
  it('waits for the user to load', () => {
    expect(decideGuards(input({ user: undefined }))).toEqual({ type: 'wait', for: 'user' });
  });
  it('sends an unverified user to /verify, keeping a safe target', () => {
    const unverified = { ...user, email_verified_at: null };
    expect(decideGuards(input({ user: unverified }))).toEqual({
      type: 'redirect',
      to: '/verify?target=%2Fmembers%3Fx%3D1',
    });
    expect(decideGuards(input({ user: unverified, target: '/team/roles' }))).toEqual({
      type: 'redirect',
      to: '/verify?target=%2Fteam%2Froles',
    });
    expect(decideGuards(input({ user: unverified, target: '//evil.example' })).type).toBe('redirect');
    expect(decideGuards(input({ user: unverified, pathname: '/verify' }))).toEqual({ type: 'allow' });
  });
  it('sends a verified user away from /verify to /', () => {
    expect(decideGuards(input({ pathname: '/verify' }))).toEqual({ type: 'redirect', to: '/' });
  });
  it('leaves a team the user is not in for the base address', () => {
    expect(decideGuards(input({ teamSlug: 'other' }))).toEqual({ type: 'leaveToBase' });
  });
  it('sends team-only pages on the base domain to the dashboard', () => {
    expect(decideGuards(input({ teamSlug: null, needsTeam: true }))).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
  });
  it('checks the route permission, waiting up to the retry limit', () => {
    const g = { guards: [...DEFAULT_GUARDS, 'permission'] };
    expect(decideGuards(input({ ...g, required: ['r:team'] }))).toEqual({ type: 'allow' });
    expect(decideGuards(input({ ...g, required: ['r:roles'] }))).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
    expect(decideGuards(input({ ...g, required: ['r:roles'], held: undefined }))).toEqual({
      type: 'wait',
      for: 'permissions',
    });
    expect(
      decideGuards(
        input({
          ...g,
          required: ['r:roles'],
          held: undefined,
          permissionTries: PERMISSION_ROUTE_RETRIES,
        }),
      ),
    ).toEqual({ type: 'redirect', to: '/dashboard' });
    expect(
      decideGuards(input({ ...g, required: ['admin', 'r:users'], user: { ...user, is_admin: true } })),
    ).toEqual({
      type: 'allow',
    });
    expect(decideGuards(input({ ...g, required: ['admin', 'r:users'], held: ['r:users'] }))).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
  });
  it('says why when a page declares it (the organize panel’s Not authorized), also after the retries', () => {
    const organize = {
      guards: [...DEFAULT_GUARDS, 'permission'],
      required: ['r:studies:detail'] as const,
      deniedMessage: 'Not authorized',
    };
    const denied = { type: 'redirect', to: '/dashboard', notice: 'Not authorized' };
    expect(decideGuards(input(organize))).toEqual(denied);
    expect(
      decideGuards(input({ ...organize, held: undefined, permissionTries: PERMISSION_ROUTE_RETRIES })),
    ).toEqual(denied);
    expect(decideGuards(input({ ...organize, held: undefined }))).toEqual({
      type: 'wait',
      for: 'permissions',
    });
    expect(decideGuards(input({ ...organize, held: ['r:studies:detail'] }))).toEqual({ type: 'allow' });
  });
  it('asks one of the anyOf permissions (the annotator: any permission that reads cases)', () => {
    const annotator = {
      guards: [...DEFAULT_GUARDS, 'permission'],
      anyOf: ['r:studies', 'r:reviews'] as const,
    };
    expect(decideGuards(input({ ...annotator, held: ['r:reviews'] }))).toEqual({ type: 'allow' });
    expect(decideGuards(input({ ...annotator, held: ['r:team'] }))).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
    expect(decideGuards(input({ ...annotator, held: undefined }))).toEqual({
      type: 'wait',
      for: 'permissions',
    });
  });
  it('sends a signed-in user away from guest pages to a safe target', () => {
    expect(decideGuards(input({ guards: ['guest'], target: '/team/roles' }))).toEqual({
      type: 'redirect',
      to: '/team/roles',
    });
    expect(decideGuards(input({ guards: ['guest'], target: 'https://evil.example' }))).toEqual({
      type: 'redirect',
      to: '/dashboard',
    });
    expect(decideGuards(input({ guards: ['guest'], hasToken: false, user: undefined }))).toEqual({
      type: 'allow',
    });
  });
  it('yields a 500 for an unknown guard name', () => {
    expect(decideGuards(input({ guards: ['auth', 'bogus'] }))).toEqual({
      type: 'error',
      status: 500,
      guard: 'bogus',
    });
  });
});
