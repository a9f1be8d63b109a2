/**
 * Keeping Whisper to the spoken language's script. Whisper base, told a recording is Hindi, often
 * writes it in Latin letters ("sabar karo") or in Urdu's script, which no Hindi passage matches;
 * suppressing every token that cannot be part of Devanagari text makes it write Devanagari. This
 * works for any language whose script has a Unicode block of its own.
 *
 * Whisper's tokens are byte-level BPE (GPT-2): each token is a run of UTF-8 bytes, written with
 * one printable character per byte, and a character may be split across tokens.
 */

/** The Unicode block of each language written in a script of its own (Whisper's language codes). */
const SCRIPT_BLOCKS: Record<string, readonly [number, number]> = {
  hi: [0x0900, 0x097f],
  mr: [0x0900, 0x097f],
  ne: [0x0900, 0x097f],
  sa: [0x0900, 0x097f],
  bn: [0x0980, 0x09ff],
  as: [0x0980, 0x09ff],
  pa: [0x0a00, 0x0a7f],
  gu: [0x0a80, 0x0aff],
  ta: [0x0b80, 0x0bff],
  te: [0x0c00, 0x0c7f],
  kn: [0x0c80, 0x0cff],
  ml: [0x0d00, 0x0d7f],
};
/** Dashes, quotes and the like, which any script's text may hold. */
const PUNCTUATION_BLOCK = [0x2000, 0x206f] as const;

/** GPT-2's byte-to-character table, reversed: the byte each character of a token stands for. */
function byteLevelAlphabet(): Map<string, number> {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  const alphabet = new Map<string, number>();
  let shifted = 0;
  for (let b = 0; b < 256; b++) alphabet.set(String.fromCharCode(printable(b) ? b : 256 + shifted++), b);
  return alphabet;
}
const ALPHABET = byteLevelAlphabet();

/** A token's bytes, or null when it is not a byte-level token (a special token). */
export function tokenBytes(token: string): number[] | null {
  const bytes: number[] = [];
  for (const char of token) {
    const byte = ALPHABET.get(char);
    if (byte === undefined) return null;
    bytes.push(byte);
  }
  return bytes;
}

/** Writes text the way the vocabulary does (for tests and for reading a token list). */
export const byteLevel = (text: string): string => {
  const charOf = new Map([...ALPHABET].map(([char, byte]) => [byte, char]));
  return [...Buffer.from(text, 'utf8')].map((b) => charOf.get(b)!).join('');
};

/** The UTF-8 forms of a block's characters: whole, and the pieces a token boundary can cut. */
function encodings(blocks: readonly (readonly [number, number])[]) {
  const whole = new Set<string>();
  const starts = new Set<string>();
  const ends = new Set<string>();
  for (const [first, last] of blocks)
    for (let cp = first; cp <= last; cp++) {
      const bytes = [...Buffer.from(String.fromCodePoint(cp), 'utf8')];
      whole.add(bytes.join());
      for (let cut = 1; cut < bytes.length; cut++) {
        starts.add(bytes.slice(0, cut).join());
        ends.add(bytes.slice(cut).join());
      }
    }
  return { whole, starts, ends };
}

const SPECIAL = /^<\|[^|]*\|>$/;
const isContinuation = (b: number) => b >= 0x80 && b < 0xc0;
const sequenceLength = (lead: number) => (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1);

/**
 * The ids of the tokens that cannot appear in text of `language`'s script: any ASCII letter, any
 * character of another script, any piece of one. Empty for a language without a script of its
 * own (English, French…: Whisper keeps to Latin letters there by itself).
 */
export function tokensOutsideScript(vocab: Map<string, number>, language: string): number[] {
  const block = SCRIPT_BLOCKS[language];
  if (!block) return [];
  const { whole, starts, ends } = encodings([block, PUNCTUATION_BLOCK]);
  const fits = (bytes: number[]): boolean => {
    // The end of a character that began in the previous token.
    let i = 0;
    while (i < bytes.length && isContinuation(bytes[i]!)) i++;
    if (i > 0 && !ends.has(bytes.slice(0, i).join())) return false;
    while (i < bytes.length) {
      const b = bytes[i]!;
      if (b < 0x80) {
        if ((b >= 65 && b <= 90) || (b >= 97 && b <= 122)) return false;
        i++;
        continue;
      }
      const sequence = bytes.slice(i, i + sequenceLength(b));
      // The start of a character that the next token ends.
      if (sequence.length < sequenceLength(b)) return starts.has(sequence.join());
      if (!whole.has(sequence.join())) return false;
      i += sequence.length;
    }
    return true;
  };
  const outside: number[] = [];
  for (const [token, id] of vocab) {
    // Special tokens (<|hi|>, <|endoftext|>, timestamps) are Whisper's own business.
    if (SPECIAL.test(token)) continue;
    const bytes = tokenBytes(token);
    if (bytes && !fits(bytes)) outside.push(id);
  }
  return outside;
}
