/**
 * yt_video: one YouTube video's title, description and transcript.
 *
 * The requests are the ones youtube-transcript-api makes (see youtube.ts for why this is not youtubei.js):
 *   1. GET https://www.youtube.com/watch?v=ID: the page's ytcfg gives the InnerTube API key; a consent
 *      interstitial is accepted once with the cookie its form names; a reCAPTCHA page means "too many
 *      requests".
 *   2. POST /youtubei/v1/player as the Android client: playabilityStatus (unavailable, age-restricted,
 *      bot check, ...), videoDetails (title, description) and the caption tracks. If that request is refused
 *      with a 4xx, the watch page's own ytInitialPlayerResponse is used instead.
 *   3. GET the chosen caption track's baseUrl without `fmt` (the `<transcript><text start dur>` XML); the
 *      srv3 `<timedtext><p t d>` format is read too.
 */
import type { ExtractedDocument } from './types';
import {
  ANDROID_CONTEXT,
  DEFAULT_COOKIE,
  YOUTUBE_ORIGIN,
  YouTubeError,
  consentCookie,
  decodeEntities,
  dig,
  extractJsonObject,
  getText,
  isConsentPage,
  isRecord,
  messages,
  postInnertube,
  str,
  textOf,
  ytcfgValue,
  type FetchLike,
  type RequestOptions,
} from './youtube-transport';
import { loadTranscript } from './youtube-transcript';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/**
 * The 11-character video id in a YouTube address (watch?v=, youtu.be/, /shorts/, /embed/, /live/, /v/),
 * or a bare id; null for anything else.
 */
export function parseVideoId(input: string): string | null {
  const trimmed = input.trim();
  if (VIDEO_ID.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    candidate = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = segments;
    if (first === 'watch') candidate = url.searchParams.get('v') ?? second;
    else if (first && ['shorts', 'embed', 'live', 'v', 'e'].includes(first)) candidate = second;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

export function watchUrl(videoId: string): string {
  return `${YOUTUBE_ORIGIN}/watch?v=${videoId}`;
}

export interface FetchVideoOptions {
  fetch?: FetchLike;
  signal?: AbortSignal;
  /** Preferred transcript languages, best first (BCP 47: 'en', 'pt-BR'). */
  languages?: string[];
}

export interface VideoDocument extends ExtractedDocument {
  url: string;
  videoId: string;
  /** The language code of the caption track the transcript came from. */
  language?: string;
  description: string;
  /** The transcript in paragraphs, when the video has one that could be read. */
  transcript?: string;
}

export async function fetchVideo(urlOrId: string, options: FetchVideoOptions = {}): Promise<VideoDocument> {
  const videoId = parseVideoId(urlOrId);
  if (!videoId) {
    throw new YouTubeError('invalid_url', `This is not the address of a YouTube video: ${urlOrId}`);
  }
  const request = { fetch: options.fetch, signal: options.signal };

  const page = await loadWatchPage(videoId, request);
  const player = await loadPlayerResponse(videoId, page, request);
  checkPlayability(player);

  const title =
    str(dig(player, 'videoDetails', 'title')) ??
    textOf(dig(player, 'microformat', 'playerMicroformatRenderer', 'title')) ??
    pageTitle(page) ??
    `YouTube video ${videoId}`;
  const description = tidyDescription(
    str(dig(player, 'videoDetails', 'shortDescription')) ??
      textOf(dig(player, 'microformat', 'playerMicroformatRenderer', 'description')) ??
      '',
  );

  const found = await loadTranscript(player, options.languages ?? [], request);
  const transcript = found?.text;
  const body = [description, transcript].filter((part): part is string => !!part).join('\n\n') || title;
  return { title, body, url: watchUrl(videoId), videoId, language: found?.language, description, transcript };
}

async function loadWatchPage(videoId: string, request: RequestOptions) {
  const what = 'load the video page';
  let { text } = await getText(watchUrl(videoId), { ...request, what });
  if (isConsentPage(text)) {
    const cookie = consentCookie(text);
    if (!cookie) throw new YouTubeError('consent', messages.consent);
    ({ text } = await getText(watchUrl(videoId), {
      ...request,
      what,
      cookie: `${DEFAULT_COOKIE}; ${cookie}`,
    }));
    if (isConsentPage(text)) throw new YouTubeError('consent', messages.consent);
  }
  return text;
}

async function loadPlayerResponse(
  videoId: string,
  page: string,
  request: RequestOptions,
): Promise<Record<string, unknown>> {
  const key = ytcfgValue(page, 'INNERTUBE_API_KEY');
  const { status, json } = await postInnertube(
    'player',
    { context: ANDROID_CONTEXT, videoId },
    { ...request, what: 'describe the video', query: key ? { key } : {} },
  );
  if (status >= 200 && status <= 299 && json && isRecord(json.playabilityStatus)) return json;
  const fromPage = extractJsonObject(page, ['ytInitialPlayerResponse"]', 'ytInitialPlayerResponse']);
  if (fromPage && isRecord(fromPage.playabilityStatus)) return fromPage;
  if (status >= 400) {
    throw new YouTubeError('http', `YouTube answered HTTP ${status} when asked to describe the video.`, {
      retryable: false,
    });
  }
  throw new YouTubeError(
    'unparsable',
    'YouTube answered without the video details; the answer could not be read.',
  );
}

function pageTitle(page: string): string | undefined {
  const match = /<meta\s+name="title"\s+content="([^"]*)"/.exec(page) ?? /<title>([^<]*)<\/title>/.exec(page);
  const title = match?.[1]
    ? decodeEntities(match[1])
        .replace(/\s+-\s+YouTube\s*$/, '')
        .trim()
    : '';
  return title && title !== 'YouTube' ? title : undefined;
}

function sentence(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

/** Turns a playabilityStatus other than OK into the admin-facing error. */
export function checkPlayability(player: Record<string, unknown>): void {
  const status = str(dig(player, 'playabilityStatus', 'status'));
  if (!status || status === 'OK') return;
  const screen = dig(player, 'playabilityStatus', 'errorScreen', 'playerErrorMessageRenderer');
  const reason = sentence(
    str(dig(player, 'playabilityStatus', 'reason')) ?? textOf(dig(screen, 'reason')) ?? '',
  );
  const subreason = sentence(textOf(dig(screen, 'subreason')) ?? '');
  const says = reason ? ` YouTube says: "${reason}${subreason ? ` ${subreason}` : ''}".` : '';

  if (/not a bot/i.test(reason)) throw new YouTubeError('blocked', messages.blocked);
  if (
    status === 'AGE_CHECK_REQUIRED' ||
    status === 'AGE_VERIFICATION_REQUIRED' ||
    /inappropriate|\bage\b/i.test(reason)
  ) {
    throw new YouTubeError(
      'age_restricted',
      'This video is age-restricted: YouTube shows it only to signed-in adults, so it cannot be read.',
    );
  }
  if (/private/i.test(reason)) throw new YouTubeError('private', 'This video is private.');
  if (status === 'ERROR') {
    const plain = !reason || /^(this )?video (is )?unavailable$/i.test(reason);
    throw new YouTubeError('unavailable', `This video is unavailable.${plain ? '' : says}`);
  }
  if (status === 'LOGIN_REQUIRED') {
    throw new YouTubeError('unplayable', `YouTube requires signing in to watch this video.${says}`);
  }
  throw new YouTubeError('unplayable', `YouTube will not play this video.${says}`);
}

function tidyDescription(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
