import { describe, expect, it } from 'vitest';
import { describePrefixes, modelPrefixes } from '../../../../../src/server/knowledge/index/model-prefixes';

describe('what a sentence-embedding model expects in front of a text', () => {
  it('is "query: " and "passage: " for the e5 family, however the model is named', () => {
    for (const name of [
      'multilingual-e5-small',
      'Xenova/multilingual-e5-small',
      'intfloat/e5-base-v2',
      'e5_large',
    ])
      expect(modelPrefixes(name)).toEqual({ query: 'query: ', passage: 'passage: ' });
  });

  it('is nothing for all-MiniLM-L6-v2 and for a model of no known family', () => {
    for (const name of ['all-MiniLM-L6-v2', 'Xenova/all-MiniLM-L6-v2', 'some-model', 'bge-small-en-v1.5'])
      expect(modelPrefixes(name)).toEqual({ query: '', passage: '' });
  });

  it('takes the settings over the family, an empty one meaning none', () => {
    expect(modelPrefixes('all-MiniLM-L6-v2', { query: 'Q: ' })).toEqual({ query: 'Q: ', passage: '' });
    expect(modelPrefixes('multilingual-e5-small', { query: '', passage: '' })).toEqual({
      query: '',
      passage: '',
    });
  });

  it('enters the model identity only when there are prefixes, so a change of them re-embeds', () => {
    expect(describePrefixes({ query: '', passage: '' })).toBe('');
    expect(describePrefixes(modelPrefixes('multilingual-e5-small'))).not.toBe(
      describePrefixes({ query: 'query: ', passage: '' }),
    );
  });
});
