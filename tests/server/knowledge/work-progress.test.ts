import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkView } from '../../../src/shared/admin/progress';
import { routes } from '../../../src/shared/api/routes';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser, type ChatClient } from '../../support/chat';
import type { Client } from '../../support/http';
import { material } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

// Issue 34 item 5: while an item is worked on, the admin sees its stage and how far it is (pages
// read of N, passages embedded of M, the time left), and a failure says the stage it failed in.
// The real multilingual model embeds a real report; questions are answered meanwhile.
let t: TestServer;
let admin: Client;
let source: string;
let socket: ChatClient;

const CENSUS = 'documents/pdf/census-americans-with-disabilities-2010_us-001.pdf';

const upload = async (name: string, bytes: Uint8Array<ArrayBuffer>) => {
  const fields = { queryingApp: 'dish', source, project: 'dish', location: 'Worldwide', data_type: 'pdf' };
  expect((await admin.post('/admin/add_data', form(fields, [{ name, bytes }]))).status).toBe(201);
};

const progress = () => admin.answer(routes.getIngestionProgress, { body: { queryingApp: 'dish' } });

beforeAll(async () => {
  t = await startTestServer({ ...SUPER_ENV, INGEST_INTERVAL: '0' });
  admin = await signInSuper(t);
  source = await addSource(admin, 'Reports');
  // Something to answer from while the report is indexed.
  await upload('udhr.pdf', material('documents/pdf/udhr_english_Latn.ENG_Sans_12.pdf'));
  void t.server.worker.runNow();
  while ((await progress()).counts.completed < 1) await new Promise((resolve) => setTimeout(resolve, 100));
  socket = await openChatSocket(t, await signedInChatUser(t));
}, 300_000);
afterAll(async () => {
  socket?.close();
  await t?.stop();
});

describe('the progress of an item in work', () => {
  it('shows pages read, then passages embedded moving, then nothing once done; a question is answered meanwhile', async () => {
    await upload('census.pdf', material(CENSUS));
    const seen: WorkView[] = [];
    // Watched until the queue is empty: a run already going when this one is asked for (its last
    // steps after the earlier item) would resolve before the report is taken.
    void t.server.worker.runNow();
    let answered: Promise<unknown> | null = null;
    for (;;) {
      const now = await progress();
      const work = now.working.find((w) => w.name === 'census.pdf');
      if (work) seen.push(work);
      if (work?.stage === 'embedding' && !answered)
        answered = askOnce(socket, 'What does the declaration say about the right to education?');
      if (now.counts.pending + now.counts.started === 0 && now.counts.completed === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // The stages in order, each seen: reading, embedding (saving may be too quick to be seen).
    const stages = seen.map((w) => w.stage).filter((s, i, all) => s !== all[i - 1]);
    expect(stages.slice(0, 2)).toEqual(['reading', 'embedding']);
    expect(stages.every((s) => ['reading', 'embedding', 'saving'].includes(s))).toBe(true);

    // Pages read of the page count, once known (a short report is read within a poll or two).
    for (const w of seen.filter((w) => w.stage === 'reading' && w.total !== null))
      expect(w.done).toBeLessThanOrEqual(w.total!);

    // Passages embedded of the report's passages, never going back.
    const embedding = seen.filter((w) => w.stage === 'embedding' && w.total !== null);
    const total = embedding[0]!.total!;
    expect(total).toBeGreaterThan(10);
    expect(embedding.every((w) => w.total === total)).toBe(true);
    const counts = embedding.map((w) => w.done);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBeLessThanOrEqual(total);

    const after = await progress();
    expect(after.working).toEqual([]);
    expect(after.counts).toMatchObject({ started: 0, failed: 0, completed: 2 });

    // The question asked while the report was embedded got its answer, from the declaration.
    expect(answered).not.toBeNull();
    const answer = (await answered) as Awaited<ReturnType<typeof askOnce>>;
    expect(answer.content.response.error).toBeNull();
    expect(answer.content.response.links.some((l) => l.url.includes('udhr'))).toBe(true);
  }, 300_000);

  it('says which stage a failed item failed in, then why', async () => {
    await upload('damaged.pdf', new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF\n%%EOF\n'));
    void t.server.worker.runNow();
    await expect.poll(async () => (await progress()).counts.failed, { timeout: 60_000 }).toBe(1);
    const { data } = await admin.answer(routes.getPendingData, {
      body: {
        queryingApp: 'dish',
        query: { status: { $ne: 'completed' } },
        queryOptions: { limit: 50, skip: 0 },
      },
    });
    const damaged = data.find((i) => i.title === 'damaged.pdf');
    expect(damaged).toMatchObject({
      status: 'failed',
      error: 'Reading the file failed: This PDF is damaged and its text could not be read.',
    });
  }, 120_000);
});
