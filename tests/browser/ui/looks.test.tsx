/**
 * Issue 14 item 8: looks that respect the person. The heading that gets focus after a navigation
 * shows its ring to keyboard users only; dark mode follows the system and passes axe; forced
 * colours keep focus and the selected tab visible; the dashboard puts the question box first on
 * a phone.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { expectNoAxeViolations, makeUser, renderApp, resetFocus, signIn, tabTo } from '../support/render';
import { render } from 'vitest-browser-react';
import { MessageList } from '../../../src/app/features/chat/MessageList';
import { darkScheme, forcedColors } from '../support/media';
import {
  adminServer,
  ingestedItems,
  listAnswer,
  makeUsers,
  pendingItems,
  resetAdmin,
  sources,
  superAdmin,
} from '../admin/support';

beforeEach(resetAdmin);
afterEach(() => page.viewport(1280, 800));

const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Whether an element shows a focus ring: an outline or the ring's box-shadow. */
function showsRing(element: Element): boolean {
  const style = getComputedStyle(element);
  return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
}

describe("the page heading's focus ring", () => {
  test('a pointer navigation moves focus to the heading without showing a ring', async () => {
    await renderApp('/');
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    const heading = h1('Create an account');
    await expect.element(heading).toBeVisible();
    await expect.poll(() => document.activeElement).toBe(heading.element());
    expect(showsRing(heading.element())).toBe(false);
  });

  test('after typing in a field, a pointer navigation still shows no ring on the heading', async () => {
    await renderApp('/login');
    await page.getByRole('textbox', { name: 'Email Or Phone' }).fill('asha@example.org');
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    const heading = h1('Create an account');
    await expect.poll(() => document.activeElement).toBe(heading.element());
    expect(showsRing(heading.element())).toBe(false);
  });

  test('a keyboard navigation moves focus to the heading and shows the ring', async () => {
    await renderApp('/login');
    await expect.element(h1('Login')).toBeVisible();
    resetFocus();
    await tabTo(page.getByRole('link', { name: 'Register', exact: true }), 30);
    await userEvent.keyboard('{Enter}');
    const heading = h1('Create an account');
    await expect.poll(() => document.activeElement).toBe(heading.element());
    expect(heading.element().matches(':focus-visible')).toBe(true);
    expect(getComputedStyle(heading.element()).outlineStyle).toBe('solid');
    expect(showsRing(heading.element())).toBe(true);
  });
});

describe('dark mode', () => {
  test('follows the system: the landing, login and dashboard pages are dark and pass axe', async () => {
    await darkScheme();
    const { container, router } = await renderApp('/');
    await expect.element(page.getByRole('link', { name: 'Get Started', exact: true })).toBeVisible();
    expect(getComputedStyle(document.documentElement).backgroundColor).toBe('rgb(21, 24, 29)');
    await expectNoAxeViolations(container);

    await router.navigate({ to: '/login' });
    await expect.element(h1('Login')).toBeVisible();
    await expectNoAxeViolations(container);

    signIn(makeUser());
    await router.navigate({ to: '/dashboard' });
    await expect.element(h1("Let's start the conversation")).toBeVisible();
    await expectNoAxeViolations(container);
  });

  test('without a preference the page stays light', async () => {
    await renderApp('/');
    await expect.element(page.getByRole('link', { name: 'Get Started', exact: true })).toBeVisible();
    expect(getComputedStyle(document.documentElement).backgroundColor).toBe('rgb(255, 255, 255)');
  });
});

describe('forced colours', () => {
  test('a keyboard user still sees a focus ring, and the landing page passes axe', async () => {
    await forcedColors();
    const { container } = await renderApp('/');
    const getStarted = page.getByRole('link', { name: 'Get Started', exact: true });
    await expect.element(getStarted).toBeVisible();
    expect(matchMedia('(forced-colors: active)').matches).toBe(true);
    resetFocus();
    await tabTo(getStarted, 30);
    const style = getComputedStyle(getStarted.element());
    expect(style.outlineStyle).toBe('solid');
    expect(parseFloat(style.outlineWidth)).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(container);
  });
});

describe('the dashboard on a phone', () => {
  const box = () => page.getByRole('textbox', { name: 'Ask your question' });
  const firstPrompt = () => page.getByRole('list').getByRole('button').first();
  const boxComesFirst = () =>
    Boolean(
      box().element().compareDocumentPosition(firstPrompt().element()) & Node.DOCUMENT_POSITION_FOLLOWING,
    );

  test('puts the question box before the six prompts, on screen and in Tab order', async () => {
    signIn(makeUser());
    await page.viewport(360, 740);
    await renderApp('/dashboard');
    await expect.element(box()).toBeVisible();
    // The prompts come from the server (here: none answers, so SPEC's six).
    await expect.element(firstPrompt()).toBeVisible();
    expect(boxComesFirst()).toBe(true);
    expect(box().element().getBoundingClientRect().top).toBeLessThan(
      firstPrompt().element().getBoundingClientRect().top,
    );
  });

  test('keeps the prompts first on a wide screen, and the typed words when the window narrows', async () => {
    signIn(makeUser());
    await renderApp('/dashboard');
    await expect.element(box()).toBeVisible();
    await expect.element(firstPrompt()).toBeVisible();
    expect(boxComesFirst()).toBe(false);
    await box().fill('How do I use a screen reader?');
    await page.viewport(360, 740);
    await expect.poll(boxComesFirst).toBe(true);
    await expect.element(box()).toHaveValue('How do I use a screen reader?');
  });
});

describe('the admin screens', () => {
  function adminData() {
    signIn(superAdmin);
    return adminServer({
      '/admin/get_users': () => listAnswer(makeUsers(3)),
      '/admin/get_data_bank': (body) =>
        body.onlySources || body.onlyActiveSources ? { sources } : listAnswer(ingestedItems),
      '/admin/get_pending_data': () => listAnswer(pendingItems),
      '/admin/models': () => ({ models: [] }),
    });
  }

  test('in forced colours the selected tab keeps a mark of its own', async () => {
    await forcedColors();
    adminData();
    const { container } = await renderApp('/admindashboard');
    const selected = page.getByRole('tab', { name: 'Users', selected: true });
    await expect.element(selected).toBeVisible();
    const other = page.getByRole('tab', { name: 'Data' });
    expect(getComputedStyle(selected.element()).borderBottomWidth).toBe('4px');
    expect(getComputedStyle(other.element()).borderBottomWidth).toBe('0px');
    await expect.element(page.getByRole('cell', { name: 'User 1', exact: true })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  test('the pending data list and the Add Data form with its errors pass axe in the dark scheme', async () => {
    await darkScheme();
    adminData();
    const { container, router } = await renderApp('/admindashboard?tab=data');
    await page.getByRole('button', { name: 'View All Pending Data', exact: true }).click();
    await expect.element(page.getByRole('cell', { name: 'Braille manual', exact: true })).toBeVisible();
    await expectNoAxeViolations(container);

    await router.navigate({ to: '/adminadddata' });
    await expect.element(h1('Add Data')).toBeVisible();
    await page.getByRole('button', { name: 'Add Data', exact: true }).click();
    await expect.element(page.getByRole('alert').filter({ hasText: 'Please fill all' })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});

describe('the chat in the dark scheme', () => {
  test('questions and answers (with a link and a table) keep AA contrast: axe finds nothing', async () => {
    await darkScheme();
    document.title = 'Chat | DISH';
    const { container } = await render(
      <main>
        <h1>Chat</h1>
        <MessageList
          messages={[
            { id: 'd1', type: 'user', text: 'Which ramps are best?', isAudio: false },
            {
              id: 'd2',
              type: 'bot',
              text: 'Gentle ones: see [the guide](https://example.org/ramps).\n\n| Rise | Length |\n| --- | --- |\n| 1 | 12 |',
              isAudio: false,
            },
          ]}
        />
      </main>,
    );
    await expect.element(page.getByRole('link', { name: /the guide/ })).toBeVisible();
    await expectNoAxeViolations(container);
  });
});

describe('the header on a 360 px phone', () => {
  test('takes two rows in reading order: home and the anchors, then the account button', async () => {
    signIn(makeUser());
    await page.viewport(360, 740);
    await renderApp('/dashboard');
    const banner = page.getByRole('banner');
    const box = (locator: ReturnType<typeof banner.getByRole>) => locator.element().getBoundingClientRect();
    const home = box(banner.getByRole('link', { name: 'DISH home' }));
    const about = box(banner.getByRole('link', { name: 'About Us' }));
    const partner = box(banner.getByRole('link', { name: 'Partner with us' }));
    const logout = box(banner.getByRole('button', { name: 'Logout' }));
    const middle = (r: DOMRect) => r.top + r.height / 2;
    expect(Math.abs(middle(about) - middle(home))).toBeLessThan(4);
    expect(Math.abs(middle(partner) - middle(home))).toBeLessThan(4);
    expect(logout.top).toBeGreaterThanOrEqual(home.bottom - 1);
    expect(logout.right).toBeLessThanOrEqual(360);
    expect(banner.element().getBoundingClientRect().height).toBeLessThan(120);
  });
});
