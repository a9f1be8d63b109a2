/**
 * Issue 14 item 3: under each answer, Copy, Listen and "Was this helpful?" with a comment. Real
 * buttons with clear names, the verdict as aria-pressed, what happened said in the chat's status
 * line, all of it by keyboard, and axe finds nothing.
 */
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { answerActionText as text } from '../../../src/shared/chat/feedback';
import type { ConversationView } from '../../../src/shared/chat/conversations';
import {
  announced,
  answeredConversation,
  chatPageTests,
  KEPT_AT as AT,
  KEPT_QUESTION as QUESTION,
} from '../support/chat-page';
import {
  expectNoAxeViolations,
  jsonResponse,
  makeUser,
  overrideFetch,
  renderApp,
  resetFocus,
  signIn,
  tabTo,
} from '../support/render';
import { darkScheme, forcedColors } from '../support/media';
import { answerOf } from './fakeSocket';

const { connectedSocket, openChatShowing } = chatPageTests({ clearStorage: true });

const AUDIO = `${'ab'.repeat(32)}.mp3`;

const button = (name: string) => page.getByRole('button', { name, exact: true });

/** The server: the kept conversation, feedback saved as sent, and a spoken answer. */
function serve(
  conversation: ConversationView | null = answeredConversation(),
  listen: Response | null = null,
) {
  return overrideFetch((path, init) => {
    if (path === '/api/conversations/current') return jsonResponse({ conversation });
    if (path === `/api/questions/${QUESTION}/feedback`) {
      const body = JSON.parse(init?.body as string) as { helpful: boolean; comment?: string };
      return jsonResponse({
        questionId: QUESTION,
        helpful: body.helpful,
        comment: body.comment ?? '',
        at: AT,
      });
    }
    if (path === `/api/questions/${QUESTION}/listen`) return listen ?? jsonResponse({ audioPath: AUDIO });
    return undefined;
  });
}

/** Opens the chat, signed in, on the kept conversation. */
async function openChat() {
  signIn(makeUser());
  return openChatShowing('Software that reads the screen aloud.');
}

describe('answer actions', () => {
  test('keyboard only: copy, say it helped with a comment, change it; axe finds nothing', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { calls } = serve();
    const { container } = await openChat();
    await expectNoAxeViolations(container);
    resetFocus();

    await tabTo(button(text.copy), 40);
    await userEvent.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('Software that reads the screen **aloud**.');
    await expect.element(announced(text.copied)).toBeInTheDocument();

    const yes = button(text.yesLabel);
    const no = button(text.noLabel);
    await expect.element(yes).toHaveAttribute('aria-pressed', 'false');
    await tabTo(yes);
    await userEvent.keyboard(' ');
    await expect.element(yes).toHaveAttribute('aria-pressed', 'true');
    await expect.element(no).toHaveAttribute('aria-pressed', 'false');
    await expect.element(announced(text.thanks)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ helpful: true, comment: '' });

    const comment = page.getByRole('textbox', { name: text.comment });
    await tabTo(comment);
    await userEvent.keyboard('Clear and short.');
    await tabTo(button(text.sendComment));
    await userEvent.keyboard('{Enter}');
    await expect.element(announced(text.commentSaved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      helpful: true,
      comment: 'Clear and short.',
    });
    await expectNoAxeViolations(container);

    // Changed: No, keeping the comment.
    no.element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(no).toHaveAttribute('aria-pressed', 'true');
    await expect.element(yes).toHaveAttribute('aria-pressed', 'false');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      helpful: false,
      comment: 'Clear and short.',
    });
  });

  test('a refused clipboard is said plainly', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    serve();
    await openChat();
    await button(text.copy).click();
    await expect.element(announced(text.copyRefused)).toBeInTheDocument();
  });

  test('an answer reopened from history shows the feedback given before', async () => {
    serve(answeredConversation({ helpful: false, comment: 'Too short', at: AT }));
    await openChat();
    await expect.element(button(text.noLabel)).toHaveAttribute('aria-pressed', 'true');
    await expect.element(page.getByRole('textbox', { name: text.comment })).toHaveValue('Too short');
  });

  test('Listen asks for the spoken answer and plays it under the answer', async () => {
    const { calls } = serve();
    const { container } = await openChat();
    await button(text.listen).click();
    await expect.element(announced(text.playing)).toBeInTheDocument();
    const player = page.getByLabelText('Spoken answer');
    await expect.element(player).toHaveAttribute('src', `${location.origin}/tts/${AUDIO}`);
    expect(calls.filter((c) => c.path.endsWith('/listen')).length).toBe(1);
    await expectNoAxeViolations(container);
  });

  test("the server's refusal to speak is said", async () => {
    serve(answeredConversation(), jsonResponse({ message: 'There is no answer to listen to.' }, 404));
    await openChat();
    await button(text.listen).click();
    await expect.element(announced('There is no answer to listen to.')).toBeInTheDocument();
  });

  test('an answer that just came on the socket has its actions; an error has only Copy', async () => {
    serve(null);
    signIn(makeUser());
    await renderApp('/chatpage');
    const socket = await connectedSocket();
    socket.answer(answerOf('answer-text', { answer: 'A tactile display.' }));
    await expect.element(button(text.yesLabel)).toBeInTheDocument();
    await expect.element(button(text.listen)).toBeInTheDocument();
    socket.answer(answerOf('answer-text', { error: 'Something went wrong.' }));
    await expect.element(page.getByRole('log').getByText('Something went wrong.')).toBeInTheDocument();
    await expect.poll(() => document.querySelectorAll('.answer-actions').length).toBe(2);
    expect(page.getByRole('button', { name: text.yesLabel, exact: true }).elements().length).toBe(1);
  });

  test("a new answer is announced by its words, never by its actions' labels", async () => {
    serve(null);
    signIn(makeUser());
    await renderApp('/chatpage');
    const socket = await connectedSocket();
    socket.answer(answerOf('answer-text', { answer: 'A **tactile** display shows braille.' }));
    await expect.element(button(text.yesLabel)).toBeInTheDocument();

    // What a screen reader is told: the text of every live region on the page (those not "off").
    const live = [
      ...document.querySelectorAll<HTMLElement>('[aria-live], [role=status], [role=log], [role=alert]'),
    ]
      .filter((region) => region.getAttribute('aria-live') !== 'off')
      .map((region) => region.textContent ?? '')
      .join(' | ');
    expect(live).toContain('A tactile display shows braille.');
    for (const label of [
      text.copy,
      'Copy',
      text.listen,
      text.listenShort,
      text.helpfulQuestion,
      text.yesLabel,
      text.noLabel,
    ])
      expect(live).not.toContain(label);
    // And no action button sits inside a live region, whatever is added later.
    for (const action of document.querySelectorAll('.answer-actions button')) {
      const region = action.closest('[aria-live], [role=status], [role=log], [role=alert]');
      expect(region === null || region.getAttribute('aria-live') === 'off').toBe(true);
    }
  });

  test('pass axe in the dark scheme, and the chosen answer stays visible with forced colours', async () => {
    await darkScheme();
    serve(answeredConversation({ helpful: true, comment: '', at: AT }));
    const { container } = await openChat();
    await expectNoAxeViolations(container);
    await forcedColors();
    const chosen = button(text.yesLabel).element();
    const other = button(text.noLabel).element();
    // Forced colours drop backgrounds: the chosen one is told apart by its edge and its tick.
    expect(getComputedStyle(chosen).borderTopWidth).not.toBe(getComputedStyle(other).borderTopWidth);
    expect(getComputedStyle(chosen, '::before').content).toContain('✓');
  });

  test('fit a 360 px screen with the comment box open: no sideways scroll', async () => {
    await page.viewport(360, 800);
    onTestFinished(() => page.viewport(1280, 800));
    serve(answeredConversation({ helpful: true, comment: 'A'.repeat(300), at: AT }));
    await openChat();
    await expect.element(page.getByRole('textbox', { name: text.comment })).toBeVisible();
    const root = document.documentElement;
    expect(root.scrollWidth - root.clientWidth).toBeLessThanOrEqual(0);
  });
});
