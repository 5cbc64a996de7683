import { describe, expect, it } from 'vitest';
import { slugFromTitle, slugProblem } from './slug';

describe('slugProblem', () => {
  it.each(['acme', 'neuro-lab', 'a1b', 'x'.repeat(32)])('accepts %s', (s) =>
    expect(slugProblem(s)).toBeNull(),
  );
  it.each([
    ['ab', 'characters long'],
    ['x'.repeat(33), 'characters long'],
    ['Acme', 'lowercase'],
    ['-acme', 'lowercase'],
    ['acme-', 'lowercase'],
    ['ac.me', 'lowercase'],
    ['ac--me', 'two hyphens'],
    ['www', 'reserved'],
    ['admin', 'reserved'],
    ['api', 'reserved'],
  ])('refuses %s', (slug, reason) => expect(slugProblem(slug)).toMatch(reason));
});

describe('slugFromTitle', () => {
  it('turns a title into a valid address', () => {
    expect(slugFromTitle('Neuro Lab #2')).toBe('neuro-lab-2');
    expect(slugFromTitle('  Université de Genève ')).toBe('universite-de-geneve');
    expect(slugFromTitle('x'.repeat(40) + ' tail')).toHaveLength(32);
  });
});
