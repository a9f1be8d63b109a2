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
} from './youtube-transport';

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

  const tracks = captionTracks(player);
  const ranked = rankTracks(tracks, [...(options.languages ?? []), ...spokenLanguages(player, tracks)]);
  let transcript: string | undefined;
  let language: string | undefined;
  // A track whose file comes back empty (YouTube does that when it wants a proof-of-origin token) gives
  // way to the next best; three tries at most.
  for (const track of ranked.slice(0, 3)) {
    const cues = await loadCues(track, request);
    const paragraphs = cuesToParagraphs(cues);
    if (paragraphs.length > 0) {
      transcript = paragraphs.join('\n\n');
      language = track.languageCode;
      break;
    }
  }

  const body = [description, transcript].filter((part): part is string => !!part).join('\n\n') || title;
  return { title, body, url: watchUrl(videoId), videoId, language, description, transcript };
}

async function loadWatchPage(videoId: string, request: { fetch?: FetchLike; signal?: AbortSignal }) {
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
  request: { fetch?: FetchLike; signal?: AbortSignal },
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

export interface CaptionTrack {
  baseUrl: string;
  languageCode: string;
  name: string;
  /** Automatic speech recognition ("English (auto-generated)"). */
  generated: boolean;
  /** The URL carries exp=xpe: YouTube serves it only with a proof-of-origin token, which this client lacks. */
  needsPoToken: boolean;
}

function captionTracks(player: Record<string, unknown>): CaptionTrack[] {
  const list = dig(player, 'captions', 'playerCaptionsTracklistRenderer', 'captionTracks');
  if (!Array.isArray(list)) return [];
  const tracks: CaptionTrack[] = [];
  for (const item of list) {
    const baseUrl = str(dig(item, 'baseUrl'));
    const languageCode = str(dig(item, 'languageCode'));
    if (!baseUrl || !languageCode) continue;
    tracks.push({
      baseUrl,
      languageCode,
      name: textOf(dig(item, 'name')) ?? languageCode,
      generated: str(dig(item, 'kind')) === 'asr',
      needsPoToken: /[?&]exp=xpe(&|$)/.test(baseUrl),
    });
  }
  return tracks;
}

/**
 * The language of the video as the player describes it: the caption track YouTube itself would show
 * (the default audio track's default caption track), then the auto-generated tracks' languages (speech
 * recognition runs on the spoken language).
 */
function spokenLanguages(player: Record<string, unknown>, tracks: CaptionTrack[]): string[] {
  const renderer = dig(player, 'captions', 'playerCaptionsTracklistRenderer');
  const audioIndex = dig(renderer, 'defaultAudioTrackIndex');
  const captionIndex = dig(
    renderer,
    'audioTracks',
    typeof audioIndex === 'number' ? audioIndex : 0,
    'defaultCaptionTrackIndex',
  );
  const preferred =
    typeof captionIndex === 'number'
      ? str(dig(renderer, 'captionTracks', captionIndex, 'languageCode'))
      : undefined;
  return [...(preferred ? [preferred] : []), ...tracks.filter((t) => t.generated).map((t) => t.languageCode)];
}

function languageRank(code: string, preferred: readonly string[]): number {
  const lower = code.toLowerCase();
  const base = lower.split(/[-_]/)[0];
  for (const [i, wanted] of preferred.entries()) {
    const w = wanted.toLowerCase();
    if (w === lower) return 2 * i;
    if (w.split(/[-_]/)[0] === base) return 2 * i + 1;
  }
  return Number.POSITIVE_INFINITY;
}

/**
 * Tracks best first: preferred languages in order (an exact code before the same base language), then
 * manual before auto-generated, then the player's order. Tracks that need a proof-of-origin token are left
 * out: their files come back empty without one.
 */
export function rankTracks(tracks: readonly CaptionTrack[], preferred: readonly string[]): CaptionTrack[] {
  return tracks
    .map((track, index) => ({ track, index, rank: languageRank(track.languageCode, preferred) }))
    .filter(({ track }) => !track.needsPoToken)
    .sort(
      (a, b) => a.rank - b.rank || Number(a.track.generated) - Number(b.track.generated) || a.index - b.index,
    )
    .map(({ track }) => track);
}

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

async function loadCues(
  track: CaptionTrack,
  request: { fetch?: FetchLike; signal?: AbortSignal },
): Promise<Cue[]> {
  const url = new URL(track.baseUrl, YOUTUBE_ORIGIN);
  // Without fmt (srv3 in today's URLs) YouTube answers with the simple <transcript><text> format.
  url.searchParams.delete('fmt');
  const { text } = await getText(url.href, { ...request, what: 'load the video transcript' });
  return parseTimedText(text);
}

const ATTRIBUTE = /([a-zA-Z_:][\w:.-]*)\s*=\s*"([^"]*)"/g;

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) if (match[1]) out[match[1]] = match[2] ?? '';
  return out;
}

/**
 * Cue text as plain words: markup removed, character references decoded. YouTube escapes the text twice in
 * places (`&amp;#39;` for an apostrophe) and escapes formatting tags (`&lt;i&gt;`), so decoding runs twice
 * with the tags stripped in between.
 */
export function cueText(raw: string): string {
  let text = raw.replace(/<[^>]*>/g, ' ');
  text = decodeEntities(text);
  text = text.replace(/<\/?[a-zA-Z][^>]*>/g, ' ');
  text = decodeEntities(text);
  return text.replace(/[\s\u00a0]+/g, ' ').trim();
}

/** Reads YouTube's timedtext XML: `<transcript><text start dur>` (seconds) or srv3 `<p t d>` (milliseconds). */
export function parseTimedText(xml: string): Cue[] {
  const cues: Cue[] = [];
  if (/<transcript[\s>]/.test(xml)) {
    for (const match of xml.matchAll(/<text\b([^>]*?)(?:\/>|>([\s\S]*?)<\/text>)/g)) {
      const attrs = attributes(match[1] ?? '');
      const start = Number(attrs.start ?? 0);
      const dur = Number(attrs.dur ?? 0);
      const text = cueText(match[2] ?? '');
      if (text && Number.isFinite(start))
        cues.push({ start, end: start + (Number.isFinite(dur) ? dur : 0), text });
    }
  } else {
    for (const match of xml.matchAll(/<p\b([^>]*?)(?:\/>|>([\s\S]*?)<\/p>)/g)) {
      const attrs = attributes(match[1] ?? '');
      const start = Number(attrs.t ?? 0) / 1000;
      const dur = Number(attrs.d ?? 0) / 1000;
      const text = cueText(match[2] ?? '');
      if (text && Number.isFinite(start))
        cues.push({ start, end: start + (Number.isFinite(dur) ? dur : 0), text });
    }
  }
  return cues;
}

function normalizeWord(word: string): string {
  const plain = word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
  return plain || word.toLowerCase();
}

/**
 * How many words at the start of `next` repeat the end of `previous` (rolling auto-captions repeat the
 * last line). Only runs of two or more words count, so a speaker's own "that that" stays.
 */
function repeatedWords(previous: readonly string[], next: readonly string[]): number {
  const limit = Math.min(previous.length, next.length, 20);
  for (let k = limit; k >= 2; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) {
      same = normalizeWord(previous[previous.length - k + i] ?? '') === normalizeWord(next[i] ?? '');
    }
    if (same) return k;
  }
  return 0;
}

const PAUSE_SECONDS = 2;
const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/;

/**
 * Joins cues into readable paragraphs: cues that overlap in time lose words that merely repeat the
 * previous cue; a paragraph ends at a pause, at a sentence end once it is long enough (not before a
 * lower-case word: "learn." + "onboard to azure.com" is a split address), and in any case at a cue
 * boundary once it is long (auto-generated captions have no punctuation).
 */
export function cuesToParagraphs(cues: readonly Cue[]): string[] {
  const sorted = [...cues].sort((a, b) => a.start - b.start);
  const paragraphs: string[] = [];
  let words: string[] = [];
  let chars = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  let lastText = '';

  const flush = () => {
    if (words.length) paragraphs.push(words.join(' '));
    words = [];
    chars = 0;
  };

  for (const cue of sorted) {
    let cueWords = cue.text.split(' ').filter(Boolean);
    const overlaps = cue.start < lastEnd - 0.001;
    if (overlaps && words.length) {
      if (cue.text === lastText) cueWords = [];
      else cueWords = cueWords.slice(repeatedWords(words, cueWords));
    }
    lastText = cue.text;
    if (cueWords.length === 0) {
      lastEnd = Math.max(lastEnd, cue.end);
      continue;
    }
    const gap = cue.start - lastEnd;
    const lastWord = words[words.length - 1] ?? '';
    if (
      (gap >= PAUSE_SECONDS && chars >= 60) ||
      (SENTENCE_END.test(lastWord) && !/^\p{Ll}/u.test(cueWords[0] ?? '') && chars >= 450) ||
      chars >= 900
    ) {
      flush();
    }
    words.push(...cueWords);
    chars += cueWords.reduce((n, w) => n + w.length + 1, 0);
    lastEnd = Math.max(lastEnd, cue.end);
  }
  flush();
  // A last scrap ("[Music]", "bye") joins the paragraph before it.
  const last = paragraphs[paragraphs.length - 1];
  if (paragraphs.length > 1 && last !== undefined && last.length < 60) {
    paragraphs.pop();
    paragraphs[paragraphs.length - 1] += ` ${last}`;
  }
  return paragraphs;
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
