import type { AnswerOutcome } from '../../../shared/chat/answer-outcome';
import { MAX_PROMPTS, promptMessages, promptText } from '../../../shared/admin/prompts';

/**
 * The prompt editor's checks, by the rules the server applies (src/shared/admin/prompts.ts): a
 * message per prompt (empty, too long, the same as an earlier one), and one for the whole list.
 */
export function promptErrors(prompts: string[]): { fields: (string | null)[]; list: string | null } {
  const seen = new Set<string>();
  const fields = prompts.map((prompt) => {
    const parsed = promptText.safeParse(prompt);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? promptMessages.empty;
    const key = parsed.data.toLowerCase();
    if (seen.has(key)) return promptMessages.duplicate;
    seen.add(key);
    return null;
  });
  const list =
    prompts.length === 0 ? promptMessages.none : prompts.length > MAX_PROMPTS ? promptMessages.tooMany : null;
  return { fields, list };
}

export const CORRECT_MARKED = 'Please correct the prompts marked below.';

/** What the prompt check says each prompt gets (the chat's three outcomes, answer-outcome.ts). */
export const PROMPT_VERDICTS: Record<AnswerOutcome, string> = {
  answer: 'Finds an answer',
  closest: 'Finds only a distant passage',
  none: 'Finds nothing',
};

/** What the form's summary says (in English, the key of its Hindi): the one problem, or SPEC's sentence when there are several. */
export function promptSummary({ fields, list }: ReturnType<typeof promptErrors>): string | null {
  const problems = [...(list ? [list] : []), ...fields.filter((f): f is string => f !== null)];
  if (problems.length === 0) return null;
  return problems.length === 1 ? problems[0]! : CORRECT_MARKED;
}
