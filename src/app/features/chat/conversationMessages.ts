/**
 * A kept conversation (the server's, or this browser's offline copy) as the chat's messages, and
 * the chat's messages as the copy to keep.
 */
import type { ConversationMessage, ConversationView } from '../../../shared/chat/conversations';
import { ttsUrl } from '../../config';
import type { ChatMessage } from '../../state/chat';

/** A kept recording that nobody could make words of (its audio is not kept). */
export const UNHEARD_RECORDING = 'A recorded question';

export function messagesFromView(view: ConversationView | null): ChatMessage[] {
  return (view?.messages ?? []).map((m) => {
    const message: ChatMessage = {
      id: `c${m.id}`,
      type: m.type,
      text: m.type === 'user' && m.isAudio && !m.text ? UNHEARD_RECORDING : m.text,
      // A kept question shows its words (a recording's transcript); its audio stayed with the asker.
      isAudio: m.type === 'bot' && m.isAudio,
      links: m.links,
    };
    if (m.type === 'bot' && m.questionId) {
      message.questionId = m.questionId;
      message.feedback = m.feedback ?? null;
    }
    if (m.type === 'bot' && m.audioPath) {
      message.audioPath = m.audioPath;
      message.audioURI = ttsUrl(m.audioPath);
    }
    return message;
  });
}

/** The messages shown, as a conversation to keep for offline use (progress notes left out). */
export function viewFromMessages(
  meta: Omit<ConversationView, 'messages'>,
  messages: ChatMessage[],
): ConversationView {
  const kept: ConversationMessage[] = [];
  messages.forEach((m, at) => {
    if (m.type === 'articulation') return;
    kept.push({
      id: at + 1,
      type: m.type,
      text: m.text,
      isAudio: m.type === 'bot' ? Boolean(m.audioPath) : m.isAudio,
      audioPath: m.type === 'bot' ? (m.audioPath ?? null) : null,
      links: m.links ?? [],
      at: meta.updatedAt,
      ...(m.questionId ? { questionId: m.questionId, feedback: m.feedback ?? null } : {}),
    });
  });
  return { ...meta, messages: kept };
}
