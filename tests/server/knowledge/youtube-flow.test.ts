import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieve } from '../../../src/server/answering/retrieval';
import type { Client } from '../../support/http';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { startTestServer, type TestServer } from '../../support/server';
import { REPLAYED_VIDEO, startYouTubeReplay } from '../../support/youtube-replay';

let replay: Awaited<ReturnType<typeof startYouTubeReplay>>;
let t: TestServer;
let admin: Client;
beforeAll(async () => {
  replay = await startYouTubeReplay();
  t = await startTestServer(SUPER_ENV, { fetch: replay.fetch });
  admin = await signInSuper(t);
});
afterAll(async () => {
  await t.stop();
  await replay.stop();
});

describe('yt_video through the admin calls', () => {
  it('ingests the title and transcript of a video, searchable, linking to the video', async () => {
    const source = await addSource(admin, 'Videos');
    const res = await admin.post(
      '/admin/add_data',
      form({
        queryingApp: 'dish',
        data_type: 'yt_video',
        source,
        project: 'dish',
        location: 'Worldwide',
        url: 'https://youtu.be/eF8Qqp7rjDg',
      }),
    );
    expect(res.status).toBe(201);
    await t.server.worker.runNow();
    const bank = await admin.post('/admin/get_data_bank', {
      queryingApp: 'dish',
      query: {},
      search: 'resource_type: video',
    });
    const [video] = bank.body.data as { title: string; url: string; body: string }[];
    expect(video?.title).toBe(REPLAYED_VIDEO.title);
    expect(video?.url).toBe('https://www.youtube.com/watch?v=eF8Qqp7rjDg');
    const transcript = await admin.post('/admin/get_data_bank', {
      queryingApp: 'dish',
      query: {},
      search: 'body: citizens of the world welcome to this',
    });
    expect(transcript.body.total).toBe(1);
    const [best] = await retrieve(t.server.database.db, t.server.index, 'citizens of the world', {
      projects: ['dish'],
    });
    expect(best?.url).toBe('https://www.youtube.com/watch?v=eF8Qqp7rjDg');
  });

  it('refuses a yt_video address that is not a URL', async () => {
    const source = await addSource(admin, 'More videos');
    const res = await admin.post(
      '/admin/add_data',
      form({
        queryingApp: 'dish',
        data_type: 'yt_video',
        source,
        project: 'dish',
        location: 'x',
        url: 'not a url',
      }),
    );
    expect(res.status).toBe(400);
  });
});
