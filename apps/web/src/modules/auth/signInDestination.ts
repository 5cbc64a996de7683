import { isSafeRedirect, type User } from '@voxa/contracts';

export type Destination = { type: 'path'; to: string } | { type: 'team'; slug: string };

/**
 * Where a user goes after signing in: the requested target when it is safe, else the preferred
 * team's dashboard (on its sub-domain), else the dashboard here, or Get started without any team.
 */
export function signInDestination(user: User, target: string | null, teamSlug: string | null): Destination {
  if (isSafeRedirect(target)) return { type: 'path', to: target };
  if (!user.email_verified_at) return { type: 'path', to: '/verify' };
  if (teamSlug) return { type: 'path', to: '/dashboard' };
  const preferred = user.teams.find((t) => t.preferred);
  if (preferred) return { type: 'team', slug: preferred.slug };
  return { type: 'path', to: user.teams.length === 0 ? '/get-started' : '/dashboard' };
}
