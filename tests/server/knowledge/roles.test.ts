import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { createWorkerServer, type WorkerServer } from '../../../src/server/compose/worker-server';
import { addSource, form, SUPER_ENV, signInSuper, pendingStatus } from '../../support/admin';
import { askOnce, openChatSocket, signedInChatUser } from '../../support/chat';
import { createPostgresDatabase, startTestServer, type TestServer } from '../../support/server';
import { material } from '../../support/shared';

/**
 * ROLE=web and ROLE=worker side by side on one PostgreSQL database (PGlite is one process's, so
 * this runs in the PostgreSQL pass of `.ci/run`): the web process serves people and leaves the
 * queue alone; "Process Now" on it reaches the worker process through a notice.
 */
describe.skipIf(!process.env.DATABASE_URL)('a web process and a worker process sharing PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let web: TestServer;
  let worker: WorkerServer;
  let workerUrl: string;
  let workerData: string;

  beforeAll(async () => {
    database = await createPostgresDatabase(process.env.DATABASE_URL!);
    // No schedule on either: only "Process Now" can start the work.
    web = await startTestServer({
      ...SUPER_ENV,
      ROLE: 'web',
      DATABASE_URL: database.url,
      INGEST_INTERVAL: '0',
    });
    workerData = await mkdtemp(path.join(os.tmpdir(), 'dish-worker-'));
    worker = await createWorkerServer(
      loadConfig({
        ...process.env,
        ROLE: 'worker',
        DATABASE_URL: database.url,
        DATA_DIR: workerData,
        INGEST_INTERVAL: '0',
        ALLOW_REMOTE_MODELS: 'false',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      }),
    );
    workerUrl = await worker.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await web?.stop();
    await database?.drop();
    await rm(workerData, { recursive: true, force: true });
  });

  it('a file added through the web process is read by the worker after Process Now, and answered through the web', async () => {
    const admin = await signInSuper(web);
    const source = await addSource(admin, 'Guides');
    const added = await admin.post(
      '/admin/add_data',
      form({ queryingApp: 'dish', source, project: 'dish', location: 'Worldwide', data_type: 'doc' }, [
        { name: 'checker.docx', bytes: material('documents/docx/daisy_Accessibility_demofile.docx') },
      ]),
    );
    expect(added.status).toBe(201);
    // The web process has no worker of its own at work: without the nudge, the item waits.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await pendingStatus(admin, 'checker.docx')).toBe('pending');

    expect((await admin.post('/admin/force_ingest_data', { queryingApp: 'dish' })).status).toBe(200);
    await expect
      .poll(() => pendingStatus(admin, 'checker.docx'), { timeout: 60_000, interval: 250 })
      .toBe('completed');

    const user = await signedInChatUser(web);
    const socket = await openChatSocket(web, user);
    try {
      const answer = await askOnce(socket, 'What does the accessibility checker look for?');
      expect(answer.content.response.answer).toMatch(/potential problem for people with disabilities/);
    } finally {
      socket.close();
    }
  }, 120_000);

  it('the worker process answers health and readiness, and nothing else', async () => {
    expect((await fetch(`${workerUrl}/api/health`)).status).toBe(200);
    const ready = await fetch(`${workerUrl}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      checks: { process: 'ready', database: 'ready', models: 'ready' },
    });
    const other = await fetch(`${workerUrl}/admin/get_data_bank`, { method: 'POST' });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({
      message: 'This process works the ingestion queue and serves nothing else.',
    });
    expect((await fetch(`${workerUrl}/socket.io/?EIO=4&transport=polling`)).status).toBe(404);
  });
});
