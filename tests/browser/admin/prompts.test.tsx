/** Issue 14 item 4: the Prompts tab (edit, save, which find nothing) and the dashboard showing them. */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { DEFAULT_PROMPTS, promptMessages } from '../../../src/shared/admin/prompts';
import { expectNoAxeViolations, makeUser, renderApp } from '../support/render';
import { emulateMedia } from '../support/media';
import { admin, adminServer, expectToast, focused, resetAdmin, signIn } from './support';

beforeEach(async () => {
  await resetAdmin();
  localStorage.removeItem('dish.suggestedPrompts');
  signIn(admin);
});

/** A server holding dish's prompts: set_prompts replaces them, check_prompts says what each finds. */
function promptsServer(initial: string[] = [...DEFAULT_PROMPTS], custom = false) {
  let saved = { project: 'dish', prompts: initial, custom };
  return adminServer({
    '/api/prompts': () => saved,
    '/admin/set_prompts': (body) => {
      saved = { project: 'dish', prompts: body.prompts as string[], custom: true };
      return saved;
    },
    '/admin/check_prompts': () => ({
      project: 'dish',
      results: saved.prompts.map((prompt, i) => ({
        prompt,
        outcome: i === 1 ? 'none' : i === 2 ? 'closest' : 'answer',
      })),
    }),
  });
}

const field = (n: number) => page.getByRole('textbox', { name: `Prompt ${n}`, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });

async function openPrompts() {
  const screen = await renderApp('/admindashboard?tab=prompts');
  await expect.element(field(1)).toHaveValue(DEFAULT_PROMPTS[0]);
  return screen;
}

describe('the Prompts tab', () => {
  test('shows the six defaults as labelled fields, and saves an edited list', async () => {
    const server = promptsServer();
    await openPrompts();
    await expect.element(page.getByText(/six default prompts until you save your own/)).toBeVisible();
    await userEvent.fill(field(2).element(), 'How do I find a sign language interpreter?');
    await button('Remove prompt 6').click();
    await button('Save prompts').click();
    await expectToast('Suggested prompts saved.');
    expect(focused()).toBe(button('Save prompts').element());
    expect(server.last('/admin/set_prompts')).toEqual({
      queryingApp: 'dish',
      project: 'dish',
      prompts: [
        DEFAULT_PROMPTS[0],
        'How do I find a sign language interpreter?',
        ...DEFAULT_PROMPTS.slice(2, 5),
      ],
    });
    await expect.element(page.getByText(/shown on the dashboard of this project/)).toBeVisible();
  });

  test('an empty or repeated prompt is refused in the form, and nothing is sent', async () => {
    const server = promptsServer(['What is braille?', 'What is a screen reader?']);
    await renderApp('/admindashboard?tab=prompts');
    await expect.element(field(2)).toHaveValue('What is a screen reader?');
    await userEvent.fill(field(2).element(), 'what is braille?');
    await button('Add a prompt').click();
    await expect.poll(() => focused()).toBe(field(3).element());
    await button('Save prompts').click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('Please correct the prompts marked below.');
    await expect.element(field(2)).toHaveAccessibleDescription(promptMessages.duplicate);
    await expect.element(field(3)).toHaveAccessibleDescription(promptMessages.empty);
    await expect.poll(() => focused()).toBe(field(2).element());
    expect(server.to('/admin/set_prompts')).toHaveLength(0);
  });

  test('shows what each saved prompt finds, in words, announced politely', async () => {
    const server = promptsServer();
    await openPrompts();
    await button('Check the saved prompts').click();
    await expect
      .element(page.getByRole('status').filter({ hasText: 'find an answer' }))
      .toHaveTextContent('Of 6 prompts, 4 find an answer, 1 only a distant passage, 1 nothing.');
    await expect.element(page.getByText(`Finds nothing: ${DEFAULT_PROMPTS[1]}`)).toBeVisible();
    await expect.element(page.getByText(`Finds only a distant passage: ${DEFAULT_PROMPTS[2]}`)).toBeVisible();
    await expect.element(page.getByText(`Finds an answer: ${DEFAULT_PROMPTS[0]}`)).toBeVisible();
    expect(server.last('/admin/check_prompts')).toEqual({ queryingApp: 'dish', project: 'dish' });
  });

  test('keyboard only: the tab is reached with the arrow keys and the form with Tab', async () => {
    promptsServer();
    await renderApp('/admindashboard?tab=data');
    const dataTab = page.getByRole('tab', { name: 'Data' });
    await expect.element(dataTab).toBeVisible();
    dataTab.element().focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByRole('tab', { name: 'Prompts' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(field(1)).toBeVisible();
    await userEvent.keyboard('{Tab}');
    expect(focused()).toBe(field(1).element());
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe in the ${colorScheme} scheme, with the check's results`, async () => {
      await emulateMedia({ colorScheme });
      promptsServer();
      const { container } = await openPrompts();
      await button('Check the saved prompts').click();
      await expect.element(page.getByText(`Finds nothing: ${DEFAULT_PROMPTS[1]}`)).toBeVisible();
      await expectNoAxeViolations(container);
    });
  }
});

describe('the dashboard', () => {
  test('shows the project’s own prompts', async () => {
    signIn(makeUser({ name: 'Asha' }));
    promptsServer(['What is braille?', 'Where can I learn sign language?'], true);
    await renderApp('/dashboard');
    await expect
      .element(page.getByRole('button', { name: 'Where can I learn sign language?' }))
      .toBeVisible();
    expect(page.getByRole('button', { name: DEFAULT_PROMPTS[0]! }).elements()).toHaveLength(0);
  });

  test('shows SPEC’s six when the prompts cannot be read', async () => {
    signIn(makeUser({ name: 'Asha' }));
    adminServer({ '/api/prompts': () => new Response('{"message":"down"}', { status: 503 }) });
    await renderApp('/dashboard');
    await expect.element(page.getByRole('button', { name: DEFAULT_PROMPTS[5]! })).toBeVisible();
  });
});
