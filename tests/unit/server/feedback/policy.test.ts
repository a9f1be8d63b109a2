import { describe, expect, it } from 'vitest';
import { feedbackRefusal } from '../../../../src/server/feedback/policy';

const me = { id: 'me' };

describe('feedbackRefusal', () => {
  it('lets the asker rate and hear their own question', () => {
    expect(feedbackRefusal(me, { userId: 'me' })).toBeNull();
  });

  it("answers 404 for someone else's question, one with no account and one that is not there", () => {
    const notFound = { status: 404, message: 'That question does not exist.' };
    expect(feedbackRefusal(me, { userId: 'you' })).toEqual(notFound);
    expect(feedbackRefusal(me, { userId: null })).toEqual(notFound);
    expect(feedbackRefusal(me, undefined)).toEqual(notFound);
  });
});
