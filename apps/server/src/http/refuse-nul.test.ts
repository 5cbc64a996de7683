import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { findNul, refuseNul } from './refuse-nul';

describe('findNul', () => {
  it('finds the path of a NUL in nested input', () => {
    expect(findNul({ emails: [{ email: 'a' }, { email: 'b\0' }] })).toEqual(['emails', '1', 'email']);
    expect(findNul('x\0')).toEqual([]);
    expect(findNul({ a: 1, b: ['ok', null] })).toBeNull();
  });
});

describe('refuseNul', () => {
  it('answers 422 naming the field', () => {
    try {
      refuseNul({ body: { name: 'A\0' }, query: {}, params: {} });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(422);
      expect((error as HttpError).errors).toEqual({ name: ['Text may not contain a NUL character.'] });
    }
  });
});
