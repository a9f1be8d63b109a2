import { createServer } from 'node:http';
import { material } from './shared';

// The transcript_dart capture of eF8Qqp7rjDg: the watch page, the player answer and the captions.
const recordings: Record<string, [string, Uint8Array]> = {
  'GET /watch': ['text/html; charset=utf-8', material('youtube/transcript_dart/youtube_page.html')],
  'POST /youtubei/v1/player': [
    'application/json',
    material('youtube/transcript_dart/innertube_response.json'),
  ],
  'GET /api/timedtext': ['text/xml', material('youtube/transcript_dart/transcript.xml')],
};

export const REPLAYED_VIDEO = {
  id: 'eF8Qqp7rjDg',
  url: 'https://www.youtube.com/watch?v=eF8Qqp7rjDg',
  title: 'Halloween Infrastructure Update - 27th October 2023',
};

/**
 * YouTube as recorded, on 127.0.0.1, and a fetch for the server's connectors that sends
 * https://www.youtube.com/… there and refuses every other address.
 */
export async function startYouTubeReplay(): Promise<{ fetch: typeof fetch; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const recorded = recordings[`${req.method} ${new URL(req.url ?? '/', 'http://replay').pathname}`];
      if (!recorded) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': recorded[0] }).end(recorded[1]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const replayFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== 'https://www.youtube.com') return Promise.reject(new Error(`unexpected ${url.href}`));
    return fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, init);
  };
  return { fetch: replayFetch, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
