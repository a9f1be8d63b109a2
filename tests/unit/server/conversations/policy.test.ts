import { describe, expect, it } from 'vitest';
import { conversationRefusal } from '../../../../src/server/conversations/policy';

describe('conversationRefusal', () => {
  it('lets the owner use the conversation', () => {
    expect(conversationRefusal({ id: 'u1' }, { userId: 'u1' })).toBeNull();
  });

  it('tells anyone else, admins included, that it does not exist', () => {
    expect(conversationRefusal({ id: 'u2' }, { userId: 'u1' })).toEqual({
      status: 404,
      message: 'That conversation does not exist.',
    });
  });

  it('says the same of a conversation that is not there', () => {
    expect(conversationRefusal({ id: 'u1' }, undefined)?.status).toBe(404);
  });
});
