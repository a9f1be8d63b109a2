import { describe, expect, it } from 'vitest';
import {
  CONFIDENCE,
  NOT_FOUND_ANSWER,
  composeAnswer,
  contentWords,
  linkOf,
  type ComposeOptions,
} from '../../../../src/server/answering/composer';
import { givesAskedKind, scoreSentences, WEIGHTS } from '../../../../src/server/answering/sentence-choice';
import { salientTerms } from '../../../../src/server/answering/words';
import { wordingFor } from '../../../../src/server/answering/messages';
import type { Passage } from '../../../../src/server/answering/retrieval';
import { splitSentences } from '../../../../src/server/knowledge/index/chunker';

const passage = (text: string, over: Partial<Passage> = {}): Passage => ({
  chunkId: 'c',
  itemId: 'i1',
  sourceId: 's',
  title: 'Screen readers',
  url: 'https://example.org/readers',
  text,
  position: 0,
  page: null,
  origin: null,
  score: 1,
  textRank: 1,
  sentenceSimilarity: [],
  windowSimilarity: [],
  ...over,
});

/**
 * A model whose questions meet unrelated sentences at a cosine of 0.1, give or take 0.1 (about
 * all-MiniLM-L6-v2's): the cosines below are read on it.
 */
const SCALE = { center: 0.1, spread: 0.1 };
const compose = (query: string, passages: Passage[], options: ComposeOptions = {}) =>
  composeAnswer(query, passages, { scale: SCALE, ...options });
/** The cosine that reads as `z` spreads above chance on SCALE. */
const cosineAt = (z: number) => SCALE.center + z * SCALE.spread;

/** A passage whose sentences have the given cosines to the question, in order. */
const scored = (sentences: [string, number][], over: Partial<Passage> = {}) =>
  passage(sentences.map(([s]) => s).join(' '), {
    sentenceSimilarity: sentences.map(([, cos]) => cos),
    ...over,
  });

describe('contentWords', () => {
  it('drops question words and cuts long Latin words to a stem', () => {
    expect(contentWords('What is the best screen reader for a disabled person?')).toEqual([
      'best',
      'scree',
      'reade',
      'disab',
      'perso',
    ]);
  });
  it('stems Devanagari words and drops Hindi function words', () => {
    expect(contentWords('विकलांगता क्या है')).toEqual(contentWords('विकलांग'));
    expect(contentWords('विकलांगता क्या है')).toHaveLength(1);
    expect(contentWords('छुट्टियां')).toEqual(contentWords('छुट्टी'));
  });
});

describe('choosing the sentence that answers', () => {
  it('prefers the sentence that answers by meaning over one sharing more of the words', () => {
    const p = scored([
      ['The chair of the Access Board chairs the board meetings of the chair.', 0.45],
      ['The chairperson shall be elected by majority vote to serve for terms of one year.', 0.72],
    ]);
    const { answer, found } = compose('How long does the chair of the Access Board serve?', [p]);
    expect(found).toBe(true);
    expect(answer.startsWith('The chairperson shall be elected')).toBe(true);
  });

  it('prefers a sentence stating the kind of answer asked for: a number, a key to press', () => {
    const pair = (answering: string, other: string) =>
      scored([
        [other, cosineAt(5.2)],
        [answering, cosineAt(4.8)],
      ]);
    const first = (query: string, p: Passage) => scoreSentences(query, [p], SCALE)[0]!.text;
    const readers = pair(
      'About 61 million people in the country read with a screen reader every day.',
      'Lots of people in the country read with a screen reader every day of the week.',
    );
    expect(first('How many people read with a screen reader?', readers)).toMatch(/^About 61 million/);
    const keys = pair(
      'Start the screen reader at any time by pressing Ctrl + Alt + N together.',
      'Start the screen reader at any time from its icon on the desktop of your computer.',
    );
    expect(first('Which keys start the screen reader?', keys)).toMatch(/Ctrl \+ Alt \+ N/);
    expect(first('स्क्रीन रीडर चालू करने का कीबोर्ड शॉर्टकट क्या है?', keys)).toMatch(/Ctrl \+ Alt \+ N/);
    // Asked for neither, the closer sentence stands.
    expect(first('How do I start the screen reader?', keys)).toMatch(/from its icon/);
    expect(first('Who reads with a screen reader?', readers)).toMatch(/^Lots of people/);
  });

  it('prefers a sentence making the change asked for to what is asked about, not the opposite', () => {
    const keys = scored([
      ['Press Insert + Q to quit NVDA at any time.', cosineAt(5.4)],
      ['Press Insert + F7 to open the list of links on the page.', cosineAt(5.2)],
      ['Start NVDA by pressing Ctrl + Alt + N together.', cosineAt(4.8)],
    ]);
    const first = (query: string) => scoreSentences(query, [keys], SCALE)[0]!.text;
    expect(first('Which keys start NVDA?')).toMatch(/^Start NVDA/);
    // Across scripts, only a name written alike can be the thing asked about.
    expect(first('NVDA चालू करने का कीबोर्ड शॉर्टकट क्या है?')).toMatch(/^Start NVDA/);
    // Asked for no change, the closer sentence stands.
    expect(first('Which keys does NVDA use?')).toMatch(/^Press Insert \+ Q/);
  });

  it('counts a number that names a section, a list item or a year as no quantity, but as a time', () => {
    const board = scored([
      [
        '(d) Beginning in fiscal year 2000, the Board shall train the staff of Section 508 offices.',
        cosineAt(5.2),
      ],
      ['The Board is composed of thirteen members appointed by the President.', cosineAt(4.8)],
    ]);
    const first = (query: string) => scoreSentences(query, [board], SCALE)[0]!.text;
    expect(first('How many members sit on the Board?')).toMatch(/thirteen members/);
    expect(first('बोर्ड में कितने सदस्य हैं?')).toMatch(/thirteen members/);
    // A year is what "when" asks for: the closer sentence, which states one, stands.
    expect(first('When did the Board start training staff?')).toMatch(/fiscal year 2000/);
    // "When" that sets a condition asks for no time: the closer sentence, without one, stands.
    const dialog = scored([
      ['The least destructive button of a dialog should receive focus when it opens.', cosineAt(5.2)],
      ['Version 1.2 of the dialog moves focus to the first button when it opens.', cosineAt(4.8)],
    ]);
    const chosen = (query: string) => scoreSentences(query, [dialog], SCALE)[0]!.text;
    expect(chosen('When the dialog opens, which button should get focus?')).toMatch(/^The least destructive/);
    expect(chosen('When was the dialog changed to move focus?')).toMatch(/^Version 1\.2/);
    const sized = scored([
      ['The large text size is set in the editor of each paragraph block.', cosineAt(5.2)],
      ['The large text size defaults to 36px in the block editor.', cosineAt(4.8)],
    ]);
    // A number with its unit is a quantity.
    expect(scoreSentences('How big is the large text size?', [sized], SCALE)[0]!.text).toMatch(/36px/);
  });

  it('passes over a heading that is close in meaning but says nothing', () => {
    const p = passage(
      'Keyboard Interaction\n\nTab moves focus into the tab list and places it on the active tab element.',
      {
        sentenceSimilarity: [0.7, 0.62],
      },
    );
    expect(compose('How does the keyboard move into a tab list?', [p]).answer).toMatch(/^Tab moves focus/);
  });

  it('brings the list a sentence ends with ":" introduces, whole', () => {
    const text =
      'Keyboard Interaction.\n\nFor the tab list:\n\nTab: places focus on the active tab.\n\n' +
      'Left Arrow: moves focus to the previous tab.\n\nRight Arrow: moves focus to the next tab.';
    const sims = splitSentences(text).map((s) => (s === 'For the tab list:' ? 0.8 : 0.3));
    const { answer } = compose('Which keys work in a tab list?', [
      passage(text, { sentenceSimilarity: sims }),
    ]);
    expect(answer).toContain('For the tab list:');
    expect(answer).toContain('- Tab: places focus on the active tab.');
    expect(answer).toContain('- Right Arrow: moves focus to the next tab.');
  });

  it('shows the introduction of the list a chosen item belongs to', () => {
    const text =
      'Browsers ignore role presentation if either of the following are true:\n\n' +
      'The element is focusable, like a link.\n\nThe element has a global ARIA property.';
    const sims = splitSentences(text).map((s) => (s.startsWith('The element is focusable') ? 0.8 : 0.3));
    const { answer } = compose('Does role none work on a focusable link?', [
      passage(text, { sentenceSimilarity: sims }),
    ]);
    expect(answer).toMatch(/^Browsers ignore role presentation .*:\s+The element is focusable/);
  });

  it('shows the sentence before one that continues it', () => {
    const p = scored([
      ['NVDA is a free screen reader for Windows.', 0.5],
      ['It reads text aloud with a synthetic voice and drives braille displays.', 0.75],
    ]);
    expect(compose('Does the free Windows screen reader drive braille displays?', [p]).answer).toMatch(
      /^NVDA is a free screen reader for Windows\. It reads text aloud/,
    );
  });

  it('links the source, at the page of a PDF passage, and adds supporting quotes with theirs', () => {
    const a = scored([['Braille instruction is among the services for older blind individuals.', 0.7]], {
      url: '/files/f1/act.pdf',
      title: 'Rehabilitation Act',
      page: 12,
    });
    const b = scored(
      [['Mobility training helps an older individual who is blind adjust to blindness.', 0.72]],
      {
        itemId: 'i2',
        url: 'https://example.org/services',
        title: 'Services',
      },
    );
    const { answer, links } = compose('Can an older blind person get braille lessons?', [a, b]);
    expect(answer).toContain('Source: [Rehabilitation Act](/files/f1/act.pdf#page=12)');
    expect(answer).toContain('Mobility training helps');
    expect(links.map((l) => l.url)).toEqual(['/files/f1/act.pdf#page=12', 'https://example.org/services']);
  });

  it('cites a source once for the supporting quotes it gives', () => {
    const p = scored([
      ['Orpheus speaks with a synthetic voice that many blind people use every day on Windows.', 0.8],
      ['Orpheus runs on Windows XP and on the later versions of Windows that followed it.', 0.75],
      [
        'Orpheus needs no particular soundcard: any that Windows itself can play sound through will do.',
        0.74,
      ],
    ]);
    const other = scored(
      [['Windows screen readers can drive Orpheus as their voice, and so can other programs.', 0.76]],
      {
        itemId: 'i2',
        url: 'https://example.org/others',
        title: 'Readers',
      },
    );
    const { answer } = compose('Does the Orpheus voice run on Windows?', [p, other]);
    const also = answer.split('**Also in the knowledge base**')[1]!;
    expect(also.match(/\[Screen readers\]/g)).toHaveLength(1);
    expect(also).toMatch(/- Orpheus .*\. … Orpheus .*\. \(\[Screen readers\]/);
    expect(also).toContain('([Readers](https://example.org/others))');
  });

  it('cites the next document that holds the answer’s sentence word for word, and no more', () => {
    const sentence = 'Do not repeat the landmark role in its label: a screen reader says it twice.';
    const example = scored([[sentence, 0.8]], {
      chunkId: 'c1',
      url: 'https://example.org/example',
      title: 'Example',
    });
    // The same document again (an overlapping passage), and the guidance page that states it too.
    const again = scored([[sentence, 0.78]], { chunkId: 'c2', url: 'https://example.org/example' });
    const guidance = scored([[sentence, 0.7]], {
      chunkId: 'c3',
      itemId: 'i2',
      url: 'https://example.org/guidance',
      title: 'Guidance',
    });
    const third = scored([[sentence, 0.6]], {
      chunkId: 'c4',
      itemId: 'i3',
      url: 'https://example.org/third',
      title: 'Third',
    });
    const { answer, links } = compose('Can a label repeat the landmark role?', [
      example,
      again,
      guidance,
      third,
    ]);
    expect(answer).toContain(
      'Source: [Example](https://example.org/example), [Guidance](https://example.org/guidance)',
    );
    expect(answer.match(/screen reader says it twice/g)).toHaveLength(1);
    expect(answer).not.toContain('Third');
    expect(links.map((l) => l.url)).toEqual(['https://example.org/example', 'https://example.org/guidance']);
  });

  it('counts the records of one database export as one document', () => {
    const sentence = 'This paragraph is red with white text, to check its contrast.';
    const record = (n: number, cosine: number) =>
      scored([[sentence, cosine]], {
        chunkId: `r${n}`,
        itemId: `record-${n}`,
        url: `https://example.org/post-${n}/`,
        title: `Post ${n}`,
        origin: 'https://example.org/exports/site.wxr.xml',
      });
    const { answer } = compose('What does the red paragraph check?', [record(1, 0.8), record(2, 0.75)]);
    expect(answer).toContain('Source: [Post 1](https://example.org/post-1/) (from');
    expect(answer).not.toContain('Post 2');
  });

  it('escapes markdown in quoted text', () => {
    const p = scored([['Use the *Tab* key to move between [links] in a screen reader.', 0.8]]);
    const { answer } = compose('Which key moves between links?', [p]);
    expect(answer).toContain('\\*Tab\\*');
    expect(answer).toContain('\\[links\\]');
  });
});

describe('choosing by words alone (no vectors)', () => {
  it('prefers a sentence whose paragraph holds the question’s other words', () => {
    const elsewhere = passage('The editor wrote about the price of paper this year.');
    const letter = passage('Two readers from Leeds wrote to us. The price should be lower, they said.', {
      chunkId: 'letter',
    });
    const [best] = scoreSentences(
      'What did the readers from Leeds say about the price?',
      [elsewhere, letter],
      null,
    ).filter((c) => c.text.includes('price'));
    expect(best?.text).toBe('The price should be lower, they said.');
  });

  it('counts a long sentence’s shared words for less than a short one’s', () => {
    const long = passage(
      'Braille displays, notetakers, magnifiers, switches, eye trackers, hearing loops and many other devices are sold by vendors at prices that vary widely across regions and years.',
    );
    const short = passage('Braille displays are sold by vendors.', { chunkId: 'short' });
    const [best] = scoreSentences('Who sells braille displays?', [long, short], null);
    expect(best?.text).toBe('Braille displays are sold by vendors.');
  });
});

describe('reading cosines on the model’s own scale', () => {
  // The same ranking as two models would give it: all-MiniLM-L6-v2 spreads a question's cosines
  // over 0 to 0.7; multilingual-e5-small crowds them into 0.75 to 0.9.
  const sentences: [string, number][] = [
    ['The chair of the Access Board chairs the board meetings of the chair.', 0.45],
    ['The chairperson shall be elected by majority vote to serve for terms of one year.', 0.62],
    ['Members of the board are appointed by the President.', 0.3],
  ];
  const question = 'How long does the chair of the Access Board serve?';
  const rescaled = (a: number, b: number) => ({
    passages: [scored(sentences.map(([text, cos]) => [text, a * cos + b]))],
    scale: { center: a * SCALE.center + b, spread: a * SCALE.spread },
  });

  it('makes the same choice, with the same confidence, at any scale', () => {
    const narrow = rescaled(0.2, 0.76);
    const wide = rescaled(1, 0);
    const a = composeAnswer(question, narrow.passages, { scale: narrow.scale });
    const b = composeAnswer(question, wide.passages, { scale: wide.scale });
    expect(a.answer).toBe(b.answer);
    expect(a.outcome).toBe(b.outcome);
    expect(a.confidence).toBeCloseTo(b.confidence!, 9);
    const choice = (r: ReturnType<typeof rescaled>) =>
      scoreSentences(question, r.passages, r.scale).map((c) => [c.text, c.score]);
    choice(narrow).forEach(([text, score], i) => {
      expect(text).toBe(choice(wide)[i]![0]);
      expect(score).toBeCloseTo(choice(wide)[i]![1] as number, 9);
    });
  });

  it('refuses a sentence at chance on its own scale that another model’s scale would answer', () => {
    const narrow = rescaled(0.2, 0.76);
    const unrelated = [
      scored([['Thirteen members of the board are appointed by the President.', narrow.scale.center]]),
    ];
    expect(composeAnswer(question, unrelated, { scale: narrow.scale }).outcome).toBe('none');
    expect(composeAnswer(question, unrelated, { scale: SCALE }).outcome).toBe('answer');
  });
});

describe('a passage in another script than the question’s', () => {
  // A multilingual model meets two languages at lower cosines than one: here chance across
  // scripts is 0.05 below chance within one.
  const scale = { ...SCALE, across: { center: 0.05, spread: 0.1 } };
  const hindi = scored([['प्रत्येक व्यक्ति को काम करने का अधिकार है।', 0.45]]);
  const english = scored([['Every person has the right to choose their employment.', 0.45]]);
  const question = 'Is there a right to work?';

  it('is read against the chance of texts across scripts, a passage in its own script not', () => {
    const [across] = scoreSentences(question, [hindi], scale);
    const [within] = scoreSentences('क्या काम करने का अधिकार है?', [hindi], scale);
    expect(across!.similarity).toBeCloseTo((0.45 - 0.05) / 0.1, 9);
    expect(within!.similarity).toBeCloseTo((0.45 - 0.1) / 0.1, 9);
    expect(scoreSentences(question, [english], scale)[0]!.similarity).toBeCloseTo(3.5, 9);
  });

  it('is not held to the question’s words the knowledge base never uses, which it could not hold', () => {
    // "entitled" and "holidays" are in no passage: the declaration that answers is in Hindi.
    const declaration = scored([['प्रत्येक व्यक्ति को विश्राम और अवकाश का अधिकार है।', cosineAt(5)]]);
    const options = { scale, unknownTerms: 2 };
    expect(compose('Is everyone entitled to holidays?', [declaration], options).outcome).toBe('answer');
    const report = scored([['Every worker gets paid leave after a year of work.', cosineAt(5)]]);
    expect(compose('Is everyone entitled to holidays?', [report], options).outcome).toBe('none');
  });

  it('is read on the one scale when the knowledge base has too little of a second script to tell', () => {
    expect(scoreSentences(question, [hindi], SCALE)[0]!.similarity).toBeCloseTo(3.5, 9);
  });
});

describe('the three outcomes', () => {
  // No word in common with the sentence: its score is its meaning and its passage's rank.
  const question = 'What can a blind person use with a PC?';
  const sentence = 'NVDA runs on every Windows computer.';
  /** The cosine whose sentence, first of the first passage, scores `score`. */
  const scoring = (score: number) => cosineAt(score - WEIGHTS.rank);
  const at = (score: number) => compose(question, [scored([[sentence, scoring(score)]])]);
  const between = (CONFIDENCE.answer + CONFIDENCE.closest) / 2;

  it('gives a sentence that answers as the answer, with its source', () => {
    const result = at(CONFIDENCE.answer + 1);
    expect(result).toMatchObject({ outcome: 'answer', found: true });
    expect(result.answer).toMatch(/^NVDA runs on every Windows computer\.\n\nSource: \[Screen readers\]/);
  });

  it('gives a distant passage as the closest one, saying so first, with its source', () => {
    const result = at(between);
    expect(result).toMatchObject({ outcome: 'closest', found: false });
    expect(result.answer).toMatch(
      /^I could not find a direct answer; the closest passage is:\n\nNVDA runs on every Windows computer\./,
    );
    expect(result.links.map((l) => l.url)).toEqual(['https://example.org/readers']);
  });

  it('gives text stating no number as the closest passage to a question asking how many, however close', () => {
    const how = 'How many members does the Access Board have?';
    const board = (text: string) => compose(how, [scored([[text, scoring(CONFIDENCE.answer + 2)]])]);
    expect(board('The Access Board advises the Secretary on accessibility.')).toMatchObject({
      outcome: 'closest',
      found: false,
    });
    expect(board('The Access Board has thirteen members from the public.').outcome).toBe('answer');
    expect(board('The Access Board has 25 members.').outcome).toBe('answer');
    // A key is not required: "keyboard" alone asks for one, and a rule can answer.
    const focus = compose('Should keyboard focus move into a tooltip?', [
      scored([['Tooltips do not receive focus.', scoring(CONFIDENCE.answer + 2)]]),
    ]);
    expect(focus.outcome).toBe('answer');
  });

  it('gives a sentence its words carry over the bar, its meaning not, as the closest passage', () => {
    // Every word of the question held, in another sense: its meaning alone under the closest
    // passage's bar, its score over the answer's.
    const deafBlind = 'How can a deaf-blind person use a computer?';
    const room = (meaning: number) =>
      scored([['A deaf person and a blind person share one computer room.', cosineAt(meaning)]]);
    expect(scoreSentences(deafBlind, [room(CONFIDENCE.closest - 0.5)], SCALE)[0]!.score).toBeGreaterThan(
      CONFIDENCE.answer,
    );
    expect(compose(deafBlind, [room(CONFIDENCE.closest - 0.5)])).toMatchObject({
      outcome: 'closest',
      found: false,
    });
    expect(compose(deafBlind, [room(CONFIDENCE.closest + 0.5)]).outcome).toBe('answer');
  });

  it('says plainly that nothing was found when nothing comes close', () => {
    expect(at(CONFIDENCE.closest - 3)).toMatchObject({
      outcome: 'none',
      answer: NOT_FOUND_ANSWER,
      links: [],
    });
  });

  it('says it in the question’s language', () => {
    const result = compose(
      'नेत्रहीन व्यक्ति कंप्यूटर पर क्या चला सकता है?',
      [scored([[sentence, scoring(between)]])],
      {
        language: 'hi',
      },
    );
    expect(result.answer.startsWith(wordingFor('hi').closest)).toBe(true);
  });
});

describe('a source in another language', () => {
  const english = scored([
    [
      'The dialog closes when the user presses the Escape key, and focus returns to the element that opened it.',
      cosineAt(CONFIDENCE.answer + 2),
    ],
  ]);

  it('is named, in Hindi, before its words are quoted as written', () => {
    const { answer } = compose('डायलॉग बंद करने के लिए कौन सी कुंजी दबाएँ?', [english], { language: 'hi' });
    expect(answer).toMatch(/^स्रोत अंग्रेज़ी में है; उसमें यह लिखा है:\n\nThe dialog closes when the user presses/);
    expect(answer).toContain('स्रोत: [Screen readers]');
  });

  it('is not named when the source is in the question’s language', () => {
    expect(compose('Which key closes the dialog?', [english]).answer).toMatch(/^The dialog closes/);
  });
});

describe('refusing', () => {
  it('says plainly that nothing was found, with no links, below the threshold', () => {
    const p = scored([['NVDA is a free screen reader for Windows.', cosineAt(CONFIDENCE.closest - 2)]]);
    const result = compose('How do I bake sourdough bread?', [p]);
    expect(result).toMatchObject({ answer: NOT_FOUND_ANSWER, links: [], found: false });
    expect(compose('anything at all', []).found).toBe(false);
  });

  it('without vectors, refuses when no sentence holds the question’s words', () => {
    expect(
      compose('volcano eruption Iceland', [passage('NVDA is a free screen reader for Windows.')]).found,
    ).toBe(false);
    expect(
      compose('Which free screen reader works on Windows?', [
        passage('NVDA is a free screen reader for Windows.'),
      ]).found,
    ).toBe(true);
  });

  it('refuses in the question’s language, and says why when it could not translate', () => {
    const hindi = wordingFor('hi');
    expect(compose('खाना कैसे बनाएँ', [], { language: 'hi' }).answer).toBe(hindi.notFound);
    expect(compose('खाना कैसे बनाएँ', [], { language: 'hi', untranslated: true }).answer).toBe(
      hindi.noTranslation,
    );
  });
});

describe('givesAskedKind', () => {
  it('asks a quantity or a time for a number, said in figures or words, zero and "free" too', () => {
    expect(givesAskedKind('How much does NVDA cost?', 'NVDA is free and open source.')).toBe(true);
    expect(givesAskedKind('How much does NVDA cost?', 'NVDA reads the screen aloud.')).toBe(false);
    expect(givesAskedKind('When was the Act passed?', 'It was passed in 1973.')).toBe(true);
    expect(givesAskedKind('When was the Act passed?', 'It was passed by Congress.')).toBe(false);
    expect(givesAskedKind('कितने सदस्य हैं?', 'बोर्ड में १३ सदस्य हैं।')).toBe(true);
  });

  it('asks nothing of a question that asks for no kind, nor for a key', () => {
    expect(givesAskedKind('Why use headings?', 'Headings give a page its structure.')).toBe(true);
    // A moment, not a date: "when should" and कब are answered by rules as often.
    expect(givesAskedKind('When should focus move to the dialog?', 'Focus moves inside it.')).toBe(true);
    expect(givesAskedKind('How long should alt text be?', 'Keep it short.')).toBe(true);
    expect(givesAskedKind('Which shortcut starts NVDA?', 'NVDA starts with Windows.')).toBe(true);
  });
});

describe('salientTerms', () => {
  it('finds names, acronyms, codes and long words, not the first word or common ones', () => {
    expect(salientTerms('What does a WHILL Model C2 wheelchair cost in Tamil Nadu?')).toEqual([
      'WHILL',
      'Model',
      'C2',
      'wheelchair',
      'Tamil',
      'Nadu',
    ]);
    expect(salientTerms('How do I use a screen reader?')).toEqual([]);
  });

  it('counts years and version numbers as specific, not quantities', () => {
    expect(salientTerms('is JAWS 2024 compatible with Windows 11?')).toEqual([
      'JAWS',
      'compatible',
      'Windows',
      '2024',
    ]);
    expect(salientTerms('the target size in WCAG 2.2 rule 2.5.8')).toEqual(['WCAG', '2.2', '2.5.8']);
    expect(salientTerms('how many of the 85 people, 56.7 percent, use 1200px images?')).toEqual([
      '1200px',
      '56.7',
    ]);
  });
});

describe('citing a database export', () => {
  it('names the export a record came from, with its address', () => {
    const p = scored([['The spacer block has a default height of 100 pixels.', 0.8]], {
      url: 'https://example.org/block-spacer/',
      title: 'Block: Spacer',
      origin: 'https://example.org/exports/site.wxr.xml',
    });
    const { answer, links } = compose('How tall is the spacer block?', [p]);
    expect(answer).toContain(
      'Source: [Block: Spacer](https://example.org/block-spacer/) (from [site.wxr.xml](https://example.org/exports/site.wxr.xml))',
    );
    expect(links.map((l) => l.url)).toEqual([
      'https://example.org/block-spacer/',
      'https://example.org/exports/site.wxr.xml',
    ]);
  });
});

describe('linkOf', () => {
  it('opens a PDF at the page, and leaves other addresses as they are', () => {
    expect(linkOf(passage('x', { url: '/files/a/b.pdf', page: 3, title: 'B' }))).toEqual({
      url: '/files/a/b.pdf#page=3',
      title: 'B',
    });
    expect(linkOf(passage('x', { url: 'https://youtu.be/x', title: 'V' }))?.url).toBe('https://youtu.be/x');
    expect(linkOf(passage('x', { url: null }))).toBeNull();
  });
});
