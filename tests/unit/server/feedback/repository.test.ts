import { describe, expect, it } from 'vitest';
import { answerOf, presentFeedback } from '../../../../src/server/feedback/repository';

const at = new Date('2026-11-23T21:00:00.000Z');

describe('presentFeedback', () => {
  it('is null until the asker answers', () => {
    expect(presentFeedback({ helpful: null, feedbackComment: '', feedbackAt: null })).toBeNull();
  });

  it('gives the verdict, the comment and when', () => {
    expect(presentFeedback({ helpful: false, feedbackComment: 'Too long', feedbackAt: at })).toEqual({
      helpful: false,
      comment: 'Too long',
      at: at.toISOString(),
    });
  });
});

describe('answerOf', () => {
  const event = (type: string, fields: Record<string, string> = {}) =>
    ({ type, timestamp: at.toISOString(), ...fields }) as never;

  it('is the last query-response answer of the history', () => {
    expect(
      answerOf({
        history: [
          event('detected-language', { lang_name: 'English' }),
          event('query-response', { answer: ' Braille is a tactile script. ' }),
        ],
      }),
    ).toBe('Braille is a tactile script.');
  });

  it('is empty for a question that failed or is not answered yet', () => {
    expect(answerOf({ history: [event('error', { message: 'boom' })] })).toBe('');
    expect(answerOf({ history: [] })).toBe('');
  });
});
