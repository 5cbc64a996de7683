import { describe, expect, it } from 'vitest';
import { mayReview, NOBODY_HOLDS_REVIEWS, onlyTheAuthorReviews, reviewersOf } from './reviewers';

describe('mayReview (decision 0093)', () => {
  it('takes r:reviews and reading the segmentation, whatever else the role holds', () => {
    expect(mayReview({ permissions: ['r:studies', 'r:segmentations', 'r:reviews'], read: true })).toBe(true);
    expect(mayReview({ permissions: ['r:reviews'], read: true })).toBe(true);
    expect(mayReview({ permissions: ['r:reviews'], read: false })).toBe(false);
    // The seeded Viewer, and a role that annotates without reviewing.
    expect(mayReview({ permissions: ['r:dashboard', 'r:studies'], read: true })).toBe(false);
    expect(mayReview({ permissions: ['r:studies', 'r:segmentations'], read: true })).toBe(false);
  });
});

describe('reviewersOf', () => {
  const anna = { id: 1, name: 'Anna Annotator', reviews: true };
  const mia = { id: 2, name: 'Mia Member', reviews: true };
  const vic = { id: 3, name: 'Vic Viewer', reviews: false };

  it('leaves the author out, and keeps the order given', () => {
    expect(reviewersOf([anna, mia, vic], 1)).toEqual({ reviewers: [mia], nobodyReviews: null });
    expect(reviewersOf([anna, mia, vic], null)).toEqual({ reviewers: [anna, mia], nobodyReviews: null });
    // An author who is no reviewer (or gone) leaves everybody in.
    expect(reviewersOf([anna, mia, vic], 3).reviewers).toEqual([anna, mia]);
  });

  it('says why nobody can: the author alone holds r:reviews, or nobody does', () => {
    expect(reviewersOf([anna, vic], 1)).toEqual({
      reviewers: [],
      nobodyReviews: onlyTheAuthorReviews('Anna Annotator'),
    });
    expect(onlyTheAuthorReviews('Anna Annotator')).toContain('nobody approves their own work');
    expect(reviewersOf([vic], 3)).toEqual({ reviewers: [], nobodyReviews: NOBODY_HOLDS_REVIEWS });
    expect(reviewersOf([], null).nobodyReviews).toBe(NOBODY_HOLDS_REVIEWS);
  });
});
