import { describe, expect, it } from 'vitest';
import { transformers } from '../../../../../src/server/models/transformers';
import { chunkText } from '../../../../../src/server/knowledge/index/chunker';
import { readableBy, readsScripts } from '../../../../../src/server/knowledge/index/embeddings';
import { sharedPath } from '../../../../support/shared';

/** A tokenizer that keeps every character, as a multilingual model's does. */
const keeping = {
  encode: (text: string) => [...text].map((c) => c.codePointAt(0)!),
  decode: (ids: number[]) => String.fromCodePoint(...ids),
};

describe('the scripts an embedding model reads', () => {
  it('is Devanagari too when the tokenizer gives its letters back', () => {
    expect(readsScripts(keeping)).toEqual(['Devanagari']);
  });

  it('is Latin alone for all-MiniLM-L6-v2, whose tokenizer drops Devanagari vowel signs', async () => {
    const { AutoTokenizer } = await transformers({ modelsDir: sharedPath('models'), allowRemote: false });
    const tokenizer = await AutoTokenizer.from_pretrained('all-MiniLM-L6-v2');
    expect(readsScripts(tokenizer)).toEqual([]);
  });

  it('reads a text mostly in those scripts', () => {
    const english = readableBy([]);
    const multilingual = readableBy(['Devanagari']);
    expect(english('How do I close a modal dialog?')).toBe(true);
    expect(english('मोडल डायलॉग को बंद करने की कुंजी क्या है?')).toBe(false);
    expect(multilingual('मोडल डायलॉग को बंद करने की कुंजी क्या है?')).toBe(true);
    expect(multilingual('NVDA स्क्रीन रीडर को बंद करने का शॉर्टकट')).toBe(true);
  });

  it('cuts a sheet of 100,000 rows with e5’s tokenizer, which overflows the stack on it whole', async () => {
    const { AutoTokenizer } = await transformers({ modelsDir: sharedPath('models'), allowRemote: false });
    const tokenizer = await AutoTokenizer.from_pretrained('multilingual-e5-small');
    const measure = (text: string) => tokenizer.encode(text, { add_special_tokens: false }).length;
    // Rows without a stop: one "sentence" of 1.2 million characters, as a sheet's text is.
    const rows = Array.from({ length: 100_000 }, (_, i) => `Row ${i} switch`).join('\n');
    expect(() => measure(rows)).toThrow(RangeError);
    const passages = chunkText(rows, { size: 240, overlap: 40, measure });
    expect(passages.length).toBeGreaterThan(1_000);
    expect(passages.slice(0, 50).every((p) => measure(p.text) <= 240)).toBe(true);
  }, 120_000);
});
