/**
 * yt_channel: the videos of a YouTube channel (its Videos tab), newest first, as NewPipe reads them:
 *   1. A /@handle, /user/ or /c/ address is resolved to the channel id with POST /youtubei/v1/navigation/
 *      resolve_url; a /channel/UC... address already is one.
 *   2. POST /youtubei/v1/browse {browseId, params: the Videos tab} gives the first page (30 videos) and a
 *      continuation token; POST /youtubei/v1/browse {continuation} gives each next page.
 *   3. If YouTube refuses the browse request with a 4xx (the tab params change from time to time) or does
 *      not answer with the Videos tab, the channel's /videos HTML page is read instead: its ytInitialData
 *      holds the same first page and token, and its ytcfg the client version for the continuations.
 * Both the old renderers (gridVideoRenderer, videoRenderer) and the 2025 lockupViewModel are read.
 */
import {
  YOUTUBE_ORIGIN,
  YouTubeError,
  dig,
  extractJsonObject,
  getText,
  isRecord,
  postInnertube,
  str,
  textOf,
  webContext,
  ytcfgValue,
  type FetchLike,
} from './youtube-transport';
import { watchUrl } from './youtube-video';

export type ChannelRef =
  | { type: 'id'; value: string }
  | { type: 'handle'; value: string }
  | { type: 'user'; value: string }
  | { type: 'custom'; value: string };

const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const CHANNEL_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);

/** The channel a YouTube address names (/channel/UC…, /@handle, /user/name, /c/name), or null. */
export function parseChannelRef(input: string): ChannelRef | null {
  const trimmed = input.trim();
  if (CHANNEL_ID.test(trimmed)) return { type: 'id', value: trimmed };
  if (/^@[^\s/?#]+$/.test(trimmed)) return { type: 'handle', value: safeDecode(trimmed.slice(1)) };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !CHANNEL_HOSTS.has(url.hostname.toLowerCase())
  ) {
    return null;
  }
  const [first, second] = url.pathname.split('/').filter(Boolean);
  if (!first) return null;
  if (first.startsWith('@') && first.length > 1) return { type: 'handle', value: safeDecode(first.slice(1)) };
  if (first === 'channel' && second && CHANNEL_ID.test(second)) return { type: 'id', value: second };
  if (first === 'user' && second) return { type: 'user', value: safeDecode(second) };
  if (first === 'c' && second) return { type: 'custom', value: safeDecode(second) };
  return null;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The channel's canonical address (without a tab). */
export function channelUrl(ref: ChannelRef): string {
  const value = encodeURIComponent(ref.value);
  switch (ref.type) {
    case 'id':
      return `${YOUTUBE_ORIGIN}/channel/${ref.value}`;
    case 'handle':
      return `${YOUTUBE_ORIGIN}/@${value}`;
    case 'user':
      return `${YOUTUBE_ORIGIN}/user/${value}`;
    case 'custom':
      return `${YOUTUBE_ORIGIN}/c/${value}`;
  }
}

/** The protobuf params that select a channel's Videos tab in a browse request (what NewPipe sends). */
export const VIDEOS_TAB_PARAMS = 'EgZ2aWRlb3PyBgQKAjoA';

export interface ChannelVideo {
  videoId: string;
  title: string;
  url: string;
}

export interface ListChannelVideosOptions {
  fetch?: FetchLike;
  signal?: AbortSignal;
  /** At most this many videos (default 500). */
  max?: number;
}

interface Page {
  videos: ChannelVideo[];
  continuation?: string;
}

type Request = { fetch?: FetchLike; signal?: AbortSignal };

export async function listChannelVideos(
  channelAddress: string,
  options: ListChannelVideosOptions = {},
): Promise<ChannelVideo[]> {
  const ref = parseChannelRef(channelAddress);
  if (!ref)
    throw new YouTubeError('invalid_url', `This is not the address of a YouTube channel: ${channelAddress}`);
  const max = Math.max(0, Math.floor(options.max ?? 500));
  const request: Request = { fetch: options.fetch, signal: options.signal };
  if (max === 0) return [];

  let clientVersion: string | undefined;
  let first: Page | null = null;
  const browseId = ref.type === 'id' ? ref.value : await resolveChannelId(ref, request);
  if (browseId) first = await browseVideosTab(browseId, request);
  if (!first) {
    const fromPage = await readVideosPage(ref, request);
    first = fromPage.page;
    clientVersion = fromPage.clientVersion;
  }

  const videos: ChannelVideo[] = [];
  const seen = new Set<string>();
  const add = (page: Page) => {
    let added = 0;
    for (const video of page.videos) {
      if (videos.length >= max) break;
      if (seen.has(video.videoId)) continue;
      seen.add(video.videoId);
      videos.push(video);
      added++;
    }
    return added;
  };
  add(first);

  let token = first.continuation;
  const tokens = new Set<string>();
  while (token && videos.length < max && !tokens.has(token)) {
    tokens.add(token);
    const next = await browseContinuation(token, clientVersion, request);
    // A page that brings nothing new ends the walk (YouTube sometimes repeats its last token).
    if (add(next) === 0) break;
    token = next.continuation;
  }
  return videos;
}

/** The channel id behind a handle, user or custom address; null when YouTube does not answer with one. */
async function resolveChannelId(ref: ChannelRef, request: Request): Promise<string | null> {
  const { status, json } = await postInnertube(
    'navigation/resolve_url',
    { context: webContext(), url: channelUrl(ref) },
    { ...request, what: 'find the channel' },
  );
  if (status === 404 || status === 400) return null;
  const browseId = str(dig(json, 'endpoint', 'browseEndpoint', 'browseId'));
  return browseId && browseId.startsWith('UC') ? browseId : null;
}

/** The Videos tab's first page through InnerTube, or null when YouTube would not give it (4xx, another tab). */
async function browseVideosTab(browseId: string, request: Request): Promise<Page | null> {
  const { status, json } = await postInnertube(
    'browse',
    { context: webContext(), browseId, params: VIDEOS_TAB_PARAMS },
    { ...request, what: 'list the channel videos' },
  );
  if (status < 200 || status > 299 || !json) return null;
  throwIfNoChannel(json);
  const tab = selectedTab(json);
  if (!tab || !isVideosTab(tab)) return null;
  return readItems(tab.content);
}

async function readVideosPage(
  ref: ChannelRef,
  request: Request,
): Promise<{ page: Page; clientVersion: string | undefined }> {
  const { status, text } = await getText(`${channelUrl(ref)}/videos`, {
    ...request,
    what: 'load the channel videos page',
    allowStatus: [404],
  });
  if (status === 404) throw new YouTubeError('not_found', 'This YouTube channel does not exist.');
  const data = extractJsonObject(text, ['ytInitialData"]', 'ytInitialData']);
  if (!data) {
    throw new YouTubeError('unparsable', "The channel's videos page could not be read (no ytInitialData).");
  }
  throwIfNoChannel(data);
  const tab = selectedTab(data);
  // A channel without a Videos tab (only shorts or live streams) has no videos to list here.
  const page = tab && isVideosTab(tab) ? readItems(tab.content) : { videos: [] };
  return { page, clientVersion: ytcfgValue(text, 'INNERTUBE_CLIENT_VERSION') };
}

async function browseContinuation(
  token: string,
  clientVersion: string | undefined,
  request: Request,
): Promise<Page> {
  const { status, json } = await postInnertube(
    'browse',
    { context: webContext(clientVersion), continuation: token },
    { ...request, what: 'list more of the channel videos' },
  );
  if (status < 200 || status > 299 || !json) {
    throw new YouTubeError(
      'http',
      `YouTube answered HTTP ${status} when asked for the next page of the channel videos; it will be tried again later.`,
      { retryable: true },
    );
  }
  const items: unknown[] = [];
  const actions = json.onResponseReceivedActions ?? json.onResponseReceivedEndpoints;
  if (Array.isArray(actions)) {
    for (const action of actions) {
      const list =
        dig(action, 'appendContinuationItemsAction', 'continuationItems') ??
        dig(action, 'reloadContinuationItemsCommand', 'continuationItems');
      if (Array.isArray(list)) items.push(...(list as unknown[]));
    }
  }
  if (json.continuationContents !== undefined) items.push(json.continuationContents);
  return readItems(items);
}

function throwIfNoChannel(json: Record<string, unknown>): void {
  const alerts = json.alerts;
  if (!Array.isArray(alerts) || json.contents !== undefined) return;
  for (const alert of alerts) {
    const type = str(dig(alert, 'alertRenderer', 'type'));
    const text = textOf(dig(alert, 'alertRenderer', 'text'));
    if (type === 'ERROR') {
      throw new YouTubeError(
        'not_found',
        text ? `YouTube says: "${text}"` : 'This YouTube channel does not exist.',
        {
          retryable: false,
        },
      );
    }
  }
}

interface Tab {
  title?: string;
  url?: string;
  params?: string;
  content: unknown;
}

function selectedTab(json: Record<string, unknown>): Tab | null {
  const tabs = dig(json, 'contents', 'twoColumnBrowseResultsRenderer', 'tabs');
  if (!Array.isArray(tabs)) return null;
  for (const entry of tabs) {
    const tab = dig(entry, 'tabRenderer') ?? dig(entry, 'expandableTabRenderer');
    if (!isRecord(tab) || tab.selected !== true) continue;
    return {
      title: str(tab.title),
      url: str(dig(tab, 'endpoint', 'commandMetadata', 'webCommandMetadata', 'url')),
      params: str(dig(tab, 'endpoint', 'browseEndpoint', 'params')),
      content: tab.content,
    };
  }
  return null;
}

function isVideosTab(tab: Tab): boolean {
  if (tab.url) return /\/videos$/.test(tab.url);
  return tab.title === 'Videos' || tab.params === VIDEOS_TAB_PARAMS;
}

/**
 * The videos and the continuation token in a tab's content or a continuation's items, in page order.
 * Walks the renderer tree: channel pages nest the grid in section lists, item sections and rich items.
 */
function readItems(root: unknown): Page {
  const videos: ChannelVideo[] = [];
  let continuation: string | undefined;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!isRecord(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'videoRenderer' || key === 'gridVideoRenderer' || key === 'reelItemRenderer') {
        const videoId = str(dig(value, 'videoId'));
        const title = textOf(dig(value, 'title')) ?? textOf(dig(value, 'headline'));
        if (videoId) videos.push({ videoId, title: title ?? '', url: watchUrl(videoId) });
      } else if (key === 'lockupViewModel') {
        const videoId = str(dig(value, 'contentId'));
        const type = str(dig(value, 'contentType'));
        if (videoId && (!type || type === 'LOCKUP_CONTENT_TYPE_VIDEO')) {
          const title = textOf(dig(value, 'metadata', 'lockupMetadataViewModel', 'title'));
          videos.push({ videoId, title: title ?? '', url: watchUrl(videoId) });
        }
      } else if (key === 'continuationItemRenderer') {
        continuation =
          str(dig(value, 'continuationEndpoint', 'continuationCommand', 'token')) ??
          str(dig(value, 'button', 'buttonRenderer', 'command', 'continuationCommand', 'token')) ??
          continuation;
      } else if (key === 'nextContinuationData') {
        continuation = str(dig(value, 'continuation')) ?? continuation;
      } else if (isRecord(value) || Array.isArray(value)) {
        walk(value);
      }
    }
  };
  walk(root);
  return { videos, continuation };
}
