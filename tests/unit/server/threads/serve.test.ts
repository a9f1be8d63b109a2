import { describe, expect, it } from 'vitest';
import { describeError, transfer } from '../../../../src/server/threads/serve';

describe('describeError', () => {
  it("keeps an error's name, message and own fields of plain values", () => {
    class DatabaseError extends Error {
      override name = 'DatabaseError';
      code = '23505';
      position = 12;
      fatal = false;
      big = 10n;
      hint = null;
      cause2 = { not: 'a field' };
    }
    expect(describeError(new DatabaseError('duplicate key'))).toEqual({
      name: 'DatabaseError',
      message: 'duplicate key',
      fields: { code: '23505', position: 12, fatal: false, big: 10n, hint: null },
    });
  });

  it('describes a thrown value that is not an Error', () => {
    expect(describeError('plain words')).toEqual({ name: 'Error', message: 'plain words', fields: {} });
    expect(describeError({ code: 'E1' })).toEqual({
      name: 'Error',
      message: '[object Object]',
      fields: { code: 'E1' },
    });
  });

  it('lets the thread add what only it can tell, and leave out what must not cross', () => {
    const error = Object.assign(new RangeError('too long'), { query: 'SELECT secret', code: '54000' });
    const described = describeError(error, {
      errorFields: (thrown, { query: _query, ...fields }) => ({
        ...fields,
        range: thrown instanceof RangeError,
      }),
    });
    expect(described).toEqual({
      name: 'RangeError',
      message: 'too long',
      fields: { code: '54000', range: true },
    });
  });
});

describe('transfer', () => {
  it('gives back the value it marks', () => {
    const value = new Float32Array(2);
    expect(transfer(value, [value.buffer])).toBe(value);
  });
});
