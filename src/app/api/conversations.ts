import {
  conversationList,
  conversationView,
  currentConversation,
  type ConversationList,
  type ConversationView,
} from '../../shared/chat/conversations';
import { apiRequest } from './client';

const BASE = '/api/conversations';

/** The signed-in user's conversations (issue 14); every answer is parsed, never cast. */
export const conversationsApi = {
  list: async (): Promise<ConversationList> => conversationList.parse(await apiRequest<unknown>(BASE)),
  current: async (): Promise<ConversationView | null> =>
    currentConversation.parse(await apiRequest<unknown>(`${BASE}/current`)).conversation,
  start: async (): Promise<ConversationView> =>
    conversationView.parse(await apiRequest<unknown>(BASE, { method: 'POST', data: {} })),
  open: async (id: string): Promise<ConversationView> =>
    conversationView.parse(
      await apiRequest<unknown>(`${BASE}/${encodeURIComponent(id)}/open`, { method: 'POST', data: {} }),
    ),
  remove: async (id: string): Promise<void> => {
    await apiRequest<unknown>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  },
};
