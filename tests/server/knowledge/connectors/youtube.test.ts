/**
 * The YouTube connectors against recorded YouTube responses (shared/material/youtube, see SOURCES.md §3),
 * replayed by a local HTTP server. The connectors' injected fetch sends every https://www.youtube.com/...
 * request there; each test lists which recorded file answers which request, and the requests the
 * connector made are kept for assertions.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError } from '../../../../src/server/knowledge/connectors/types';
import {
  YouTubeError,
  cuesToParagraphs,
  fetchVideo,
  listChannelVideos,
  parseChannelRef,
  parseTimedText,
  parseVideoId,
} from '../../../../src/server/knowledge/connectors/youtube';

const FIXTURES = path.resolve(process.env.SHARED_DIR ?? '../shared', 'material/youtube');
const fixture = (name: string): Buffer => readFileSync(path.join(FIXTURES, name));

const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=UTF-8';
const XML = 'text/xml; charset=UTF-8';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
interface Reply {
  status?: number;
  type: string;
  body: Buffer | string;
}
/** Answers a request, or returns undefined to let the replay server answer 404. */
type Handler = (req: Seen) => Reply | undefined;

let server: Server;
let base = '';
/** "GET /watch" → handler; reset before each test. */
let routes = new Map<string, Handler>();
let seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://replay');
      const request: Seen = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(request);
      const reply = routes.get(`${request.method} ${request.path}`)?.(request);
      if (!reply) {
        res
          .writeHead(404, { 'content-type': 'text/plain' })
          .end(`no recording for ${request.method} ${req.url}`);
        return;
      }
      res.writeHead(reply.status ?? 200, { 'content-type': reply.type }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routes = new Map();
  seen = [];
});

/** The fetch handed to the connectors: YouTube's origin is rewritten to the replay server, nothing else is allowed. */
const replayFetch: typeof fetch = (input, init) => {
  const original = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
  if (original.origin !== 'https://www.youtube.com') {
    return Promise.reject(new Error(`unexpected request to ${original.href}`));
  }
  return fetch(`${base}${original.pathname}${original.search}`, init);
};

const serve =
  (type: string, body: Buffer | string, status = 200): Handler =>
  () => ({ status, type, body });

function jsonBody(req: Seen): Record<string, unknown> {
  return JSON.parse(req.body) as Record<string, unknown>;
}

const requests = (method: string, p: string) => seen.filter((r) => r.method === method && r.path === p);

async function rejection(promise: Promise<unknown>): Promise<YouTubeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error).toBeInstanceOf(YouTubeError);
    return error as YouTubeError;
  }
  throw new Error('expected a rejection');
}

describe('parseVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=eF8Qqp7rjDg', 'eF8Qqp7rjDg'],
    ['https://www.youtube.com/watch?feature=share&v=GJLlxj_dtq8&t=42s', 'GJLlxj_dtq8'],
    ['http://youtube.com/watch?v=GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['https://m.youtube.com/watch?v=GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['www.youtube.com/watch?v=GJLlxj_dtq8', 'GJLlxj_dtq8'],
    ['https://youtu.be/eF8Qqp7rjDg', 'eF8Qqp7rjDg'],
    ['https://youtu.be/eF8Qqp7rjDg?si=abc&t=10', 'eF8Qqp7rjDg'],
    ['https://www.youtube.com/shorts/BD-LB23rRBE', 'BD-LB23rRBE'],
    ['https://www.youtube.com/embed/CIFHx7_z3Vc?start=3', 'CIFHx7_z3Vc'],
    ['https://www.youtube-nocookie.com/embed/CIFHx7_z3Vc', 'CIFHx7_z3Vc'],
    ['https://www.youtube.com/live/t_xLpJo_35k?feature=share', 't_xLpJo_35k'],
    ['t_xLpJo_35k', 't_xLpJo_35k'],
    ['  t_xLpJo_35k  ', 't_xLpJo_35k'],
  ])('%s → %s', (url, id) => {
    expect(parseVideoId(url)).toBe(id);
  });

  it.each([
    'https://www.youtube.com/watch?v=tooShort',
    'https://www.youtube.com/watch?v=waytoolongid123',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/@creativecommons',
    'https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q',
    'https://example.com/watch?v=eF8Qqp7rjDg',
    'https://notyoutube.com/shorts/BD-LB23rRBE',
    'ftp://youtu.be/eF8Qqp7rjDg',
    'not a url at all',
    '',
  ])('%s → null', (url) => {
    expect(parseVideoId(url)).toBeNull();
  });
});

describe('parseChannelRef', () => {
  it.each([
    [
      'https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q',
      { type: 'id', value: 'UCTwECeGqMZee77BjdoYtI2Q' },
    ],
    [
      'https://www.youtube.com/channel/UCs6nmQViDpUw0nuIx9c_WvA/videos',
      { type: 'id', value: 'UCs6nmQViDpUw0nuIx9c_WvA' },
    ],
    ['UCTwECeGqMZee77BjdoYtI2Q', { type: 'id', value: 'UCTwECeGqMZee77BjdoYtI2Q' }],
    ['https://www.youtube.com/@creativecommons', { type: 'handle', value: 'creativecommons' }],
    ['https://m.youtube.com/@creativecommons/videos?view=0', { type: 'handle', value: 'creativecommons' }],
    ['youtube.com/@creativecommons', { type: 'handle', value: 'creativecommons' }],
    ['@creativecommons', { type: 'handle', value: 'creativecommons' }],
    ['https://www.youtube.com/@%D9%85%D8%AB%D8%A7%D9%84', { type: 'handle', value: 'مثال' }],
    ['https://www.youtube.com/user/creativecommons', { type: 'user', value: 'creativecommons' }],
    [
      'https://www.youtube.com/c/ProgrammingKnowledge/videos',
      { type: 'custom', value: 'ProgrammingKnowledge' },
    ],
  ])('%s', (url, ref) => {
    expect(parseChannelRef(url)).toEqual(ref);
  });

  it.each([
    'https://www.youtube.com/watch?v=eF8Qqp7rjDg',
    'https://www.youtube.com/channel/notAChannelId',
    'https://www.youtube.com/',
    'https://youtu.be/eF8Qqp7rjDg',
    'https://example.com/@creativecommons',
    'hello',
  ])('%s → null', (url) => {
    expect(parseChannelRef(url)).toBeNull();
  });
});

describe('fetchVideo: transcript_dart capture (eF8Qqp7rjDg, one en ASR track)', () => {
  beforeEach(() => {
    routes.set('GET /watch', serve(HTML, fixture('transcript_dart/youtube_page.html')));
    routes.set('POST /youtubei/v1/player', (req) =>
      jsonBody(req).videoId === 'eF8Qqp7rjDg'
        ? { type: JSON_TYPE, body: fixture('transcript_dart/innertube_response.json') }
        : undefined,
    );
    routes.set('GET /api/timedtext', (req) =>
      req.query.get('v') === 'eF8Qqp7rjDg' && req.query.get('lang') === 'en'
        ? { type: XML, body: fixture('transcript_dart/transcript.xml') }
        : undefined,
    );
  });

  it('gives the title, the description and the transcript in readable paragraphs', async () => {
    const doc = await fetchVideo('https://youtu.be/eF8Qqp7rjDg', { fetch: replayFetch });
    expect(doc.videoId).toBe('eF8Qqp7rjDg');
    expect(doc.url).toBe('https://www.youtube.com/watch?v=eF8Qqp7rjDg');
    expect(doc.title).toBe('Halloween Infrastructure Update - 27th October 2023');
    expect(doc.language).toBe('en');
    expect(doc.description.startsWith('Spooky selection of updates!')).toBe(true);

    const transcript = doc.transcript ?? '';
    expect(
      transcript.startsWith('citizens of the world welcome to this Halloween Azure infrastructure'),
    ).toBe(true);
    // &amp;#39; in the XML is an apostrophe once both levels are decoded.
    expect(transcript).toContain("what's new so the free offers with Azure they've now added");
    expect(doc.body).not.toMatch(/&amp;|&#39;|&#\d+;|&quot;|&lt;|&gt;/);
    // The 133 overlapping ASR cues become a handful of paragraphs, with no word lost or repeated.
    const paragraphs = transcript.split('\n\n');
    expect(paragraphs.length).toBeGreaterThan(2);
    expect(paragraphs.length).toBeLessThan(20);
    const cueWords = parseTimedText(fixture('transcript_dart/transcript.xml').toString('utf8')).flatMap((c) =>
      c.text.split(' '),
    );
    expect(transcript.split(/\s+/)).toEqual(cueWords);

    // body: description, then the transcript.
    expect(doc.body).toBe(`${doc.description}\n\n${transcript}`);
  });

  it('asks the player as the Android client with the page API key, and the caption file without fmt=srv3', async () => {
    await fetchVideo('eF8Qqp7rjDg', { fetch: replayFetch });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /watch',
      'POST /youtubei/v1/player',
      'GET /api/timedtext',
    ]);
    const [page, player, timedtext] = seen;
    expect(page?.query.get('v')).toBe('eF8Qqp7rjDg');
    expect(player?.query.get('key')).toBe('AIzaSyAO_FJ2SlqU8Q4STEHLGCilw_Y9_11qcW8');
    expect(jsonBody(player!)).toMatchObject({
      videoId: 'eF8Qqp7rjDg',
      context: { client: { clientName: 'ANDROID' } },
    });
    expect(timedtext?.query.get('kind')).toBe('asr');
    expect(timedtext?.query.has('fmt')).toBe(false);
    expect(timedtext?.query.get('signature')).toBe(
      'AB68A9AACDB331A3E9060E0C3AB801E57948D361.649F9CF2EDA546FC1C4F1CB71EDF1317A385FEA5',
    );
  });

  it('falls back to the only track when the preferred language is missing', async () => {
    const doc = await fetchVideo('eF8Qqp7rjDg', { fetch: replayFetch, languages: ['fr', 'de'] });
    expect(doc.language).toBe('en');
    expect(doc.transcript?.startsWith('citizens of the world')).toBe(true);
  });
});

/*
 * jdepoix's normal capture: GJLlxj_dtq8 "Surface Go Review" with nine tracks (zh, cs, en, en-ASR, de, hi,
 * ja, ko, es). Caveat: the only recorded caption file, transcript.xml.static, is hand-made ("I made up
 * for testing") and is what every track's URL answers here, so these tests prove which track's URL is
 * requested (its lang and kind), not that the text is Hindi or German.
 */
describe('fetchVideo: youtube-transcript-api captures', () => {
  const jdepoix = (name: string) => fixture(`transcript_api_jdepoix/${name}`);
  const MADE_UP =
    'Hey, this is just a test this is not the original transcript just something shorter, I made up for testing';

  function normalVideo(player = 'youtube.innertube.json.static') {
    routes.set('GET /watch', serve(HTML, jdepoix('youtube.html.static')));
    routes.set('POST /youtubei/v1/player', serve(JSON_TYPE, jdepoix(player)));
    routes.set('GET /api/timedtext', (req) =>
      req.query.get('v') === 'GJLlxj_dtq8'
        ? { type: XML, body: jdepoix('transcript.xml.static') }
        : undefined,
    );
  }
  const timedtextRequest = () => requests('GET', '/api/timedtext').at(-1);

  it('picks the requested language track (hi)', async () => {
    normalVideo();
    const doc = await fetchVideo('https://www.youtube.com/watch?v=GJLlxj_dtq8', {
      fetch: replayFetch,
      languages: ['hi'],
    });
    expect(doc.title).toBe('Surface Go Review - It’s Awesome');
    expect(doc.language).toBe('hi');
    expect(timedtextRequest()?.query.get('lang')).toBe('hi');
    expect(requests('GET', '/api/timedtext')).toHaveLength(1);
    // The hand-made file: tags (&lt;i&gt;) removed, the empty cue dropped.
    expect(doc.transcript).toBe(MADE_UP);
    expect(doc.body.endsWith(MADE_UP)).toBe(true);
  });

  it('takes the first preferred language that exists, a base language matching a regional code', async () => {
    normalVideo();
    const doc = await fetchVideo('GJLlxj_dtq8', { fetch: replayFetch, languages: ['fr', 'de-AT', 'hi'] });
    expect(doc.language).toBe('de');
    expect(timedtextRequest()?.query.get('lang')).toBe('de');
  });

  it('prefers the manual track over the auto-generated one of the same language', async () => {
    normalVideo();
    const doc = await fetchVideo('GJLlxj_dtq8', { fetch: replayFetch, languages: ['en'] });
    expect(doc.language).toBe('en');
    expect(timedtextRequest()?.query.get('lang')).toBe('en');
    expect(timedtextRequest()?.query.has('kind')).toBe(false);
  });

  it("without preferences takes the video's own language (manual en), not the first listed track (zh)", async () => {
    normalVideo();
    const doc = await fetchVideo('GJLlxj_dtq8', { fetch: replayFetch });
    expect(doc.language).toBe('en');
    expect(timedtextRequest()?.query.has('kind')).toBe(false);
  });

  it('skips a track that needs a proof-of-origin token (exp=xpe) for the next best', async () => {
    normalVideo('youtube_po_token_required.innertube.json.static');
    const doc = await fetchVideo('GJLlxj_dtq8', { fetch: replayFetch, languages: ['en'] });
    expect(doc.language).toBe('en');
    expect(timedtextRequest()?.query.get('kind')).toBe('asr');
    expect(timedtextRequest()?.query.has('exp')).toBe(false);
  });

  it('gives title and description when transcripts are disabled', async () => {
    normalVideo('youtube_transcripts_disabled.innertube.json.static');
    const doc = await fetchVideo('dsMFmonKDD4', { fetch: replayFetch });
    expect(doc.title).toBe('Angèle - Eels x Richard Cocciante | A Take Away Show');
    expect(doc.transcript).toBeUndefined();
    expect(doc.language).toBeUndefined();
    expect(doc.body).toBe(doc.description);
    expect(doc.body.length).toBeGreaterThan(100);
    expect(requests('GET', '/api/timedtext')).toHaveLength(0);
  });

  it('accepts the cookie-consent page once and reads the video', async () => {
    normalVideo();
    routes.set('GET /watch', (req) =>
      String(req.headers.cookie).includes('CONSENT=YES+cb.20210328-17-p0.de+FX+119')
        ? { type: HTML, body: jdepoix('youtube.html.static') }
        : { type: HTML, body: jdepoix('youtube_consent_page.html.static') },
    );
    const doc = await fetchVideo('GJLlxj_dtq8', { fetch: replayFetch, languages: ['en'] });
    expect(doc.title).toBe('Surface Go Review - It’s Awesome');
    expect(requests('GET', '/watch')).toHaveLength(2);
  });

  it('fails with a clear sentence when the consent page keeps coming', async () => {
    normalVideo();
    routes.set('GET /watch', serve(HTML, jdepoix('youtube_consent_page.html.static')));
    const error = await rejection(fetchVideo('GJLlxj_dtq8', { fetch: replayFetch }));
    expect(error.code).toBe('consent');
  });

  it.each([
    ['youtube_video_unavailable.innertube.json.static', 'unavailable', 'This video is unavailable.', false],
    [
      'youtube_age_restricted.innertube.json.static',
      'age_restricted',
      'This video is age-restricted: YouTube shows it only to signed-in adults, so it cannot be read.',
      false,
    ],
    [
      'youtube_request_blocked.innertube.json.static',
      'blocked',
      'YouTube blocked the request from this server (it asks to sign in to confirm this is not a bot); it will be tried again later.',
      true,
    ],
    [
      'youtube_unplayable.innertube.json.static',
      'unplayable',
      'YouTube will not play this video. YouTube says: "Custom Reason Sub Reason 1Sub Reason 2".',
      false,
    ],
  ])('%s → %s', async (player, code, message, retryable) => {
    normalVideo(player);
    const error = await rejection(fetchVideo('GJLlxj_dtq8', { fetch: replayFetch }));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.retryable).toBe(retryable);
    expect(requests('GET', '/api/timedtext')).toHaveLength(0);
  });

  it('too many requests: the reCAPTCHA page instead of the watch page', async () => {
    normalVideo();
    routes.set('GET /watch', serve(HTML, jdepoix('youtube_too_many_requests.html.static')));
    const error = await rejection(fetchVideo('GJLlxj_dtq8', { fetch: replayFetch }));
    expect(error.code).toBe('too_many_requests');
    expect(error.message).toBe(
      'YouTube refused the request (too many requests); it will be tried again later.',
    );
    expect(error.retryable).toBe(true);
    expect(requests('POST', '/youtubei/v1/player')).toHaveLength(0);
  });

  it('too many requests: HTTP 429 on the caption file', async () => {
    normalVideo();
    routes.set('GET /api/timedtext', serve(HTML, jdepoix('youtube_too_many_requests.html.static'), 429));
    const error = await rejection(fetchVideo('GJLlxj_dtq8', { fetch: replayFetch }));
    expect(error.code).toBe('too_many_requests');
  });

  it('uses the watch page player response when the player request is refused', async () => {
    routes.set('GET /watch', serve(HTML, fixture('transcript_dart/youtube_page.html')));
    // Not a recording: a refused player request, to reach the fallback.
    routes.set(
      'POST /youtubei/v1/player',
      serve(JSON_TYPE, '{"error":{"code":400,"status":"FAILED_PRECONDITION"}}', 400),
    );
    routes.set('GET /api/timedtext', serve(XML, fixture('transcript_dart/transcript.xml')));
    const doc = await fetchVideo('eF8Qqp7rjDg', { fetch: replayFetch });
    expect(doc.title).toBe('Halloween Infrastructure Update - 27th October 2023');
    expect(doc.description.startsWith('Spooky selection of updates!')).toBe(true);
    // The page is the web client's view: its only caption URL carries exp=xpe (it needs a proof-of-origin
    // token), which is why the Android player is asked first. So: title and description, no transcript.
    expect(doc.transcript).toBeUndefined();
    expect(requests('GET', '/api/timedtext')).toHaveLength(0);
  });

  it('rejects an address that names no video without asking YouTube', async () => {
    const error = await rejection(
      fetchVideo('https://www.youtube.com/@creativecommons', { fetch: replayFetch }),
    );
    expect(error.code).toBe('invalid_url');
    expect(seen).toHaveLength(0);
  });

  it("passes the caller's abort through as it is, not as a connector error", async () => {
    normalVideo();
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchVideo('GJLlxj_dtq8', { fetch: replayFetch, signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('cue merging', () => {
  it('drops words a rolling caption repeats from the previous cue', () => {
    const paragraphs = cuesToParagraphs([
      { start: 0, end: 3, text: 'we are going to' },
      { start: 2, end: 5, text: 'going to talk about' },
      { start: 4, end: 7, text: 'talk about accessible ramps' },
      { start: 6, end: 8, text: 'talk about accessible ramps' },
    ]);
    expect(paragraphs).toEqual(['we are going to talk about accessible ramps']);
  });

  it('keeps a single repeated word and text that does not overlap in time', () => {
    expect(
      cuesToParagraphs([
        { start: 0, end: 2, text: 'I think that' },
        { start: 1.5, end: 3, text: 'that works' },
        { start: 3, end: 4, text: 'works well' },
      ]),
    ).toEqual(['I think that that works works well']);
  });

  it('reads the srv3 format and decodes references in it', () => {
    const cues = parseTimedText(
      '<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>' +
        '<p t="560" d="5799" w="1"><s ac="0">citizens</s><s t="320"> of</s><s t="640"> the</s></p>' +
        '<p t="6000" d="1000">what&amp;#39;s new</p></body></timedtext>',
    );
    expect(cues).toEqual([
      { start: 0.56, end: 0.56 + 5.799, text: 'citizens of the' },
      { start: 6, end: 7, text: "what's new" },
    ]);
  });
});

describe('listChannelVideos: NewPipe recordings (UCTwECeGqMZee77BjdoYtI2Q, Creative Commons)', () => {
  interface Mock {
    request: { httpMethod: string; url: string; dataToSend: number[] };
    response: { responseCode: number; responseHeaders: Record<string, string[]>; responseBody: string };
  }
  const mock = (n: number) =>
    JSON.parse(fixture(`channel_videos_newpipe/generated_mock_${n}.json`).toString('utf8')) as Mock;

  /** Answers only a request whose JSON, apart from the client context, is the recorded one. */
  function route(n: number) {
    const { request, response } = mock(n);
    const recorded = JSON.parse(Buffer.from(request.dataToSend).toString('utf8')) as Record<string, unknown>;
    delete recorded.context;
    const url = new URL(request.url);
    const key = `${request.httpMethod} ${url.pathname}`;
    const previous = routes.get(key);
    routes.set(key, (req) => {
      const { context: _context, ...sent } = jsonBody(req);
      if (JSON.stringify(sent) === JSON.stringify(recorded)) {
        return {
          status: response.responseCode,
          type: response.responseHeaders['content-type']?.[0] ?? JSON_TYPE,
          body: response.responseBody,
        };
      }
      return previous?.(req);
    });
  }
  beforeEach(() => {
    route(2);
    route(3);
    route(4);
  });

  it('gives the 30 videos of the Videos tab, first BD-LB23rRBE', async () => {
    const videos = await listChannelVideos('https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q', {
      fetch: replayFetch,
      max: 30,
    });
    expect(videos).toHaveLength(30);
    expect(videos[0]).toEqual({
      videoId: 'BD-LB23rRBE',
      title:
        'Expert Panel III: Global Perspectives on Open Heritage and Diversity, Inclusion, and Sustainability',
      url: 'https://www.youtube.com/watch?v=BD-LB23rRBE',
    });
    expect(new Set(videos.map((v) => v.videoId)).size).toBe(30);
    expect(videos.every((v) => v.title.length > 0)).toBe(true);
    // The channel id needs no resolving; 30 is reached without a continuation.
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /youtubei/v1/browse']);
  });

  it('follows the continuation: 60 videos, the 31st CIFHx7_z3Vc', async () => {
    const videos = await listChannelVideos(
      'https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q/videos',
      {
        fetch: replayFetch,
        max: 60,
      },
    );
    expect(videos).toHaveLength(60);
    expect(videos[0]?.videoId).toBe('BD-LB23rRBE');
    expect(videos[30]?.videoId).toBe('CIFHx7_z3Vc');
    expect(new Set(videos.map((v) => v.videoId)).size).toBe(60);
    expect(requests('POST', '/youtubei/v1/browse')).toHaveLength(2);
  });

  it('resolves a /user/ address first (resolve_url), then browses', async () => {
    const videos = await listChannelVideos('https://www.youtube.com/user/creativecommons', {
      fetch: replayFetch,
      max: 45,
    });
    expect(videos).toHaveLength(45);
    expect(videos[30]?.videoId).toBe('CIFHx7_z3Vc');
    expect(seen.map((r) => r.path)).toEqual([
      '/youtubei/v1/navigation/resolve_url',
      '/youtubei/v1/browse',
      '/youtubei/v1/browse',
    ]);
  });

  it('fails clearly when a next page cannot be had (no recording of a third page)', async () => {
    const error = await rejection(
      listChannelVideos('https://www.youtube.com/channel/UCTwECeGqMZee77BjdoYtI2Q', { fetch: replayFetch }),
    );
    expect(error.code).toBe('http');
    expect(error.retryable).toBe(true);
    expect(requests('POST', '/youtubei/v1/browse')).toHaveLength(3);
  });
});

describe('listChannelVideos: pytube channel page (UCs6nmQViDpUw0nuIx9c_WvA, ProgrammingKnowledge)', () => {
  const page = gunzipSync(fixture('channel_videos_pytube/channel-videos.html.gz'));
  const FIRST_TEN = [
    't_xLpJo_35k',
    'ccbh5YhxouQ',
    'wDnFjDjxW_0',
    'F3W_p_4XftA',
    '_fxm0xGGEi4',
    'cRbKZzcuIsg',
    'sdDu3dfIuow',
    '10KIbp-gJCE',
    'wZIT-cRtd6s',
    'KucCvEbTj0w',
  ];
  // Not a recording: the shape of YouTube's answer to a browse request with stale tab params.
  const INVALID_ARGUMENT = JSON.stringify({
    error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
  });

  beforeEach(() => {
    routes.set('GET /channel/UCs6nmQViDpUw0nuIx9c_WvA/videos', serve(HTML, page));
    routes.set('POST /youtubei/v1/browse', serve(JSON_TYPE, INVALID_ARGUMENT, 400));
  });

  it('reads the /videos page when the browse request is refused', async () => {
    const videos = await listChannelVideos('https://www.youtube.com/channel/UCs6nmQViDpUw0nuIx9c_WvA', {
      fetch: replayFetch,
      max: 30,
    });
    expect(videos.slice(0, 10).map((v) => v.videoId)).toEqual(FIRST_TEN);
    expect(videos).toHaveLength(30);
    expect(
      videos.every((v) => v.title.length > 0 && v.url === `https://www.youtube.com/watch?v=${v.videoId}`),
    ).toBe(true);
  });

  it("continues with the page's token and client version", async () => {
    const error = await rejection(
      listChannelVideos('https://www.youtube.com/channel/UCs6nmQViDpUw0nuIx9c_WvA', {
        fetch: replayFetch,
        max: 31,
      }),
    );
    expect(error.code).toBe('http');
    const continuation = requests('POST', '/youtubei/v1/browse').at(-1);
    expect(jsonBody(continuation!)).toMatchObject({
      continuation: expect.stringMatching(/^4qmFsgKFARIYVUNzNm5tUVZpRHBVdzBudUl4OWNfV3ZB/) as unknown,
      context: { client: { clientName: 'WEB', clientVersion: '2.20210504.02.00' } },
    });
  });
});
