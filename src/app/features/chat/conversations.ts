/**
 * The chat's kept conversations (issue 14): the current one loaded when the chat opens (this
 * browser's copy when the server cannot be asked), a new one started, an earlier one reopened or
 * deleted. Whatever is shown goes through the chat socket's core, so every tab shows it.
 */
import { ApiError } from '../../api/client';
import { conversationsApi } from '../../api/conversations';
import { conversationIdAtom } from '../../state/chat';
import { offlineCache } from '../../state/offline-cache';
import { store } from '../../state/store';
import { showConversation } from './chatSocketBridge';

/** Shows the user's current conversation: the server's, or offline the copy kept here. */
export async function loadCurrentConversation(userId: string): Promise<void> {
  try {
    await showConversation(await conversationsApi.current());
  } catch (error) {
    if (error instanceof ApiError && error.offline) {
      await showConversation(offlineCache.conversation(userId), true);
      return;
    }
    console.error('The conversation could not be loaded:', error);
  }
}

/** "New conversation": an empty one becomes current in every tab. */
export async function startNewConversation(): Promise<void> {
  await showConversation(await conversationsApi.start());
}

/** Reopens an earlier conversation: it becomes current and is shown. Resolves with its title. */
export async function reopenConversation(id: string): Promise<string> {
  const view = await conversationsApi.open(id);
  await showConversation(view);
  return view.title;
}

/** Deletes a conversation; deleting the one shown leaves an empty chat. */
export async function deleteConversation(id: string): Promise<void> {
  await conversationsApi.remove(id);
  if (store.get(conversationIdAtom) === id) await showConversation(null);
}
