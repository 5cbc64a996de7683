import type { Permission } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { isReviewer, isReviewerRole, mayAct, nextState, parseMentions, reviewAbilities } from './rules';

const ANNOTATOR: Permission[] = ['r:studies', 'r:segmentations', 'r:reviews'];
const REVIEWER: Permission[] = ['r:studies', 'r:studies:detail', 'r:reviews'];

describe('isReviewer', () => {
  it('on a shared segmentation, takes an assignment in a reviewer role’s box', () => {
    expect(isReviewerRole(REVIEWER)).toBe(true);
    expect(isReviewerRole(ANNOTATOR)).toBe(false);
    expect(isReviewer({ rbacEnabled: true, permissions: REVIEWER, isAssigned: true })).toBe(true);
    expect(isReviewer({ rbacEnabled: true, permissions: REVIEWER, isAssigned: false })).toBe(false);
    // An assigned annotator changes it; they do not review it.
    expect(isReviewer({ rbacEnabled: true, permissions: ANNOTATOR, isAssigned: true })).toBe(false);
  });

  it('on one nobody restricts, takes r:reviews', () => {
    expect(isReviewer({ rbacEnabled: false, permissions: ANNOTATOR, isAssigned: false })).toBe(true);
    expect(isReviewer({ rbacEnabled: false, permissions: ['r:studies'], isAssigned: false })).toBe(false);
  });
});

describe('nextState', () => {
  it('submits the first time, after changes were requested and after an approval, never while pending', () => {
    expect(nextState(null, 'submit')).toBe('pending');
    expect(nextState('changes_requested', 'submit')).toBe('pending');
    expect(nextState('approved', 'submit')).toBe('pending');
    expect(nextState('pending', 'submit')).toBeNull();
  });

  it('decides only a pending submission', () => {
    expect(nextState('pending', 'approve')).toBe('approved');
    expect(nextState('pending', 'request-changes')).toBe('changes_requested');
    for (const state of [null, 'approved', 'changes_requested'] as const) {
      expect(nextState(state, 'approve')).toBeNull();
      expect(nextState(state, 'request-changes')).toBeNull();
    }
  });
});

describe('mayAct and reviewAbilities', () => {
  const author = {
    rbacEnabled: true,
    permissions: ANNOTATOR,
    isAssigned: true,
    canEdit: true,
    canReview: true,
    isSubmitter: true,
    state: 'pending' as const,
  };
  const reviewer = { ...author, permissions: REVIEWER, canEdit: false, isSubmitter: false };

  it('lets the author submit and the reviewer decide', () => {
    expect(mayAct(author, 'submit')).toBe(true);
    expect(mayAct(author, 'approve')).toBe(false);
    expect(mayAct(reviewer, 'submit')).toBe(false);
    expect(mayAct(reviewer, 'approve')).toBe(true);
    expect(mayAct(reviewer, 'request-changes')).toBe(true);
  });

  it('refuses self-approval, even to who holds r:reviews on a segmentation nobody restricts', () => {
    const own = { ...author, rbacEnabled: false };
    expect(mayAct(own, 'approve')).toBe(false);
    expect(mayAct({ ...own, isSubmitter: false }, 'approve')).toBe(true);
  });

  it('offers what the state allows now', () => {
    expect(reviewAbilities(author)).toEqual({ submit: false, decide: false, comment: true });
    expect(reviewAbilities(reviewer)).toEqual({ submit: false, decide: true, comment: true });
    expect(reviewAbilities({ ...author, state: 'changes_requested' })).toMatchObject({ submit: true });
    expect(reviewAbilities({ ...reviewer, state: 'approved', canReview: false })).toEqual({
      submit: false,
      decide: false,
      comment: false,
    });
  });
});

describe('parseMentions', () => {
  const ann = { id: 1, name: 'Ann' };
  const annLee = { id: 2, name: 'Ann Lee' };
  const bob = { id: 3, name: 'Bob Brown' };
  const members = [ann, annLee, bob];

  it('finds members by name after @, longest name first, case-insensitive, once each', () => {
    expect(parseMentions('@ann lee please look, and @Bob Brown. Thanks @ann lee', members)).toEqual([
      annLee,
      bob,
    ]);
    expect(parseMentions('@Ann, see this', members)).toEqual([ann]);
  });

  it('needs the name to end at a word boundary and the @ to start one', () => {
    expect(parseMentions('@Annie is not Ann', members)).toEqual([]);
    expect(parseMentions('mail ann@Bob Brown', members)).toEqual([]);
    expect(parseMentions('(@Bob Brown)', members)).toEqual([bob]);
  });

  it('ignores who is not a member and lone @', () => {
    expect(parseMentions('@Carol and @ and @', members)).toEqual([]);
  });
});
