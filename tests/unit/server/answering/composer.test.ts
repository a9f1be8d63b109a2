import { describe, expect, it } from 'vitest';
import { NOT_FOUND_ANSWER, composeAnswer, contentWords } from '../../../../src/server/answering/composer';
import type { Passage } from '../../../../src/server/answering/retrieval';

const passage = (text: string, over: Partial<Passage> = {}): Passage => ({
  chunkId: 'c',
  itemId: 'i1',
  sourceId: 's',
  title: 'Screen readers',
  url: 'https://example.org/readers',
  text,
  position: 0,
  score: 1,
  textRank: 1,
  ...over,
});

describe('contentWords', () => {
  it('drops question words and cuts long Latin words to a stem', () => {
    expect(contentWords('What is the best screen reader for a disabled person?')).toEqual([
      'best',
      'scree',
      'reade',
      'disab',
      'perso',
    ]);
  });
  it('keeps Devanagari words whole', () => {
    expect(contentWords('विकलांगता क्या है')).toEqual(['विकलांगता', 'क्या', 'है']);
  });
});

describe('composeAnswer', () => {
  it('quotes the sentences that answer, links the source, and invents nothing', () => {
    const text =
      'NVDA is a free screen reader for Windows. It reads text aloud with a synthetic voice. The weather was fine.';
    const { answer, links, found } = composeAnswer('Which free screen reader works on Windows?', [
      passage(text),
    ]);
    expect(found).toBe(true);
    expect(answer).toContain('> NVDA is a free screen reader for Windows.');
    expect(answer).not.toContain('weather');
    expect(links).toEqual([{ url: 'https://example.org/readers', title: 'Screen readers' }]);
    expect(answer).toContain('- https://example.org/readers');
  });

  it('brings the sentence after a matching question along', () => {
    const text = 'What is a screen reader? Software that reads the screen aloud for blind users.';
    const { answer } = composeAnswer('what is a screen reader', [passage(text)]);
    expect(answer).toContain('Software that reads the screen aloud');
  });

  it('says plainly that nothing was found when no passage shares enough words', () => {
    const result = composeAnswer('volcano eruption Iceland', [
      passage('NVDA is a free screen reader for Windows.'),
    ]);
    expect(result).toEqual({ answer: NOT_FOUND_ANSWER, links: [], found: false });
    expect(composeAnswer('anything at all', []).found).toBe(false);
  });

  it('escapes markdown in quoted text and groups passages by document', () => {
    const a = passage('Use the *Tab* key to move between [links] in a screen reader.', { itemId: 'a' });
    const b = passage('A screen reader announces headings.', { itemId: 'b', title: 'Headings', url: null });
    const { answer, links } = composeAnswer('screen reader keys', [a, b]);
    expect(answer).toContain('\\*Tab\\*');
    expect(answer).toContain('\\[links\\]');
    expect(answer).toContain('**Headings**');
    expect(links).toHaveLength(1);
  });
});
