import { describe, expect, it } from 'vitest';
import { creatorTagOf, isSafePrivate } from './safe-private';

const creators: Record<string, string> = {
  '00290010': 'SIEMENS CSA HEADER ',
  '00190011': 'SIEMENS MR HEADER',
  '00290011': 'ACME',
};
const creatorOf = (tag: string) => creators[tag];

describe('safe private attributes', () => {
  it('keeps the listed elements of a known creator, wherever its block is', () => {
    expect(isSafePrivate('00291010', creatorOf)).toBe(true);
    expect(isSafePrivate('0019110A', creatorOf)).toBe(true);
  });

  it('drops other elements, unknown creators and creator elements themselves', () => {
    expect(isSafePrivate('00291011', creatorOf)).toBe(false);
    expect(isSafePrivate('00291110', creatorOf)).toBe(false);
    expect(isSafePrivate('00290010', creatorOf)).toBe(false);
    expect(isSafePrivate('00431039', creatorOf)).toBe(false);
    expect(creatorTagOf('0019110A')).toBe('00190011');
  });
});
