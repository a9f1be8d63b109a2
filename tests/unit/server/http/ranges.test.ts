import { describe, expect, it } from 'vitest';
import { etagMatches, parseRange } from '../../../../src/server/http/ranges';

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-0', [0, 0]],
    ['bytes=0-5000', [0, 999]],
    ['bytes=-2000', [0, 999]],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=9-3', null],
    ['items=0-5', null],
    ['bytes=-', null],
  ] as const)('%s → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});

describe('etagMatches', () => {
  const etag = '"abc"';
  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
  ] as const)('%s → %s', (header, expected) => {
    expect(etagMatches(header, etag)).toBe(expected);
  });
});
