/** /adminadddata: the single-item form and bulk upload (SPEC §2, §4, §5, §8). */
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { fileTypeRefused } from '../../../src/shared/admin/uploads';
import { messages } from '../../../src/shared/messages';
import { expectNoAxeViolations, jsonResponse, renderApp, tabTo, resetFocus } from '../support/render';
import {
  adminServer,
  chooseFiles,
  expectToast,
  fileNamed,
  focused,
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

const h1 = (name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const select = (name: string) => page.getByRole('combobox', { name, exact: true });
const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });
const bulkSwitch = () => page.getByRole('switch', { name: 'Bulk Upload' });
const filesInput = () => page.getByLabelText('Files', { exact: true }).element() as HTMLInputElement;
const bulkInput = () => page.getByLabelText('Bulk upload file (CSV or XLSX)').element() as HTMLInputElement;
const addButton = () => button('Add Data');

function addDataServer(extra: Parameters<typeof adminServer>[0] = {}) {
  return adminServer({
    '/admin/get_data_bank': (body) => ({
      sources: sources.filter((s) => !body.onlyActiveSources || s.is_active),
    }),
    '/admin/add_data': () => jsonResponse({ records: 1 }, 201),
    ...extra,
  });
}

async function openForm() {
  const screen = await renderApp('/adminadddata');
  await expect.element(h1('Add Data')).toBeVisible();
  await expect.element(select('Source').getByRole('option', { name: 'Web Source' })).toBeInTheDocument();
  return screen;
}

/** The multipart fields the form sent, files by name. */
function sentFields(body: unknown): Record<string, string | string[]> {
  const form = body as FormData;
  expect(form).toBeInstanceOf(FormData);
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    const text = typeof value === 'string' ? value : value.name;
    if (key === 'files') out.files = [...((out.files as string[] | undefined) ?? []), text];
    else out[key] = text;
  }
  return out;
}

describe('single item', () => {
  test('the fields, with choices from the active sources and the admin projects; passes axe', async () => {
    const server = addDataServer();
    const { container } = await openForm();
    expect(server.last('/admin/get_data_bank')).toEqual({
      queryingApp: 'dish',
      query: {},
      onlyActiveSources: true,
    });
    const options = (name: string) =>
      [...(select(name).element() as HTMLSelectElement).options].map((o) => o.value);
    expect(options('Data Type')).toEqual(['', 'yt_channel', 'yt_video', 'web', 'pdf', 'doc']);
    // Only enabled sources are offered (Old Channel is disabled).
    expect(options('Source')).toEqual(['', sources[0]!._id]);
    expect(options('Project')).toEqual(['', 'dish', 'blimey']);
    await expect.element(textbox('Location (country)')).toBeVisible();
    await expect.element(bulkSwitch()).not.toBeChecked();
    // No URL, depth or files until the data type asks for them.
    await expect.element(textbox('URL')).not.toBeInTheDocument();
    await expect.element(page.getByRole('spinbutton', { name: 'Depth' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  test('an empty submit says to fill all the required fields, each field its own message; focuses the first', async () => {
    const server = addDataServer();
    const { container } = await openForm();
    await addButton().click();
    const summary = page.getByRole('alert').filter({ hasText: messages.addDataIncomplete });
    await expect.element(summary).toBeVisible();
    // Several are empty: the summary says so once, not field by field.
    await expect.element(summary).toHaveTextContent(/^Please fill all the required fields$/);
    expect(focused()).toBe(select('Data Type').element());
    await expect.element(select('Data Type')).toHaveAttribute('aria-invalid', 'true');
    await expect.element(select('Data Type')).toHaveAccessibleDescription('Please choose a data type.');
    await expect.element(select('Source')).toHaveAccessibleDescription(messages.selectSource);
    await expect
      .element(textbox('Location (country)'))
      .toHaveAccessibleDescription('Please enter the location (country).');
    expect(server.to('/admin/add_data')).toHaveLength(0);
    await expectNoAxeViolations(container);

    // An error clears as its field is edited.
    await select('Source').selectOptions('Web Source');
    await expect.element(select('Source')).not.toHaveAttribute('aria-invalid');
  });

  test("with one required field left empty, the summary gives that field's own message", async () => {
    const server = addDataServer();
    await openForm();
    await select('Data Type').selectOptions('Web page');
    await select('Source').selectOptions('Web Source');
    await select('Project').selectOptions('dish');
    await textbox('URL').fill('https://example.org/ramps');
    await addButton().click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please enter the location (country).' });
    await expect.element(summary).toBeVisible();
    expect(summary.element().textContent).not.toContain(messages.addDataIncomplete);
    expect(focused()).toBe(textbox('Location (country)').element());
    expect(server.to('/admin/add_data')).toHaveLength(0);
  });

  test('offers the data types in plain words, their codes as the values sent', async () => {
    addDataServer();
    await openForm();
    const options = [...(select('Data Type').element() as HTMLSelectElement).options];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Select a data type'],
      ['yt_channel', 'YouTube channel'],
      ['yt_video', 'YouTube video'],
      ['web', 'Web page'],
      ['pdf', 'PDF files'],
      ['doc', 'Documents (Word, spreadsheets, text files)'],
    ]);
  });

  test('web: URL and depth 0–5 (default 0) are checked; a valid form goes out as multipart, then resets', async () => {
    const toasts = spyToasts();
    const server = addDataServer();
    const { container } = await openForm();
    await select('Data Type').selectOptions('web');
    const depth = page.getByRole('spinbutton', { name: 'Depth' });
    await expect.element(depth).toHaveValue(0);
    await expect.element(depth).toHaveAttribute('min', '0');
    await expect.element(depth).toHaveAttribute('max', '5');
    await select('Source').selectOptions('Web Source');
    await select('Project').selectOptions('dish');
    await textbox('Location (country)').fill('India');

    // Checked on blur once it holds something.
    await textbox('URL').fill('example.org');
    await userEvent.keyboard('{Tab}');
    await expect.element(textbox('URL')).toHaveAccessibleDescription(/must start with http/);
    await textbox('URL').fill('https://example.org/page');
    await expect.element(textbox('URL')).not.toHaveAttribute('aria-invalid');

    await depth.fill('6');
    await addButton().click();
    await expect.element(depth).toHaveAccessibleDescription(/whole number from 0 to 5/);
    expect(server.to('/admin/add_data')).toHaveLength(0);
    await depth.fill('2');
    await expectNoAxeViolations(container);

    await addButton().click();
    await expectToast('Data added successfully for ingestion during the next DB update.');
    expect(toasts.loading).toHaveBeenCalledWith('Adding Data...', expect.anything());
    expect(toasts.success).toHaveBeenCalledWith(
      'Data added successfully for ingestion during the next DB update.',
      expect.objectContaining({ duration: 2000 }),
    );
    expect(sentFields(server.to('/admin/add_data')[0]!.body)).toEqual({
      data_type: 'web',
      source: sources[0]!._id,
      project: 'dish',
      location: 'India',
      url: 'https://example.org/page',
      depth: '2',
      queryingApp: 'dish',
    });
    // The form resets.
    await expect.element(select('Data Type')).toHaveValue('');
    await expect.element(textbox('Location (country)')).toHaveValue('');
    await expect.element(select('Source')).toHaveValue('');
  });

  test("a refused add: 'Failed to add data: {reason}' replaces the progress toast", async () => {
    addDataServer({
      '/admin/add_data': () =>
        jsonResponse({ message: 'That source is disabled. Enable it before adding data to it.' }, 400),
    });
    await openForm();
    await select('Data Type').selectOptions('yt_video');
    await expect.element(page.getByRole('spinbutton', { name: 'Depth' })).not.toBeInTheDocument();
    await select('Source').selectOptions('Web Source');
    await select('Project').selectOptions('blimey');
    await textbox('Location (country)').fill('Kenya');
    await textbox('URL').fill('https://www.youtube.com/watch?v=abc');
    await addButton().click();
    await expectToast('Failed to add data: That source is disabled. Enable it before adding data to it.');
    await expect.element(toastWith('Adding Data...')).not.toBeInTheDocument();
    // Nothing typed is lost on failure.
    await expect.element(textbox('Location (country)')).toHaveValue('Kenya');
  });

  test('pdf: no URL, files accept .pdf, at least one file, more than 50 clears the selection', async () => {
    const server = addDataServer();
    const { container } = await openForm();
    await select('Data Type').selectOptions('pdf');
    await expect.element(textbox('URL')).not.toBeInTheDocument();
    expect(filesInput().accept).toBe('.pdf');
    expect(filesInput().multiple).toBe(true);
    await select('Source').selectOptions('Web Source');
    await select('Project').selectOptions('dish');
    await textbox('Location (country)').fill('India');

    await addButton().click();
    await expect.element(page.getByRole('alert').filter({ hasText: messages.selectFiles })).toBeVisible();
    expect(focused()).toBe(filesInput());

    chooseFiles(
      filesInput(),
      Array.from({ length: 51 }, (_, i) => fileNamed(`f${i}.pdf`)),
    );
    await expect
      .element(page.getByRole('alert').filter({ hasText: 'You can only upload up to 50 files at a time.' }))
      .toBeVisible();
    expect(filesInput().getAttribute('aria-invalid')).toBe('true');
    expect(filesInput().files?.length).toBe(0);
    await expectNoAxeViolations(container);

    chooseFiles(filesInput(), [fileNamed('notes.docx')]);
    await expect
      .element(page.getByRole('alert').filter({ hasText: 'Only .pdf files can be uploaded as pdf.' }))
      .toBeVisible();
    expect(filesInput().files?.length).toBe(0);

    chooseFiles(filesInput(), [fileNamed('a.pdf'), fileNamed('b.PDF')]);
    await expect.element(page.getByText(/Only \.pdf files/)).not.toBeInTheDocument();
    await addButton().click();
    await expectToast('Data added successfully for ingestion during the next DB update.');
    expect(sentFields(server.to('/admin/add_data')[0]!.body)).toEqual({
      data_type: 'pdf',
      source: sources[0]!._id,
      project: 'dish',
      location: 'India',
      depth: '0',
      files: ['a.pdf', 'b.PDF'],
      queryingApp: 'dish',
    });
  });

  test('doc accepts Word, spreadsheet, text and PDF files, says so, and refuses anything else', async () => {
    addDataServer();
    await openForm();
    await select('Data Type').selectOptions('doc');
    expect(filesInput().accept).toBe('.doc,.docx,.xlsx,.csv,.txt,.md,.html,.htm,.pdf');
    await expect
      .element(
        page.getByText(
          'A PDF, a Word document (.doc, .docx), a spreadsheet (.xlsx, .csv) or a text file (.txt, .md, .html); up to 50 files at once.',
        ),
      )
      .toBeVisible();
    const names = ['a.doc', 'b.docx', 'c.xlsx', 'd.csv', 'e.txt', 'f.md', 'g.html', 'h.HTM', 'i.pdf'];
    chooseFiles(
      filesInput(),
      names.map((name) => fileNamed(name)),
    );
    await expect.element(page.getByText(/not accepted/)).not.toBeInTheDocument();
    expect(filesInput().files?.length).toBe(names.length);

    chooseFiles(filesInput(), [fileNamed('notes.txt'), fileNamed('photo.png', 'image/png')]);
    await expect
      .element(page.getByRole('alert').filter({ hasText: fileTypeRefused('photo.png') }))
      .toBeVisible();
    expect(filesInput().files?.length).toBe(0);
  });

  test('keyboard only: every field and the submit button are reached with Tab', async () => {
    addDataServer();
    await openForm();
    resetFocus();
    await tabTo(bulkSwitch(), 30);
    await tabTo(select('Data Type'));
    await tabTo(select('Source'));
    await tabTo(select('Project'));
    await tabTo(textbox('Location (country)'));
    await tabTo(addButton());
    await userEvent.keyboard('{Enter}');
    expect(focused()).toBe(select('Data Type').element());
  });

  test('Back to dashboard opens the Data tab', async () => {
    addDataServer();
    const { router } = await openForm();
    await page.getByRole('link', { name: '← Back to dashboard' }).click();
    await expect.poll(() => router.state.location.href).toBe('/admindashboard?tab=data');
    await expect.element(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('bulk upload', () => {
  test('the toggle shows one file chooser (.csv,.xlsx); Upload is disabled until a file is chosen', async () => {
    addDataServer();
    const { container } = await openForm();
    await bulkSwitch().click();
    await expect.element(bulkSwitch()).toBeChecked();
    await expect.element(select('Data Type')).not.toBeInTheDocument();
    expect(bulkInput().accept).toBe('.csv,.xlsx');
    expect(bulkInput().multiple).toBe(false);
    await expect.element(button('Upload')).toBeDisabled();
    await expect.element(button('Download template')).toBeVisible();
    await expectNoAxeViolations(container);

    chooseFiles(bulkInput(), [fileNamed('rows.csv', 'text/csv')]);
    await expect.element(button('Upload')).toBeEnabled();

    // Switching bulk off clears the file.
    await bulkSwitch().click();
    await expect.element(select('Data Type')).toBeVisible();
    await bulkSwitch().click();
    expect(bulkInput().files?.length).toBe(0);
    await expect.element(button('Upload')).toBeDisabled();
  });

  test("more than one file: 'Please select only one CSV file.' and the selection clears", async () => {
    addDataServer();
    const { container } = await openForm();
    await bulkSwitch().click();
    chooseFiles(bulkInput(), [fileNamed('a.csv', 'text/csv'), fileNamed('b.csv', 'text/csv')]);
    await expect
      .element(page.getByRole('alert').filter({ hasText: 'Please select only one CSV file.' }))
      .toBeVisible();
    expect(bulkInput().files?.length).toBe(0);
    await expect.element(button('Upload')).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  test("Uploading... then 'Uploaded {records} records …', refused rows listed; the file clears", async () => {
    const toasts = spyToasts();
    const server = addDataServer({
      '/admin/bulk_upload_file': () =>
        jsonResponse(
          { records: 3, refused: [{ row: 5, reason: 'Row 5: there is no source "Nope" in dish.' }] },
          201,
        ),
    });
    const { container } = await openForm();
    await bulkSwitch().click();
    const sheet = new File(['x'], 'IngestionTemplate.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    chooseFiles(bulkInput(), [sheet]);
    await button('Upload').click();
    await expectToast('Uploaded 3 records for ingestion during the next DB update');
    expect(toasts.loading).toHaveBeenCalledWith('Uploading...', expect.anything());
    const form = server.to('/admin/bulk_upload_file')[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('IngestionTemplate.xlsx');
    expect([...form.keys()]).toEqual(['file']);
    await expect.element(toastWith('Uploaded 3 records')).toHaveTextContent(/1 row was not accepted/);
    const refused = page.getByRole('region', { name: 'Rows not accepted' });
    await expect.element(refused).toHaveTextContent('Row 5: there is no source "Nope" in dish.');
    expect(bulkInput().files?.length).toBe(0);
    await expect.element(button('Upload')).toBeDisabled();
    await expectNoAxeViolations(container);
  });

  test("a failed upload: 'Failed to upload: {reason}'", async () => {
    addDataServer({
      '/admin/bulk_upload_file': () => jsonResponse({ message: 'The file has no rows.' }, 400),
    });
    await openForm();
    await bulkSwitch().click();
    chooseFiles(bulkInput(), [fileNamed('rows.csv', 'text/csv')]);
    await button('Upload').click();
    await expectToast('Failed to upload: The file has no rows.');
  });

  test('Download template GETs /admin/get_template and saves IngestionTemplate.xlsx', async () => {
    const server = addDataServer({
      '/admin/get_template': () =>
        new Response(new Blob(['PK']), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    });
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    await openForm();
    await bulkSwitch().click();
    await button('Download template').click();
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]?.name).toBe('IngestionTemplate.xlsx');
    expect(saved[0]?.href).toMatch(/^blob:/);
    const call = server.to('/admin/get_template')[0]!;
    expect(call.method).toBe('GET');
  });

  test("a failed template download: 'Failed to fetch blob data'", async () => {
    addDataServer({
      '/admin/get_template': () => jsonResponse({ message: 'Please sign in to continue.' }, 401),
    });
    await openForm();
    await bulkSwitch().click();
    await button('Download template').click();
    await expectToast('Failed to fetch blob data');
  });
});
