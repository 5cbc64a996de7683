import { describe, expect, it } from 'vitest';
import { AE_TITLE_PATTERN, aeTitleProblem, normalizeAeTitle } from './ae-title';

describe('aeTitleProblem', () => {
  it.each(['PACS', 'CT_SCANNER-2', 'A', 'X'.repeat(16), ' ORTHANC ', 'MY PACS', 'a.b@c'])(
    'accepts %j',
    (title) => expect(aeTitleProblem(title)).toBeNull(),
  );
  it.each([
    ['', '1 to 16 characters'],
    ['    ', '1 to 16 characters'],
    ['X'.repeat(17), '1 to 16 characters'],
    ['A\\B', 'backslash'],
    ['PACS\t', 'control characters'],
    ['PA\nCS', 'control characters'],
    ['\u0000', 'control characters'],
    ['ÉCHO', 'control characters'],
  ])('refuses %j', (title, reason) => expect(aeTitleProblem(title)).toContain(reason));
  it('counts the characters without the padding', () => {
    expect(aeTitleProblem(`  ${'X'.repeat(16)}  `)).toBeNull();
  });
});

describe('normalizeAeTitle', () => {
  it('drops the padding and compares in capitals', () => {
    expect(normalizeAeTitle(' pacs  ')).toBe('PACS');
    expect(normalizeAeTitle('My Pacs')).toBe('MY PACS');
  });
});

describe('AE_TITLE_PATTERN', () => {
  it('says what aeTitleProblem says (the API schema uses it)', () => {
    const titles = [
      'PACS',
      ' A ',
      'MY PACS',
      'X'.repeat(16),
      'X'.repeat(17),
      '',
      '   ',
      'A\\B',
      'A\tB',
      'ÉCHO',
      '~!',
    ];
    for (const title of titles)
      expect(AE_TITLE_PATTERN.test(title), title).toBe(aeTitleProblem(title) === null);
  });
});
