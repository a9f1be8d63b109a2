import { describe, expect, it } from 'vitest';
import {
  feedbackBody,
  feedbackFilter,
  feedbackPaths,
  questionId,
} from '../../../../src/shared/chat/feedback';

describe('feedbackBody', () => {
  it('takes a verdict with a trimmed comment, empty when none is given', () => {
    expect(feedbackBody.parse({ helpful: true, comment: '  Clear.  ' })).toEqual({
      helpful: true,
      comment: 'Clear.',
    });
    expect(feedbackBody.parse({ helpful: false })).toEqual({ helpful: false, comment: '' });
  });

  it('refuses a missing verdict, a long comment and unknown fields, in words', () => {
    expect(feedbackBody.safeParse({}).error?.issues[0]?.message).toBe(
      'Please say whether the answer was helpful.',
    );
    expect(
      feedbackBody.safeParse({ helpful: true, comment: 'x'.repeat(1001) }).error?.issues[0]?.message,
    ).toBe('Please keep your comment under 1000 characters.');
    expect(feedbackBody.safeParse({ helpful: true, stars: 5 }).success).toBe(false);
  });
});

describe('feedbackFilter', () => {
  it('names helpful, not helpful and no feedback only', () => {
    expect(['helpful', 'not_helpful', 'none'].map((f) => feedbackFilter.safeParse(f).success)).toEqual([
      true,
      true,
      true,
    ]);
    expect(feedbackFilter.safeParse('maybe').success).toBe(false);
  });
});

describe('question ids and paths', () => {
  it('refuses a malformed id as a question that does not exist', () => {
    expect(questionId.safeParse('42').error?.issues[0]?.message).toBe('That question does not exist.');
  });

  it('builds the feedback and listen paths', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(feedbackPaths.feedback(id)).toBe(`/api/questions/${id}/feedback`);
    expect(feedbackPaths.listen(id)).toBe(`/api/questions/${id}/listen`);
  });
});
