/** Longest text read aloud: about a minute and a half of speech, synthesized in about a second. */
export const MAX_SPEECH_CHARS = 1500;

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>()\uE000-\uE07F]+[^\s<>().,;:!?'"\uE000-\uE07F]/giu;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * An answer's markdown as plain sentences to speak: no asterisks, hashes, table pipes or code
 * fences; links read as their text, bare addresses as "link", a list of sources left out. Long
 * answers are cut at a sentence end before `maxChars`.
 */
export function speechText(markdown: string, maxChars = MAX_SPEECH_CHARS): string {
  const source = protectEscapes(
    markdown.replace(/\r\n?/g, '\n').replace(/^(```|~~~)[^\n]*\n[\s\S]*?(^\1[^\n]*$|(?![\s\S]))/gm, ''),
  );
  const sentences: string[] = [];
  for (const raw of source.split('\n')) {
    let line = raw.trim();
    if (!line) continue;
    // Table rule rows and thematic breaks say nothing.
    if (/^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/.test(line) || /^([-*_]\s*){3,}$/.test(line)) continue;
    line = line
      .replace(/^(>\s?)+/, '')
      .replace(/^#{1,6}\s+/, '')
      .replace(/^([-*+]|\d{1,3}[.)])\s+/, '');
    if (/^\|.*\|$/.test(line)) {
      line = splitCells(line).join(', ');
    }
    line = inline(line);
    // An address alone on its line (a source list's entry) is not worth reading out.
    if (!line || /^(link[\s,.;]*)+$/i.test(line)) continue;
    sentences.push(/[.!?:;,…।॥。？！]$/u.test(line) ? line : `${line}.`);
  }
  // A sources heading left with nothing under it.
  while (sentences.length && /^sources?[.:]?$/i.test(sentences.at(-1)!)) sentences.pop();
  const text = sentences
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])[,;:]+/g, '$1');
  return cap(text.trim(), maxChars);
}

function splitCells(row: string): string[] {
  return row
    .slice(1, -1)
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean);
}

function inline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<(?:https?:|mailto:)[^>]*>/gi, 'link')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(URL_PATTERN, 'link')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/(\*{1,3}|~~)/g, '')
    .replace(/(^|[^\p{L}\p{N}_])_{1,3}|_{1,3}(?=$|[^\p{L}\p{N}_])/gu, '$1')
    .replace(/&(#39|[a-z]+);/gi, (m, name: string) => ENTITIES[name.toLowerCase()] ?? m)
    .replace(/\s*\|\s*/g, ', ')
    .replace(/[\uE000-\uE07F]/g, restoreEscaped)
    .trim();
}

/**
 * Backslash-escaped punctuation (the composer escapes quoted text) is literal text, not markup:
 * it is set aside as private-use characters while the markup is taken out, then put back.
 */
function protectEscapes(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, (_, c: string) => String.fromCharCode(0xe000 + c.charCodeAt(0)));
}

/** A literal asterisk, underscore, backtick or pipe is not worth saying; other punctuation stays. */
function restoreEscaped(protectedChar: string): string {
  const c = String.fromCharCode(protectedChar.charCodeAt(0) - 0xe000);
  if (c === '|') return ',';
  return '*_`~'.includes(c) ? ' ' : c;
}

function cap(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const end = Math.max(...['. ', '! ', '? ', '। '].map((s) => head.lastIndexOf(s)));
  if (end > maxChars / 2) return head.slice(0, end + 1);
  const space = head.lastIndexOf(' ');
  return `${head.slice(0, space > 0 ? space : maxChars).replace(/[,;:]$/, '')}.`;
}
