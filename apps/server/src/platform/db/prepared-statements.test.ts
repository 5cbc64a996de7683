import { describe, expect, it } from 'vitest';
import { MAX_PREPARED, PREPARE_AFTER, statementNames } from './prepared-statements';

/** The names `nameOf` gives `text` (with one parameter) over `runs` runs. */
function namesOver(nameOf: ReturnType<typeof statementNames>, text: string, runs: number) {
  return Array.from({ length: runs }, () => nameOf(text, 1));
}

describe('statementNames', () => {
  it('names a text from its PREPARE_AFTER-th run on, always with the same name', () => {
    const names = namesOver(statementNames(), 'select $1', PREPARE_AFTER + 3);
    expect(names.slice(0, PREPARE_AFTER - 1)).toEqual(Array(PREPARE_AFTER - 1).fill(undefined));
    expect(new Set(names.slice(PREPARE_AFTER - 1))).toEqual(new Set(['voxa_0']));
  });

  it('never names a text without parameters (the simple protocol admits several statements)', () => {
    const nameOf = statementNames();
    const names = Array.from({ length: PREPARE_AFTER * 2 }, () => nameOf('select 1; select 2', 0));
    expect(names.every((name) => name === undefined)).toBe(true);
  });

  it('gives each text its own name, and no more than MAX_PREPARED names', () => {
    const nameOf = statementNames();
    const given = Array.from({ length: MAX_PREPARED + 10 }, (_, i) =>
      namesOver(nameOf, `select $1 + ${i}`, PREPARE_AFTER).at(-1),
    );
    expect(new Set(given.slice(0, MAX_PREPARED)).size).toBe(MAX_PREPARED);
    expect(given.slice(MAX_PREPARED)).toEqual(Array(10).fill(undefined));
    // The named keep their names.
    expect(nameOf('select $1 + 0', 1)).toBe('voxa_0');
  });

  it('still names a repeated text among thousands that vary', () => {
    const nameOf = statementNames();
    for (let i = 0; i < 10_000; i += 1) nameOf(`select $1 where id in (${i})`, 1);
    expect(namesOver(nameOf, 'select $1', PREPARE_AFTER).at(-1)).toBe('voxa_0');
  });
});
