import { describe, expect, it } from 'vitest';
import { ANSWER_FOR, isBlankStatsQuery, questionEventFor } from '../../../../src/shared/chat/protocol';
import { answerMessage, articulatingMessage, questionMessage } from '../../../../src/shared/chat/schemas';

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
  it('takes a recording as a Node Buffer or an ArrayBuffer, and nothing else', () => {
    const voice = (audioBuffer: unknown) =>
      questionMessage.safeParse({ event: 'question-voice', content: { query: '', audioBuffer } }).success;
    expect(voice(Buffer.from([1, 2]))).toBe(true);
    expect(voice(new ArrayBuffer(2))).toBe(true);
    expect(voice('bytes')).toBe(false);
  });
  it('describes the answers and progress notes the server sends', () => {
    const answer = {
      event: 'answer-text',
      content: {
        response: {
          answer: 'Yes.',
          error: null,
          text: 'q',
          audioPath: null,
          links: [{ url: 'https://a.b/' }],
        },
        questionId: 'q-1',
        conversationId: null,
      },
    };
    expect(answerMessage.parse(answer)).toEqual(answer);
    expect(answerMessage.safeParse({ ...answer, event: 'question-text' }).success).toBe(false);
    expect(articulatingMessage.parse({ event: 'articulating', content: { text: '' } }).content.text).toBe('');
  });
});
