import { describe, expect, it } from 'vitest';
import { mayAct, nextState, parseMentions, reviewAbilities } from './rules';

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
    canEdit: true,
    canReview: true,
    reviews: true,
    isSubmitter: true,
    state: 'pending' as const,
  };
  // A second member of a seeded role: they may change it too, and hold r:reviews (decision 0093).
  const reviewer = { ...author, isSubmitter: false };

  it('lets the author submit and any other member holding r:reviews decide', () => {
    expect(mayAct(author, 'submit')).toBe(true);
    expect(mayAct(author, 'approve')).toBe(false);
    expect(mayAct({ ...reviewer, canEdit: false }, 'submit')).toBe(false);
    expect(mayAct(reviewer, 'approve')).toBe(true);
    expect(mayAct(reviewer, 'request-changes')).toBe(true);
  });

  it('refuses self-approval whatever the permissions, and who lacks r:reviews', () => {
    expect(mayAct(author, 'request-changes')).toBe(false);
    expect(mayAct({ ...reviewer, reviews: false }, 'approve')).toBe(false);
    expect(mayAct({ ...reviewer, reviews: false }, 'request-changes')).toBe(false);
  });

  it('offers what the state allows now', () => {
    expect(reviewAbilities(author)).toEqual({ submit: false, decide: false, comment: true });
    expect(reviewAbilities(reviewer)).toEqual({ submit: false, decide: true, comment: true });
    expect(reviewAbilities({ ...author, state: 'changes_requested' })).toMatchObject({ submit: true });
    expect(
      reviewAbilities({ ...reviewer, canEdit: false, state: 'approved', canReview: false, reviews: false }),
    ).toEqual({ submit: false, decide: false, comment: false });
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
