import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrieve } from '../../../src/server/answering/retrieval';
import type { Client } from '../../support/http';
import { addSource, form, SUPER_ENV, signInSuper } from '../../support/admin';
import { material } from '../../support/shared';
import { startTestServer, type TestServer } from '../../support/server';

// YouTube as recorded (transcript_dart capture of eF8Qqp7rjDg), replayed on 127.0.0.1.
const recordings: Record<string, [string, Uint8Array]> = {
  'GET /watch': ['text/html; charset=utf-8', material('youtube/transcript_dart/youtube_page.html')],
  'POST /youtubei/v1/player': [
    'application/json',
    material('youtube/transcript_dart/innertube_response.json'),
  ],
  'GET /api/timedtext': ['text/xml', material('youtube/transcript_dart/transcript.xml')],
};

let replay: Server;
let t: TestServer;
let admin: Client;
beforeAll(async () => {
  replay = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = `${req.method} ${new URL(req.url ?? '/', 'http://replay').pathname}`;
      const recorded = recordings[key];
      if (!recorded) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': recorded[0] }).end(recorded[1]);
    });
  });
  await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
  const { port } = replay.address() as { port: number };
  const replayFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== 'https://www.youtube.com') return Promise.reject(new Error(`unexpected ${url.href}`));
    return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, init);
  };
  t = await startTestServer(SUPER_ENV, { fetch: replayFetch });
  admin = await signInSuper(t);
});
afterAll(async () => {
  await t.stop();
  await new Promise<void>((resolve) => replay.close(() => resolve()));
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
    expect(video?.title).toBe('Halloween Infrastructure Update - 27th October 2023');
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
