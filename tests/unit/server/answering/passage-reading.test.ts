import { describe, expect, it } from 'vitest';
import { readPassage } from '../../../../src/server/answering/passage-reading';

describe('readPassage', () => {
  it("reads each sentence's place, words, length and heading look", () => {
    const reading = readPassage('Screen readers\n\nA screen reader speaks the text. It reads menus aloud.');
    expect(reading.paragraphs).toEqual([
      ['Screen readers'],
      ['A screen reader speaks the text.', 'It reads menus aloud.'],
    ]);
    expect(reading.sentences.map((s) => [s.paragraph, s.index, s.wordCount, s.heading])).toEqual([
      [0, 0, 2, true],
      [1, 0, 6, false],
      [1, 1, 4, false],
    ]);
    expect(reading.sentences[1]!.words).toEqual(['scree', 'reade', 'speak', 'text']);
  });

  it('reads a text once and gives the same reading again', () => {
    const text = 'Kept once. Read twice.';
    expect(readPassage(text)).toBe(readPassage(text));
    expect(readPassage(`${text} `)).not.toBe(readPassage(text));
  });
});
