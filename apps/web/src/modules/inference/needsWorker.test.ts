import { describe, expect, it } from 'vitest';
import { needsAWorker } from './needsWorker';

const worker = (status: 'new' | 'online' | 'offline') => ({ id: 1, name: 'gpu', status, platform: false });

describe('needsAWorker', () => {
  it('is true without workers, or with only new or offline ones', () => {
    expect(needsAWorker({ workers: [] })).toBe(true);
    expect(needsAWorker({ workers: [worker('new'), worker('offline')] })).toBe(true);
  });

  it('is false once one serving worker is online', () => {
    expect(needsAWorker({ workers: [worker('offline'), worker('online')] })).toBe(false);
  });
});
