import { describe, expect, it } from 'vitest';
import { ANSWER_FOR, isBlankStatsQuery, questionEventFor } from '../../../../src/shared/chat/protocol';
import { questionMessage } from '../../../../src/shared/chat/schemas';

describe('the chat protocol', () => {
  it('uses the stats event for /stats questions and never sends a bare "/stats "', () => {
    expect(questionEventFor('/stats braille')).toBe('question-stats');
    expect(questionEventFor('What is braille?')).toBe('question-text');
    expect(isBlankStatsQuery('/stats ')).toBe(true);
    expect(isBlankStatsQuery('/stats x')).toBe(false);
  });
  it('answers each question event on its own answer event', () => {
    expect(ANSWER_FOR).toEqual({
      'question-text': 'answer-text',
      'question-stats': 'answer-stats',
      'question-voice': 'answer-voice',
    });
  });
  it('validates question messages with defaults and refuses bad ones', () => {
    const ok = questionMessage.parse({ event: 'question-text', content: { query: 'hi' } });
    expect(ok.content).toMatchObject({ sourceMode: 'web', project: 'dish', sessionId: '' });
    expect(questionMessage.safeParse({ event: 'question-text', content: { query: 42 } }).success).toBe(false);
    expect(questionMessage.safeParse({ event: 'shout', content: { query: 'x' } }).success).toBe(false);
    expect(
      questionMessage.safeParse({ event: 'question-text', content: { query: 'x'.repeat(2001) } }).success,
    ).toBe(false);
  });
});
