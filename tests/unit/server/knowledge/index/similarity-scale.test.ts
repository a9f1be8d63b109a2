import { describe, expect, it } from 'vitest';
import { packVectors, PackedVectors } from '../../../../../src/server/knowledge/index/passage-vectors';
import {
  aboveChance,
  measureScale,
  measureSecond,
  pairedCosine,
  probesOf,
  sentencesAcrossScripts,
  type ScaleSample,
} from '../../../../../src/server/knowledge/index/similarity-scale';

/** A unit vector in the plane at an angle (radians). */
const at = (angle: number) => [Math.cos(angle), Math.sin(angle)];

/** Passages of sentences at the given angles, each sentence question-sized. */
function sample(passages: number[][]): ScaleSample {
  return {
    passages: passages.map((angles, p) => ({
      id: `p${p}`,
      sentences: angles.map(
        (_, i) => `Sentence ${i} of passage ${p} is long enough to stand for a question.`,
      ),
      vectors: new PackedVectors(packVectors(angles.map(at)), 2),
    })),
  };
}

describe('the scale a model’s cosines are read on', () => {
  it('is the median and spread of questions’ cosines to the sentences of other passages', () => {
    // Thirty passages of one sentence each, spread around the circle's upper half.
    const angles = Array.from({ length: 30 }, (_, i) => [(i * Math.PI) / 29]);
    const s = sample(angles);
    const probes = [{ passage: 'p0' }];
    const scale = measureScale(s, probes, [at(Math.PI / 2)])!;
    // The other 29 sentences' cosines to a vector at 90°: sin of their angles, median near 0.
    const cosines = angles
      .slice(1)
      .map(([a]) => Math.cos(a! - Math.PI / 2))
      .sort((x, y) => x - y);
    expect(scale.center).toBeCloseTo(cosines[14]!, 1);
    expect(scale.spread).toBeGreaterThan(0);
  });

  it('never compares a probe with the sentences of its own passage', () => {
    // A probe that is its passage's own sentence would make chance look like a perfect match.
    const s = sample([
      Array.from({ length: 25 }, () => 0),
      Array.from({ length: 25 }, (_, i) => Math.PI / 2 + i / 100),
    ]);
    const scale = measureScale(s, [{ passage: 'p0' }], [at(0)])!;
    expect(scale.center).toBeLessThan(0.1);
  });

  it('is not measured from too few sentences', () => {
    expect(measureScale(sample([[0], [1]]), [{ passage: 'p0' }], [at(0)])).toBeNull();
  });

  it('reads a cosine as spreads above chance', () => {
    expect(aboveChance(0.85, { center: 0.78, spread: 0.02 })).toBeCloseTo(3.5, 9);
    expect(aboveChance(0.45, { center: 0.1, spread: 0.1 })).toBeCloseTo(3.5, 9);
  });

  it('across scripts, is questions in another script against the sample’s Latin sentences', () => {
    const angles = Array.from({ length: 30 }, (_, i) => [(i * Math.PI) / 29]);
    const s = sample([...angles, ...angles.map(() => [Math.PI / 2])]);
    // The Devanagari sentences are in the questions' own script (and meet them at 1): not counted.
    for (const passage of s.passages.slice(30))
      passage.sentences = ['यह वाक्य प्रश्न के आकार का है और हिन्दी में लिखा गया है।'];
    const questions = Array.from({ length: 8 }, () => at(Math.PI / 2));
    const chance = sentencesAcrossScripts(s, questions)!;
    const cosines = angles.map(([a]) => Math.cos(a! - Math.PI / 2)).sort((x, y) => x - y);
    expect(chance.center).toBeCloseTo(cosines[15]!, 1);
    expect(sentencesAcrossScripts(s, questions.slice(0, 7))).toBeNull();
  });

  it('takes question-sized probes spread over the sample', () => {
    const s = sample(Array.from({ length: 300 }, () => [0]));
    s.passages[0]!.sentences = ['Too short.'];
    const probes = probesOf(s, 10);
    expect(probes).toHaveLength(10);
    expect(new Set(probes.map((p) => p.passage)).size).toBe(10);
    expect(probes.some((p) => p.text === 'Too short.')).toBe(false);
  });
});

describe('two models read as one', () => {
  const first = { center: 0.78, spread: 0.02 };

  it('scores a sentence by the average of its two scores, on the pair’s own spread', () => {
    const scale = { ...first, second: { center: 0.1, spread: 0.1, paired: 0.8 } };
    // 3.5 spreads above chance by the first, 1.5 by the second: 2.5 on average, 3.125 of the pair's.
    const cosine = pairedCosine(0.85, 0.25, scale);
    expect(aboveChance(cosine, scale)).toBeCloseTo(2.5 / 0.8, 9);
  });

  it('gives the same scores whatever scale either model’s cosines lie on', () => {
    const second = { center: 0.1, spread: 0.1, paired: 0.85 };
    const pairs: [number, number][] = [
      [0.85, 0.25],
      [0.8, 0.5],
      [0.79, 0.05],
    ];
    const scores = (scale: typeof first, other: typeof second, rescale: (c: number) => number) =>
      pairs.map(([a, b]) => aboveChance(pairedCosine(a, rescale(b), { ...scale, second: other }), scale));
    // The second model's cosines squeezed into e5's crowd (0.78 ± 0.02), and its chance with them.
    const squeezed = (c: number) => 0.78 + c / 5;
    const same = scores(first, second, (c) => c);
    expect(scores(first, { center: squeezed(0.1), spread: 0.02, paired: 0.85 }, squeezed)).toEqual(
      same.map((x) => expect.closeTo(x, 9) as number),
    );
  });

  /** Thirty passages of one sentence, each read by two models: at `one` and `two` of its index. */
  function twoModels(one: (i: number) => number, two: (i: number) => number): ScaleSample {
    return {
      passages: Array.from({ length: 30 }, (_, i) => ({
        id: `p${i}`,
        sentences: [`Sentence of passage ${i}, long enough to stand for a question.`],
        vectors: new PackedVectors(packVectors([at(one(i))]), 2),
        second: new PackedVectors(packVectors([at(two(i))]), 2),
      })),
    };
  }
  const spread = (i: number) => (i * Math.PI) / 29;

  it('measures the pair’s spread at chance: one spread when the models agree', () => {
    const s = twoModels(spread, spread);
    const probe = [{ passage: 'none' }];
    const own = measureScale(s, probe, [at(Math.PI / 2)])!;
    const second = measureSecond(s, probe, [at(Math.PI / 2)], [at(Math.PI / 2)], own)!;
    expect(second.center).toBeCloseTo(own.center, 9);
    expect(second.paired).toBeCloseTo(1, 1);
  });

  it('and narrower when they do not move together', () => {
    // The second model orders the same sentences otherwise: their scores average towards chance.
    const s = twoModels(spread, (i) => spread((i * 7) % 30));
    const probe = [{ passage: 'none' }];
    const own = measureScale(s, probe, [at(0)])!;
    const second = measureSecond(s, probe, [at(0)], [at(0)], own)!;
    expect(second.paired).toBeLessThan(0.9);
    expect(second.paired).toBeGreaterThan(0.3);
  });

  it('reads the pair on its upper tail: as wide as one model’s when they agree on the nearest', () => {
    // The models agree on the five sentences nearest the probe and order the others otherwise:
    // the average's body narrows, its tail (where the thresholds lie) does not.
    const s = twoModels(spread, (i) => (i < 5 ? spread(i) : spread(5 + (((i - 5) * 7) % 25))));
    const probe = [{ passage: 'none' }];
    const own = measureScale(s, probe, [at(0)])!;
    const second = measureSecond(s, probe, [at(0)], [at(0)], own)!;
    expect(second.paired).toBeGreaterThan(0.9);
  });

  it('is not measured when most sentences are alike to the first model (repeated cells of a table)', () => {
    // Twenty-five sentences the same (one vector), five nearer the probe.
    const s = twoModels((i) => (i < 25 ? 1 : (30 - i) * 0.1), spread);
    const probe = [{ passage: 'none' }];
    const first = { center: 0.5, spread: 0.1 };
    expect(measureSecond(s, probe, [at(0)], [at(0)], first)).toBeNull();
    expect(measureSecond(twoModels(spread, spread), probe, [at(0)], [at(0)], first)).not.toBeNull();
  });

  it('is not measured without the second model’s vectors', () => {
    const s = twoModels(spread, spread);
    s.passages.forEach((p) => (p.second = null));
    const own = measureScale(s, [{ passage: 'none' }], [at(0)])!;
    expect(measureSecond(s, [{ passage: 'none' }], [at(0)], [at(0)], own)).toBeNull();
  });
});
