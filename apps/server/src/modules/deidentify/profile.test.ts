import { describe, expect, it } from 'vitest';
import { actionFor, isPrivateTag } from './profile';

describe('PS3.15 basic profile actions', () => {
  it('replaces the patient identity and empties the Type 2 study attributes', () => {
    expect(actionFor('00100010', 'PN')).toBe('D');
    expect(actionFor('00100020', 'LO')).toBe('D');
    expect(actionFor('00100030', 'DA')).toBe('Z');
    expect(actionFor('00080050', 'SH')).toBe('Z');
  });

  it('removes private attributes, other person names, and dates and times not listed', () => {
    expect(isPrivateTag('00091001')).toBe(true);
    expect(isPrivateTag('00080020')).toBe(false);
    expect(actionFor('00431028', 'OB')).toBe('X');
    expect(actionFor('00321032', 'PN')).toBe('X');
    expect(actionFor('00400006', 'PN')).toBe('Z');
    expect(actionFor('00080022', 'DA')).toBe('X');
    expect(actionFor('00180015', 'CS')).toBe('K');
  });

  it('keeps class and standard UIDs and remaps instance UIDs', () => {
    expect(actionFor('00080016', 'UI', '1.2.840.10008.5.1.4.1.1.2')).toBe('K');
    expect(actionFor('00020010', 'UI', '1.2.840.10008.1.2.1')).toBe('K');
    expect(actionFor('0020000D', 'UI', '1.2.3.4')).toBe('U');
    expect(actionFor('00200052', 'UI', '1.3.6.1.4')).toBe('U');
    expect(actionFor('00081155', 'UI', '1.3.6.1.4.5')).toBe('U');
  });
});
