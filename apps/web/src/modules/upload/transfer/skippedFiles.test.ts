import { describe, expect, it } from 'vitest';
import { SKIPPED_SHOWN, skippedNotice } from './skippedFiles';

describe('skippedNotice', () => {
  it('is null when nothing was skipped', () => {
    expect(skippedNotice([])).toBeNull();
  });

  it('names each skipped file with its reason', () => {
    expect(skippedNotice([{ path: '1.zip/a.dcm', reason: 'Not a DICOM file' }])).toEqual({
      title: '1 file could not be read',
      lines: ['1.zip/a.dcm: Not a DICOM file'],
    });
  });

  it('counts the files past the lines it shows', () => {
    const skipped = Array.from({ length: 12 }, (_, i) => ({ path: `1.zip/${i}.dcm`, reason: 'Empty file' }));
    const notice = skippedNotice(skipped);
    expect(notice?.title).toBe('12 files could not be read');
    expect(notice?.lines).toHaveLength(SKIPPED_SHOWN + 1);
    expect(notice?.lines.at(-1)).toBe('… and 2 more');
  });
});
