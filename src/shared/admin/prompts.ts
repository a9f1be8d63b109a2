import { z } from 'zod';
import { answerOutcome } from '../chat/answer-outcome';
import { QUERYING_APPS } from '../constants';

/**
 * The dashboard's suggested prompts (issue 14 item 4): SPEC §2's six topics by default, each
 * project's own once one of its admins has edited them.
 */
export const DEFAULT_PROMPTS: readonly string[] = [
  'How can I help a child with cerebral palsy build everyday skills?',
  'How can I teach a class as a hearing-impaired person?',
  'Which tools help people with a locomotive disability move around?',
  'How can a person with a visual impairment navigate a new place?',
  'Which disability-centric products can an entrepreneur build?',
  'How can a deaf-blind person use a computer?',
];

export const MAX_PROMPTS = 6;
export const MAX_PROMPT_LENGTH = 200;

/** GET, signed in: `?project=` (default the querying app) answers the project's prompts. */
export const PROMPTS_PATH = '/api/prompts';
/** POST, an admin of the project: the project's prompts replaced. */
export const SAVE_PROMPTS_PATH = '/admin/set_prompts';
/** POST, an admin of the project: which prompts find something in the knowledge base now. */
export const CHECK_PROMPTS_PATH = '/admin/check_prompts';

export const promptMessages = {
  empty: 'Please enter the prompt.',
  tooLong: `A prompt can be at most ${MAX_PROMPT_LENGTH} characters long.`,
  none: 'Please keep at least one prompt.',
  tooMany: `There can be at most ${MAX_PROMPTS} prompts.`,
  duplicate: 'Each prompt must be different.',
};

const queryingApp = z.enum(QUERYING_APPS, { error: 'queryingApp must name one of the querying apps.' });
const project = z.string().trim().min(1, 'Please choose a project.').max(100);

export const promptText = z
  .string({ error: promptMessages.empty })
  .trim()
  .min(1, promptMessages.empty)
  .max(MAX_PROMPT_LENGTH, promptMessages.tooLong);

export const promptList = z
  .array(promptText, { error: promptMessages.none })
  .min(1, promptMessages.none)
  .max(MAX_PROMPTS, promptMessages.tooMany)
  .refine((list) => new Set(list.map((p) => p.toLowerCase())).size === list.length, promptMessages.duplicate);

export const promptsQuery = z.object({ project: project.optional() });
export const savePromptsBody = z.object({ queryingApp, project, prompts: promptList });
export const checkPromptsBody = z.object({ queryingApp, project });

export const promptsAnswer = z.object({
  project: z.string(),
  prompts: z.array(z.string()),
  /** False while the project shows the defaults. */
  custom: z.boolean(),
});
export type PromptsAnswer = z.infer<typeof promptsAnswer>;

export const promptCheckAnswer = z.object({
  project: z.string(),
  /** What each saved prompt gets now: an answer, only the closest passage, or nothing. */
  results: z.array(z.object({ prompt: z.string(), outcome: answerOutcome })),
});
export type PromptCheckAnswer = z.infer<typeof promptCheckAnswer>;
