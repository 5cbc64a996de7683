import { describe, expect, it } from 'vitest';
import { parseCaseQuery } from './caseQuery';

const parse = (query: string) => parseCaseQuery(new URLSearchParams(query));

describe('parseCaseQuery', () => {
  it('reads task_id, review=true and aiinfer=true', () => {
    expect(parse('task_id=12&review=true')).toEqual({ taskId: 12, review: true, aiinfer: false });
    expect(parse('aiinfer=true')).toEqual({ taskId: null, review: false, aiinfer: true });
    expect(parse('')).toEqual({ taskId: null, review: false, aiinfer: false });
  });

  it('ignores what is not a task number or not "true"', () => {
    expect(parse('task_id=abc&review=1&aiinfer=yes')).toEqual({
      taskId: null,
      review: false,
      aiinfer: false,
    });
    expect(parse('task_id=-3')).toEqual({ taskId: null, review: false, aiinfer: false });
  });
});
