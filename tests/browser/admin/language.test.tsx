/**
 * Issue 14 item 7 on the admin screens: the language switch in the admin header, reached and used
 * by keyboard alone; the screens and <html lang> follow it; SPEC's English stays exactly as it
 * was; and axe finds nothing on any admin screen in either language and either colour scheme.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { LANGUAGE_STORAGE_KEY } from '../../../src/app/state/language';
import { axeMatrix, type AxeScreen } from '../support/axe-matrix';
import { renderApp, resetFocus, tabTo } from '../support/render';
import {
  adminServer,
  focused,
  ingestedItems,
  listAnswer,
  makeUsers,
  pendingItems,
  questions,
  resetAdmin,
  signIn,
  sources,
  superAdmin,
} from './support';

beforeEach(resetAdmin);

const toHindi = () => page.getByRole('button', { name: 'Change language to हिन्दी', exact: true });
const toEnglish = () => page.getByRole('button', { name: 'भाषा बदलें: English', exact: true });
const heading = (name: string) => page.getByRole('heading', { name, exact: true }).first();

/** Every admin call the screens below make, answered at once. */
function serveAdmin() {
  return adminServer({
    '/auth/language': (body) => body,
    '/admin/get_users': () => listAnswer(makeUsers(3)),
    '/admin/get_questions': () => listAnswer(questions),
    '/admin/get_data_bank': (body) =>
      body.onlySources || body.onlyActiveSources ? { sources } : listAnswer(ingestedItems),
    '/admin/get_pending_data': () => listAnswer(pendingItems),
    '/admin/get_ingestion_progress': () => ({
      counts: { pending: 1, started: 1, completed: 4, failed: 1 },
      crawls: [{ id: 'c', url: 'https://example.org/', source: 'Web Source', found: 3, fetched: 1 }],
      working: [
        {
          id: 'w',
          source: 'Web Source',
          name: 'census.pdf',
          stage: 'reading',
          done: 4,
          total: 18,
          secondsLeft: 30,
        },
      ],
      nextRunAt: null,
      intervalSeconds: 3600,
    }),
    '/admin/models': () => ({
      models: [
        { purpose: 'speech recognition', model: 'whisper-base', state: 'ready' },
        { purpose: 'sentence embeddings', model: 'minilm', state: 'downloading', progress: 40 },
      ],
    }),
    '/api/prompts': () => ({ project: 'dish', prompts: ['What is a ramp?'], custom: true }),
    '/admin/projects': () => ({
      projects: [
        {
          id: 'dish',
          name: 'dish',
          description: 'The dish querying app',
          createdAt: '2026-01-01T00:00:00.000Z',
          builtIn: true,
          keys: [
            {
              id: '00000000-0000-4000-8000-000000000901',
              project: 'dish',
              name: 'Website',
              prefix: 'dish_Ab12',
              createdAt: '2026-11-20T10:00:00.000Z',
              lastUsedAt: null,
              useCount: 0,
              revokedAt: null,
            },
          ],
        },
      ],
    }),
  });
}

describe('the language switch on the admin screens', () => {
  test('keyboard only: Tab to the switch in the admin header, Enter: the dashboard is in Hindi, <html lang> says so; Space: back to SPEC’s English', async () => {
    serveAdmin();
    signIn(superAdmin);
    await renderApp('/admindashboard');
    await expect.element(heading('Super Admin Dashboard')).toBeVisible();
    await expect.element(page.getByRole('table', { name: 'Users' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');

    resetFocus();
    await tabTo(toHindi(), 30);
    await userEvent.keyboard('{Enter}');
    await expect.element(heading('सुपर एडमिन डैशबोर्ड')).toBeVisible();
    expect(document.documentElement.lang).toBe('hi');
    await expect.element(page.getByRole('tab', { name: 'उपयोगकर्ता', exact: true })).toBeVisible();
    await expect.element(page.getByRole('table', { name: 'उपयोगकर्ता' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'लॉग आउट', exact: true })).toBeVisible();
    // The switch keeps the focus, now offering English.
    await expect.poll(() => focused() === toEnglish().element()).toBe(true);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');

    await userEvent.keyboard(' ');
    await expect.element(heading('Super Admin Dashboard')).toBeVisible();
    await expect.element(page.getByRole('tab', { name: 'Users', exact: true })).toBeVisible();
    await expect
      .element(page.getByRole('button', { name: '(Force) Process Now', exact: true }))
      .toBeVisible();
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('every admin screen passes axe in both languages and both colour schemes', () => {
  const screens: AxeScreen[] = [
    { path: '/admindashboard?tab=users', english: 'Users', hindi: 'उपयोगकर्ता' },
    { path: '/admindashboard?tab=questions', english: 'Questions', hindi: 'प्रश्न' },
    { path: '/admindashboard?tab=data', english: 'Available Sources', hindi: 'उपलब्ध स्रोत' },
    {
      path: '/admindashboard?tab=data&screen=pending',
      english: 'Pending Data: All Sources',
      hindi: 'लंबित डेटा: सभी स्रोत',
    },
    {
      path: '/admindashboard?tab=data&screen=ingested',
      english: 'Ingested Data: All Sources',
      hindi: 'जोड़ा गया डेटा: सभी स्रोत',
    },
    { path: '/admindashboard?tab=prompts', english: 'Suggested Prompts', hindi: 'सुझाए गए प्रॉम्प्ट' },
    { path: '/admindashboard?tab=projects', english: 'Projects and API keys', hindi: 'प्रोजेक्ट और API कुंजियाँ' },
    { path: '/adminadddata', english: 'Add Data', hindi: 'डेटा जोड़ें' },
    {
      path: '/superadminaddproject',
      english: 'Add New Authorized Project',
      hindi: 'नया अधिकृत प्रोजेक्ट जोड़ें',
    },
  ];

  axeMatrix(screens, {
    heading,
    serve: serveAdmin,
    signIn: (_screen, language) => signIn({ ...superAdmin, language }),
    check: async (_screen, language, container) => {
      // The screen's data has come, so its rows (and their words) are checked too.
      await expect
        .element(page.getByText(/^(Loading|लोड हो रहा है|Loading sources|स्रोत लोड हो रहे हैं)\.\.\.$/).first())
        .not.toBeInTheDocument();
      if (language === 'hi') expect(container.textContent).toMatch(/\p{Script=Devanagari}/u);
    },
  });
});
