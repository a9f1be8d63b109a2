import { describe, expect, it } from 'vitest';
import { groupByMeaning, SAME_QUESTION } from '../../../../src/server/review/gap-groups';

const at = (angle: number) => [Math.cos(angle), Math.sin(angle), 0];
const chance = { center: 0.5, spread: 0.1 };
/** The angle whose cosine lies `z` spreads above chance. */
const angleFor = (z: number) => Math.acos(chance.center + z * chance.spread);

describe('grouping knowledge gaps by meaning', () => {
  it('puts questions that lie close together in one group, whatever their words or language', () => {
    const texts = [
      'What is the price of a WHILL?',
      'WHILL की कीमत क्या है?',
      'Can I take my guide dog in a taxi?',
    ];
    const vectors = [at(0), at(angleFor(SAME_QUESTION + 1)), at(Math.PI / 2)];
    expect(groupByMeaning(texts, vectors, chance)).toEqual([[0, 1], [2]]);
  });

  it('keeps apart questions below the threshold', () => {
    const groups = groupByMeaning(
      ['a question', 'another question'],
      [at(0), at(angleFor(SAME_QUESTION - 0.5))],
      chance,
    );
    expect(groups).toEqual([[0], [1]]);
  });

  it('keeps apart questions asking opposite changes, however close they lie', () => {
    const texts = ['How do I turn on Sticky Keys?', 'How do I turn Sticky Keys off?', 'स्टिकी कीज़ कैसे बंद करें?'];
    const vectors = [at(0), at(0.01), at(0.02)];
    expect(groupByMeaning(texts, vectors, chance)).toEqual([[0], [1, 2]]);
  });

  it('joins a question to the group of the one it lies closest to', () => {
    const vectors = [at(0), at(1.4), at(1.4 - angleFor(SAME_QUESTION + 2))];
    expect(groupByMeaning(['a', 'b', 'c'], vectors, chance)).toEqual([[0], [1, 2]]);
  });

  it('reads a Hindi and an English question against the chance of texts across scripts', () => {
    const across = { ...chance, across: { center: 0.3, spread: 0.1 } };
    // 1 spread above same-script chance, 3 above the across-scripts one.
    const vectors = [at(0), at(Math.acos(0.6))];
    expect(groupByMeaning(['What is a WHILL?', 'व्हिल क्या होता है?'], vectors, across)).toEqual([[0, 1]]);
    expect(groupByMeaning(['What is a WHILL?', 'What is a wheel?'], vectors, across)).toEqual([[0], [1]]);
  });

  it('without vectors, groups only the same words', () => {
    const groups = groupByMeaning(
      ['What is braille?', 'what is BRAILLE', 'What is sign language?'],
      [null, null, null],
      null,
    );
    expect(groups).toEqual([[0, 1], [2]]);
  });
});
