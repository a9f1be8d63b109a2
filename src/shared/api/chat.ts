import { z } from 'zod';
import { okAnswer } from '../auth/schemas';
import { WHATSAPP_CONTACT_PATH, whatsAppContact } from '../chat/contact';
import {
  conversationId,
  conversationList,
  conversationView,
  currentConversation,
} from '../chat/conversations';
import { feedbackAnswer, feedbackBody, listenAnswer, questionId } from '../chat/feedback';
import { VOICE_STATUS_PATH, VOICE_WARM_PATH, voiceStatus } from '../chat/voice';
import { PROMPTS_PATH, promptsAnswer, promptsQuery } from '../admin/prompts';
import { emptyBody } from './auth';
import { json, raw } from './contract';

const conversationParams = z.object({ id: conversationId });
const questionParams = z.object({ id: questionId });

/** What the chat screen calls besides its socket (issue 14): conversations, answer actions, prompts. */
export const chatRoutes = {
  listConversations: json({ method: 'GET', path: '/api/conversations', response: conversationList }),
  currentConversation: json({
    method: 'GET',
    path: '/api/conversations/current',
    response: currentConversation,
  }),
  startConversation: json({
    method: 'POST',
    path: '/api/conversations',
    body: emptyBody,
    response: conversationView,
  }),
  getConversation: json({
    method: 'GET',
    path: '/api/conversations/:id',
    params: conversationParams,
    response: conversationView,
  }),
  openConversation: json({
    method: 'POST',
    path: '/api/conversations/:id/open',
    params: conversationParams,
    response: conversationView,
  }),
  deleteConversation: json({
    method: 'DELETE',
    path: '/api/conversations/:id',
    params: conversationParams,
    response: okAnswer,
  }),
  sendFeedback: json({
    method: 'PUT',
    path: '/api/questions/:id/feedback',
    params: questionParams,
    body: feedbackBody,
    response: feedbackAnswer,
  }),
  listen: json({
    method: 'POST',
    path: '/api/questions/:id/listen',
    params: questionParams,
    body: emptyBody,
    response: listenAnswer,
  }),
  getPrompts: json({ method: 'GET', path: PROMPTS_PATH, query: promptsQuery, response: promptsAnswer }),
  voiceStatus: json({ method: 'GET', path: VOICE_STATUS_PATH, response: voiceStatus }),
  warmVoice: json({ method: 'POST', path: VOICE_WARM_PATH, body: emptyBody, response: voiceStatus }),
  whatsAppContact: json({ method: 'GET', path: WHATSAPP_CONTACT_PATH, response: whatsAppContact }),
  tts: raw({
    kind: 'binary',
    method: 'GET',
    path: '/tts/:name',
    note: 'A spoken answer (MP3), by file name.',
  }),
  file: raw({
    kind: 'binary',
    method: 'GET',
    path: '/files/:id/:name',
    note: 'An uploaded source file, with byte ranges, as the answer links name it.',
  }),
} as const;
