import { beforeAll, describe, expect, it } from 'vitest';
import { unknownWeight } from '../../../../src/server/answering/unknown-words';
import { loadEmbedder, type Embedder } from '../../../../src/server/knowledge/index/embeddings';
import type { SimilarityScale } from '../../../../src/server/knowledge/index/similarity-scale';
import { sharedPath } from '../../../support/shared';

const model = 'multilingual-e5-small';
// multilingual-e5-small's scale as measured on the evaluation's knowledge base (docs/chat.md).
const scale: SimilarityScale = { center: 0.784, spread: 0.02, questions: { center: 0.801, spread: 0.028 } };
const citizens =
  'How many members of the board are ordinary citizens rather than officials of federal agencies, and must they have a disability themselves?';
const dyslexia = 'Which reasonable adjustments must an employer make for a worker with dyslexia?';

describe('how much the words the knowledge base never uses count', () => {
  let embedder: Embedder;
  beforeAll(async () => {
    embedder = await loadEmbedder(
      {
        modelsDir: sharedPath('models'),
        allowRemote: false,
        model,
        prefixes: { query: 'query: ', passage: 'passage: ' },
      },
      model,
      { info: () => undefined },
    );
  });

  it('counts each word whole without a model, or without its scale', async () => {
    expect(await unknownWeight(['citizens', 'Tamil'], citizens, { embedder: null, scale })).toBe(2);
    expect(await unknownWeight(['citizens'], citizens, { embedder, scale: null })).toBe(1);
  });

  it('counts a name, a code or a number whole: no other words say it', async () => {
    const question = 'What does a WHILL Model C2 wheelchair cost in Tamil Nadu in 2024?';
    expect(await unknownWeight(['WHILL', 'C2', 'Tamil', 'Nadu', '2024'], question, { embedder, scale })).toBe(
      5,
    );
  });

  it('counts an ordinary word by how much of the question rests on it', async () => {
    const aside = await unknownWeight(['citizens'], citizens, { embedder, scale });
    const subject = await unknownWeight(['dyslexia'], dyslexia, { embedder, scale });
    expect(aside).toBeGreaterThan(0);
    expect(aside).toBeLessThan(0.6);
    expect(subject).toBe(1);
    // The question's own vector, made for the search, is used as it is.
    const [vector] = await embedder.embed([citizens], { as: 'query' });
    expect(
      await unknownWeight(['citizens'], citizens, { embedder, scale, vector: Promise.resolve(vector!) }),
    ).toBeCloseTo(aside, 5);
  });

  it('counts a word whole in a question the model does not read, or when the model fails', async () => {
    const latinOnly = { embed: embedder.embed.bind(embedder), reads: () => false };
    expect(await unknownWeight(['citizens'], citizens, { embedder: latinOnly, scale })).toBe(1);
    const failing = { embed: () => Promise.reject(new Error('the model thread exited')), reads: () => true };
    expect(await unknownWeight(['citizens'], citizens, { embedder: failing, scale })).toBe(1);
  });
});
