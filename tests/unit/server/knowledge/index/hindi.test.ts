import { describe, expect, it } from 'vitest';
import {
  hindiKey,
  hindiPrefixTerms,
  hindiStem,
  withoutHindiFunctionWords,
} from '../../../../../src/server/knowledge/index/hindi';

describe('hindiStem', () => {
  it('gives the forms of one word one stem', () => {
    expect(hindiStem('छुट्टियां')).toBe(hindiStem('छुट्टी'));
    expect(hindiStem('अधिकारों')).toBe('अधिकार');
    expect(hindiStem('लोगों')).toBe('लोग');
    expect(hindiStem('करेंगे')).toBe(hindiStem('करेगा'));
  });

  it('leaves a stem of at least two code points', () => {
    expect(hindiStem('की')).toBe('की');
    expect(hindiStem('देना')).toBe('दे');
  });
});

describe('hindiKey', () => {
  it('gives spellings and forms of one long word one key', () => {
    expect(hindiKey('एनलाइटनमेंट')).toBe(hindiKey('एनलाइटेनमेंट'));
    expect(hindiKey('स्वीकृत')).toBe(hindiKey('स्वीकृति'));
    expect(hindiKey('छुट्टियां')).toBe(hindiKey('छुट्टी'));
  });

  it('keeps short words that differ only in their vowels apart', () => {
    expect(hindiKey('कम')).not.toBe(hindiKey('काम'));
    expect(hindiKey('दिन')).not.toBe(hindiKey('दान'));
  });
});

describe('query terms', () => {
  const question = 'नौकरीपेशा लोगों को आराम और तनख्वाह वाली छुट्टी मिलने का अधिकार है क्या?';

  it('drops the function words a Hindi sentence always holds', () => {
    expect(withoutHindiFunctionWords(question)).toBe('नौकरीपेशा लोगों आराम तनख्वाह छुट्टी मिलने अधिकार');
  });

  it('keeps English words and punctuation as they were', () => {
    expect(withoutHindiFunctionWords('NVDA को बंद करने का shortcut?')).toBe('NVDA बंद करने shortcut?');
  });

  it('turns content words into prefix terms of their stems', () => {
    expect(hindiPrefixTerms(question)).toEqual([
      "'नौकरीपेश':*",
      "'लोग':*",
      "'आराम':*",
      "'तनख्वाह':*",
      "'छुट्ट':*",
      "'मिल':*",
      "'अधिकार':*",
    ]);
    expect(hindiPrefixTerms('What is the escape key for?')).toEqual([]);
  });
});
