import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('DIMSE_MAX_INSTANCE_BYTES', () => {
  it('defaults to the STOW-RS limit, and a bad value stops start-up naming the variable', () => {
    const config = loadConfig({});
    expect(config.DIMSE_MAX_INSTANCE_BYTES).toBe(config.DICOMWEB_MAX_STOW_BYTES);
    expect(loadConfig({ DIMSE_MAX_INSTANCE_BYTES: '1048576' }).DIMSE_MAX_INSTANCE_BYTES).toBe(1048576);
    for (const bad of ['0', '-1', 'big', String(3 * 1024 ** 3)])
      expect(() => loadConfig({ DIMSE_MAX_INSTANCE_BYTES: bad })).toThrow(/DIMSE_MAX_INSTANCE_BYTES/);
  });
});
