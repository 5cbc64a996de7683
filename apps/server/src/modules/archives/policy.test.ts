import { describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_LIMITS, entryPath, isSymlinkEntry, readerRefusal, totalsProblem } from './policy';

describe('archive entry rules', () => {
  it('keeps relative paths, normalised', () => {
    expect(entryPath('study/series 1/IM0001.dcm')).toEqual({ path: 'study/series 1/IM0001.dcm' });
    expect(entryPath('./a//b\\c.dcm')).toEqual({ path: 'a/b/c.dcm' });
  });

  it('refuses what would leave the extraction folder', () => {
    for (const name of [
      '../evil.dcm',
      'a/../../evil',
      '/etc/passwd',
      'C:\\Windows\\x',
      'a\\..\\..\\b',
      'x\0y',
      './',
    ])
      expect(entryPath(name)).toHaveProperty('refused');
  });

  it('recognises symlinks by their unix mode', () => {
    expect(isSymlinkEntry(0o120777 << 16)).toBe(true);
    expect(isSymlinkEntry(0o100644 << 16)).toBe(false);
    expect(isSymlinkEntry(0)).toBe(false);
  });

  it('refuses bombs by ratio once there is volume, and totals beyond the limits', () => {
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 1e9, maxEntries: 10 };
    expect(totalsProblem({ entries: 1, inflated: 1e6, compressed: 1e3 }, limits)).toBeNull();
    expect(totalsProblem({ entries: 1, inflated: 1e8, compressed: 1e5 }, limits)).toMatch(/zip bomb/);
    expect(totalsProblem({ entries: 11, inflated: 1, compressed: 1 }, limits)).toMatch(/more than 10 files/);
    expect(totalsProblem({ entries: 1, inflated: 2e9, compressed: 1e9 }, limits)).toMatch(/inflates to more/);
  });
});

describe('readerRefusal', () => {
  it('words the zip reader’s own name checks as ours', () => {
    expect(readerRefusal('invalid relative path: ../../x.dcm')).toBe(
      'Archive entry "../../x.dcm" leaves the archive folder.',
    );
    expect(readerRefusal('absolute path: /etc/passwd')).toBe(
      'Archive entry "/etc/passwd" has an absolute path.',
    );
    expect(readerRefusal('invalid characters in fileName: a\\b')).toMatch(/cannot hold/);
    expect(readerRefusal('unexpected EOF')).toBeNull();
  });
});
