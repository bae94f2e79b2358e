import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonNestsDeeperThan } from './json-body';

/** The real nesting depth of a parsed value. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const items = Array.isArray(value) ? value : Object.values(value as object);
  return 1 + Math.max(0, ...items.map(depthOf));
}

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    // An escaped quote does not end the string; an escaped backslash does not escape the quote.
    expect(jsonNestsDeeperThan(JSON.stringify({ a: 'x\\"[[[[' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\\\",  "b":[[[]]]}`, 3)).toBe(true);
    expect(jsonNestsDeeperThan('[]'.repeat(100_000), 1)).toBe(false);
    expect(jsonNestsDeeperThan('['.repeat(200_000) + ']'.repeat(200_000), 32)).toBe(true);
  });

  it('agrees with the depth of what JSON.parse reads, for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonNestsDeeperThan(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
      { seed: 20261123, numRuns: 500 },
    );
  });
});
