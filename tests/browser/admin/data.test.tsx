/** The Data tab: sources and their toasts, pending and ingested screens (SPEC §2, §5, §8). */
import { beforeEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { SourceView } from '../../../src/shared/admin/schemas';
import { expectNoAxeViolations, jsonResponse, renderApp } from '../support/render';
import {
  admin,
  adminServer,
  expectToast,
  focused,
  ingestedItems,
  listAnswer,
  pendingItems,
  resetAdmin,
  signIn,
  sources,
  spyToasts,
  superAdmin,
  toastWith,
} from './support';

beforeEach(async () => {
  await resetAdmin();
  signIn(superAdmin);
});

const button = (name: string) => page.getByRole('button', { name, exact: true });
const sourcesTable = () => page.getByRole('table', { name: 'Available Sources' });
const h2 = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** A server holding `list` as the sources, changed by add/edit/delete as the real one would. */
function sourcesServer(
  list: SourceView[] = sources.map((s) => ({ ...s })),
  extra: Parameters<typeof adminServer>[0] = {},
) {
  let current = list;
  const server = adminServer({
    '/admin/get_data_bank': (body) => {
      if (body.onlySources || body.onlyActiveSources) {
        return { sources: body.onlyActiveSources ? current.filter((s) => s.is_active) : current };
      }
      const source = (body.query as { source?: string }).source;
      return listAnswer(ingestedItems.filter((i) => !source || i.source_id === source));
    },
    '/admin/get_pending_data': (body) => {
      const source = (body.query as { source?: string }).source;
      return listAnswer(pendingItems.filter((p) => !source || p.source_id === source));
    },
    '/admin/add_source': (body) => {
      const source = {
        _id: `new-${current.length}`,
        name: body.name as string,
        project: body.project as string,
        is_active: true,
      };
      current = [...current, source];
      return jsonResponse({ source }, 201);
    },
    '/admin/edit_source': (body) => {
      const data = body.sourceData as { is_active: boolean };
      current = current.map((s) => (s._id === body.sourceId ? { ...s, is_active: data.is_active } : s));
      return { source: current.find((s) => s._id === body.sourceId) };
    },
    '/admin/delete_source': (body) => {
      current = current.filter((s) => s._id !== body.sourceId);
      return { deleted: true };
    },
    ...extra,
  });
  return server;
}

async function openData() {
  const screen = await renderApp('/admindashboard?tab=data');
  await expect.element(sourcesTable().getByRole('cell', { name: 'Web Source', exact: true })).toBeVisible();
  return screen;
}

describe('Available Sources', () => {
  test('lists the sources (Name, Enabled) from get_data_bank with onlySources; passes axe', async () => {
    const server = sourcesServer();
    const { container } = await openData();
    expect(server.last('/admin/get_data_bank')).toEqual({
      queryingApp: 'dish',
      query: {},
      onlySources: true,
    });
    const table = sourcesTable().element() as HTMLTableElement;
    expect([...table.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual([
      'Name',
      'Enabled',
      'Actions',
    ]);
    const rows = [...table.tBodies[0]!.rows].map((r) => [...r.cells].slice(0, 2).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Web Source', '✓Yes'],
      ['Old Channel', '✗No'],
    ]);
    for (const name of ['+ Add New Source', 'View All Pending Data', 'View All Ingested Data']) {
      await expect.element(button(name)).toBeVisible();
    }
    await expect.element(page.getByRole('link', { name: 'Add New Data' })).toBeVisible();
    for (const action of ['View Pending Data', 'View Ingested Data', 'Disable', 'Delete']) {
      await expect.element(button(`${action} (Web Source)`)).toBeVisible();
    }
    await expect.element(button('Enable (Old Channel)')).toBeVisible();
    await expectNoAxeViolations(container);
  });

  test('the search filters the sources by key: value', async () => {
    sourcesServer();
    await openData();
    await userEvent.type(page.getByRole('searchbox', { name: 'Search Available Sources' }), 'enabled: no');
    await expect
      .element(sourcesTable().getByRole('cell', { name: 'Web Source', exact: true }))
      .not.toBeInTheDocument();
    await expect
      .element(sourcesTable().getByRole('cell', { name: 'Old Channel', exact: true }))
      .toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.element(sourcesTable().getByRole('cell', { name: 'Web Source', exact: true })).toBeVisible();
  });

  test('Add New Data goes to /adminadddata', async () => {
    sourcesServer();
    const { router } = await openData();
    await page.getByRole('link', { name: 'Add New Data' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/adminadddata');
  });
});

describe('add source', () => {
  test("the modal: Source Name, Select Project limited to the admin's projects, Add; success toast and refresh", async () => {
    const toasts = spyToasts();
    const server = sourcesServer();
    const { container } = await openData();
    const opener = button('+ Add New Source');
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add New Source' });
    await expect.element(dialog).toBeVisible();
    const name = dialog.getByRole('textbox', { name: 'Source Name' });
    expect(focused()).toBe(name.element());
    const project = dialog.getByRole('combobox', { name: 'Select Project' });
    expect([...(project.element() as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'dish',
      'blimey',
    ]);
    await expectNoAxeViolations(container);

    // SPEC §5: a name and a project, else the toast; nothing is sent.
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast('Please enter a valid source name and select a project.');
    expect(toasts.error).toHaveBeenCalledWith(
      'Please enter a valid source name and select a project.',
      expect.objectContaining({ duration: 4000 }),
    );
    await name.fill('   ');
    await project.selectOptions('dish');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    expect(toasts.error).toHaveBeenCalledTimes(2);
    expect(server.to('/admin/add_source')).toHaveLength(0);

    await name.fill('Govt portal');
    await userEvent.keyboard('{Enter}');
    await expectToast('Source added successfully.');
    expect(server.last('/admin/add_source')).toEqual({
      queryingApp: 'dish',
      name: 'Govt portal',
      project: 'dish',
      is_active: true,
    });
    await expect.element(dialog).not.toBeInTheDocument();
    await expect
      .element(sourcesTable().getByRole('cell', { name: 'Govt portal', exact: true }))
      .toBeVisible();
    expect(focused()).toBe(opener.element());
  });

  test("a failed add: 'Failed to add source. Please try again.'", async () => {
    sourcesServer(undefined, {
      '/admin/add_source': () =>
        jsonResponse({ message: 'A source with this name already exists in this project.' }, 409),
    });
    await openData();
    await button('+ Add New Source').click();
    const dialog = page.getByRole('dialog', { name: 'Add New Source' });
    await dialog.getByRole('textbox', { name: 'Source Name' }).fill('Web Source');
    await dialog.getByRole('combobox', { name: 'Select Project' }).selectOptions('blimey');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast('Failed to add source. Please try again.');
    await expect.element(toastWith('Failed to add source.')).toHaveTextContent(/already exists/);
    await expect.element(dialog).toBeVisible();
  });

  test('keyboard only: the modal traps focus; Escape closes it and focus goes back', async () => {
    sourcesServer();
    await openData();
    const opener = button('+ Add New Source');
    (opener.element() as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('dialog', { name: 'Add New Source' });
    await expect.element(dialog).toBeVisible();
    const order: Element[] = [];
    for (let i = 0; i < 5; i++) {
      await userEvent.keyboard('{Tab}');
      order.push(focused()!);
      expect(dialog.element().contains(focused())).toBe(true);
    }
    // Name → project → Add → Close → back to the name.
    expect(order.map((el) => el.tagName)).toEqual(['SELECT', 'BUTTON', 'BUTTON', 'INPUT', 'SELECT']);
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(focused()?.tagName).toBe('INPUT');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(focused()?.textContent).toBe('Close');
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    expect(focused()).toBe(opener.element());
  });
});

describe('enable, disable and delete', () => {
  test('Disable and Enable send edit_source and toast the SPEC words', async () => {
    const toasts = spyToasts();
    const server = sourcesServer();
    await openData();
    await button('Disable (Web Source)').click();
    await expectToast('Source disabled successfully.');
    expect(server.last('/admin/edit_source')).toEqual({
      queryingApp: 'dish',
      sourceId: sources[0]!._id,
      sourceData: { is_active: false },
    });
    expect(toasts.success).toHaveBeenCalledWith(
      'Source disabled successfully.',
      expect.objectContaining({ duration: 2000 }),
    );
    await expect.element(button('Enable (Web Source)')).toBeVisible();

    await button('Enable (Old Channel)').click();
    await expectToast('Source enabled successfully.');
    expect(server.last('/admin/edit_source')).toMatchObject({
      sourceId: sources[1]!._id,
      sourceData: { is_active: true },
    });
    await expect.element(button('Disable (Old Channel)')).toBeVisible();
  });

  test('failed enable and disable toasts', async () => {
    sourcesServer(undefined, {
      '/admin/edit_source': () => jsonResponse({ message: 'That source does not exist.' }, 404),
    });
    await openData();
    await button('Disable (Web Source)').click();
    await expectToast('Failed to disable source. Please try again.');
    await button('Enable (Old Channel)').click();
    await expectToast('Failed to enable source. Please try again.');
  });

  test("a source without an id: 'Source ID is missing.' and nothing is sent", async () => {
    const server = sourcesServer([{ _id: '', name: 'Broken', project: 'dish', is_active: true }]);
    await renderApp('/admindashboard?tab=data');
    await button('Disable (Broken)').click();
    await expectToast('Source ID is missing.');
    await button('Delete (Broken)').click();
    expect(server.to('/admin/edit_source')).toHaveLength(0);
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
  });

  test('Delete asks first; Cancel sends nothing; Delete sends delete_source and refreshes', async () => {
    const server = sourcesServer();
    const { container } = await openData();
    const del = button('Delete (Web Source)');
    await del.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Source' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog).toHaveTextContent(/unavailable to the chatbot/);
    await expect.element(dialog).toHaveTextContent(/cannot be undone/);
    await expect.element(dialog).toHaveTextContent(/Web Source/);
    await expectNoAxeViolations(container);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(server.to('/admin/delete_source')).toHaveLength(0);
    expect(focused()).toBe(del.element());

    await del.click();
    await page
      .getByRole('dialog', { name: 'Delete Source' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expectToast('Source deleted successfully.');
    expect(server.last('/admin/delete_source')).toEqual({ queryingApp: 'dish', sourceId: sources[0]!._id });
    await expect
      .element(sourcesTable().getByRole('cell', { name: 'Web Source', exact: true }))
      .not.toBeInTheDocument();
    await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
    // The row is gone: focus carries on from the table's heading.
    await expect.poll(() => focused()).toBe(h2('Available Sources').element());
  });

  test("a failed delete: 'Failed to delete source. Please try again.'", async () => {
    sourcesServer(undefined, { '/admin/delete_source': () => jsonResponse({ message: 'Nope.' }, 500) });
    await openData();
    await button('Delete (Old Channel)').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast('Failed to delete source. Please try again.');
  });
});

describe('pending and ingested data', () => {
  test("View Pending Data: 'Pending Data' with the source name, its columns, links and badges; back to the sources", async () => {
    const server = sourcesServer();
    const { container } = await openData();
    await button('View Pending Data (Web Source)').click();
    await expect.element(h2('Pending Data: Web Source')).toBeVisible();
    expect(focused()).toBe(h2('Pending Data: Web Source').element());
    expect(server.last('/admin/get_pending_data')).toEqual({
      queryingApp: 'dish',
      query: { status: { $ne: 'completed' }, source: sources[0]!._id },
      queryOptions: { limit: 10, skip: 0 },
    });
    const table = page.getByRole('table', { name: 'Pending Data: Web Source' });
    await expect.element(table.getByRole('cell', { name: 'Assistive tech guide' })).toBeVisible();
    const el = table.element() as HTMLTableElement;
    expect([...el.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual([
      'Data Type',
      'Source',
      'Description',
      'Title',
      'URL',
      'Depth',
      'Status',
      'Error',
    ]);
    const link = table.getByRole('link', { name: /example\.org\/guide/ });
    await expect.element(link).toHaveAttribute('href', 'https://example.org/guide');
    await expect.element(link).toHaveAttribute('target', '_blank');
    await expect.element(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect.element(table.getByText('pending', { exact: true })).toHaveClass('badge-pending');
    await expect.element(table.getByText('failed', { exact: true })).toHaveClass('badge-failed');
    await expect.element(table.getByText('started', { exact: true })).toHaveClass('badge-ok');
    expect(getComputedStyle(table.getByText('pending', { exact: true }).element()).backgroundColor).toBe(
      'rgb(255, 244, 206)',
    );
    const braille = [...el.tBodies[0]!.rows].find((r) => r.textContent?.includes('Braille manual'))!;
    // Data types in plain words (issue 14 item 10).
    expect(braille.cells[0]?.textContent).toBe('PDF');
    expect([...el.tBodies[0]!.rows].map((r) => r.cells[0]?.textContent)).toEqual([
      'Web page',
      'PDF',
      'YouTube video',
    ]);
    expect(braille.cells[4]?.textContent).toBe('-');
    expect(braille.cells[7]?.textContent).toBe('The file is not a PDF.');
    await expectNoAxeViolations(container);

    await button('← Back to sources').click();
    await expect.element(h2('Available Sources')).toBeVisible();
    expect(focused()).toBe(h2('Available Sources').element());
  });

  test("View All Pending Data: 'All Sources' and no source in the query", async () => {
    const server = sourcesServer();
    await openData();
    await button('View All Pending Data').click();
    await expect.element(h2('Pending Data: All Sources')).toBeVisible();
    await expect.element(page.getByRole('cell', { name: 'Sign language basics' })).toBeVisible();
    expect(server.last('/admin/get_pending_data')).toEqual({
      queryingApp: 'dish',
      query: { status: { $ne: 'completed' } },
      queryOptions: { limit: 10, skip: 0 },
    });
    await userEvent.type(
      page.getByRole('searchbox', { name: 'Search Pending Data: All Sources' }),
      'status: failed',
    );
    await expect.poll(() => server.last('/admin/get_pending_data')?.search).toBe('status: failed');
  });

  test('View Ingested Data: its columns, Read More on a long body, ticks; back to the sources', async () => {
    const server = sourcesServer();
    const { container } = await openData();
    await button('View Ingested Data (Web Source)').click();
    await expect.element(h2('Ingested Data: Web Source')).toBeVisible();
    expect(server.last('/admin/get_data_bank')).toEqual({
      queryingApp: 'dish',
      query: { source: sources[0]!._id },
      queryOptions: { limit: 10, skip: 0 },
    });
    const table = page.getByRole('table', { name: 'Ingested Data: Web Source' });
    await expect.element(table.getByRole('cell', { name: 'Screen readers' })).toBeVisible();
    const el = table.element() as HTMLTableElement;
    expect([...el.querySelectorAll('thead th')].map((h) => h.textContent)).toEqual([
      'Data Type',
      'Source',
      'Project',
      'Title',
      'Body',
      'URL',
      'Country',
      'Is Consumed',
    ]);
    const ramps = [...el.tBodies[0]!.rows].find((r) => r.textContent?.includes('Ramps'))!;
    expect([...ramps.cells].map((c) => c.textContent)).toEqual([
      'PDF',
      'Web Source',
      'dish',
      'Ramps',
      'Short body.',
      '-',
      '-',
      '✗No',
    ]);
    await expectNoAxeViolations(container);

    await table.getByRole('button', { name: 'Read More (Body)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Body' });
    await expect.element(dialog).toHaveTextContent(/A screen reader speaks the text/);
    await expectNoAxeViolations(container);
    await userEvent.keyboard('{Escape}');

    await button('← Back to sources').click();
    await expect.element(h2('Available Sources')).toBeVisible();
  });

  test('View All Ingested Data asks without a source', async () => {
    const server = sourcesServer();
    await openData();
    await button('View All Ingested Data').click();
    await expect.element(h2('Ingested Data: All Sources')).toBeVisible();
    await expect
      .poll(() => server.last('/admin/get_data_bank'))
      .toEqual({
        queryingApp: 'dish',
        query: {},
        queryOptions: { limit: 10, skip: 0 },
      });
  });

  test('an admin with one project still sees the Data tab and its sources', async () => {
    signIn(admin);
    sourcesServer();
    await openData();
    await button('+ Add New Source').click();
    const project = page.getByRole('dialog').getByRole('combobox', { name: 'Select Project' });
    expect([...(project.element() as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'dish']);
    // The only project is chosen already.
    await expect.element(project).toHaveValue('dish');
  });
});
