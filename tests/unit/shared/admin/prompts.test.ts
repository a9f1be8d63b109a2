import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMPTS, promptList, promptMessages } from '../../../../src/shared/admin/prompts';

const firstMessage = (value: unknown) => promptList.safeParse(value).error?.issues[0]?.message;

describe('the suggested prompts rules', () => {
  it('keep SPEC’s six topics as the defaults, which pass the rules', () => {
    expect(DEFAULT_PROMPTS).toHaveLength(6);
    expect(promptList.parse([...DEFAULT_PROMPTS])).toEqual(DEFAULT_PROMPTS);
  });

  it('trim each prompt', () => {
    expect(promptList.parse(['  What is braille?  '])).toEqual(['What is braille?']);
  });

  it.each([
    [[], promptMessages.none],
    [[''], promptMessages.empty],
    [['x'.repeat(201)], promptMessages.tooLong],
    [['1', '2', '3', '4', '5', '6', '7'], promptMessages.tooMany],
    [['Braille?', ' braille? '], promptMessages.duplicate],
  ])('refuse %j with its sentence', (value, message) => {
    expect(firstMessage(value)).toBe(message);
  });
});
