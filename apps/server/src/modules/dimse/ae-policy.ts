import { AE_TITLE_MAX } from '@voxa/contracts';

/** A team's called AE title: its slug in capitals, cut to 16 characters (docs/decisions/0068). */
export function teamAeTitle(slug: string): string {
  return slug.toUpperCase().slice(0, AE_TITLE_MAX);
}

/** AE titles are padded with spaces on the wire; leading and trailing spaces are not significant. */
const normalized = (title: string) => title.trim().toUpperCase();

export interface AeTeam {
  id: number;
  slug: string;
  /** Calling AE titles the team takes stores from; null: any. */
  allowedCallingAes: string[] | null;
}

export type AssociationDecision =
  { ok: true; teamId: number } | { ok: false; reason: 'called-ae-unknown' | 'calling-ae-not-allowed' };

/**
 * Which team an association is for: the one whose AE title was called (two teams sharing the first 16
 * characters of their slugs share a title, and neither is reached by it), if the caller is allowed there.
 */
export function decideAssociation(
  teams: readonly AeTeam[],
  calledAe: string,
  callingAe: string,
): AssociationDecision {
  const called = normalized(calledAe);
  const matching = teams.filter((t) => teamAeTitle(t.slug) === called);
  const team = matching.length === 1 ? matching[0] : undefined;
  if (!team) return { ok: false, reason: 'called-ae-unknown' };
  const allowed = team.allowedCallingAes;
  if (allowed !== null && !allowed.some((ae) => normalized(ae) === normalized(callingAe)))
    return { ok: false, reason: 'calling-ae-not-allowed' };
  return { ok: true, teamId: team.id };
}
