import { RELOAD_GUARD_MS } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { isChunkLoadError, mayReload } from './reload';

describe('mayReload', () => {
  it('allows the first reload and one per guard period', () => {
    expect(mayReload(null, 1000)).toBe(true);
    expect(mayReload(1000, 1000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload(1000, 1000 + RELOAD_GUARD_MS)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
