import { describe, expect, it } from 'vitest';
import { databaseKind } from './checks';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('keeps bytes whole and steps by 1024 with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });
});

describe('databaseKind', () => {
  it('tells PGlite (PostgreSQL on WebAssembly) from a PostgreSQL server by its version', () => {
    expect(databaseKind('PostgreSQL 17.5 on wasm32-unknown-linux-gnu, compiled by emcc')).toBe(
      'PGlite (in the process)',
    );
    expect(databaseKind('PostgreSQL 16.4 (Debian 16.4-1) on x86_64-pc-linux-gnu')).toBe('PostgreSQL');
  });
});
