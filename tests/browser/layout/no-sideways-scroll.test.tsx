/**
 * Issue 14 items 6 and 8: no page scrolls sideways on a phone (360 px), at 400% zoom of a 1280 px
 * window (320 px) or on a desktop (1280 px), with long, realistic data in the admin tables; the
 * Users and Questions tables keep their Actions in view without scrolling the table. The admin
 * screens in Hindi (issue 14 item 7), whose words are often longer, at 360 px and 1280 px too.
 */
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { QuestionView, UserAdminView } from '../../../src/shared/admin/schemas';
import { resetChatSocketBridge } from '../../../src/app/features/chat/chatSocketBridge';
import { fakeSockets } from '../chat/fakeSocket';
import { LANGUAGE_STORAGE_KEY, restoreLanguage } from '../../../src/app/state/language';
import { makeUser, renderApp, signIn } from '../support/render';
import {
  adminServer,
  ingestedItems,
  listAnswer,
  makeUsers,
  pendingItems,
  question,
  questions,
  resetAdmin,
  sources,
  superAdmin,
  uuid,
} from '../admin/support';
import { figures, gapGroup, reviewedAnswer } from '../admin/review-support';

const WIDTHS = [320, 360, 1280] as const;

beforeEach(async () => {
  await resetAdmin();
  await resetChatSocketBridge(fakeSockets().factory);
});
afterEach(() => page.viewport(1280, 800));
afterAll(() => resetChatSocketBridge());

const longUsers: UserAdminView[] = [
  ...makeUsers(3),
  {
    ...makeUsers(1, 40)[0]!,
    name: 'Chandrasekharan Venkataraghavan Subramaniam-Iyengar',
    email: 'chandrasekharan.venkataraghavan.subramaniam@accessibility-research.example.org',
    phone: '9876543210',
    whatsappId: '919876543210123',
    isAdmin: true,
    adminType: 'admin',
    isAdminFor: ['dish', 'blimey', 'opun', 'gsc', 'spelling_tool', 'ei_archives'],
  },
  {
    ...makeUsers(1, 41)[0]!,
    _id: superAdmin.id,
    name: superAdmin.name,
    email: superAdmin.email,
    isAdmin: true,
    adminType: 'super',
  },
];

const longAnswer =
  '**[Accessible ramps: a complete guide to gradients, landings and handrails](https://www.example.org/knowledge-base/mobility/accessible-ramps-complete-guide-gradients-landings-handrails)**\n\n' +
  'Ramps with a gentle slope of 1:12 suit most wheelchair users. ' +
  'See https://www.example.org/a/very/long/address/without/any/spaces/in/it/at/all/that/keeps/on/going/and/going';

const longQuestions: QuestionView[] = [
  ...questions,
  question({
    _id: uuid(499),
    query:
      'Supercalifragilisticexpialidocious-wheelchair-ramp-gradient-regulations-for-public-buildings-in-india',
    history: [
      {
        type: 'query-response',
        timestamp: '2025-03-05T10:02:00.000Z',
        query: 'Which ramp gradients do the public building regulations in India ask for?',
        answer: longAnswer,
      },
    ],
    askedVia: 'a_partner_project_with_a_very_long_identifier',
  }),
];

function serveEverything() {
  return adminServer({
    '/admin/get_users': () => listAnswer(longUsers),
    '/admin/get_questions': () => listAnswer(longQuestions),
    '/admin/get_data_bank': (body) =>
      body.onlySources || body.onlyActiveSources ? { sources } : listAnswer(ingestedItems),
    '/admin/get_pending_data': () => listAnswer(pendingItems),
    '/admin/models': () => ({
      models: [
        { purpose: 'speech recognition', model: 'whisper-base', state: 'ready' },
        { purpose: 'sentence embeddings', model: 'minilm', state: 'unavailable', reason: 'No network.' },
      ],
    }),
    '/admin/projects': () => ({
      projects: [
        {
          id: 'harbour',
          name: 'Harbour Partner with a rather long project name',
          description: 'Answers visitors of the harbour',
          createdAt: '2026-11-20T09:00:00.000Z',
          builtIn: false,
          keys: [
            {
              id: uuid(901),
              project: 'harbour',
              name: 'Website chatbot of the harbour visitors centre',
              prefix: 'dish_Ab12Cd34',
              createdAt: '2026-11-20T10:00:00.000Z',
              lastUsedAt: '2026-11-23T10:00:00.000Z',
              useCount: 412,
              revokedAt: null,
            },
          ],
        },
      ],
    }),
    '/admin/get_question_asker': () => ({ asker: null }),
    // A long address in the live progress, and a long prompt (issue 14 items 4 and 5).
    '/admin/get_ingestion_progress': () => ({
      counts: { pending: 3, started: 1, completed: 120, failed: 2 },
      working: [
        {
          id: 'w',
          source: 'Web Source',
          name: `${'a-very-long-file-name-'.repeat(6)}.pdf`,
          stage: 'embedding',
          done: 120,
          total: 480,
          secondsLeft: 95,
        },
      ],
      crawls: [
        {
          id: 'c',
          url: `https://example.org/${'a-very-long-path-segment/'.repeat(6)}`,
          source: 'Web Source',
          found: 40,
          fetched: 12,
        },
      ],
      nextRunAt: new Date(Date.now() + 600_000).toISOString(),
      intervalSeconds: 3600,
    }),
    '/api/prompts': () => ({
      project: 'dish',
      prompts: [`${'Accessible '.repeat(17)}travel?`],
      custom: true,
    }),
    // Issue 33: a reviewed answer and a knowledge gap with long words and addresses.
    '/admin/get_reviewed_answers': () =>
      listAnswer([
        reviewedAnswer({
          questions: [longQuestions.at(-1)!.query, 'Which ramp gradients do the regulations ask for?'],
          answers: { en: longAnswer },
          sources: [{ url: `https://example.org/${'a-very-long-path-segment/'.repeat(6)}`, title: '' }],
        }),
      ]),
    '/admin/get_knowledge_gaps': () => ({
      groups: [gapGroup({ questions: [longQuestions.at(-1)!.query] })],
      total: 3,
      considered: 3,
    }),
    '/admin/review_figures': () => figures(),
  });
}

/** How far the page scrolls sideways (0 when it does not). */
const sidewaysScroll = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

/** The innermost elements that reach past the right edge, to name in a failure. */
function overflowing(): string {
  const width = document.documentElement.clientWidth;
  const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
    (el) => el.getBoundingClientRect().right > width + 0.5,
  );
  return past
    .filter((el) => !past.some((other) => other !== el && el.contains(other)))
    .slice(0, 5)
    .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">${el.textContent?.slice(0, 40)}`)
    .join('; ');
}

async function expectNoSidewaysScroll(what: string) {
  // Layout settles after fonts and late data; poll until it does.
  await expect
    .poll(sidewaysScroll, { message: `${what} scrolls sideways` })
    .toBeLessThanOrEqual(0)
    .catch((error: Error) => {
      throw new Error(`${error.message}; past the right edge: ${overflowing()}`);
    });
}

/** Every Actions button of the table lies inside the window, so none hides in the table's scroller. */
function expectActionsInView(tableName: string) {
  const table = page.getByRole('table', { name: tableName }).element();
  const buttons = [...table.querySelectorAll('tbody td:last-child button')];
  expect(buttons.length, `${tableName} has row actions`).toBeGreaterThan(0);
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    expect(box.left, `${button.textContent} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${button.textContent} ends inside the window`).toBeLessThanOrEqual(
      document.documentElement.clientWidth,
    );
  }
}

const h1 = () => page.getByRole('heading', { level: 1 });

describe.each(WIDTHS)('at %i px wide', (width) => {
  beforeEach(() => page.viewport(width, 800));

  test.each(['/', '/login', '/register', '/loginviaOTP', '/nowhere'])('%s', async (path) => {
    await renderApp(path);
    await expect.element(h1()).toBeVisible();
    await expectNoSidewaysScroll(path);
  });

  test('/dashboard and /chatpage', async () => {
    signIn(makeUser({ name: 'Chandrasekharan Venkataraghavan Subramaniam-Iyengar' }));
    const { router } = await renderApp('/dashboard');
    await expect.element(h1()).toBeVisible();
    await expectNoSidewaysScroll('/dashboard');
    await router.navigate({ to: '/chatpage' });
    await expect.element(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
    await expectNoSidewaysScroll('/chatpage');
  });

  test('the Users tab, with its Actions in view', async () => {
    signIn(superAdmin);
    serveEverything();
    await renderApp('/admindashboard?tab=users');
    await expect.element(page.getByRole('cell', { name: 'User 1', exact: true })).toBeVisible();
    await expectNoSidewaysScroll('the Users tab');
    expectActionsInView('Users');
  });

  test('the Questions tab and its details, with Actions in view', async () => {
    signIn(superAdmin);
    serveEverything();
    await renderApp('/admindashboard?tab=questions');
    await expect.element(page.getByRole('cell', { name: 'What is braille?', exact: true })).toBeVisible();
    await expectNoSidewaysScroll('the Questions tab');
    expectActionsInView('Questions');
    await page.getByRole('button', { name: /^View Details \(Which ramp gradients/ }).click();
    await expect.element(page.getByRole('dialog', { name: 'Question Details' })).toBeVisible();
    await expectNoSidewaysScroll('the question details');
  });

  test('the Prompts tab', async () => {
    signIn(superAdmin);
    serveEverything();
    await renderApp('/admindashboard?tab=prompts');
    await expect.element(page.getByRole('textbox', { name: 'Prompt 1', exact: true })).toBeVisible();
    await expectNoSidewaysScroll('the Prompts tab');
  });

  test('the Reviewed answers tab and its write form, and the Knowledge gaps tab', async () => {
    signIn(superAdmin);
    serveEverything();
    const { router } = await renderApp('/admindashboard?tab=reviewed');
    await expect.element(page.getByRole('button', { name: /^Edit \(Supercalifragilistic/ })).toBeVisible();
    await expectNoSidewaysScroll('the Reviewed answers tab');
    expectActionsInView('Reviewed answers');
    await page.getByRole('button', { name: /^Edit \(Supercalifragilistic/ }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.element(page.getByRole('region', { name: 'Preview: Answer in English' })).toBeVisible();
    await expectNoSidewaysScroll('the write form');
    await router.navigate({ to: '/admindashboard', search: { tab: 'gaps' } });
    await expect.element(page.getByRole('button', { name: /^Dismiss \(What does a WHILL/ })).toBeVisible();
    await expectNoSidewaysScroll('the Knowledge gaps tab');
  });

  test('the Data tab, its data screens, Add Data and Add Project', async () => {
    signIn(superAdmin);
    serveEverything();
    const { router } = await renderApp('/admindashboard?tab=data');
    await expect.element(page.getByRole('cell', { name: 'Web Source', exact: true })).toBeVisible();
    await expectNoSidewaysScroll('the Data tab');
    await page.getByRole('button', { name: 'View All Pending Data', exact: true }).click();
    await expect.element(page.getByRole('cell', { name: 'Braille manual', exact: true })).toBeVisible();
    await expect.element(page.getByText(/40 pages found, 12 fetched/)).toBeVisible();
    await expectNoSidewaysScroll('Pending Data');
    await router.navigate({ to: '/adminadddata' });
    await expect.element(page.getByRole('heading', { level: 1, name: 'Add Data' })).toBeVisible();
    await expectNoSidewaysScroll('/adminadddata');
    await router.navigate({ to: '/superadminaddproject' });
    await expect.element(page.getByRole('heading', { level: 1, name: /Authorized Project/ })).toBeVisible();
    await expectNoSidewaysScroll('/superadminaddproject');
  });
});

describe.each([360, 1280] as const)('the admin screens in Hindi at %i px wide', (width) => {
  beforeEach(async () => {
    await page.viewport(width, 800);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await restoreLanguage();
  });

  test.each([
    '/admindashboard?tab=users',
    '/admindashboard?tab=questions',
    '/admindashboard?tab=data',
    '/admindashboard?tab=data&screen=pending',
    '/admindashboard?tab=data&screen=ingested',
    '/admindashboard?tab=prompts',
    '/admindashboard?tab=projects',
    '/admindashboard?tab=reviewed',
    '/admindashboard?tab=gaps',
    '/adminadddata',
    '/superadminaddproject',
  ])('%s', async (path) => {
    signIn({ ...superAdmin, language: 'hi' });
    serveEverything();
    await renderApp(path);
    await expect.element(h1()).toBeVisible();
    expect(document.documentElement.lang).toBe('hi');
    // The data has come (the longest words are in it), in Hindi.
    await expect
      .element(page.getByText(/^(लोड हो रहा है|स्रोत लोड हो रहे हैं)\.\.\.$/).first())
      .not.toBeInTheDocument();
    expect(document.body.textContent).toMatch(/\p{Script=Devanagari}/u);
    await expectNoSidewaysScroll(`${path} in Hindi`);
  });
});
