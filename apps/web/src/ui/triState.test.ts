import { describe, expect, it } from 'vitest';
import { decodeTriState, encodeTriState, escapeFilterValue, toggleTriState } from './triState.js';

describe('three-state filter values', () => {
  it('toggles include and exclude, the same choice again resets to 0', () => {
    expect(toggleTriState(0, 1)).toBe(1);
    expect(toggleTriState(1, 1)).toBe(0);
    expect(toggleTriState(1, -1)).toBe(-1);
    expect(toggleTriState(-1, -1)).toBe(0);
    expect(toggleTriState(undefined, -1)).toBe(-1);
  });

  it('encodes as value:1 / value:-1 and escapes ":" and ","', () => {
    expect(encodeTriState({ SUCCESS: -1, FAILED: 1, RUNNING: 0 })).toBe('SUCCESS:-1,FAILED:1');
    expect(escapeFilterValue('app:web,v2')).toBe('app\\:web\\,v2');
    const map = { 'app:web,v2': 1 as const, plain: -1 as const };
    const text = encodeTriState(map);
    expect(text).toBe('app\\:web\\,v2:1,plain:-1');
    expect(decodeTriState(text)).toEqual(map);
  });

  it('ignores malformed items', () => {
    expect(decodeTriState('a:2,b,c:-1,')).toEqual({ c: -1 });
    expect(decodeTriState(null)).toEqual({});
  });
});
