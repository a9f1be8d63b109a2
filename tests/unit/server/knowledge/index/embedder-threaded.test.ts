import { afterAll, describe, expect, it } from 'vitest';
import { loadThreadedEmbedder } from '../../../../../src/server/knowledge/index/embedder-threaded';
import { loadEmbedder } from '../../../../../src/server/knowledge/index/embeddings';
import { sharedPath } from '../../../../support/shared';

const options = {
  modelsDir: sharedPath('models'),
  allowRemote: false,
  model: 'all-MiniLM-L6-v2',
  prefixes: { query: '', passage: '' },
};
const log = { info: () => undefined };

describe('the embedding model in a thread of its own', () => {
  const threaded = loadThreadedEmbedder(options, options.model, log);
  afterAll(async () => (await threaded).dispose?.());

  it('gives the vectors the model gives on the calling thread, in order', async () => {
    const embedder = await threaded;
    const local = await loadEmbedder(options, options.model, log);
    const texts = [
      'A screen reader speaks the text on the screen.',
      'Wheelchairs',
      'How do I caption a video?',
    ];
    const [mine, theirs] = [
      await embedder.embed(texts, { as: 'passage' }),
      await local.embed(texts, { as: 'passage' }),
    ];
    expect(mine).toHaveLength(3);
    mine.forEach((v, i) => v.forEach((x, d) => expect(x).toBeCloseTo(theirs[i]![d]!, 5)));
    expect(embedder.dimensions).toBe(384);
    const document = 'A ramp helps. '.repeat(400);
    expect(await embedder.passages(document)).toEqual(await local.passages(document));
    expect((await embedder.passages(document)).length).toBeGreaterThan(1);
    expect(embedder.reads('विकलांगता')).toBe(false);
  });

  it('embeds a waiting question before the rest of a document being indexed', async () => {
    const embedder = await threaded;
    const finished: string[] = [];
    const sentences = Array.from({ length: 160 }, (_, i) => `Sentence ${i} of a long document about ramps.`);
    const noted = (name: string) => (vectors: number[][]) => {
      finished.push(name);
      return vectors;
    };
    const document = embedder.embed(sentences, { as: 'passage' }).then(noted('document'));
    const question = embedder
      .embed(['Where can I find a ramp?'], { as: 'query', urgent: true })
      .then(noted('question'));
    const [passages, [asked]] = await Promise.all([document, question]);
    expect(finished).toEqual(['question', 'document']);
    expect(passages).toHaveLength(160);
    expect(asked).toHaveLength(384);
  });

  it('gives a question the same vector whoever else asks at that moment', async () => {
    const embedder = await threaded;
    const question = 'Where can I find a ramp?';
    const [alone] = await embedder.embed([question], { as: 'query', urgent: true });
    // Three people's questions come while a document's run is in the model, and wait together.
    const sentences = Array.from({ length: 64 }, (_, i) => `Sentence ${i} of a long document about ramps.`);
    const document = embedder.embed(sentences, { as: 'passage' });
    const asked = await Promise.all(
      [question, 'How do I turn on captions in a video call on my phone?', 'Braille displays'].map((q) =>
        embedder.embed([q], { as: 'query', urgent: true }),
      ),
    );
    await document;
    expect(asked[0]![0]).toEqual(alone);
  });

  it('ends while a document is embedded: the batch in the model finishes, the rest fails, the process lives', async () => {
    // Ending the thread during ONNX Runtime's run aborted the whole process (a Napi::Error thrown
    // after its environment was gone): this test's own process would die.
    const own = await loadThreadedEmbedder(options, options.model, log);
    const sentences = Array.from({ length: 320 }, (_, i) => `Sentence ${i} of a long document about ramps.`);
    const document = own.embed(sentences, { as: 'passage' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await own.dispose?.();
    await expect(document).rejects.toThrow('the embedding thread was shut down');
    // A later call fails too: it starts no thread that nobody would end.
    await expect(own.embed(['Where can I find a ramp?'], { as: 'query' })).rejects.toThrow('shut down');
    // This process goes on: a new model thread embeds as before.
    const again = await loadThreadedEmbedder(options, options.model, log);
    expect(await again.embed(['Where can I find a ramp?'], { as: 'query' })).toHaveLength(1);
    await again.dispose?.();
  });

  it('fails plainly when the model cannot be loaded', async () => {
    await expect(
      loadThreadedEmbedder({ ...options, modelsDir: sharedPath('fixtures') }, 'no-such-model', log),
    ).rejects.toThrow();
  });
});
