import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../../../src/shared/admin/search';

describe('parseSearch', () => {
  it('reads key: value pairs, case and spaces ignored', () => {
    expect(parseSearch('Title: Example')).toEqual([{ key: 'title', value: 'Example' }]);
    expect(parseSearch(' status :failed , data type: web')).toEqual([
      { key: 'status', value: 'failed' },
      { key: 'data_type', value: 'web' },
    ]);
  });
  it('keeps the rest of a value that holds colons (URLs)', () => {
    expect(parseSearch('url: http://127.0.0.1:3000/a')).toEqual([
      { key: 'url', value: 'http://127.0.0.1:3000/a' },
    ]);
  });
  it('treats text without a key as a search of every column, and drops empty terms', () => {
    expect(parseSearch('braille')).toEqual([{ key: null, value: 'braille' }]);
    expect(parseSearch(' , title: , ')).toEqual([]);
  });
});
