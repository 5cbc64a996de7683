import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatRelative } from './format';

describe('formatDate', () => {
  it('formats as DD.MM.YYYY HH:mm:ss in local time', () => {
    expect(formatDate(new Date(2024, 0, 5, 7, 8, 9))).toBe('05.01.2024 07:08:09');
  });
  it('parses ISO strings', () => {
    const iso = new Date(2023, 11, 31, 23, 59, 1).toISOString();
    expect(formatDate(iso)).toBe('31.12.2023 23:59:01');
  });
  it('passes through empty and invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatBytes', () => {
  it('covers Bytes to YB with base 1024', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 2 * 3.14159)).toBe('3.14 MB');
    expect(formatBytes(1024 ** 3)).toBe('1 GB');
    expect(formatBytes(1024 ** 8)).toBe('1 YB');
    expect(formatBytes(1024 ** 9)).toBe('1024 YB');
  });
  it('treats negative and non-finite sizes as zero', () => {
    expect(formatBytes(-5)).toBe('0 Bytes');
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
  });
});

describe('formatRelative', () => {
  const now = new Date(2026, 10, 25, 12, 0, 0).getTime();
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
  it('answers the largest whole unit', () => {
    expect(formatRelative(ago(0), now)).toBe('now');
    expect(formatRelative(ago(30), now)).toBe('30 seconds ago');
    expect(formatRelative(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelative(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelative(ago(86400), now)).toBe('yesterday');
    expect(formatRelative(ago(14 * 86400), now)).toBe('2 weeks ago');
    expect(formatRelative(ago(400 * 86400), now)).toBe('last year');
  });
  it('answers nothing for an unparsable value', () => {
    expect(formatRelative('not a date', now)).toBe('');
  });
});
