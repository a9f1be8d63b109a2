/**
 * The admin screens' tests answer the admin calls themselves (there is no server in the browser
 * suite): each test says what the server would send, by path, and reads back what was asked.
 */
import { expect, vi } from 'vitest';
import { page } from 'vitest/browser';
import { toast } from 'sonner';
import type {
  HistoryEventView,
  IngestedItemView,
  PendingItemView,
  QuestionView,
  SourceView,
  UserAdminView,
} from '../../../src/shared/admin/schemas';
import { adminQueryClient, adminQueryDefaults } from '../../../src/app/features/admin/queryClient';
import { jsonResponse, makeUser, overrideFetch, resetApp, signIn, type FetchCall } from '../support/render';

export const admin = makeUser({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Ravi Admin',
  isAdmin: true,
  adminType: 'admin',
  isAdminFor: ['dish'],
});

export const superAdmin = makeUser({
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Sita Super',
  isAdmin: true,
  adminType: 'super',
  isAdminFor: ['dish', 'blimey'],
});

/** Fresh cache and store for every test; no retries, so a failed call shows at once. */
export async function resetAdmin(): Promise<void> {
  await resetApp();
  adminQueryClient.clear();
  adminQueryClient.setDefaultOptions({
    ...adminQueryDefaults,
    queries: { ...adminQueryDefaults.queries, retry: false },
  });
  vi.restoreAllMocks();
}

export { signIn };

/** A value sent as JSON, a Response, or a promise of one. */
type Route = (body: Record<string, unknown>, init: RequestInit | undefined) => unknown;

/**
 * Plays the server for the admin calls: `routes` maps a path to its answer (a value sent as JSON,
 * a Response, or a promise of one). An admin call with no route gets a 500 that names it.
 */
export function adminServer(routes: Record<string, Route>) {
  const { calls } = overrideFetch((path, init) => {
    const route = routes[path];
    if (!route) {
      if (path.startsWith('/admin/') || path.startsWith('/project_auth/')) {
        return jsonResponse({ message: `No test answer for ${path}` }, 500);
      }
      return undefined;
    }
    let body: Record<string, unknown> = {};
    if (typeof init?.body === 'string') body = JSON.parse(init.body) as Record<string, unknown>;
    const answer = route(body, init);
    if (answer instanceof Promise) return answer as Promise<Response>;
    return answer instanceof Response ? answer : jsonResponse(answer);
  });
  return {
    calls,
    /** The calls made to `path`, in order. */
    to: (path: string): FetchCall[] => calls.filter((c) => c.path === path),
    /** The JSON body of the last call to `path`. */
    last: (path: string): Record<string, unknown> | undefined =>
      calls.filter((c) => c.path === path).at(-1)?.body as Record<string, unknown> | undefined,
  };
}

/** A promise of a Response that the test resolves when it wants (to see 'Loading...'). */
export function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeUsers(count: number, from = 1): UserAdminView[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return {
      _id: uuid(n),
      name: `User ${n}`,
      email: `user${n}@example.org`,
      phone: n % 2 ? null : `98765432${String(n).padStart(2, '0')}`,
      whatsappId: null,
      isAdmin: false,
      adminType: null,
      isAdminFor: [],
      registeredVia: 'dish',
      emailVerified: n % 2 === 1,
      phoneVerified: false,
      isBlocked: false,
      isActive: true,
    };
  });
}

export const listAnswer = <T>(data: T[], total = data.length) => ({ data, total });

export const sources: SourceView[] = [
  { _id: uuid(101), name: 'Web Source', is_active: true, project: 'dish' },
  { _id: uuid(102), name: 'Old Channel', is_active: false, project: 'dish' },
];

export const pendingItems: PendingItemView[] = [
  {
    _id: uuid(201),
    data_type: 'web',
    source: 'Web Source',
    source_id: uuid(101),
    description: 'Added from the form',
    title: 'Assistive tech guide',
    url: 'https://example.org/guide',
    depth: 1,
    status: 'pending',
    error: null,
  },
  {
    _id: uuid(202),
    data_type: 'pdf',
    source: 'Web Source',
    source_id: uuid(101),
    description: 'Upload',
    title: 'Braille manual',
    url: null,
    depth: 0,
    status: 'failed',
    error: 'The file is not a PDF.',
  },
  {
    _id: uuid(203),
    data_type: 'yt_video',
    source: 'Web Source',
    source_id: uuid(101),
    description: 'Video',
    title: 'Sign language basics',
    url: 'https://www.youtube.com/watch?v=abc',
    depth: 0,
    status: 'started',
    error: null,
  },
];

export const ingestedItems: IngestedItemView[] = [
  {
    _id: uuid(301),
    resource_type: 'web',
    source: 'Web Source',
    source_id: uuid(101),
    project: 'dish',
    title: 'Screen readers',
    body: 'A screen reader speaks the text on the screen. '.repeat(6),
    url: 'https://example.org/screen-readers',
    country: 'India',
    isConsumed: true,
  },
  {
    _id: uuid(302),
    resource_type: 'pdf',
    source: 'Web Source',
    source_id: uuid(101),
    project: 'dish',
    title: 'Ramps',
    body: 'Short body.',
    url: null,
    country: '',
    isConsumed: false,
  },
];

const event = (type: string, minute: number, fields: Partial<HistoryEventView> = {}): HistoryEventView => ({
  type,
  timestamp: `2025-03-05T10:${String(minute).padStart(2, '0')}:00.000Z`,
  ...fields,
});

export const question = (overrides: Partial<QuestionView>): QuestionView => ({
  _id: uuid(400),
  query: 'record query',
  history: [],
  queryTimestamp: '2025-03-05T10:00:00.000Z',
  answeredAt: '2025-03-05T10:05:00.000Z',
  sourceMode: 'web',
  project: 'dish',
  askedVia: 'web',
  language: 'English',
  status: 'answered',
  ...overrides,
});

export const questions: QuestionView[] = [
  question({
    _id: uuid(401),
    query: 'screen reader kaise',
    language: 'Hindi',
    history: [
      event('voice-query', 0, { text: 'screen reader kaise' }),
      event('detect-language-query', 1, { query: 'screen reader kaise' }),
      event('detected-language', 2, { lang_name: 'Hindi' }),
      event('translation', 3, { text: 'How do I use a screen reader?', query: 'screen reader kaise' }),
      event('query-response', 4, {
        query: 'screen reader kaise',
        answer: 'Install NVDA and learn its keys.',
      }),
    ],
  }),
  question({
    _id: uuid(402),
    query: 'What is braille?',
    status: 'failed',
    sourceMode: 'wa',
    askedVia: 'wa',
    history: [
      event('detect-language-query', 1, { query: 'What is braille?' }),
      event('error', 7, { message: 'The model crashed', error: 'TypeError: x is undefined' }),
    ],
  }),
  question({
    _id: uuid(403),
    query: 'ramps',
    history: [
      event('detect-language-query', 1, { query: 'ramps' }),
      event('query-response', 2, { query: 'Which ramps are best?', answer: 'Ramps with a gentle slope.' }),
      event('query-response', 3, {
        query: 'Where do I buy ramps?',
        answer: 'Local suppliers.',
        audioPath: 'answer-1.mp3',
      }),
    ],
  }),
];

/** A Sonner toast holding `text`, once it has slid in. */
export const toastWith = (text: string) => page.getByRole('listitem').filter({ hasText: text });

export async function expectToast(text: string): Promise<void> {
  await expect.element(toastWith(text).first()).toBeVisible();
}

/** Spies on Sonner, to check the durations SPEC §9 gives each kind of toast. */
export function spyToasts() {
  return {
    success: vi.spyOn(toast, 'success'),
    error: vi.spyOn(toast, 'error'),
    loading: vi.spyOn(toast, 'loading'),
  };
}

/** The element that has focus, as a locator-free check. */
export const focused = () => document.activeElement;

/** Chooses files in a file input as a drop or the picker would, firing its change event. */
export function chooseFiles(input: HTMLInputElement, files: File[]): void {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export const fileNamed = (name: string, type = 'application/pdf') =>
  new File(['%PDF-1.4 test'], name, { type });
