/**
 * One `bytes=` range as [first, last] byte, null to send the whole file (no header, a header
 * this does not read, or several ranges), or 'unsatisfiable' (RFC 9110 §14.1.2).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (!from && !to) return null;
  if (!from) {
    // The last N bytes.
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to ? Math.min(Number(to), size - 1) : size - 1;
  if (end < start) return null;
  return [start, end];
}

/** Whether an If-None-Match header names this (strong) entity tag, weakly compared (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
