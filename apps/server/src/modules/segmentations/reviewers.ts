import { hasAny, type Permission } from '@voxa/contracts';

/**
 * Who reviews a segmentation (docs/decisions/0093-anyone-with-r-reviews-reviews.md): whoever holds
 * r:reviews and may read it, its author left out. Pure: the facts come in, the callers fetch them.
 */
export function mayReview(facts: { permissions: readonly Permission[]; read: boolean }): boolean {
  return facts.read && hasAny(facts.permissions, ['r:reviews']);
}

export interface ReviewCandidate {
  id: number;
  name: string;
  /** May review it by `mayReview` (the author not yet left out). */
  reviews: boolean;
}

export const NOBODY_HOLDS_REVIEWS =
  'Nobody can review this segmentation: no member of the team holds r:reviews. Give it to a role of the team.';

export const onlyTheAuthorReviews = (author: string) =>
  `Nobody can review this segmentation: ${author} is the only member of the team holding r:reviews, and ` +
  'nobody approves their own work. Invite someone in a role that holds it.';

export interface Reviewers<M extends ReviewCandidate> {
  /** Those who may review it, in the order given. */
  reviewers: M[];
  /** Why nobody can, when `reviewers` is empty; null otherwise. */
  nobodyReviews: string | null;
}

/**
 * The reviewers of a round whose author is `authorId` (null: nobody submits it yet), and why nobody can
 * review it when there is none.
 */
export function reviewersOf<M extends ReviewCandidate>(
  members: readonly M[],
  authorId: number | null,
): Reviewers<M> {
  const candidates = members.filter((m) => m.reviews);
  const reviewers = candidates.filter((m) => m.id !== authorId);
  if (reviewers.length > 0) return { reviewers, nobodyReviews: null };
  const author = candidates.find((m) => m.id === authorId);
  return { reviewers, nobodyReviews: author ? onlyTheAuthorReviews(author.name) : NOBODY_HOLDS_REVIEWS };
}
