import { describe, expect, it } from 'vitest';
import { insertMention, mentionAt, mentionOptions } from './mentions';

describe('mentionAt', () => {
  it('finds the @ being typed, spaces included', () => {
    expect(mentionAt('Look @Mi', 8)).toEqual({ start: 5, query: 'Mi' });
    expect(mentionAt('@Mia Me', 7)).toEqual({ start: 0, query: 'Mia Me' });
    expect(mentionAt('(@', 2)).toEqual({ start: 1, query: '' });
  });

  it('ignores an e-mail address, a finished line and text without @', () => {
    expect(mentionAt('mail anna@example', 17)).toBeNull();
    expect(mentionAt('@Mia\nnext', 9)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
  });
});

describe('mentionOptions', () => {
  const members = [{ name: 'Mia Member' }, { name: 'Olga Owner' }, { name: 'Rita Reviewer' }];
  it('matches the start of the name or of one of its words', () => {
    expect(mentionOptions(members, 'mi')).toEqual([{ name: 'Mia Member' }]);
    expect(mentionOptions(members, 'own')).toEqual([{ name: 'Olga Owner' }]);
    expect(mentionOptions(members, '')).toEqual(members);
  });
});

describe('insertMention', () => {
  it('replaces what was typed with the full name and a space', () => {
    expect(insertMention('Hi @mi, ok', { start: 3, query: 'mi' }, 6, 'Mia Member')).toEqual({
      text: 'Hi @Mia Member , ok',
      caret: 15,
    });
  });
});
