import type { ReviewAbilities, ReviewState } from '@voxa/contracts';

/**
 * Who may do what with a segmentation's review, and how its state moves (docs/decisions/0042-reviews.md,
 * who reviews after docs/decisions/0093-anyone-with-r-reviews-reviews.md). Pure: the caller's facts come
 * in, the service fetches them.
 */

export type ReviewAction = 'submit' | 'approve' | 'request-changes';

/** The state an action leads to from `state` (null: never submitted), or null when it may not happen now. */
export function nextState(state: ReviewState | null, action: ReviewAction): ReviewState | null {
  if (action === 'submit') return state === 'pending' ? null : 'pending';
  if (state !== 'pending') return null;
  return action === 'approve' ? 'approved' : 'changes_requested';
}

export interface AbilityFacts {
  /** The caller may change the segmentation (its author: the creator, an assigned annotator, a manager). */
  canEdit: boolean;
  /** The caller may review it by the segmentation access rule (decision 0030): they may comment. */
  canReview: boolean;
  /** The caller holds r:reviews and may read it (the segmentations module's `mayReview`). */
  reviews: boolean;
  /** The caller submitted the current round: nobody approves their own work. */
  isSubmitter: boolean;
  state: ReviewState | null;
}

/** Whether the caller's role allows the action at all (403 otherwise); the state is nextState's (409). */
export function mayAct(facts: AbilityFacts, action: ReviewAction): boolean {
  if (action === 'submit') return facts.canEdit;
  return facts.reviews && !facts.isSubmitter;
}

/** What the caller may do now, for the page. */
export function reviewAbilities(facts: AbilityFacts): ReviewAbilities {
  const can = (action: ReviewAction) => mayAct(facts, action) && nextState(facts.state, action) !== null;
  return { submit: can('submit'), decide: can('approve'), comment: facts.canReview };
}

export interface Member {
  id: number;
  name: string;
}

const WORD = /[\p{L}\p{N}_]/u;

/**
 * The members a comment @mentions, in order of first mention: an '@' at the start or after a non-word
 * character, followed by a member's name (case-insensitive) that ends at a non-word character. The longest
 * name wins, so '@Ann Lee' is Ann Lee rather than Ann.
 */
export function parseMentions(body: string, members: readonly Member[]): Member[] {
  const found = new Map<number, Member>();
  const lower = body.toLowerCase();
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    if (at > 0 && WORD.test(body[at - 1] ?? '')) continue;
    const rest = lower.slice(at + 1);
    let best: Member | undefined;
    for (const member of members) {
      const name = member.name.trim().toLowerCase();
      if (name === '' || !rest.startsWith(name) || WORD.test(rest[name.length] ?? '')) continue;
      if (!best || name.length > best.name.trim().length) best = member;
    }
    if (best && !found.has(best.id)) found.set(best.id, best);
  }
  return [...found.values()];
}
