import { describe, expect, it } from 'vitest';
import { csvCell, filterProblem, retentionCutoff, toCsv } from './policy';

describe('log sessions policy', () => {
  it('quotes every CSV cell and doubles quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it('keeps spreadsheet formulas as text', () => {
    for (const formula of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(formula)).toBe(`"'${formula}"`);
    }
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell('/studies-v2')).toBe('"/studies-v2"');
  });

  it('writes a header and CRLF-ended rows', () => {
    expect(toCsv(['a', 'b'], [['1', null]])).toBe('"a","b"\r\n"1",""\r\n');
  });

  it('refuses a time range that ends before it starts', () => {
    expect(filterProblem({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toMatch(/after/);
    expect(filterProblem({ from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' })).toMatch(/after/);
    expect(filterProblem({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' })).toBeNull();
    expect(filterProblem({ path: '/x' })).toBeNull();
  });

  it('cuts off whole days back', () => {
    expect(retentionCutoff(new Date('2026-03-31T12:00:00Z'), 30).toISOString()).toBe(
      '2026-03-01T12:00:00.000Z',
    );
  });
});
