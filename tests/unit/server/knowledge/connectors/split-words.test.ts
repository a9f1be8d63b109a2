import { describe, expect, it } from 'vitest';
import { joinSplitWords } from '../../../../../src/server/knowledge/connectors/split-words';

// A little document's vocabulary: what the joins are decided from.
const vocabulary =
  'People with disabilities were expected to apply. Each disability is assessed. ' +
  'Self-advocacy and self-employment matter. The Department writes. Individuals apply.';

describe('words split by a document’s layout', () => {
  it('joins a word hyphenated at a line end when the document writes it whole', () => {
    expect(joinSplitWords(`${vocabulary}\nMany dis-\nabilities are invisible.`)).toContain(
      'Many disabilities are invisible.',
    );
  });

  it('joins a word split at a line end with no hyphen left, when a piece reads as a fragment', () => {
    const joined = joinSplitWords(`${vocabulary}\nThey are ex\npected to help the Depart\nment.`);
    expect(joined).toContain('They are expected to help the Department.');
  });

  it('joins a word split over two pages on the first, keeping one form feed between them', () => {
    const joined = joinSplitWords(
      `${vocabulary}\nEach indi-\fvidual applies. People with dis\fabilities too.`,
    );
    expect(joined).toContain('Each individual\f applies. People with disabilities\f too.');
    expect(joined.split('\f')).toHaveLength(3);
  });

  it('joins pieces inside a line only when both read as fragments', () => {
    expect(joinSplitWords(`${vocabulary} They are ex pected here.`)).toContain('are expected here');
    expect(joinSplitWords(`${vocabulary} Individ uals apply.`)).toContain('Individuals apply');
    // "a" stands alone more often than "apart" is written: it is a word, and so is "part".
    const text = `${vocabulary} A ramp is a help and a door is a way. They live apart. It is a part of it.`;
    expect(joinSplitWords(text)).toContain('It is a part of it.');
  });

  it('leaves real hyphenated words and two real words apart', () => {
    const text = `${vocabulary}\nSelf-\nadvocacy counts, and self-\nemployment too.\nPeople\nwith disabilities`;
    const joined = joinSplitWords(text);
    expect(joined).toContain('Self-advocacy counts, and self-employment too.');
    expect(joined).toContain('People\nwith disabilities');
  });

  it('keeps the hyphen of a compound neither form of which the document writes, if both halves are its words', () => {
    expect(joinSplitWords('Apply. Each person applies. Each apply-\nperson')).toContain('apply-person');
    // A half that is no word of the document is a typesetter's break.
    expect(joinSplitWords('Nothing here. The nurs-\ning home')).toContain('The nursing home');
  });

  it('joins a word a blank line splits (a line the layout set apart), and not two real words', () => {
    // The Rehabilitation Act's PDF: "after con" / "sultation with the Secretary" read as two paragraphs.
    const joined = joinSplitWords(
      `${vocabulary}\nThey were ex\n\npected to apply, and the\n\nDepartment\n\nwrites.`,
    );
    expect(joined).toContain('They were expected to apply, and the\n\nDepartment\n\nwrites.');
    expect(joinSplitWords(`${vocabulary}\nPeople\n\nwith disabilities`)).toContain('People\n\nwith');
  });

  it('never joins after a sentence or before a capital, and leaves a text without splits as it was', () => {
    const text = `${vocabulary}\n\nabilities\nDepartment`;
    expect(joinSplitWords(text)).toBe(text);
    expect(joinSplitWords('dis-\nAbility')).toBe('dis-\nAbility');
    expect(joinSplitWords('')).toBe('');
  });

  it('keeps a hyphen inside a line that is not a break ("pre- and post-war")', () => {
    expect(joinSplitWords('pre- and post-war')).toBe('pre- and post-war');
  });
});
