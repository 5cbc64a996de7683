import { formatUploadHeader, UPLOAD_LIMITS } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { chunkCountOf, chunkRange, fitsSession, readUploadHeader, sameFile } from './policy';

const MIN = UPLOAD_LIMITS.minChunkBytes;
const limits = { maxFileBytes: 100 * MIN, maxChunkBytes: 4 * MIN, maxSessionBytes: 200 * MIN };
const header = { id: 'file-0001', index: 0, count: 3, chunk: MIN, size: 2 * MIN + 10 };

describe('chunk arithmetic', () => {
  it('counts chunks, one for an empty file', () => {
    expect(chunkCountOf(0, MIN)).toBe(1);
    expect(chunkCountOf(MIN, MIN)).toBe(1);
    expect(chunkCountOf(MIN + 1, MIN)).toBe(2);
  });

  it('gives each chunk its offset and length, the last one short', () => {
    expect(chunkRange({ ...header, index: 1 })).toEqual({ offset: MIN, length: MIN });
    expect(chunkRange({ ...header, index: 2 })).toEqual({ offset: 2 * MIN, length: 10 });
    expect(chunkRange({ index: 0, chunk: MIN, size: 0 })).toEqual({ offset: 0, length: 0 });
  });
});

describe('readUploadHeader', () => {
  it('reads a header written by formatUploadHeader, with or without sha256', () => {
    expect(readUploadHeader(formatUploadHeader(header), limits)).toEqual({ ok: true, value: header });
    const withSha = { ...header, sha256: 'ab'.repeat(32) };
    expect(readUploadHeader(formatUploadHeader(withSha), limits)).toEqual({ ok: true, value: withSha });
    expect(readUploadHeader(' id=file-0001 ; index=0;count=1; chunk=5;size=5 ;', limits).ok).toBe(true);
  });

  it.each([
    [undefined, 400],
    [['a', 'b'], 400],
    ['', 400],
    ['x'.repeat(1025), 400],
    ['id', 400],
    ['=1', 400],
    ['index=0;index=1', 400],
    ['id=file-0001;index=0;count=1;chunk=5', 422],
    ['id=file-0001;index=0.5;count=1;chunk=5;size=5', 400],
    ['id=file-0001;index=0x1;count=2;chunk=5;size=10', 400],
    ['id=file-0001;index=1e0;count=2;chunk=5;size=10', 400],
    ['id=file-0001;index=;count=1;chunk=5;size=5', 400],
    ['id=file-0001;index=0;count=1;chunk=0x5;size=5', 400],
    ['id=file-0001;index=0;count=1;chunk=0;size=0', 422],
    ['id=file-0001;index=0;count=1;chunk=5;size=5;extra=1', 422],
  ])('refuses %j with %i', (raw, status) => {
    const result = readUploadHeader(raw, limits);
    expect(result.ok ? null : result.refusal.status).toBe(status);
  });

  it.each([
    [{ ...header, count: 2 }, 422, /has 3 chunks/],
    [{ ...header, index: 3 }, 422, /beyond the last chunk/],
    [{ ...header, chunk: MIN - 1, count: 3 }, 422, /at least/],
    [{ ...header, size: 101 * MIN, count: 101 }, 413, /file is larger/],
    [{ ...header, chunk: 5 * MIN, size: 5 * MIN, count: 1 }, 413, /chunk may be at most/],
    [{ ...header, chunk: 4 * MIN + 1, size: 1000, count: 1 }, 413, /chunk may be at most/],
  ])('checks the numbers of %j', (h, status, message) => {
    const result = readUploadHeader(formatUploadHeader(h), limits);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal.status).toBe(status);
      expect(result.refusal.message).toMatch(message);
    }
  });

  it('lets a single chunk be small, but not declare a chunk size above the limit (it would be registered)', () => {
    expect(
      readUploadHeader(formatUploadHeader({ ...header, chunk: 10, size: 10, count: 1 }), limits).ok,
    ).toBe(true);
    expect(
      readUploadHeader(formatUploadHeader({ ...header, chunk: 50 * MIN, size: 10, count: 1 }), limits).ok,
    ).toBe(false);
  });
});

describe('sameFile and fitsSession', () => {
  const stored = { name: 'a/b.dcm', size: header.size, chunkSize: MIN, chunkCount: 3 };

  it('accepts the same declaration and refuses another with 409', () => {
    expect(sameFile(stored, header, 'a/b.dcm').ok).toBe(true);
    const renamed = sameFile(stored, header, 'a/c.dcm');
    expect(renamed.ok ? null : renamed.refusal.status).toBe(409);
    const resized = sameFile(stored, { ...header, size: header.size + 1 }, 'a/b.dcm');
    expect(resized.ok ? null : resized.refusal.status).toBe(409);
  });

  it('keeps a session under its total', () => {
    expect(fitsSession(100 * MIN, 100 * MIN, limits).ok).toBe(true);
    const over = fitsSession(100 * MIN, 100 * MIN + 1, limits);
    expect(over.ok ? null : over.refusal.status).toBe(413);
  });
});
