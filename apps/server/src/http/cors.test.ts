import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { parseCorsOrigins } from './cors';

describe('parseCorsOrigins', () => {
  it('reads none, a list of origins, or *', () => {
    expect(parseCorsOrigins('')).toEqual([]);
    expect(parseCorsOrigins('https://viewer.example.org, http://localhost:3001')).toEqual([
      'https://viewer.example.org',
      'http://localhost:3001',
    ]);
    expect(parseCorsOrigins('*')).toBe('*');
  });

  it('refuses what is not an origin', () => {
    for (const bad of [
      'viewer.example.org',
      'https://viewer.example.org/',
      'ftp://x.org',
      'https://a.org, *',
    ])
      expect(parseCorsOrigins(bad)).toHaveProperty('error');
  });

  it('stops start-up naming the variable', () => {
    expect(() => loadConfig({ DICOMWEB_CORS_ORIGINS: 'https://viewer.example.org/ohif' })).toThrow(
      /DICOMWEB_CORS_ORIGINS: "https:\/\/viewer.example.org\/ohif" is not an origin/,
    );
    expect(loadConfig({}).DICOMWEB_CORS_ORIGINS).toEqual([]);
  });
});
