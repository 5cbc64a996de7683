import { describe, expect, it } from 'vitest';
import { AI_WORKER_PLATFORM } from '@voxa/contracts';
import { logTail, revokeRefusal, workerStatus } from './policy';

describe('workerStatus', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('is new before registering, online within a minute, offline after', () => {
    expect(workerStatus(null, now)).toBe('new');
    expect(workerStatus(new Date('2026-11-25T11:59:30Z'), now)).toBe('online');
    expect(workerStatus(new Date('2026-11-25T11:58:30Z'), now)).toBe('offline');
  });
});

describe('logTail', () => {
  it('appends on a new line and keeps the end, from a line start', () => {
    expect(logTail('', 'a')).toBe('a');
    expect(logTail('a', 'b')).toBe('a\nb');
    expect(logTail('a\n', 'b')).toBe('a\nb');
    expect(logTail('x', undefined)).toBe('x');
    expect(logTail('line one\nline two\n', 'line three', 20)).toBe('line two\nline three');
    expect(logTail('', 'abcdefghij', 4)).toBe('ghij');
  });
});

describe('revokeRefusal', () => {
  it('lets a team revoke its own workers only, never a platform worker', () => {
    expect(revokeRefusal({ team_id: 7 }, 7)).toBeNull();
    expect(revokeRefusal({ team_id: null }, 7)).toBe(AI_WORKER_PLATFORM);
    expect(revokeRefusal({ team_id: 8 }, 7)).not.toBeNull();
  });
});
