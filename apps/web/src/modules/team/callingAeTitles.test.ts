import { describe, expect, it } from 'vitest';
import { addCallingAeTitle, removeCallingAeTitle } from './callingAeTitles';

describe('addCallingAeTitle', () => {
  it('adds the title unpadded and in capitals, as the server stores it', () => {
    expect(addCallingAeTitle(['PACS'], ' ct_scanner ')).toEqual({ ok: true, titles: ['PACS', 'CT_SCANNER'] });
  });

  it('refuses a title the AE title rule refuses, with its reason', () => {
    expect(addCallingAeTitle([], 'A\\B')).toEqual({
      ok: false,
      problem: expect.stringContaining('backslash'),
    });
    expect(addCallingAeTitle([], '   ')).toEqual({ ok: false, problem: expect.stringContaining('1 to 16') });
    expect(addCallingAeTitle([], 'X'.repeat(17))).toMatchObject({ ok: false });
  });

  it('refuses a title listed already, whatever its case', () => {
    expect(addCallingAeTitle(['PACS'], 'pacs')).toEqual({ ok: false, problem: 'PACS is listed already.' });
  });
});

describe('removeCallingAeTitle', () => {
  it('keeps the others in their order', () => {
    expect(removeCallingAeTitle(['A', 'B', 'C'], 'B')).toEqual(['A', 'C']);
  });
});
