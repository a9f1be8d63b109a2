import { describe, expect, it } from 'vitest';
import { presentReviewed } from '../../../../../src/server/answering/reviewed/present';

const ASKED = 'How is braille read?';
const hit = (
  answers: Record<string, string>,
  sources = [{ url: 'https://example.org/a', title: 'A page' }],
) => ({
  id: 'r1',
  question: 'How is braille read?',
  answers,
  sources,
  reviewedAt: new Date('2026-11-20T10:00:00Z'),
});

describe('a reviewed answer as the asker reads it', () => {
  it('gives the version in the question’s language, its sources and the date it was reviewed', () => {
    const { answer, links } = presentReviewed(
      hit({ en: 'Braille is read by touch.', hi: 'ब्रेल को छूकर पढ़ा जाता है।' }),
      'hi',
      ASKED,
    );
    expect(answer).toBe(
      'ब्रेल को छूकर पढ़ा जाता है।\n\nस्रोत: [A page](https://example.org/a)\n\n*DISH टीम द्वारा 20 नवंबर 2026 को जाँचा गया*',
    );
    expect(links).toEqual([{ url: 'https://example.org/a', title: 'A page' }]);
  });

  it('frames the English version in Hindi when there is no Hindi one', () => {
    const { answer } = presentReviewed(hit({ en: 'Braille is read by touch.' }), 'hi', ASKED);
    expect(answer.split('\n\n')[0]).toBe('यह जाँचा गया उत्तर अंग्रेज़ी में लिखा है:');
    expect(answer).toContain('Braille is read by touch.');
  });

  it('frames a Hindi-only answer in English for an English question', () => {
    const { answer } = presentReviewed(hit({ hi: 'ब्रेल को छूकर पढ़ा जाता है।' }, []), 'en', ASKED);
    expect(answer).toBe(
      'This reviewed answer is written in Hindi:\n\nब्रेल को छूकर पढ़ा जाता है।\n\n*Reviewed by the DISH team on 20 November 2026*',
    );
  });

  it('does not cite again a source the answer already links', () => {
    const { answer } = presentReviewed(
      hit({ en: 'Braille.\n\nSource: [A page](https://example.org/a)' }),
      'en',
      ASKED,
    );
    expect(answer.match(/example\.org\/a/g)).toHaveLength(1);
  });

  it('says which question it was reviewed for when it was asked in other words', () => {
    const en = presentReviewed(
      hit({ en: 'Braille is read by touch.' }),
      'en',
      'how do blind people read braille',
    );
    expect(en.answer.split('\n\n')[0]).toBe('A reviewed answer to “How is braille read?”.');
    const hi = presentReviewed(hit({ en: 'Braille is read by touch.' }), 'hi', 'ब्रेल कैसे पढ़ते हैं?');
    expect(hi.answer.split('\n\n').slice(0, 2)).toEqual([
      '“How is braille read?” प्रश्न का जाँचा गया उत्तर।',
      'यह जाँचा गया उत्तर अंग्रेज़ी में लिखा है:',
    ]);
    // The same words asked again need no reminder (case and punctuation aside).
    const again = presentReviewed(hit({ en: 'Braille is read by touch.' }), 'en', 'how is braille read');
    expect(again.answer.startsWith('Braille is read by touch.')).toBe(true);
  });
});
