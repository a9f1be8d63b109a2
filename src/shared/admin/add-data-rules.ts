import { WEB_MAX_DEPTH } from '../constants';

/**
 * The Add Data rules (SPEC §5) that the form, the add_data request schema and the bulk file's
 * rows share, so the three cannot drift apart (CONVENTIONS 8). Each keeps its own wording where
 * SPEC gives one (a bulk row's reasons are lower-case, in the row's sentence).
 */

export const DEPTH_MIN = 0;
/** How many levels of links a web item follows at most. */
export const DEPTH_MAX = WEB_MAX_DEPTH;
export const DEPTH_MESSAGE = `Depth must be a whole number from ${DEPTH_MIN} to ${DEPTH_MAX}.`;
export const URL_FORMAT_MESSAGE = 'The URL must start with http:// or https://.';

/**
 * A web address an item may point to: http or https, with a host, as the URL parser reads it.
 * The parsed address, or undefined.
 */
export function webAddress(value: string): URL | undefined {
  if (!/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.hostname === '' ? undefined : url;
  } catch {
    return undefined;
  }
}

/** A link depth that may be followed. */
export const isDepth = (depth: number): boolean =>
  Number.isInteger(depth) && depth >= DEPTH_MIN && depth <= DEPTH_MAX;

/** Every data type points to a URL but the uploaded files (pdf, doc). */
export const needsUrl = (type: string): boolean => type !== '' && type !== 'pdf' && type !== 'doc';
export const needsFiles = (type: string): boolean => type === 'pdf' || type === 'doc';
