/**
 * Words a document's layout split, joined again. A printed page breaks a long word at the end of
 * a line, with a hyphen ("dis-" / "ability") or, in some PDFs, with none left in the text layer
 * ("ex" / "pected", "Depart" / "ment"); read as text, the halves become two words that a screen
 * reader says as such ("dis abilities") and that no search finds.
 *
 * Whether two pieces are one word is decided from the document's own vocabulary, never from a
 * list of words: a join is made when the joined word occurs in the document and a piece reads as
 * a fragment (it occurs as a word of its own less often than the joined word does: "reha" and
 * "bilitation" beside "rehabilitation"). Two real words stay apart ("is" / "arguably"), and so
 * does a real hyphenated word ("self-" / "employed" is "self-employed" when the document writes
 * it so, or when it never writes "selfemployed" and both halves are its words).
 */

const LETTERS = '[\\p{L}\\p{M}]+';
const WORD = new RegExp(LETTERS, 'gu');
const COMPOUND = new RegExp(`${LETTERS}(?:-${LETTERS})+`, 'gu');
/**
 * A word at a line's or a page's end (a hyphen after it or not) and the next line's first word, in
 * lower case. A word split over two pages is joined on the first (the form feed after it), so
 * that the pages keep their count and the word the page it starts on. A blank line between the
 * pieces counts as a line end: a PDF's paragraphs are read from the spacing of its lines, and a
 * line set apart by the layout (an indented or spaced one in a statute) splits "con" /
 * "sultation" into two paragraphs though no paragraph ends inside a word.
 */
const AT_LINE_END = new RegExp(
  `(?<![\\p{L}\\p{M}])(${LETTERS})(-?)[ \\t]*(\\f|\\n(?:[ \\t]*\\n)?)[ \\t]*(\\p{Ll}[\\p{L}\\p{M}]*)`,
  'gu',
);
/** Two pieces inside a line: "ex pected", or "disabil- ity" where a hyphen kept its space. */
const IN_LINE = new RegExp(
  `(?<![\\p{L}\\p{M}-])(${LETTERS})(-?) (\\p{Ll}[\\p{L}\\p{M}]*)(?![\\p{L}\\p{M}])`,
  'gu',
);

function tally(text: string, pattern: RegExp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [word] of text.toLowerCase().matchAll(pattern)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** The text with the words its layout split joined again (see above). Line breaks between kept words stay. */
export function joinSplitWords(text: string): string {
  const words = tally(text, WORD);
  const compounds = tally(text, COMPOUND);
  const count = (word: string) => words.get(word.toLowerCase()) ?? 0;
  // How often a piece stands at a split itself: what is left is how often the document uses it as a word.
  const pieces = new Map<string, number>();
  for (const [, a, , , b] of text.matchAll(AT_LINE_END))
    for (const piece of [a!, b!]) pieces.set(piece.toLowerCase(), (pieces.get(piece.toLowerCase()) ?? 0) + 1);
  const usedAlone = (piece: string) => count(piece) - (pieces.get(piece.toLowerCase()) ?? 0) > 0;
  const compound = (a: string, b: string) => compounds.get(`${a}-${b}`.toLowerCase()) ?? 0;
  // A piece reads as a fragment when it stands alone, here excepted, less often than the whole word does.
  const fragment = (piece: string, joined: string) => count(piece) - 1 < count(joined);

  const hyphenated = (a: string, b: string, inLine: boolean): string | null => {
    const joined = a + b;
    if (count(joined) > compound(a, b)) return joined;
    if (compound(a, b) > 0) return `${a}-${b}`;
    // Neither form is written elsewhere. A hyphen at a line's end is the typesetter's unless both
    // halves are words the document uses on their own; inside a line ("pre- and post-war") it stays.
    if (inLine) return null;
    return usedAlone(a) && usedAlone(b) ? `${a}-${b}` : joined;
  };

  const lineEnds = text.replace(AT_LINE_END, (all, a: string, hyphen: string, end: string, b: string) => {
    const page = end === '\f' ? '\f' : '';
    if (hyphen) {
      const word = hyphenated(a, b, false);
      return word === null ? all : word + page;
    }
    const joined = a + b;
    return count(joined) > 0 && (fragment(a, joined) || fragment(b, joined)) ? joined + page : all;
  });
  return lineEnds.replace(IN_LINE, (all, a: string, hyphen: string, b: string) => {
    if (hyphen) return hyphenated(a, b, true) ?? all;
    // A space inside a line is usually meant: both pieces must read as fragments.
    const joined = a + b;
    return count(joined) > 0 && fragment(a, joined) && fragment(b, joined) ? joined : all;
  });
}
