/**
 * A SentencePiece (Unigram) tokenizer's vocabulary held in a fraction of the memory
 * Transformers.js gives it. To find the pieces that start at a place of a text, its Unigram model
 * builds a trie of every piece with a JavaScript Map at each node, and keeps the tokenizer's
 * parsed JSON, whose vocabulary is the 250,002 pieces again as [piece, score] pairs. For
 * multilingual-e5-small that is about 158 MB of V8 heap in the embedding thread, the largest
 * part of an idle server (docs/performance.md, "2026-12-05 (night)"). The pieces sorted once
 * find the same prefixes by narrowing a range a character at a time: 20 MB, the same word pieces
 * (tests/unit/server/models/compact-vocabulary.test.ts), tokenizing about a third slower, which is
 * under 1 % of the time the model then takes for the text.
 */

/** The pieces that a text holds from a place on, as the trie it replaces finds them. */
export class SortedPieces {
  private readonly sorted: string[];

  constructor(pieces: Iterable<string>) {
    // Code-unit order, the order `against` reads: pieces sharing a prefix lie together.
    this.sorted = [...new Set(pieces)].sort();
  }

  /**
   * Each piece that `chars` (a text's code points) begins with from `start`, shortest first:
   * the trie's `common_prefix_search`, whose order the lattice's tie-breaking follows.
   */
  *common_prefix_search(chars: readonly string[], start = 0): Generator<string> {
    const s = this.sorted;
    let lo = 0;
    let hi = s.length;
    let depth = 0;
    for (let i = start; i < chars.length; i++) {
      const c = chars[i]!;
      // The pieces in [lo, hi) all begin with the prefix read so far: narrowed to those that
      // go on with `c`, by its code units at `depth`.
      let a = lo;
      let b = hi;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (against(s[m]!, depth, c) < 0) a = m + 1;
        else b = m;
      }
      lo = a;
      b = hi;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (against(s[m]!, depth, c) <= 0) a = m + 1;
        else b = m;
      }
      hi = a;
      depth += c.length;
      if (lo >= hi) return;
      // The prefix itself, if it is a piece, sorts first among those that begin with it.
      if (s[lo]!.length === depth) yield s[lo]!;
    }
  }
}

/** How a piece's code units at `at` compare with `c`'s (a piece ending before counts lower). */
function against(piece: string, at: number, c: string): number {
  for (let j = 0; j < c.length; j++) {
    const unit = at + j < piece.length ? piece.charCodeAt(at + j) : -1;
    const d = unit - c.charCodeAt(j);
    if (d !== 0) return d;
  }
  return 0;
}

/** The parts of Transformers.js' tokenizer this reads: its Unigram model, if it has one. */
interface WithUnigram {
  _tokenizer?: {
    model?: {
      vocab?: unknown;
      trie?: { common_prefix_search?: unknown };
      config?: { vocab?: unknown };
    };
  };
}

/**
 * Gives a Unigram tokenizer the sorted pieces in place of its trie, and lets go of its JSON's
 * copy of the vocabulary (read only when the model is built). Returns whether it did: another
 * kind of tokenizer (MiniLM's WordPiece, Whisper's) is left as it is, and so is one whose
 * insides a later Transformers.js changed.
 */
export function compactVocabulary(tokenizer: object): boolean {
  const model = (tokenizer as WithUnigram)._tokenizer?.model;
  const vocab = model?.vocab;
  if (
    !model ||
    typeof model.trie?.common_prefix_search !== 'function' ||
    !Array.isArray(vocab) ||
    !vocab.every((piece) => typeof piece === 'string')
  )
    return false;
  model.trie = new SortedPieces(vocab);
  if (model.config && Array.isArray(model.config.vocab)) model.config.vocab = undefined;
  return true;
}
