import { chatRoutes as routes } from '../../shared/api/chat';
import type { ConversationList, ConversationView } from '../../shared/chat/conversations';
import { call } from './client';

/** The signed-in user's conversations (issue 14); every answer is parsed, never cast. */
export const conversationsApi = {
  list: (): Promise<ConversationList> => call(routes.listConversations),
  current: async (): Promise<ConversationView | null> =>
    (await call(routes.currentConversation)).conversation,
  start: (): Promise<ConversationView> => call(routes.startConversation, { body: {} }),
  open: (id: string): Promise<ConversationView> => call(routes.openConversation, { params: { id } }),
  remove: async (id: string): Promise<void> => {
    await call(routes.deleteConversation, { params: { id } });
  },
};
