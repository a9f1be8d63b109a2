import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, serverMessages, tooManyFilesMessage } from '../../../src/shared/messages';
import { retrieve } from '../../../src/server/answering/retrieval';
import type { Client } from '../../support/http';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

let t: TestServer;
let admin: Client;
let sourceId: string;
beforeAll(async () => {
  t = await startTestServer({ ...SUPER_ENV, MAX_UPLOAD_FILES: '3' });
  admin = await signInSuper(t);
  sourceId = await addSource(admin, 'Documents');
});
afterAll(() => t.stop());

const pdfFields = () => ({
  queryingApp: 'dish',
  data_type: 'pdf',
  source: sourceId,
  project: 'dish',
  location: 'India',
});
const census = () => ({
  name: 'census.pdf',
  bytes: material('documents/pdf/census-americans-with-disabilities-2010_us-001.pdf'),
});

async function pending(search?: string) {
  const res = await admin.post('/admin/get_pending_data', {
    queryingApp: 'dish',
    query: { status: { $ne: 'completed' } },
    queryOptions: { limit: 100, skip: 0 },
    ...(search ? { search } : {}),
  });
  expect(res.status).toBe(200);
  return res.body as {
    data: { _id: string; status: string; error: string | null; title: string }[];
    total: number;
  };
}

async function ingested(search?: string) {
  const res = await admin.post('/admin/get_data_bank', {
    queryingApp: 'dish',
    query: {},
    queryOptions: { limit: 100, skip: 0 },
    ...(search ? { search } : {}),
  });
  expect(res.status).toBe(200);
  return res.body as {
    data: {
      _id: string;
      title: string;
      body: string;
      resource_type: string;
      isConsumed: boolean;
      country: string;
    }[];
    total: number;
  };
}

describe('add_data with files', () => {
  it('queues a real PDF, processes it on force, and makes it searchable', async () => {
    const res = await admin.post('/admin/add_data', form(pdfFields(), [census()]));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ records: 1 });
    expect((await pending('title: census')).data[0]?.status).toBe('pending');

    await t.server.worker.runNow();
    expect((await pending('title: census')).total).toBe(0);
    const items = await ingested('body: 56.7 million');
    expect(items.total).toBe(1);
    expect(items.data[0]).toMatchObject({ resource_type: 'pdf', isConsumed: true, country: 'India' });

    // Searchable as soon as it is indexed, while its sentences are made in the background (the
    // ranking by sentences is left out meanwhile, rather than favouring passages that have them),
    // and by the whole method once they are.
    const found = async () =>
      (
        await retrieve(t.server.database.db, t.server.index, 'how many people had a disability in 2010', {
          projects: ['dish'],
        })
      )
        .slice(0, 3)
        .some((p) => p.text.includes('56.7 million people'));
    expect(await found()).toBe(true);
    await t.server.index.sentencesSearched();
    expect(t.server.index.sentencesComplete).toBe(true);
    expect(await found()).toBe(true);
  });

  it('updates the same file instead of adding it twice', async () => {
    await admin.post('/admin/add_data', form(pdfFields(), [census()]));
    await t.server.worker.runNow();
    expect((await ingested('body: 56.7 million')).total).toBe(1);
  });

  it('keeps a failed item with its error: a scanned PDF has no text layer', async () => {
    const scan = { name: 'scan.pdf', bytes: material('documents/pdf/scanned_huckfinn_c02-22.pdf') };
    expect((await admin.post('/admin/add_data', form(pdfFields(), [scan]))).status).toBe(201);
    await t.server.worker.runNow();
    const [item] = (await pending('title: scan.pdf')).data;
    expect(item?.status).toBe('failed');
    expect(item?.error).toMatch(/no text layer/);
  });

  it('checks files by content: a .pdf that is really a zip is refused and nothing is queued', async () => {
    const before = (await pending()).total;
    const docx = { name: 'report.pdf', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') };
    const res = await admin.post('/admin/add_data', form(pdfFields(), [docx]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('"report.pdf" is not a PDF file.');
    expect((await pending()).total).toBe(before);
  });

  it('accepts .doc and .docx for doc, and extracts their text', async () => {
    const files = [
      { name: 'demo.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') },
      {
        name: 'complaints.doc',
        bytes: material('documents/doc/gsa_DOJ_Section_508_Model_Complaint_Process.doc'),
      },
    ];
    const res = await admin.post('/admin/add_data', form({ ...pdfFields(), data_type: 'doc' }, files));
    expect(res.body).toEqual({ records: 2 });
    await t.server.worker.runNow();
    expect((await ingested('body: document inspector')).data[0]?.resource_type).toBe('document');
    expect((await ingested('body: alleged to be in noncompliance')).total).toBe(1);
  });

  it('refuses more files than the limit with the SPEC message', async () => {
    const res = await admin.post(
      '/admin/add_data',
      form(pdfFields(), [census(), census(), census(), census()]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(tooManyFilesMessage(3));
  });

  it('needs files for pdf and doc, and every required field', async () => {
    const none = await admin.post('/admin/add_data', form(pdfFields()));
    expect(none.body.message).toBe(messages.selectFiles);
    const { location: _l, ...noLocation } = pdfFields();
    const incomplete = await admin.post('/admin/add_data', form(noLocation, [census()]));
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message).toBe(messages.addDataIncomplete);
    const noSource = await admin.post('/admin/add_data', form({ ...pdfFields(), source: '' }, [census()]));
    expect(noSource.body.message).toBe(messages.selectSource);
    const badDepth = await admin.post(
      '/admin/add_data',
      form({ ...pdfFields(), data_type: 'web', url: 'https://example.org', depth: 9 }),
    );
    expect(badDepth.status).toBe(400);
    expect(badDepth.body.message).toMatch(/from 0 to 5/);
  });

  it('refuses an unknown or disabled source, and JSON instead of a form', async () => {
    const unknown = await admin.post(
      '/admin/add_data',
      form({ ...pdfFields(), source: 'No such source' }, [census()]),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(serverMessages.sourceNotFound);
    const disabled = await addSource(admin, 'Switched off');
    await admin.post('/admin/edit_source', {
      queryingApp: 'dish',
      sourceId: disabled,
      sourceData: { is_active: false },
    });
    const res = await admin.post('/admin/add_data', form({ ...pdfFields(), source: disabled }, [census()]));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(serverMessages.sourceDisabled);
    const json = await admin.post('/admin/add_data', pdfFields());
    expect(json.status).toBe(415);
  });
});

describe('disabling and deleting a source', () => {
  it('hides its passages from retrieval at once, and deleting removes its data only', async () => {
    const keep = await addSource(admin, 'Kept');
    const gone = await addSource(admin, 'Gone');
    const demo = { name: 'demo.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') };
    const guide = {
      name: 'guide.docx',
      bytes: material('documents/docx/daisy_Authoring_Guidelines_For_using_SaveAsDAISY.docx'),
    };
    await admin.post('/admin/add_data', form({ ...pdfFields(), data_type: 'doc', source: keep }, [guide]));
    await admin.post('/admin/add_data', form({ ...pdfFields(), data_type: 'doc', source: gone }, [demo]));
    await t.server.worker.runNow();
    const ask = () =>
      retrieve(t.server.database.db, t.server.index, 'accessibility checker document inspector', {
        projects: ['dish'],
        limit: 20,
      });
    expect((await ask()).some((p) => p.sourceId === gone)).toBe(true);

    await admin.post('/admin/edit_source', {
      queryingApp: 'dish',
      sourceId: gone,
      sourceData: { is_active: false },
    });
    expect((await ask()).some((p) => p.sourceId === gone)).toBe(false);

    await admin.post('/admin/delete_source', { queryingApp: 'dish', sourceId: gone });
    const kept = await admin.post('/admin/get_data_bank', { queryingApp: 'dish', query: { source: keep } });
    expect(kept.body.total).toBe(1);
    const removed = await admin.post('/admin/get_data_bank', {
      queryingApp: 'dish',
      query: { source: gone },
    });
    expect(removed.status).toBe(404);
  });
});
