import { describe, expect, it } from 'vitest';
import { compactVocabulary, SortedPieces } from '../../../../src/server/models/compact-vocabulary';
import { transformers } from '../../../../src/server/models/transformers';
import { sharedPath } from '../../../support/shared';

/** What a trie of `pieces` yields: each piece the text begins with from `start`, shortest first. */
function naive(pieces: string[], chars: string[], start: number): string[] {
  const found: string[] = [];
  for (let end = start + 1; end <= chars.length; end++) {
    const prefix = chars.slice(start, end).join('');
    if (pieces.includes(prefix)) found.push(prefix);
  }
  return found;
}

describe('SortedPieces', () => {
  it('finds the pieces a text begins with at each place, shortest first, as a trie does', () => {
    // Prefixes of one another, a piece that is only a prefix's continuation, code points outside
    // the Basic Multilingual Plane (two code units), Devanagari with its vowel signs.
    const pieces = [
      '▁',
      '▁a',
      '▁ab',
      '▁abc',
      'b',
      'bc',
      'c',
      'x😀',
      '😀',
      '😀y',
      'कि',
      'कित',
      'ना',
      '▁a😀',
      'ab',
    ];
    const sorted = new SortedPieces(pieces);
    for (const text of ['▁abc', '▁abd', 'bcx😀y', '▁a😀y', 'कितना', 'zzz', '']) {
      const chars = Array.from(text);
      for (let start = 0; start <= chars.length; start++)
        expect([...sorted.common_prefix_search(chars, start)], `${text} from ${start}`).toEqual(
          naive(pieces, chars, start),
        );
    }
  });
});

describe('compactVocabulary', () => {
  const load = async (model: string) => {
    const { AutoTokenizer } = await transformers({ modelsDir: sharedPath('models'), allowRemote: false });
    return AutoTokenizer.from_pretrained(model);
  };

  it("gives multilingual-e5-small's tokenizer the same word pieces for every kind of text", async () => {
    const tokenizer = await load('multilingual-e5-small');
    const texts = [
      'query: How long does whoever chairs the US Access Board get to keep that role?',
      'passage: (42) YOUTH WITH A DISABILITY.— (A) IN GENERAL.—The term ‘‘youth with a disability’’',
      '2010 में अमेरिका में करीब कितने लोग विकलांगता के साथ रहते थे?',
      'Press Ctrl+Alt+Shift+F12 😀 then aria-current="page" — naïve café, 東京, Ελληνικά, русский',
      'supercalifragilisticexpialidocious antidisestablishmentarianism pneumonoultramicroscopic',
      '   leading spaces, tabs\tand\nnew lines   ',
    ];
    const before = texts.map((text) => tokenizer.encode(text));
    expect(compactVocabulary(tokenizer)).toBe(true);
    expect(texts.map((text) => tokenizer.encode(text))).toEqual(before);
    // The vocabulary is still whole for what reads it (the models bench counts it).
    expect(tokenizer.get_vocab().size).toBe(250_002);
  });

  it('leaves a tokenizer without a trie as it is', async () => {
    const tokenizer = await load('all-MiniLM-L6-v2');
    expect(compactVocabulary(tokenizer)).toBe(false);
    expect(tokenizer.encode('still reads', { add_special_tokens: false }).length).toBe(2);
  });
});
