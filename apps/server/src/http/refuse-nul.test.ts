import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { findNul, MAX_INPUT_DEPTH, refuseNul } from './refuse-nul';

describe('findNul', () => {
  it('finds the path of a NUL in nested input', () => {
    expect(findNul({ emails: [{ email: 'a' }, { email: 'b\0' }] })).toEqual(['emails', '1', 'email']);
    expect(findNul('x\0')).toEqual([]);
    expect(findNul({ a: 1, b: ['ok', null] })).toBeNull();
  });

  it('walks parsed query strings (no prototype)', () => {
    expect(findNul(Object.assign(Object.create(null), { PatientName: '\0' }))).toEqual(['PatientName']);
  });

  it('leaves a raw body’s bytes alone: a file, not text', () => {
    expect(findNul(Buffer.alloc(50_000_000))).toBeNull();
    expect(findNul(Readable.from(['x\0']))).toBeNull();
  });

  it('refuses nesting past the bound with a 400, without recursion', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => findNul(deep)).toThrow(expect.objectContaining({ status: 400 }));
    let fine: unknown = 'x\0';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = { a: fine };
    expect(findNul(fine)).toHaveLength(MAX_INPUT_DEPTH);
  });
});

describe('refuseNul', () => {
  it('answers 422 naming the field', () => {
    try {
      refuseNul({ body: { name: 'A\0' }, query: {}, params: {} }, 422);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(422);
      expect((error as HttpError).errors).toEqual({ name: ['Text may not contain a NUL character.'] });
    }
  });
});
