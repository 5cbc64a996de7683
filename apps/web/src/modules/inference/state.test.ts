import { describe, expect, it } from 'vitest';
import { batchOpen, isEnded, POLL_MS, pollWhileRunning, stateText } from './state';

describe('stateText', () => {
  it('says the state, and a running one with its progress in percent', () => {
    expect(stateText({ state: 'queued', progress: 0 })).toBe('queued');
    expect(stateText({ state: 'running', progress: 0.426 })).toBe('running 43%');
    expect(stateText({ state: 'running', progress: 1.7 })).toBe('running 100%');
    expect(stateText({ state: 'done', progress: 1 })).toBe('done');
  });
});

describe('pollWhileRunning', () => {
  it('polls while any inference shown is not ended', () => {
    expect(pollWhileRunning(['done', 'queued'])).toBe(POLL_MS);
    expect(pollWhileRunning(['created'])).toBe(POLL_MS);
    expect(pollWhileRunning(['running', 'failed'])).toBe(POLL_MS);
  });
  it('stops once all have ended, and while nothing is loaded', () => {
    expect(pollWhileRunning(['done', 'failed', 'cancelled'])).toBe(false);
    expect(pollWhileRunning([])).toBe(false);
    expect(pollWhileRunning(undefined)).toBe(false);
  });
  it('knows the ended states', () => {
    expect(['done', 'failed', 'cancelled'].every((s) => isEnded(s as 'done'))).toBe(true);
    expect(isEnded('running')).toBe(false);
  });
});

describe('batchOpen', () => {
  it('is open while a count of created, queued or running is above zero', () => {
    expect(batchOpen({ counts: { done: 3, queued: 1 } })).toBe(true);
    expect(batchOpen({ counts: { done: 3, failed: 1, running: 0 } })).toBe(false);
    expect(batchOpen({ counts: {} })).toBe(false);
  });
});
