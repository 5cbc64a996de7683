import { describe, expect, it } from 'vitest';
import { decideAssociation, teamAeTitle } from './ae-policy';

const teams = [
  { id: 1, slug: 'neuro', allowedCallingAes: null },
  { id: 2, slug: 'cardio', allowedCallingAes: ['CT_SCANNER', 'PACS'] },
  { id: 3, slug: 'a-very-long-team-slug-one', allowedCallingAes: null },
  { id: 4, slug: 'a-very-long-team-slug-two', allowedCallingAes: null },
];

describe('teamAeTitle', () => {
  it('is the slug in capitals, at most 16 characters', () => {
    expect(teamAeTitle('neuro')).toBe('NEURO');
    expect(teamAeTitle('a-very-long-team-slug-one')).toBe('A-VERY-LONG-TEAM');
  });
});

describe('decideAssociation', () => {
  it('finds the team by its called AE title, padding and case aside', () => {
    expect(decideAssociation(teams, 'NEURO', 'ANY')).toEqual({ ok: true, teamId: 1 });
    expect(decideAssociation(teams, ' neuro          ', 'ANY')).toEqual({ ok: true, teamId: 1 });
  });

  it('rejects an AE title no team has, and one two teams share', () => {
    expect(decideAssociation(teams, 'ORTHO', 'ANY')).toEqual({ ok: false, reason: 'called-ae-unknown' });
    expect(decideAssociation(teams, '', 'ANY')).toEqual({ ok: false, reason: 'called-ae-unknown' });
    expect(decideAssociation(teams, 'A-VERY-LONG-TEAM', 'ANY')).toEqual({
      ok: false,
      reason: 'called-ae-unknown',
    });
  });

  it('takes only the allowed calling AE titles when the team lists them', () => {
    expect(decideAssociation(teams, 'CARDIO', 'PACS ')).toEqual({ ok: true, teamId: 2 });
    expect(decideAssociation(teams, 'CARDIO', 'ct_scanner')).toEqual({ ok: true, teamId: 2 });
    expect(decideAssociation(teams, 'CARDIO', 'LAPTOP')).toEqual({
      ok: false,
      reason: 'calling-ae-not-allowed',
    });
  });
});
