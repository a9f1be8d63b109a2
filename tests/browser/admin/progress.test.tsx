/** Issue 14 item 5: live ingestion progress on the Pending Data screen, and the place in the address. */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { IngestionProgress } from '../../../src/shared/admin/progress';
import { currentHref, expectNoAxeViolations, renderApp } from '../support/render';
import { emulateMedia } from '../support/media';
import {
  adminServer,
  focused,
  listAnswer,
  pendingItems,
  resetAdmin,
  signIn,
  sources,
  superAdmin,
} from './support';

beforeEach(async () => {
  await resetAdmin();
  signIn(superAdmin);
});

const progress = (over: Partial<IngestionProgress> = {}): IngestionProgress => ({
  counts: { pending: 1, started: 1, completed: 4, failed: 0 },
  crawls: [],
  working: [],
  nextRunAt: new Date(Date.now() + 12 * 60_000).toISOString(),
  intervalSeconds: 3600,
  ...over,
});

/** A queue that moves on each time it is asked: `states` in turn, the last one kept. */
function queueServer(states: IngestionProgress[]) {
  let asked = 0;
  return adminServer({
    '/admin/get_data_bank': () => ({ sources }),
    '/admin/get_pending_data': () => listAnswer(pendingItems),
    '/admin/get_ingestion_progress': () => states[Math.min(asked++, states.length - 1)],
  });
}

const status = () => page.getByRole('status').filter({ hasText: 'pending,' });

describe('ingestion progress', () => {
  test('updates without a reload while work is pending or started, then stops asking often', async () => {
    const crawl = { id: 'c1', url: 'https://example.org/', source: 'Web Source', found: 12, fetched: 3 };
    const server = queueServer([
      progress({ crawls: [crawl] }),
      progress({ counts: { pending: 0, started: 0, completed: 6, failed: 0 } }),
    ]);
    await renderApp('/admindashboard?tab=data&screen=pending');
    await expect.element(status()).toHaveTextContent('1 pending, 1 started, 4 done, 0 failed.');
    await expect
      .element(page.getByText('Crawling https://example.org/ (Web Source): 12 pages found, 3 fetched.'))
      .toBeVisible();
    await expect.element(page.getByText(/^Next scheduled run: .* \(in 12 minutes\)\.$/)).toBeVisible();
    // Two seconds later the work is done: counts change, the table is asked again.
    const listCalls = server.to('/admin/get_pending_data').length;
    await expect
      .element(status(), { timeout: 6000 })
      .toHaveTextContent('0 pending, 0 started, 6 done, 0 failed.');
    await expect.poll(() => server.to('/admin/get_pending_data').length).toBeGreaterThan(listCalls);
    // Nothing pending: the next look is 30 s away, not 2 s.
    const asked = server.to('/admin/get_ingestion_progress').length;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(server.to('/admin/get_ingestion_progress').length).toBe(asked);
  });

  test('an item in work shows its stage and a count that moves, with the time left', async () => {
    const census = { id: 'w1', source: 'Web Source', name: 'census.pdf', secondsLeft: null };
    queueServer([
      progress({ working: [{ ...census, stage: 'reading', done: 4, total: 18 }] }),
      progress({ working: [{ ...census, stage: 'embedding', done: 120, total: 480, secondsLeft: 95 }] }),
      progress({ working: [{ ...census, stage: 'embedding', done: 300, total: 480, secondsLeft: 40 }] }),
    ]);
    await renderApp('/admindashboard?tab=data&screen=pending');
    await expect.element(page.getByText('Reading census.pdf (Web Source): page 4 of 18.')).toBeVisible();
    await expect
      .element(
        page.getByText('Embedding census.pdf (Web Source): 120 of 480 passages. About 2 minutes left.'),
        {
          timeout: 6000,
        },
      )
      .toBeVisible();
    await expect
      .element(
        page.getByText('Embedding census.pdf (Web Source): 300 of 480 passages. About 40 seconds left.'),
        {
          timeout: 6000,
        },
      )
      .toBeVisible();
    // Not read out at each count: only the counts by status are live.
    expect(status().element().textContent).not.toContain('census.pdf');
  });

  test('the counts are the only live text, so a crawl’s pages are not read out each time', async () => {
    queueServer([
      progress({ crawls: [{ id: 'c', url: 'https://a.example/', source: 'S', found: 2, fetched: 1 }] }),
    ]);
    await renderApp('/admindashboard?tab=data&screen=pending');
    await expect.element(status()).toBeVisible();
    expect(status().element().textContent).not.toContain('Crawling');
    expect(status().element().closest('[aria-live="assertive"]')).toBeNull();
  });

  test('says when processing runs only when forced', async () => {
    queueServer([progress({ nextRunAt: null, intervalSeconds: 0 })]);
    await renderApp('/admindashboard?tab=data&screen=pending');
    await expect
      .element(page.getByText('Processing runs only when it is started with (Force) Process Now.'))
      .toBeVisible();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`passes axe in the ${colorScheme} scheme`, async () => {
      await emulateMedia({ colorScheme });
      queueServer([
        progress({
          crawls: [{ id: 'c', url: 'https://a.example/x', source: 'S', found: 5, fetched: 2 }],
          working: [
            { id: 'w', source: 'S', name: 'a.pdf', stage: 'embedding', done: 5, total: 9, secondsLeft: 3 },
          ],
        }),
      ]);
      const { container } = await renderApp(
        `/admindashboard?tab=data&screen=pending&source=${sources[0]!._id}`,
      );
      await expect.element(page.getByRole('heading', { name: 'Pending Data: Web Source' })).toBeVisible();
      await expect.element(status()).toBeVisible();
      await expectNoAxeViolations(container);
    });
  }
});

describe('the admin’s place in the address', () => {
  test('opening a data screen puts it in the address; Back returns to the sources', async () => {
    queueServer([progress()]);
    const { router } = await renderApp('/admindashboard?tab=data');
    await page.getByRole('button', { name: 'View Pending Data (Web Source)' }).click();
    await expect.element(page.getByRole('heading', { name: 'Pending Data: Web Source' })).toBeVisible();
    expect(currentHref(router)).toBe(`/admindashboard?tab=data&screen=pending&source=${sources[0]!._id}`);
    router.history.back();
    await expect.element(page.getByRole('heading', { name: 'Available Sources' })).toBeVisible();
    expect(currentHref(router)).toBe('/admindashboard?tab=data');
    await expect.poll(() => focused()?.textContent).toBe('Available Sources');
  });

  test('a reload at that address opens the same screen, named after its source', async () => {
    queueServer([progress()]);
    await renderApp(`/admindashboard?tab=data&screen=ingested&source=${sources[1]!._id}`);
    await expect.element(page.getByRole('heading', { name: 'Ingested Data: Old Channel' })).toBeVisible();
  });

  test('keyboard only: the back button returns to the sources', async () => {
    queueServer([progress()]);
    const { router } = await renderApp('/admindashboard?tab=data&screen=pending');
    await expect.element(page.getByRole('heading', { name: 'Pending Data: All Sources' })).toBeVisible();
    page.getByRole('button', { name: '← Back to sources' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('heading', { name: 'Available Sources' })).toBeVisible();
    expect(currentHref(router)).toBe('/admindashboard?tab=data');
  });
});
