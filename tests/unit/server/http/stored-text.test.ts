import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  storableFileName,
  unstorableTextMessage,
} from '../../../../src/server/http/stored-text';

describe('findUnstorableText', () => {
  it('names the field holding a NUL character or half of a surrogate pair', () => {
    expect(findUnstorableText({ search: 'a\u0000b' })).toBe('search');
    expect(findUnstorableText({ query: { source: 'x\ud800' } })).toBe('query.source');
    expect(findUnstorableText({ list: ['ok', '\udc00'] })).toBe('list[1]');
    expect(findUnstorableText({ ['k\u0000']: 1 })).toBe('k\u0000');
  });

  it('accepts whole emoji and every other text', () => {
    expect(findUnstorableText({ name: 'Braille 😀 display', n: 3, on: true, none: null })).toBeNull();
    expect(findUnstorableText({ names: ['इस बार', 'Résumé'] })).toBeNull();
  });

  it('walks any depth of nesting without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^\[0\]/);
  });
});

describe('storableFileName', () => {
  it('removes NUL and other control characters and halves of emoji', () => {
    expect(storableFileName('brai\u0000lle.pdf')).toBe('braille.pdf');
    expect(storableFileName('a\tb\u001f\u007f\u0085c\ud800.csv')).toBe('abc.csv');
  });

  it('keeps every other character, whole emoji included, and trims the ends', () => {
    expect(storableFileName('  इस बार 😀 Résumé.docx ')).toBe('इस बार 😀 Résumé.docx');
  });

  it('is null when no name is left', () => {
    expect(storableFileName(undefined)).toBeNull();
    expect(storableFileName('')).toBeNull();
    expect(storableFileName('\u0000 \u0000')).toBeNull();
  });
});

describe('unstorableTextMessage', () => {
  it('quotes the field without the character it refuses', () => {
    expect(unstorableTextMessage('k\u0000ey')).toMatch(/^"key" contains a character that is not allowed/);
  });
});
