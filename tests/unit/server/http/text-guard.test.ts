import { describe, expect, it } from 'vitest';
import { findUnstorableInput } from '../../../../src/server/http/text-guard';

describe('findUnstorableInput', () => {
  it('names a route param, a query value or a body field holding a NUL', () => {
    expect(findUnstorableInput({ params: { id: 'a\u0000' }, query: {}, body: undefined })).toBe('id');
    expect(findUnstorableInput({ params: {}, query: { project: '\u0000' }, body: undefined })).toBe(
      'project',
    );
    expect(findUnstorableInput({ params: {}, query: {}, body: { query: { source: 'x\u0000' } } })).toBe(
      'query.source',
    );
  });

  it('calls a wildcard param the path', () => {
    expect(findUnstorableInput({ params: { '*': 'a/\u0000' }, query: {}, body: undefined })).toBe('path');
  });

  it('leaves a body kept as bytes to its handler', () => {
    expect(findUnstorableInput({ params: {}, query: {}, body: Buffer.from('a\u0000b') })).toBeNull();
  });

  it('accepts text without such characters', () => {
    expect(
      findUnstorableInput({ params: { id: 'x' }, query: { q: 'इस 😀' }, body: { name: 'Résumé' } }),
    ).toBeNull();
  });
});
