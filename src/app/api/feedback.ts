import {
  feedbackAnswer,
  feedbackPaths,
  listenAnswer,
  type FeedbackBody,
  type QuestionFeedback,
} from '../../shared/chat/feedback';
import { apiRequest } from './client';

/** Answer actions (issue 14 item 3); every answer is parsed, never cast. */
export const feedbackApi = {
  /** The asker's "Was this helpful?", with an optional comment; sent again, it replaces the last. */
  send: async (questionId: string, body: FeedbackBody): Promise<QuestionFeedback> =>
    feedbackAnswer.parse(
      await apiRequest<unknown>(feedbackPaths.feedback(questionId), { method: 'PUT', data: body }),
    ),
  /** The answer spoken on demand: its file name under the text-to-speech base address. */
  listen: async (questionId: string): Promise<string> =>
    listenAnswer.parse(
      await apiRequest<unknown>(feedbackPaths.listen(questionId), { method: 'POST', data: {} }),
    ).audioPath,
};
