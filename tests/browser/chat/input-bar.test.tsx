import { createRef } from 'react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { InputBar, type InputBarHandle } from '../../../src/app/features/chat/InputBar';
import { resetApp } from '../support/render';

beforeEach(resetApp);

const field = () => page.getByRole('textbox', { name: 'Ask your question' });
const sendButton = () => page.getByRole('button', { name: 'send message button' });
const micButton = () => page.getByRole('button', { name: 'microphone button' });

async function renderBar(waiting = false) {
  const onSend = vi.fn<(text: string) => void>();
  const onRecorded = vi.fn<(mp3: Blob) => void>();
  const ref = createRef<InputBarHandle>();
  const screen = await render(
    <InputBar ref={ref} waiting={waiting} onSend={onSend} onRecorded={onRecorded} />,
  );
  return { onSend, onRecorded, ref, screen };
}

describe('input bar', () => {
  test("has a labelled field with the placeholder 'Ask your question'", async () => {
    await renderBar();
    await expect.element(field()).toBeVisible();
    await expect.element(field()).toHaveAttribute('placeholder', 'Ask your question');
  });

  test('send is disabled while the text is empty or blank, enabled once there is a question', async () => {
    await renderBar();
    await expect.element(sendButton()).toBeDisabled();
    await field().fill('   ');
    await expect.element(sendButton()).toBeDisabled();
    await field().fill('How do screen readers work?');
    await expect.element(sendButton()).toBeEnabled();
  });

  test('while a question is out, send and the microphone are disabled and Enter sends nothing', async () => {
    const { onSend, onRecorded } = await renderBar(true);
    await field().fill('A second question');
    await expect.element(sendButton()).toBeDisabled();
    await expect.element(micButton()).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(onRecorded).not.toHaveBeenCalled();
    await expect.element(field()).toHaveValue('A second question');
  });

  test('Enter sends the question and clears the field', async () => {
    const { onSend } = await renderBar();
    await field().fill('Which tools help with low vision?');
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Which tools help with low vision?');
    await expect.element(field()).toHaveValue('');
    await expect.element(sendButton()).toBeDisabled();
  });

  test('the send button sends the question and clears the field', async () => {
    const { onSend } = await renderBar();
    await field().fill('What is a refreshable braille display?');
    await sendButton().click();
    expect(onSend).toHaveBeenCalledExactlyOnceWith('What is a refreshable braille display?');
    await expect.element(field()).toHaveValue('');
  });

  test("Alt+S prefills '/stats ' and focuses the field, from anywhere on the page", async () => {
    await renderBar();
    await expect.element(field()).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await expect.element(field()).toHaveValue('/stats ');
    await expect.element(field()).toHaveFocus();
    // The caret sits after the prefix, so typing goes on from there.
    await userEvent.keyboard('by country');
    await expect.element(field()).toHaveValue('/stats by country');
  });

  test("a question that is exactly '/stats ' is not sent", async () => {
    const { onSend } = await renderBar();
    await userEvent.keyboard('{Alt>}s{/Alt}');
    await expect.element(field()).toHaveValue('/stats ');
    await expect.element(sendButton()).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await expect.element(field()).toHaveValue('/stats ');
  });

  test("'/stats x' is sent as typed", async () => {
    const { onSend } = await renderBar();
    await field().fill('/stats x');
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('/stats x');
  });

  test('the microphone button is an enabled toggle, not pressed, with a hint', async () => {
    await renderBar();
    await expect.element(micButton()).toBeEnabled();
    await expect.element(micButton()).toHaveAttribute('aria-pressed', 'false');
    await expect.element(micButton()).toHaveAccessibleDescription(/Hold to record a question/);
  });

  test('the field can be focused and prefilled from outside', async () => {
    const { ref } = await renderBar();
    await expect.element(field()).toBeVisible();
    ref.current?.prefill('Tell me more about hearing aids');
    await expect.element(field()).toHaveValue('Tell me more about hearing aids');
    await expect.element(field()).toHaveFocus();
    (document.activeElement as HTMLElement | null)?.blur();
    ref.current?.focus();
    await expect.element(field()).toHaveFocus();
  });
});
