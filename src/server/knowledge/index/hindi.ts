// Hindi words as a search engine needs them. PostgreSQL's Hindi configuration (where it exists:
// not in PostgreSQL 15) stems but keeps every function word, and the sentence-embedding model is
// English only, so a Hindi question is matched by its content words, inflections stripped.

/** Postpositions, auxiliaries, pronouns and question words: every Hindi sentence holds them. */
export const HINDI_FUNCTION_WORDS: ReadonlySet<string> = new Set(
  (
    'है हैं था थी थे का की के को में से पर और या भी तो ही कि यह वह ये वे इस उस इन उन एक ने लिए कर करना ' +
    'क्या कौन किस किसी कैसे कब कहाँ कहां कितना कितने कितनी क्यों जो जब तक साथ बारे वाला वाली वाले होता होती होते हो ' +
    'अगर मैं हम आप उसे उसको इसे इसका उसका उनका उनके उसके इसके अपना अपने अपनी जा जाता जाती जाते सकता सकती सकते ' +
    'रहा रही रहे हुआ हुई हुए गया गई गए दिया लिया कुछ सब सभी बहुत अब'
  ).split(' '),
);

// The inflectional endings of a light Hindi stemmer (after Ramanathan and Rao, "A Lightweight
// Stemmer for Hindi", 2003), longest first: plural and oblique case, verb forms, vowel signs.
const SUFFIXES = [
  'ाएंगी ाएंगे ाऊंगी ाऊंगा ाइयाँ ाइयों ाइयां',
  'ाएगी ाएगा ाओगी ाओगे एंगी ेंगी एंगे ेंगे ूंगी ूंगा ातीं नाओं नाएं ताओं ताएं ियाँ ियों ियां',
  'ाकर ाइए ाईं ाया ेगी ेगा ोगी ोगे ाने ाना ाते ाती ाता तीं ाओं ाएं ुओं ुएं ुआं',
  'कर ाओ िए ाई ाए ने नी ना ते ीं ती ता ाँ ां ों ें',
  'ो े ू ु ी ि ा',
]
  .join(' ')
  .split(' ');

/** A stem keeps at least this many code points (a consonant and a sign, or two consonants). */
const MIN_STEM = 2;

/** A Devanagari word without its inflectional ending: "छुट्टियां" and "छुट्टी" both give "छुट्ट". */
export function hindiStem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && [...word].length - [...suffix].length >= MIN_STEM) {
      return word.slice(0, -suffix.length);
    }
  }
  return word;
}

// Vowel signs, nukta, virama, anusvara, chandrabindu, visarga: what spellings of a word vary in.
const SIGNS = /[\u0900-\u0903\u093a-\u094f\u0955-\u0957\u0962\u0963]/g;
/** Words with at least this many letters besides signs are compared by those letters alone. */
const MIN_SKELETON = 4;

/**
 * How a Devanagari word is compared: by its stem, and a long stem by its letters without vowel
 * signs and the like, so that spellings of one word meet ("एनलाइटनमेंट" and "एनलाइटेनमेंट",
 * "स्वीकृत" and "स्वीकृति"); a short one by its stem alone, as "कम" and "काम" differ.
 */
export function hindiKey(word: string): string {
  const stem = hindiStem(word);
  const skeleton = stem.replace(SIGNS, '');
  return [...skeleton].length >= MIN_SKELETON ? skeleton : stem;
}

const DEVANAGARI_WORD = /^[\u0900-\u097f]+$/;

export const isDevanagariWord = (word: string): boolean => DEVANAGARI_WORD.test(word);

/** A stem this long matches its word's other forms by prefix without matching unrelated words. */
const MIN_PREFIX_STEM = 3;

/**
 * The Devanagari content words of a text as PostgreSQL prefix terms (`'छुट्ट':*`), for the
 * configuration without a Hindi stemmer; empty when the text holds none.
 */
export function hindiPrefixTerms(text: string): string[] {
  const terms = text
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => isDevanagariWord(w) && !HINDI_FUNCTION_WORDS.has(w))
    .map(hindiStem)
    .map((stem) => ([...stem].length >= MIN_PREFIX_STEM ? `'${stem}':*` : `'${stem}'`));
  return [...new Set(terms)];
}

/** The text without its Hindi function words, so that a match on "है" or "को" ranks nothing. */
export function withoutHindiFunctionWords(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => !HINDI_FUNCTION_WORDS.has(word.replace(/[^\p{L}\p{M}]/gu, '')))
    .join(' ');
}
