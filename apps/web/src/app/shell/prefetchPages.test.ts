import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import { NAV_LINKS } from './navLinks';
import { linkedPages, prefetchAllowed } from './prefetchPages';

describe('linkedPages', () => {
  it('finds the page of every sidebar link, in the links’ order', () => {
    const paths = NAV_LINKS.map((link) => link.to);
    expect(linkedPages(paths, ROUTES).map((route) => route.path)).toEqual(paths);
  });
  it('leaves out an address that is no page', () => {
    expect(linkedPages(['/studies-v2', '/nowhere'], ROUTES).map((route) => route.path)).toEqual([
      '/studies-v2',
    ]);
  });
});

describe('prefetchAllowed', () => {
  it('prefetches unless the browser saves data or the link is 2G', () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(prefetchAllowed({ saveData: true })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
  });
});
