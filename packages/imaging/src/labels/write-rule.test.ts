import { describe, expect, it } from 'vitest';
import { eraseRule, paintRule } from './write-rule';

const allowed = (w: Uint8Array) => [...w.keys()].filter((v) => w[v] === 1);

describe('paintRule', () => {
  it('paints over any value by default', () => {
    const rule = paintRule(new Uint8Array(1), 3);
    expect(rule.value).toBe(3);
    expect(allowed(rule.writable)).toHaveLength(256);
  });
  it('with preserveOthers paints only over background and its own value', () => {
    expect(allowed(paintRule(new Uint8Array(1), 3, { preserveOthers: true }).writable)).toEqual([0, 3]);
  });
  it('never changes locked values, and keeps its own value passable even when listed', () => {
    const rule = paintRule(new Uint16Array(1), 300, { locked: [2, 300, 70000] });
    expect(rule.writable).toHaveLength(65536);
    expect(rule.writable[2]).toBe(0);
    expect(rule.writable[300]).toBe(1);
    expect(rule.writable[5]).toBe(1);
  });
  it('refuses a value the mask cannot hold', () => {
    expect(() => paintRule(new Uint8Array(1), 256)).toThrow(RangeError);
  });
});

describe('eraseRule', () => {
  it('erases only the active value by default', () => {
    const rule = eraseRule(new Uint8Array(1), 4);
    expect(rule.value).toBe(0);
    expect(allowed(rule.writable)).toEqual([0, 4]);
  });
  it('with eraseAny erases every value but the locked ones', () => {
    const rule = eraseRule(new Uint8Array(1), 4, { eraseAny: true, locked: [7] });
    expect(rule.writable[7]).toBe(0);
    expect(allowed(rule.writable)).toHaveLength(255);
  });
  it('erases nothing when the active value is locked', () => {
    expect(allowed(eraseRule(new Uint8Array(1), 4, { locked: [4] }).writable)).toEqual([0]);
  });
});
