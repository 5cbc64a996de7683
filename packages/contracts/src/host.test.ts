import { describe, expect, it } from 'vitest';
import { teamSlugFromHost } from './host';

describe('teamSlugFromHost', () => {
  it('reads the first label under the base domain', () => {
    expect(teamSlugFromHost('acme.localhost:3000', 'localhost:3000')).toBe('acme');
    expect(teamSlugFromHost('ACME.voxa.example.org', 'voxa.example.org')).toBe('acme');
  });
  it('finds no team on the base host, other hosts or deeper labels', () => {
    expect(teamSlugFromHost('localhost:3000', 'localhost:3000')).toBeNull();
    expect(teamSlugFromHost('acme.localhost:4000', 'localhost:3000')).toBeNull();
    expect(teamSlugFromHost('a.b.localhost:3000', 'localhost:3000')).toBeNull();
    expect(teamSlugFromHost('evil-localhost:3000', 'localhost:3000')).toBeNull();
    expect(teamSlugFromHost(undefined, 'localhost:3000')).toBeNull();
  });
});
