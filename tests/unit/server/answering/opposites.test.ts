import { describe, expect, it } from 'vitest';
import { asksTheOpposite, changesAsked, changesSaidOf } from '../../../../src/server/answering/opposites';
import { contentWords } from '../../../../src/server/answering/words';

describe('questions that ask for opposite changes', () => {
  it('tells switching on from switching off, in English and Hindi and across them', () => {
    expect(asksTheOpposite('How do I turn on Sticky Keys?', 'How do I turn Sticky Keys off?')).toBe(true);
    expect(asksTheOpposite('How can I switch captions on?', 'How can I hide the captions?')).toBe(true);
    expect(asksTheOpposite('Which keys start Narrator?', 'Which keys quit Narrator?')).toBe(true);
    expect(asksTheOpposite('मैग्निफ़ायर कैसे चालू करें?', 'How do I turn off Magnifier?')).toBe(true);
    expect(asksTheOpposite('स्क्रीन रीडर को कैसे बंद करें?', 'How do I start the screen reader?')).toBe(true);
    expect(asksTheOpposite('How do I turn on closed captions?', 'How do I turn closed captions off?')).toBe(
      true,
    );
    expect(asksTheOpposite('Which key expands a tree node?', 'पेड़ की शाखा को समेटने की कुंजी क्या है?')).toBe(true);
  });

  it('leaves paraphrases alone: the same side, in other words or another language', () => {
    expect(asksTheOpposite('How do I start NVDA?', 'Which keys launch NVDA?')).toBe(false);
    expect(asksTheOpposite('How do I close a dialog?', 'Which key dismisses a modal?')).toBe(false);
    expect(asksTheOpposite('How do I open the menu?', 'मेन्यू कैसे खोलें?')).toBe(false);
  });

  it('never reads a question with both sides, or neither, as opposite', () => {
    expect(asksTheOpposite('How do I close the menu after it opens?', 'How do I open the menu?')).toBe(false);
    expect(asksTheOpposite('What is braille?', 'How do I start NVDA?')).toBe(false);
  });

  it('reads no change in words that only look like one', () => {
    for (const text of [
      'Is NVDA open source?',
      'What are closed captions?',
      'Which keys are close to each other on a braille keyboard?',
      'My daughter is disabled; what help can she get?',
      'मुझे दिखाई नहीं देता, मैं क्या करूँ?',
      'My son just turned 23',
    ])
      expect(changesAsked(text).size, text).toBe(0);
  });
});

describe('changesSaidOf', () => {
  const said = (sentence: string, question: string) => [...changesSaidOf(sentence, contentWords(question))];

  it('reads the change a sentence makes to what the question names, in English and Hindi', () => {
    expect(
      said('Start the screen reader by pressing Ctrl + Alt + N.', 'which keys launch the screen reader?'),
    ).toEqual(['on']);
    expect(said('Press Insert + Q to quit the screen reader.', 'how do I start the screen reader?')).toEqual([
      'off',
    ]);
    expect(said('Enter: collapses the pane if it is expanded.', 'which key collapses a pane?')).toEqual([
      'off',
    ]);
    expect(said('स्क्रीन रीडर को बंद करने के लिए Insert + Q दबाएँ।', 'स्क्रीन रीडर कैसे चालू करें?')).toEqual(['off']);
  });

  it('reads no change made to something else, nor a word that only looks like one', () => {
    expect(
      said('Press Insert + F7 to open the elements list.', 'which keys start the screen reader?'),
    ).toEqual([]);
    expect(
      said('The widget enables users to set an alarm.', 'Is a meter OK for showing upload progress?'),
    ).toEqual([]);
    expect(said('Closed captions are on by default.', 'how do I turn off captions?')).toEqual([]);
    expect(said('The screen reader reads the page aloud.', 'how do I stop the screen reader?')).toEqual([]);
  });
});
