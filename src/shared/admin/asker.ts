import { z } from 'zod';
import { QUERYING_APPS } from '../constants';

/** Who asked a question, for the admin's question review (issue 14 item 6). */
export const QUESTION_ASKER_PATH = '/admin/get_question_asker';

export const questionAskerBody = z.object({
  queryingApp: z.enum(QUERYING_APPS, { error: 'queryingApp must name one of the querying apps.' }),
  questionId: z.uuid({ error: 'The question is missing or not valid.' }),
});
export type QuestionAskerBody = z.infer<typeof questionAskerBody>;

/**
 * The asker's name and contacts; the contacts masked as SPEC §6 says unless the admin is a super
 * admin. Null when the question is tied to no account (an authorized project's API, or an
 * account since deleted).
 */
export const askerView = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsappId: z.string().nullable(),
});
export type AskerView = z.infer<typeof askerView>;

export const questionAskerAnswer = z.object({ asker: askerView.nullable() });
export type QuestionAskerAnswer = z.infer<typeof questionAskerAnswer>;
