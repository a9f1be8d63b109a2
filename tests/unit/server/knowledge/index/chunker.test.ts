import { describe, expect, it } from 'vitest';
import { chunkText, paragraphs, splitSentences } from '../../../../../src/server/knowledge/index/chunker';

const sentence = (i: number) => `Sentence number ${i} talks about screen readers and braille displays.`;

describe('splitSentences', () => {
  it('splits on sentence ends, Devanagari danda, semicolons and blank lines, folding white space', () => {
    expect(splitSentences('One.  Two?\nThree! Four\n\nFive। छह; seven: eight')).toEqual([
      'One.',
      'Two?',
      'Three!',
      'Four',
      'Five।',
      'छह;',
      'seven: eight',
    ]);
  });

  it('reads a form feed as a page break, not as text', () => {
    expect(splitSentences('Page one.\fPage two.')).toEqual(['Page one.', 'Page two.']);
  });
});

describe('paragraphs', () => {
  it('keeps list items apart from the sentence that introduces them', () => {
    expect(paragraphs('For the tab list:\n\nTab: moves focus.\n\nEnter: activates the tab.')).toEqual([
      ['For the tab list:'],
      ['Tab: moves focus.'],
      ['Enter: activates the tab.'],
    ]);
  });
});

describe('sentence ends', () => {
  it('does not end a sentence at an abbreviation before a lower-case word', () => {
    expect(splitSentences('The element is focusable, e.g. it is a link. It has a tabindex.')).toEqual([
      'The element is focusable, e.g. it is a link.',
      'It has a tabindex.',
    ]);
    // Legal items end with a semicolon, whatever follows.
    expect(splitSentences('(A) the first; (B) the second; and')).toHaveLength(3);
  });
});

describe('chunkText', () => {
  const text = Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ');

  it('keeps every passage near the target size and made of whole sentences', () => {
    const chunks = chunkText(text, { size: 400, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const { text: c } of chunks) {
      expect(c.length).toBeLessThanOrEqual(400 + 100);
      expect(c).toMatch(/^Sentence number \d+/);
      expect(c.endsWith('.')).toBe(true);
    }
  });

  it('repeats the end of one passage at the start of the next', () => {
    const [first, second] = chunkText(text, { size: 400, overlap: 100 });
    const lastSentence = first!.text.split('. ').at(-1)!;
    expect(second!.text.startsWith(lastSentence.replace(/\.$/, ''))).toBe(true);
  });

  it('carries the introduction of a list cut by the end of a passage into the next', () => {
    const items = Array.from({ length: 6 }, (_, i) => `Item ${i} of the list of things.`);
    const list = `${sentence(0)} ${sentence(1)}\n\nBrowsers ignore it if the following are true:\n\n${items.join('\n\n')}`;
    const chunks = chunkText(list, { size: 200, overlap: 40 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const { text: c } of chunks.slice(1))
      expect(c.startsWith('Browsers ignore it if the following are true:')).toBe(true);
    const joined = chunks.map((c) => c.text).join('\n\n');
    for (const item of items) expect(joined).toContain(item);
  });

  it('covers every sentence of the text', () => {
    const joined = chunkText(text, { size: 300, overlap: 80 })
      .map((c) => c.text)
      .join(' ');
    for (let i = 0; i < 60; i++) expect(joined).toContain(sentence(i));
  });

  it('cuts a sentence longer than a passage at spaces', () => {
    const long = 'word '.repeat(500).trim();
    const chunks = chunkText(long, { size: 200, overlap: 0 });
    expect(chunks.every((c) => c.text.length <= 200)).toBe(true);
    expect(
      chunks
        .map((c) => c.text)
        .join(' ')
        .split(' ').length,
    ).toBe(500);
  });

  it('never measures more than 10,000 characters at once: a sheet of rows without a stop, one endless word', () => {
    // Transformers.js's tokenizer overflows the stack on a million characters.
    let longest = 0;
    const words = (s: string) => {
      longest = Math.max(longest, s.length);
      if (s.length > 1_000_000) throw new RangeError('Maximum call stack size exceeded');
      return s.split(' ').length;
    };
    const rows = Array.from({ length: 200_000 }, (_, i) => `row ${i}`).join('\n');
    const chunks = chunkText(rows, { size: 100, overlap: 0, measure: words });
    expect(longest).toBeLessThanOrEqual(10_000);
    expect(chunks.every((c) => words(c.text) <= 100)).toBe(true);
    expect(chunks.map((c) => c.text).join(' ')).toBe(rows.replaceAll('\n', ' '));

    longest = 0;
    const endless = chunkText('a'.repeat(1_500_000), { size: 100, overlap: 0, measure: words });
    expect(longest).toBeLessThanOrEqual(10_000);
    expect(endless.map((c) => c.text.replaceAll(' ', '')).join('')).toHaveLength(1_500_000);
  });

  it('measures passages in the units it is given (word pieces for a model)', () => {
    const words = (s: string) => s.split(' ').length;
    const chunks = chunkText(text, { size: 50, overlap: 0, measure: words });
    expect(chunks.every((c) => words(c.text) <= 50)).toBe(true);
    expect(chunks.length).toBeGreaterThan(10);
  });

  it('keeps paragraph breaks inside a passage', () => {
    const [chunk] = chunkText('Keys:\n\nTab moves focus.\n\nEnter activates.');
    expect(chunk!.text).toBe('Keys:\n\nTab moves focus.\n\nEnter activates.');
  });

  it('remembers the page each passage starts on when the text has pages', () => {
    const pages = ['First page text.', 'Second page text.', 'Third page text.'].map((p) => p.repeat(5));
    const chunks = chunkText(pages.join('\f'), { size: 100, overlap: 0 });
    expect(chunks.map((c) => c.page)).toEqual([1, 2, 3]);
    expect(chunkText('No pages here.')[0]!.page).toBeNull();
  });

  it('gives nothing for empty text', () => {
    expect(chunkText('   \n ')).toEqual([]);
  });
});
