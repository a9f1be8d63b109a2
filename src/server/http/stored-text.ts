/**
 * Text PostgreSQL cannot store: a NUL character (text columns refuse it) or half of a surrogate
 * pair, such as a cut emoji (it would be stored as U+FFFD, silently changing what was sent).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The path of the first key or string in a parsed request body that cannot be stored, or null.
 * Walks with its own stack, not recursion, so no nesting depth can overflow the call stack.
 */
export function findUnstorableText(body: unknown): string | null {
  const pending: [unknown, string][] = [[body, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return path || 'body';
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push([item, `${path}[${i}]`]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return at;
        pending.push([item, at]);
      }
    }
  }
  return null;
}

/** Control characters (C0, DEL, C1) and halves of surrogate pairs: what a file name is cleaned of. */
/* eslint-disable no-control-regex -- control characters are what is removed */
const UNPRINTABLE =
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/* eslint-enable no-control-regex */

/**
 * A file name as it can be stored and shown: without NUL and other control characters or halves
 * of emoji, trimmed; null when nothing is left (no name was sent, or only such characters).
 */
export function storableFileName(name: string | undefined): string | null {
  const cleaned = (name ?? '').replace(UNPRINTABLE, '').trim();
  return cleaned === '' ? null : cleaned;
}

/** The refusal of unstorable text; the field's name is quoted cleaned, as it may hold the NUL itself. */
export const unstorableTextMessage = (path: string) =>
  `"${path.replace(UNPRINTABLE, '').slice(0, 80)}" contains a character that is not allowed (a NUL character or half of an emoji). Remove it and try again.`;
