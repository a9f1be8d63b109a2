/** /admindashboard: header, tab bar, Users and Questions tabs (SPEC §2, §4, §8, §9). */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { formatTime } from '../../../src/app/features/admin/table/format';
import { deriveQuestion } from '../../../src/app/features/admin/questionDisplay';
import {
  currentHref,
  expectNoAxeViolations,
  jsonResponse,
  renderApp,
  resetFocus,
  tabTo,
} from '../support/render';
import {
  admin,
  adminServer,
  expectToast,
  focused,
  listAnswer,
  makeUsers,
  question,
  questions,
  resetAdmin,
  signIn,
  spyToasts,
  superAdmin,
} from './support';

beforeEach(resetAdmin);

const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const usersTable = () => page.getByRole('table', { name: 'Users' });
const questionsTable = () => page.getByRole('table', { name: 'Questions' });

function dashboardServer(extra: Parameters<typeof adminServer>[0] = {}) {
  return adminServer({
    '/admin/get_users': () => listAnswer(makeUsers(3)),
    '/admin/get_questions': () => listAnswer(questions),
    '/admin/get_data_bank': () => ({ sources: [] }),
    '/admin/models': () => ({ models: READY_MODELS }),
    '/api/prompts': () => ({ project: 'dish', prompts: ['What is braille?'], custom: true }),
    '/admin/get_reviewed_answers': () => listAnswer([]),
    '/admin/get_knowledge_gaps': () => ({ groups: [], total: 0, considered: 0 }),
    '/admin/review_figures': () => ({
      asked: 0,
      reviewed: 0,
      composed: 0,
      closest: 0,
      refused: 0,
      failed: 0,
      helpful: { yes: 0, no: 0 },
      reviews: { approved: 0, rewritten: 0, needsContent: 0 },
      approvedShare: null,
    }),
    ...extra,
  });
}

const READY_MODELS = [
  { purpose: 'speech recognition', model: 'onnx-community/whisper-base', state: 'ready' },
  { purpose: 'sentence embeddings', model: 'Xenova/all-MiniLM-L6-v2', state: 'ready' },
];

describe('Models line', () => {
  test('says how far a download is, follows it until ready, and says why a model is unavailable; passes axe', async () => {
    signIn(admin);
    let looks = 0;
    dashboardServer({
      '/admin/models': () => ({
        models: [
          looks++ === 0
            ? {
                purpose: 'speech recognition',
                model: 'onnx-community/whisper-base',
                state: 'downloading',
                progress: 42,
              }
            : READY_MODELS[0],
          {
            purpose: 'sentence embeddings',
            model: 'Xenova/all-MiniLM-L6-v2',
            state: 'unavailable',
            reason: 'loading Xenova/all-MiniLM-L6-v2: fetch failed',
          },
        ],
      }),
    });
    const { container } = await renderApp('/admindashboard');
    const line = page.getByText(/Speech recognition/);
    await expect
      .element(line)
      .toHaveTextContent(
        'Models: Speech recognition (onnx-community/whisper-base): downloading, 42%; Sentence embeddings (Xenova/all-MiniLM-L6-v2): unavailable: loading Xenova/all-MiniLM-L6-v2: fetch failed.',
      );
    await expectNoAxeViolations(container);
    await expect
      .element(line, { timeout: 10_000 })
      .toHaveTextContent('Speech recognition (onnx-community/whisper-base): ready;');
  });
});

describe('Models line while the knowledge base is embedded again', () => {
  test('says how far it has come and follows it until ready; passes axe', async () => {
    signIn(admin);
    let looks = 0;
    const embeddings = { purpose: 'sentence embeddings', model: 'multilingual-e5-small' };
    dashboardServer({
      '/admin/models': () => ({
        models: [
          READY_MODELS[0],
          looks++ === 0
            ? { ...embeddings, state: 'embedding', progress: 45 }
            : { ...embeddings, state: 'ready' },
        ],
      }),
    });
    const { container } = await renderApp('/admindashboard');
    const line = page.getByText(/Sentence embeddings/);
    await expect
      .element(line)
      .toHaveTextContent(
        'Sentence embeddings (multilingual-e5-small): reading the knowledge base again, 45%.',
      );
    await expectNoAxeViolations(container);
    await expect
      .element(line, { timeout: 10_000 })
      .toHaveTextContent('Sentence embeddings (multilingual-e5-small): ready.');
  });
});

describe('header', () => {
  test("an admin sees 'Admin Dashboard' as the page heading and a logout icon, no super-admin actions", async () => {
    signIn(admin);
    dashboardServer();
    const { container } = await renderApp('/admindashboard');
    await expect.element(h1('Admin Dashboard')).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect
      .element(page.getByRole('link', { name: '+ Create Authorized Project' }))
      .not.toBeInTheDocument();
    await expect.element(button('(Force) Process Now')).not.toBeInTheDocument();
    expect(document.title).toBe('Admin Dashboard | DISH');
    await expect.element(usersTable().getByRole('cell', { name: 'User 1', exact: true })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  test("a super admin sees 'Super Admin Dashboard', '+ Create Authorized Project' and '(Force) Process Now'", async () => {
    signIn(superAdmin);
    const toasts = spyToasts();
    const server = dashboardServer({ '/admin/force_ingest_data': () => ({ started: true }) });
    const { container, router } = await renderApp('/admindashboard');
    await expect.element(h1('Super Admin Dashboard')).toBeVisible();
    await expect.element(usersTable().getByRole('cell', { name: 'User 1', exact: true })).toBeVisible();
    await expectNoAxeViolations(container);

    await button('(Force) Process Now').click();
    await expectToast('Processing of pending data has started.');
    expect(server.to('/admin/force_ingest_data')).toHaveLength(1);
    expect(server.last('/admin/force_ingest_data')).toEqual({ queryingApp: 'dish' });
    expect(toasts.success).toHaveBeenCalledWith(
      'Processing of pending data has started.',
      expect.objectContaining({ duration: 2000 }),
    );

    await page.getByRole('link', { name: '+ Create Authorized Project' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/superadminaddproject');
  });

  test('a failed force shows the reason for 4 seconds', async () => {
    signIn(superAdmin);
    const toasts = spyToasts();
    dashboardServer({
      '/admin/force_ingest_data': () => jsonResponse({ message: 'You are not allowed to do this.' }, 403),
    });
    await renderApp('/admindashboard');
    await button('(Force) Process Now').click();
    await expectToast('Failed to start processing: You are not allowed to do this.');
    expect(toasts.error).toHaveBeenCalledWith(
      'Failed to start processing: You are not allowed to do this.',
      expect.objectContaining({ duration: 4000 }),
    );
  });

  test('a session that ends mid-visit sends the admin to sign in again, and back afterwards', async () => {
    signIn(admin);
    let signedIn = true;
    const server = dashboardServer({
      '/admin/get_users': () =>
        signedIn ? listAnswer(makeUsers(3)) : jsonResponse({ message: 'Please sign in again.' }, 401),
    });
    const { router } = await renderApp('/admindashboard?tab=users');
    await expect.element(usersTable().getByRole('cell', { name: 'User 1', exact: true })).toBeVisible();

    // The session is revoked on the server; the next call says so.
    signedIn = false;
    await page.getByRole('searchbox').first().fill('name: User 2');
    await expect.poll(() => currentHref(router)).toMatch(/^\/login\?redirect=/);
    expect(new URLSearchParams(currentHref(router).split('?')[1]).get('redirect')).toMatch(
      /^\/admindashboard/,
    );
    await expect.element(page.getByRole('alert')).toHaveTextContent('Please sign in again.');
    // Not retried: a refused session stays refused.
    expect(server.to('/admin/get_users').length).toBeLessThanOrEqual(3);
  });

  test('logout signs out and goes to /login', async () => {
    signIn(admin);
    dashboardServer({ '/auth/logout': () => ({}) });
    const { router } = await renderApp('/admindashboard');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/login');
  });
});

describe('tab bar', () => {
  test('Users is the default; each tab shows its hint', async () => {
    signIn(admin);
    dashboardServer();
    const { container } = await renderApp('/admindashboard');
    await expect.element(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
    await expect.element(tab('Users')).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('tabpanel', { name: 'Users' })).toBeVisible();
    await expect.element(page.getByText('Manage users and their permissions.')).toBeVisible();

    await tab('Questions').click();
    await expect.element(tab('Questions')).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByText('View Questions asked by users and their responses.')).toBeVisible();
    await expect.element(questionsTable()).toBeVisible();

    await tab('Data').click();
    await expect.element(page.getByText('View and manage data ingested into the Chatbot.')).toBeVisible();
    await expect.element(page.getByRole('table', { name: 'Available Sources' })).toBeVisible();
    await expectNoAxeViolations(container);
  });

  test('keyboard only: Tab reaches the selected tab; arrows, Home and End move and open tabs', async () => {
    signIn(admin);
    dashboardServer();
    const { router } = await renderApp('/admindashboard');
    await expect.element(tab('Users')).toBeVisible();
    resetFocus();
    await tabTo(tab('Users'));
    // Only the selected tab is in the Tab order.
    await expect.element(tab('Questions')).toHaveAttribute('tabindex', '-1');

    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('Questions').element());
    await expect.element(tab('Questions')).toHaveAttribute('aria-selected', 'true');
    await expect.element(questionsTable()).toBeVisible();
    await expect.poll(() => currentHref(router)).toBe('/admindashboard?tab=questions');

    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('Data').element());
    await expect.element(page.getByRole('table', { name: 'Available Sources' })).toBeVisible();

    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('Prompts').element());
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('Projects').element());
    // Reviewed answers and Knowledge gaps (issue 33) come after the others.
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('Reviewed answers').element());
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('Knowledge gaps').element());
    await expect.poll(() => currentHref(router)).toBe('/admindashboard?tab=gaps');
    await userEvent.keyboard('{ArrowRight}');
    expect(focused()).toBe(tab('Users').element());
    await expect.element(tab('Users')).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{ArrowLeft}');
    expect(focused()).toBe(tab('Knowledge gaps').element());
    await userEvent.keyboard('{Home}');
    expect(focused()).toBe(tab('Users').element());
    await userEvent.keyboard('{End}');
    expect(focused()).toBe(tab('Knowledge gaps').element());
    await expect.element(tab('Knowledge gaps')).toHaveAttribute('aria-selected', 'true');
  });

  test('?tab=data opens the Data tab', async () => {
    signIn(admin);
    dashboardServer();
    await renderApp('/admindashboard?tab=data');
    await expect.element(tab('Data')).toHaveAttribute('aria-selected', 'true');
    await expect.element(page.getByRole('table', { name: 'Available Sources' })).toBeVisible();
  });
});

describe('Users tab', () => {
  beforeEach(() => signIn(admin));

  test('Block User sends block_user, toasts for 2 s and refreshes the list', async () => {
    const toasts = spyToasts();
    let blocked = false;
    const server = dashboardServer({
      '/admin/get_users': () =>
        listAnswer(makeUsers(2).map((u, i) => (i === 0 ? { ...u, isBlocked: blocked } : u))),
      '/admin/block_user': (body) => {
        blocked = body.block as boolean;
        return { user: { ...makeUsers(1)[0], isBlocked: blocked } };
      },
    });
    const { container } = await renderApp('/admindashboard');
    const block = button('Block User (User 1)');
    await expect.element(block).toBeVisible();
    const listed = server.to('/admin/get_users').length;

    await block.click();
    await expectToast('User blocked successfully.');
    expect(server.last('/admin/block_user')).toEqual({
      queryingApp: 'dish',
      userId: makeUsers(1)[0]!._id,
      block: true,
    });
    expect(toasts.success).toHaveBeenCalledWith(
      'User blocked successfully.',
      expect.objectContaining({ duration: 2000 }),
    );
    await expect.poll(() => server.to('/admin/get_users').length).toBeGreaterThan(listed);
    const unblock = button('Unblock User (User 1)');
    await expect.element(unblock).toBeVisible();
    const row = usersTable().getByRole('row').filter({ hasText: 'user1@example.org' });
    expect((row.element() as HTMLTableRowElement).cells[8]?.textContent).toBe('✓Yes');
    await expectNoAxeViolations(container);

    await unblock.click();
    await expectToast('User unblocked successfully.');
    expect(server.last('/admin/block_user')?.block).toBe(false);
  });

  test('Make Admin and Remove Admin send make_user_admin with adminFor [dish]', async () => {
    let isAdmin = false;
    const server = dashboardServer({
      '/admin/get_users': () =>
        listAnswer(
          makeUsers(1).map((u) => ({ ...u, isAdmin, adminType: isAdmin ? ('admin' as const) : null })),
        ),
      '/admin/make_user_admin': (body) => {
        isAdmin = body.makeAdmin as boolean;
        return { user: makeUsers(1)[0] };
      },
    });
    await renderApp('/admindashboard');
    await button('Make Admin (User 1)').click();
    await expectToast('User made admin successfully.');
    expect(server.last('/admin/make_user_admin')).toEqual({
      queryingApp: 'dish',
      userId: makeUsers(1)[0]!._id,
      makeAdmin: true,
      adminFor: ['dish'],
    });
    await button('Remove Admin (User 1)').click();
    await expectToast('Admin rights removed successfully.');
    expect(server.last('/admin/make_user_admin')).toMatchObject({ makeAdmin: false, adminFor: ['dish'] });
  });

  test("a refused action shows the server's reason for 4 s", async () => {
    const toasts = spyToasts();
    dashboardServer({
      '/admin/block_user': () => jsonResponse({ message: 'You cannot block yourself.' }, 400),
      '/admin/make_user_admin': () =>
        jsonResponse({ message: 'The last super admin cannot be demoted.' }, 400),
    });
    await renderApp('/admindashboard');
    await button('Block User (User 1)').click();
    await expectToast('Failed to block user: You cannot block yourself.');
    expect(toasts.error).toHaveBeenCalledWith(
      'Failed to block user: You cannot block yourself.',
      expect.objectContaining({ duration: 4000 }),
    );
    await button('Make Admin (User 2)').click();
    await expectToast('Failed to make user admin: The last super admin cannot be demoted.');
  });
});

describe('Questions tab', () => {
  beforeEach(() => signIn(admin));

  const rowOf = (text: string) => questionsTable().getByRole('row').filter({ hasText: text });
  const cellsOf = (text: string) =>
    [...(rowOf(text).element() as HTMLTableRowElement).cells].map((c) => c.textContent);

  test('columns and the derived display of SPEC §4', async () => {
    const server = dashboardServer();
    const { container } = await renderApp('/admindashboard?tab=questions');
    await expect.element(rowOf('How do I use a screen reader?')).toBeVisible();
    expect(server.last('/admin/get_questions')).toEqual({
      queryingApp: 'dish',
      query: {},
      queryOptions: { limit: 10, skip: 0 },
    });
    const table = questionsTable().element() as HTMLTableElement;
    expect([...table.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual([
      'Mode',
      'Question',
      'Answer',
      'Project',
      'Asked Via',
      'Language',
      'Asked At',
      'Answered At',
      'Status',
      'Feedback',
      'Review',
      'Actions',
    ]);

    // Voice first, translated: the question is the last translation; success.
    expect(cellsOf('How do I use a screen reader?').slice(0, 9)).toEqual([
      'Voice',
      'How do I use a screen reader?',
      'Install NVDA and learn its keys.',
      'dish',
      'web',
      'Hindi',
      formatTime('2025-03-05T10:00:00.000Z'),
      formatTime('2025-03-05T10:05:00.000Z'),
      'success',
    ]);

    // An error event: failed, with 'Error {message} thrown at {time}'; text mode; the record's query.
    const failedAnswer = `Error The model crashed thrown at ${formatTime('2025-03-05T10:07:00.000Z')}`;
    expect(cellsOf('What is braille?').slice(0, 3)).toEqual(['Text', 'What is braille?', failedAnswer]);
    expect(cellsOf('What is braille?')[4]).toBe('wa');
    expect(cellsOf('What is braille?')[8]).toBe('failed');

    // No translation: the last query-response's query.
    expect(cellsOf('Where do I buy ramps?').slice(0, 3)).toEqual([
      'Text',
      'Where do I buy ramps?',
      'Local suppliers.',
    ]);

    // Badges: the word is shown; failed is red, success green.
    const failedBadge = rowOf('What is braille?').getByText('failed', { exact: true });
    await expect.element(failedBadge).toHaveClass('badge-failed');
    expect(getComputedStyle(failedBadge.element()).backgroundColor).toBe('rgb(253, 236, 234)');
    await expect
      .element(rowOf('How do I use a screen reader?').getByText('success', { exact: true }))
      .toHaveClass('badge-ok');
    await expectNoAxeViolations(container);
  });

  test('deriveQuestion: pending while unanswered; the record query when no event has one', () => {
    expect(deriveQuestion(question({ status: 'pending', history: [] }))).toEqual({
      mode: 'Text',
      question: 'record query',
      answer: '',
      status: 'pending',
    });
    expect(
      deriveQuestion(
        question({
          history: [{ type: 'voice-query', timestamp: '2025-01-01T00:00:00Z' }],
          status: 'failed',
        }),
      ).mode,
    ).toBe('Voice');
  });

  test('View Details opens the history (Type, Time, Content) with audio players; Escape closes it', async () => {
    dashboardServer();
    const { container } = await renderApp('/admindashboard?tab=questions');
    const details = button('View Details (How do I use a screen reader?)');
    await expect.element(details).toBeVisible();
    await details.click();

    const dialog = page.getByRole('dialog', { name: 'Question Details' });
    await expect.element(dialog).toBeVisible();
    const history = dialog.getByRole('table', { name: 'History' });
    const table = history.element() as HTMLTableElement;
    expect([...table.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual([
      'Type',
      'Time',
      'Content',
    ]);
    const rows = [...table.tBodies[0]!.rows].map((r) => [...r.cells].map((c) => c.textContent));
    expect(rows.map((r) => r[0])).toEqual([
      'voice-query',
      'detect-language-query',
      'detected-language',
      'translation',
      'query-response',
    ]);
    expect(rows[0]?.[1]).toBe(formatTime('2025-03-05T10:00:00.000Z'));
    // The voice query has no audio data.
    expect(rows[0]?.[2]).toContain('Audio Playback Error');
    expect(rows[2]?.[2]).toBe('Hindi');
    expect(rows[3]?.[2]).toBe('How do I use a screen reader?');
    expect(rows[4]?.[2]).toContain('Answer: Install NVDA and learn its keys.');
    await expectNoAxeViolations(container);

    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(focused()).toBe(details.element());

    // An event with audio gets a player.
    await button('View Details (Where do I buy ramps?)').click();
    const audio = page.getByRole('dialog').element().querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(new URL('/tts/answer-1.mp3', location.href).href);
    expect(audio?.hasAttribute('controls')).toBe(true);
  });

  test('keyboard only: the history modal traps focus and Escape returns it to View Details', async () => {
    dashboardServer();
    await renderApp('/admindashboard?tab=questions');
    const details = button('View Details (What is braille?)');
    await expect.element(details).toBeVisible();
    resetFocus();
    await tabTo(details, 80);
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Question Details' });
    await expect.element(dialog).toBeVisible();
    const box = dialog.element();
    expect(focused()).toBe(dialog.getByRole('button', { name: 'Close' }).element());
    for (let i = 0; i < 6; i++) {
      await userEvent.keyboard('{Tab}');
      expect(box.contains(focused())).toBe(true);
    }
    for (let i = 0; i < 6; i++) {
      await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
      expect(box.contains(focused())).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(focused()).toBe(details.element());
  });
});
