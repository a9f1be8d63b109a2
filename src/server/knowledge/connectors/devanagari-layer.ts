// How far a PDF's Devanagari text layer can be trusted, and the one defect that can be undone
// without reading the page again.

const LETTER = '[\u0915-\u0939\u0958-\u095f\u0979-\u097f]';
const CONSONANT = `${LETTER}\u093c?`;
const CLUSTER_AFTER_I = new RegExp(`\u093f((?:${CONSONANT}\u094d)*${CONSONANT})`, 'g');
const I_AFTER_CONSONANT = new RegExp(`(?:${LETTER}|\u093c)\u093f`, 'g');
const ALL_I = /\u093f/g;

/**
 * Some PDFs (e.g. wkhtmltopdf output with Lohit Devanagari) store the short-i vowel sign (U+093F)
 * where it is drawn, before its consonant cluster, so the text layer reads "िकसी" for "किसी".
 * True when a text is clearly in that order.
 */
export function isVisualOrderDevanagari(text: string): boolean {
  const total = text.match(ALL_I)?.length ?? 0;
  if (total < 5) return false;
  // In logical (Unicode) order every short-i sign follows a consonant or a nukta.
  const logical = text.match(I_AFTER_CONSONANT)?.length ?? 0;
  return (total - logical) / total > 0.3;
}

/** Moves each short-i sign back after the consonant cluster it is drawn before. */
export function reorderIMatra(text: string): string {
  return text.replace(CLUSTER_AFTER_I, '$1\u093f');
}

/**
 * Fonts whose character map sends conjuncts and vowel signs to the wrong code points (common in
 * Hindi government PDFs) leave ASCII digits, letters and symbols glued inside Devanagari words
 * ("7चार" for "प्रचार", "म2" for "में", "नेश$स" for "नेशन्स"), and drop other signs outright. Real
 * Hindi text almost never glues these to a Devanagari letter; '?' ';' and brackets are left out
 * because questions and asides do touch words.
 */
const GLUED_ASCII =
  /[\u0900-\u097f][0-9A-Za-z$%&*+<=>@\\^_`{|}~[\]]|[0-9A-Za-z$%&*+<=>@\\^_`{|}~[\]][\u0900-\u097f]/;
const DEVANAGARI = /[\u0900-\u097f]/;

/** Share of a text's Devanagari words with ASCII glued inside, above which the layer is unreadable. */
const GARBLED_SHARE = 0.05;
/** Fewer garbled words than this is read as a few typos, not a broken font. */
const MIN_GARBLED_WORDS = 5;

/**
 * True when a page's Devanagari text layer comes from a broken character map, so the words it
 * holds are not the words on the page (and only reading the rendered page recovers them).
 */
export function isGarbledDevanagari(text: string): boolean {
  let words = 0;
  let garbled = 0;
  for (const word of text.split(/\s+/)) {
    if (!DEVANAGARI.test(word)) continue;
    words++;
    if (GLUED_ASCII.test(word)) garbled++;
  }
  return garbled >= MIN_GARBLED_WORDS && garbled / words > GARBLED_SHARE;
}
