import { describe, expect, it } from 'vitest';
import { narrowingTerms, wordWeight } from '../../../../../src/server/knowledge/index/term-stats';

const stats = (passages: number, shares: Record<string, number>, rarest = 0) => ({
  passages,
  share: (lexeme: string) => shares[lexeme] ?? 0,
  atMost: (lexeme: string) => shares[lexeme] ?? rarest,
});

describe('narrowingTerms', () => {
  it('lets every word take part when their matches fit the budget', () => {
    expect(narrowingTerms(['wcag', 'access'], stats(1000, { access: 0.5 }), 1000)).toBeNull();
  });

  it('keeps the rarer words, rarest first, while their expected matches fit the budget', () => {
    const s = stats(20_000, { access: 0.8, disabl: 0.4, peopl: 0.3, cognit: 0.02, learn: 0.01 });
    expect(narrowingTerms(['access', 'disabl', 'peopl', 'cognit', 'learn', 'wcag'], s, 1000)).toEqual([
      'wcag',
      'learn',
      'cognit',
    ]);
  });

  it('keeps the rarest word even when it alone is over the budget', () => {
    const s = stats(20_000, { access: 0.8, disabl: 0.4 });
    expect(narrowingTerms(['access', 'disabl'], s, 1000)).toEqual(['disabl']);
  });

  it('says nothing without statistics or words', () => {
    expect(narrowingTerms(['access'], stats(0, {}), 1000)).toBeNull();
    expect(narrowingTerms([], stats(20_000, {}), 1000)).toBeNull();
  });
});

describe('wordWeight', () => {
  const s = stats(20_000, { access: 0.8, disabl: 0.4, cognit: 0.02 }, 0.005);

  it('weighs a word by how few passages hold it', () => {
    const weights = ['access', 'disabl', 'cognit', 'saveasdaisi'].map((w) => wordWeight(w, s));
    expect(weights).toEqual([...weights].sort((a, b) => a - b));
    expect(weights[0]).toBeLessThan(0.3);
    expect(weights[3]).toBeGreaterThan(5);
  });

  it('reads a word the statistics do not list as no commoner than the least listed', () => {
    expect(wordWeight('saveasdaisi', s)).toBeCloseTo(wordWeight('x', stats(20_000, { x: 0.005 })), 10);
  });

  it('weighs every word the same without statistics', () => {
    expect(wordWeight('access', stats(0, {}))).toBe(1);
    expect(wordWeight('wcag', stats(0, {}))).toBe(1);
  });
});
