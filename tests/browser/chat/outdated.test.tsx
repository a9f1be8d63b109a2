/**
 * Issue 15: a page left open across a deploy is refused by the server for its protocol version,
 * and the chat says so plainly, with a Reload button that the keyboard reaches.
 */
import { render } from 'vitest-browser-react';
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { OutdatedNotice } from '../../../src/app/features/chat/OutdatedNotice';
import { waitingAtom } from '../../../src/app/state/chat';
import { store } from '../../../src/app/state/store';
import { RELOAD_MESSAGE } from '../../../src/shared/chat/protocol';
import { chatPageTests, connectionStatus } from '../support/chat-page';
import { expectNoAxeViolations, renderApp, resetFocus, tabTo } from '../support/render';

const { madeSocket } = chatPageTests({ signedIn: true });

const reloadButton = () => page.getByRole('button', { name: 'Reload' });

describe('the chat after DISH was updated', () => {
  test('says so in an alert, offers Reload to the keyboard, and passes axe', async () => {
    const { container } = await renderApp('/chatpage');
    const socket = await madeSocket();
    store.set(waitingAtom, true);
    socket.refuseAsOutdated();

    await expect.element(page.getByRole('alert')).toHaveTextContent(RELOAD_MESSAGE);
    await expect.element(connectionStatus()).toHaveTextContent('Needs a reload');
    // No answer can come: the question box is free again.
    expect(store.get(waitingAtom)).toBe(false);
    resetFocus();
    await tabTo(reloadButton());
    await expectNoAxeViolations(container);
  });

  test('the Reload button reloads, by click or by Enter', async () => {
    const reload = vi.fn();
    await render(<OutdatedNotice reload={reload} />);
    await reloadButton().click();
    expect(reload).toHaveBeenCalledTimes(1);
    resetFocus();
    await tabTo(reloadButton());
    await userEvent.keyboard('{Enter}');
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
