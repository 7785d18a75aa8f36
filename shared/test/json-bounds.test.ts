import { describe, expect, it } from 'vitest';
import { jsonBoundsProblem, MAX_JSON_DEPTH, MAX_JSON_NODES } from '../src/json-bounds.js';

const nested = (depth: number): unknown => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

describe('JSON bounds', () => {
  it('accepts what the contract uses and refuses deeper nesting, naming where', () => {
    expect(jsonBoundsProblem({ sections: [{ id: 's', lines: [{ docType: 'passport', keyData: { a: [1, { b: null }] } }] }] })).toBeUndefined();
    expect(jsonBoundsProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonBoundsProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(new RegExp(`^body(\\.a|\\[0\\])+: nested deeper than ${MAX_JSON_DEPTH} levels$`));
    expect(jsonBoundsProblem({ 'odd key': [{ x: nested(40) }] }, 'body')).toMatch(/^body\["odd key"\]\[0\]\.x.*nested deeper/);
  });

  it('walks 100,000 levels without overflowing the stack', () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = { a: v };
    expect(jsonBoundsProblem(v)).toMatch(/nested deeper than/);
  });

  it('refuses a NUL character in a string or a field name, naming where', () => {
    expect(jsonBoundsProblem({ name: 'ok', lines: [{ note: 'a\u0000b' }] })).toBe('body.lines[0].note: contains a NUL character (\\u0000), which cannot be stored');
    expect(jsonBoundsProblem({ 'a\u0000': 1 })).toMatch(/^body: a field name contains a NUL/);
  });

  it('refuses too many values in all', () => {
    expect(jsonBoundsProblem({ xs: Array.from({ length: MAX_JSON_NODES }, () => 0) })).toMatch(/more than 200000 values/);
  });
});
