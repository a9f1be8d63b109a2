import { describe, expect, it } from 'vitest';
import { chunkText, splitSentences } from '../../../../../src/server/knowledge/index/chunker';

const sentence = (i: number) => `Sentence number ${i} talks about screen readers and braille displays.`;

describe('splitSentences', () => {
  it('splits on sentence ends, Devanagari danda and blank lines, folding white space', () => {
    expect(splitSentences('One.  Two?\nThree! Four\n\nFive। छह')).toEqual([
      'One.',
      'Two?',
      'Three!',
      'Four',
      'Five।',
      'छह',
    ]);
  });
});

describe('chunkText', () => {
  const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');

  it('keeps every passage near the target size and made of whole sentences', () => {
    const chunks = chunkText(text, { size: 400, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(400 + 100);
      expect(c).toMatch(/^Sentence number \d+/);
      expect(c.endsWith('.')).toBe(true);
    }
  });

  it('repeats the end of one passage at the start of the next', () => {
    const [first, second] = chunkText(text, { size: 400, overlap: 100 });
    const lastSentence = first!.split('. ').at(-1)!;
    expect(second!.startsWith(lastSentence.replace(/\.$/, ''))).toBe(true);
  });

  it('covers every sentence of the text', () => {
    const joined = chunkText(text, { size: 300, overlap: 80 }).join(' ');
    for (let i = 0; i < 60; i++) expect(joined).toContain(sentence(i));
  });

  it('cuts a sentence longer than a passage at spaces', () => {
    const long = 'word '.repeat(500).trim();
    const chunks = chunkText(long, { size: 200, overlap: 0 });
    expect(chunks.every((c) => c.length <= 200)).toBe(true);
    expect(chunks.join(' ').split(' ').length).toBe(500);
  });

  it('gives nothing for empty text', () => {
    expect(chunkText('   \n ')).toEqual([]);
  });
});
