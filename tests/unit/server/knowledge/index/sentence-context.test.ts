import { describe, expect, it } from 'vitest';
import { headingsOf, inContext } from '../../../../../src/server/knowledge/index/sentence-context';
import { Slicer } from '../../../../../src/server/threads/cooperative';

describe('sentence context', () => {
  const body = [
    'About This Pattern',
    'A grid widget is a container. It holds cells.',
    'Keyboard Interaction',
    'Control + Home: moves focus to the first cell in the first row.',
    'Note: the keys can differ.',
  ].join('\n\n');

  it('maps each sentence to the heading above it', async () => {
    const headings = await headingsOf(body);
    expect(headings.get('It holds cells.')).toBe('About This Pattern');
    expect(headings.get('Control + Home: moves focus to the first cell in the first row.')).toBe(
      'Keyboard Interaction',
    );
    // A paragraph ending with ':' introduces a list; it is not a heading.
    expect(headings.get('Note: the keys can differ.')).toBe('Keyboard Interaction');
    expect(headings.has('Keyboard Interaction')).toBe(false);
  });

  it('keeps the first heading of a sentence that appears twice', async () => {
    const headings = await headingsOf('First\n\nSame sentence here.\n\nSecond\n\nSame sentence here.');
    expect(headings.get('Same sentence here.')).toBe('First');
  });

  it('gives the event loop turns while it reads a long body', async () => {
    let turned = false;
    setImmediate(() => (turned = true));
    const long = Array.from({ length: 1_000 }, (_, i) => `Heading ${i}\n\nSentence ${i} is here.`).join(
      '\n\n',
    );
    const headings = await headingsOf(long, new Slicer(0));
    expect(turned).toBe(true);
    expect(headings.get('Sentence 999 is here.')).toBe('Heading 999');
  });

  it('puts the title and the heading before the sentence', () => {
    expect(inContext('Tab: moves focus.', 'Grid Pattern', 'Keyboard Interaction')).toBe(
      'Grid Pattern — Keyboard Interaction: Tab: moves focus.',
    );
    expect(inContext('Tab: moves focus.', 'Grid Pattern', '')).toBe('Grid Pattern: Tab: moves focus.');
  });

  it('leaves out what repeats: the title line itself, a heading equal to the title', () => {
    expect(inContext('Grid Pattern.', 'Grid Pattern', '')).toBe('Grid Pattern.');
    expect(inContext('A sentence.', 'Grid Pattern', 'Grid Pattern')).toBe('Grid Pattern: A sentence.');
    expect(inContext('A sentence.', '', '')).toBe('A sentence.');
  });

  it('cuts a long title so that the sentence keeps the model’s word pieces', () => {
    const title = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    const framed = inContext('A sentence.', title, '');
    expect(framed.split(' ').length).toBeLessThan(20);
    expect(framed.endsWith(': A sentence.')).toBe(true);
  });
});
