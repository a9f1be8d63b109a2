/**
 * YouTube connectors: yt_video (title, description, transcript) and yt_channel (the channel's videos).
 *
 * Why own parsing over public endpoints rather than youtubei.js (installed, v18):
 * youtubei.js was tried against the recorded responses. `Innertube.create({ fetch, retrieve_player: false,
 * generate_session_locally: true })` still posts to /youtubei/v1/config, and `getBasicInfo` does read a
 * recorded /player answer, but everything the connectors need beyond that goes through requests that no
 * recording answers and that carry the library's own moving parts: transcripts come from
 * `VideoInfo.getTranscript()`, which needs the full `getInfo` (/next) and then /get_transcript (an
 * engagement panel), and `getChannel` browses the channel's Home tab before its Videos tab. The caption
 * file itself (timedtext) and the watch-page failure modes (reCAPTCHA "too many requests", the EU consent
 * interstitial) are outside youtubei.js anyway. So the connectors make the requests that
 * youtube-transcript-api and NewPipe make, and that the recordings capture, and parse the answers here:
 *   - video (youtube-video.ts): the watch page (ytcfg API key), POST /youtubei/v1/player as the Android
 *     client (playabilityStatus, videoDetails, captionTracks), and the timedtext XML at the track's baseUrl
 *     (youtube-transcript.ts);
 *   - channel (youtube-channel.ts): POST /youtubei/v1/navigation/resolve_url, POST /youtubei/v1/browse for
 *     the Videos tab and its continuations, with the channel's /videos page (ytInitialData) as fallback.
 * The parsing reads plain JSON paths and a small XML subset, so a YouTube change breaks one named path
 * (and its test) instead of a renderer class deep in a library. All HTTP goes through an injectable
 * `fetch` (youtube-transport.ts); production uses the global fetch against https://www.youtube.com.
 */
export { parseVideoId, fetchVideo, watchUrl } from './youtube-video';
export type { FetchVideoOptions, VideoDocument } from './youtube-video';
export { rankTracks, parseTimedText, cuesToParagraphs } from './youtube-transcript';
export type { CaptionTrack, Cue } from './youtube-transcript';
export { parseChannelRef, listChannelVideos, channelUrl, VIDEOS_TAB_PARAMS } from './youtube-channel';
export type { ChannelRef, ChannelVideo, ListChannelVideosOptions } from './youtube-channel';
export { YouTubeError } from './youtube-transport';
export type { YouTubeErrorCode, FetchLike } from './youtube-transport';
