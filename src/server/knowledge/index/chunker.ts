/**
 * Cuts a document into overlapping passages on sentence boundaries, so a passage quoted in an
 * answer reads as whole sentences and a fact at a boundary is found from either side.
 */
export interface ChunkOptions {
  /** Target passage length in characters. */
  size?: number;
  /** Characters of the previous passage repeated at the start of the next. */
  overlap?: number;
}

const SENTENCE_END = /(?<=[.!?।॥:;])\s+(?=\S)|\n{2,}/u;

export function splitSentences(text: string): string[] {
  return text
    .split(SENTENCE_END)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export function chunkText(text: string, { size = 900, overlap = 150 }: ChunkOptions = {}): string[] {
  const sentences = splitSentences(text).flatMap((s) => (s.length > size ? hardSplit(s, size) : [s]));
  const chunks: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const sentence of sentences) {
    if (length + sentence.length > size && current.length) {
      chunks.push(current.join(' '));
      // Carry whole sentences from the end of this passage into the next, up to `overlap`.
      const carried: string[] = [];
      let carriedLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const s = current[i]!;
        if (carriedLength + s.length > overlap) break;
        carried.unshift(s);
        carriedLength += s.length + 1;
      }
      current = carried;
      length = carriedLength;
    }
    current.push(sentence);
    length += sentence.length + 1;
  }
  if (current.length) chunks.push(current.join(' '));
  return chunks;
}

/** A "sentence" longer than a passage (a table, a list without stops) is cut at spaces. */
function hardSplit(sentence: string, size: number): string[] {
  const parts: string[] = [];
  let rest = sentence;
  while (rest.length > size) {
    const cut = rest.lastIndexOf(' ', size);
    const at = cut > size / 2 ? cut : size;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}
