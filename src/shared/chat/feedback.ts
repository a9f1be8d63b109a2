import { z } from 'zod';

/**
 * Answer actions (issue 14 item 3): the asker's "Was this helpful?" and a spoken answer made on
 * demand, each about one question record. The REST shapes both sides use.
 */
export const questionId = z.uuid({ error: 'That question does not exist.' });

/** A feedback comment is at most this many characters. */
export const FEEDBACK_COMMENT_MAX = 1000;

/** PUT /api/questions/:id/feedback: yes or no, with an optional comment (sent again to change it). */
export const feedbackBody = z
  .object({
    helpful: z.boolean({ error: 'Please say whether the answer was helpful.' }),
    comment: z
      .string({ error: 'The comment must be text.' })
      .trim()
      .max(FEEDBACK_COMMENT_MAX, {
        error: `Please keep your comment under ${FEEDBACK_COMMENT_MAX} characters.`,
      })
      .default(''),
  })
  .strict();
export type FeedbackBody = z.input<typeof feedbackBody>;

/** The feedback a question holds. */
export const questionFeedback = z.object({
  helpful: z.boolean(),
  comment: z.string(),
  at: z.string(),
});
export type QuestionFeedback = z.infer<typeof questionFeedback>;

/** The answer to PUT /api/questions/:id/feedback. */
export const feedbackAnswer = questionFeedback.extend({ questionId: z.string() });

/** POST /api/questions/:id/listen: the spoken answer's file name under the TTS base address. */
export const listenAnswer = z.object({ audioPath: z.string() });

/** The admin Questions tab's filter on feedback. */
export const FEEDBACK_FILTERS = ['helpful', 'not_helpful', 'none'] as const;
export type FeedbackFilter = (typeof FEEDBACK_FILTERS)[number];
export const feedbackFilter = z.enum(FEEDBACK_FILTERS, {
  error: 'The feedback filter must be helpful, not_helpful or none.',
});

export const feedbackPaths = {
  feedback: (id: string) => `/api/questions/${encodeURIComponent(id)}/feedback`,
  listen: (id: string) => `/api/questions/${encodeURIComponent(id)}/listen`,
} as const;

/** What the chat says about the answer actions (announced in its status line). */
export const answerActionText = {
  copy: 'Copy answer',
  copied: 'The answer was copied.',
  copyRefused:
    'The answer could not be copied: this browser did not allow it. Select the text and copy it instead.',
  helpfulQuestion: 'Was this helpful?',
  yes: 'Yes',
  no: 'No',
  yesLabel: 'Yes, this was helpful',
  noLabel: 'No, this was not helpful',
  comment: 'Comment (optional)',
  sendComment: 'Send comment',
  thanks: 'Thank you for your feedback.',
  commentSaved: 'Thank you, your comment was saved.',
  listen: 'Listen to the answer',
  listenShort: 'Listen',
  preparing: 'Preparing the spoken answer…',
  playing: 'Playing the spoken answer.',
  failed: 'That did not work. Please check your connection and try again.',
} as const;
