import { describe, expect, it } from 'vitest';
import { promptErrors, promptSummary } from '../../../../../src/app/features/admin/promptForm';
import { promptMessages } from '../../../../../src/shared/admin/prompts';

describe('the prompt editor’s checks', () => {
  it('find nothing wrong with distinct prompts', () => {
    const errors = promptErrors(['What is braille?', 'What is a screen reader?']);
    expect(errors).toEqual({ fields: [null, null], list: null });
    expect(promptSummary(errors)).toBeNull();
  });

  it('mark an empty prompt, and a repeat (whatever its case) where it repeats', () => {
    const errors = promptErrors(['What is braille?', ' ', 'WHAT IS BRAILLE?']);
    expect(errors.fields).toEqual([null, promptMessages.empty, promptMessages.duplicate]);
    expect(promptSummary(errors)).toBe('Please correct the prompts marked below.');
  });

  it('say the one problem itself when there is one', () => {
    expect(promptSummary(promptErrors([]))).toBe(promptMessages.none);
    expect(promptSummary(promptErrors(['x'.repeat(201)]))).toBe(promptMessages.tooLong);
  });
});
