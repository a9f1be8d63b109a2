/** SPEC §2 Chat view: which addresses in answers become links, and YouTube thumbnails. */

/** Only web addresses and the server's own paths become links or images; in-page footnote anchors stay. Anything else is dropped. */
export function safeUrl(url: string): string | null {
  if (url.startsWith('#')) return url;
  // The server's own paths (an uploaded file at /files/<id>/<name>), never a protocol-relative one.
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A YouTube video's id: the 'v' query parameter, or the last path segment of a short link. */
export function youTubeId(href: string): string | null {
  if (!href.includes('youtu')) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter(Boolean);
  if (url.hostname.endsWith('youtu.be')) return validId(segments.at(-1));
  const embedded = /^(embed|shorts|live|v)$/.test(segments[0] ?? '') ? segments[1] : null;
  return validId(url.searchParams.get('v') ?? embedded);
}

function validId(id: string | null | undefined): string | null {
  return id && /^[\w-]+$/.test(id) ? id : null;
}

/** The default-size thumbnail of a video. */
export function youTubeThumbnail(id: string): string {
  return `https://img.youtube.com/vi/${id}/default.jpg`;
}
