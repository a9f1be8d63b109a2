/**
 * A YouTube video's transcript: the caption tracks its player answer lists, the best of them by
 * language, and that track's timedtext file read into cues and joined into paragraphs.
 */
import {
  YOUTUBE_ORIGIN,
  decodeEntities,
  dig,
  getText,
  str,
  textOf,
  type RequestOptions,
} from './youtube-transport';

/**
 * The transcript in paragraphs and the language of its track, from the best track (`preferred`
 * languages first, then the video's own); undefined when no track gives any text.
 */
export async function loadTranscript(
  player: Record<string, unknown>,
  preferred: readonly string[],
  request: RequestOptions,
): Promise<{ text: string; language: string } | undefined> {
  const tracks = captionTracks(player);
  const ranked = rankTracks(tracks, [...preferred, ...spokenLanguages(player, tracks)]);
  // A track whose file comes back empty (YouTube does that when it wants a proof-of-origin token) gives
  // way to the next best; three tries at most.
  for (const track of ranked.slice(0, 3)) {
    const cues = await loadCues(track, request);
    const paragraphs = cuesToParagraphs(cues);
    if (paragraphs.length > 0) return { text: paragraphs.join('\n\n'), language: track.languageCode };
  }
  return undefined;
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

async function loadCues(track: CaptionTrack, request: RequestOptions): Promise<Cue[]> {
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
