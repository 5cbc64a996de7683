import { describe, expect, it } from 'vitest';
import { flowState, stepState } from './policy';

describe('stepState', () => {
  it('waits for a series of its acquisition, then misses it once the conversion has ended', () => {
    expect(stepState({ matched: false, studySettled: false, inferences: [] })).toBe('waiting');
    expect(stepState({ matched: false, studySettled: true, inferences: [] })).toBe('missing');
  });

  it('runs while any inference is open', () => {
    expect(stepState({ matched: true, studySettled: false, inferences: ['done', 'queued'] })).toBe('running');
    expect(stepState({ matched: true, studySettled: true, inferences: ['failed', 'running'] })).toBe(
      'running',
    );
    expect(stepState({ matched: true, studySettled: true, inferences: ['created'] })).toBe('running');
  });

  it('is done when every model ran, or there was none to run', () => {
    expect(stepState({ matched: true, studySettled: true, inferences: ['done', 'done'] })).toBe('done');
    expect(stepState({ matched: true, studySettled: false, inferences: [] })).toBe('done');
  });

  it('fails when an inference failed, was cancelled or had no model', () => {
    expect(stepState({ matched: true, studySettled: true, inferences: ['done', 'failed'] })).toBe('failed');
    expect(stepState({ matched: true, studySettled: true, inferences: ['cancelled'] })).toBe('failed');
    expect(stepState({ matched: true, studySettled: true, inferences: [null, 'done'] })).toBe('failed');
  });
});

describe('flowState', () => {
  it('is done when every step is', () => {
    expect(flowState(['done', 'done'])).toBe('done');
  });

  it('waits while no step has begun', () => {
    expect(flowState(['waiting', 'waiting'])).toBe('waiting');
  });

  it('runs while a step is open and another has begun', () => {
    expect(flowState(['done', 'waiting'])).toBe('running');
    expect(flowState(['running', 'waiting'])).toBe('running');
    expect(flowState(['failed', 'running'])).toBe('running');
  });

  it('fails once every step has ended and one not done', () => {
    expect(flowState(['done', 'missing'])).toBe('failed');
    expect(flowState(['failed', 'done'])).toBe('failed');
  });
});
