import { chatRoutes as routes } from '../../shared/api/chat';
import type { FeedbackBody, QuestionFeedback } from '../../shared/chat/feedback';
import { call } from './client';

/** Answer actions (issue 14 item 3); every answer is parsed, never cast. */
export const feedbackApi = {
  /** The asker's "Was this helpful?", with an optional comment; sent again, it replaces the last. */
  send: (questionId: string, body: FeedbackBody): Promise<QuestionFeedback> =>
    call(routes.sendFeedback, { params: { id: questionId }, body }),
  /** The answer spoken on demand: its file name under the text-to-speech base address. */
  listen: async (questionId: string): Promise<string> =>
    (await call(routes.listen, { params: { id: questionId }, body: {} })).audioPath,
};
