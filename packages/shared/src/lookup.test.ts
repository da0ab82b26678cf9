import { describe, expect, it } from 'vitest';
import { ownTable } from './lookup.js';

describe('ownTable', () => {
  it('answers its own keys and nothing inherited from Object.prototype', () => {
    const table: Readonly<Record<string, string>> = ownTable({ name: 'c.name' });
    expect(table.name).toBe('c.name');
    for (const key of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(table[key]).toBeUndefined();
    }
    expect(Object.isFrozen(table)).toBe(true);
  });
});
