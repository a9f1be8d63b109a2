import { describe, expect, it } from 'vitest';
import { presentReviewed } from '../../../../../src/server/answering/reviewed/present';

const hit = (
  answers: Record<string, string>,
  sources = [{ url: 'https://example.org/a', title: 'A page' }],
) => ({
  id: 'r1',
  answers,
  sources,
  reviewedAt: new Date('2026-11-20T10:00:00Z'),
});

describe('a reviewed answer as the asker reads it', () => {
  it('gives the version in the question’s language, its sources and the date it was reviewed', () => {
    const { answer, links } = presentReviewed(
      hit({ en: 'Braille is read by touch.', hi: 'ब्रेल को छूकर पढ़ा जाता है।' }),
      'hi',
    );
    expect(answer).toBe(
      'ब्रेल को छूकर पढ़ा जाता है।\n\nस्रोत: [A page](https://example.org/a)\n\n*DISH टीम द्वारा 20 नवंबर 2026 को जाँचा गया*',
    );
    expect(links).toEqual([{ url: 'https://example.org/a', title: 'A page' }]);
  });

  it('frames the English version in Hindi when there is no Hindi one', () => {
    const { answer } = presentReviewed(hit({ en: 'Braille is read by touch.' }), 'hi');
    expect(answer.split('\n\n')[0]).toBe('यह जाँचा गया उत्तर अंग्रेज़ी में लिखा है:');
    expect(answer).toContain('Braille is read by touch.');
  });

  it('frames a Hindi-only answer in English for an English question', () => {
    const { answer } = presentReviewed(hit({ hi: 'ब्रेल को छूकर पढ़ा जाता है।' }, []), 'en');
    expect(answer).toBe(
      'This reviewed answer is written in Hindi:\n\nब्रेल को छूकर पढ़ा जाता है।\n\n*Reviewed by the DISH team on 20 November 2026*',
    );
  });

  it('does not cite again a source the answer already links', () => {
    const { answer } = presentReviewed(
      hit({ en: 'Braille.\n\nSource: [A page](https://example.org/a)' }),
      'en',
    );
    expect(answer.match(/example\.org\/a/g)).toHaveLength(1);
  });
});
