import { Slicer } from '../../threads/cooperative';
import { splitSentences } from './chunker';
import type { Embedder } from './embeddings';
import { meanVector, type PassageVectors } from './passage-vectors';
import { headingsOf, inContext } from './sentence-context';

/** The vectors of an item's passages, as the search index stores them (search-index.ts). */

/**
 * A passage's vector and its sentences' vectors. Each sentence is embedded once (passages
 * overlap) in its context (sentence-context.ts) and once alone; the passage's vector is the
 * mean of its sentences' alone. A passage the model cannot read (`Embedder.reads`) gets none.
 */
export async function vectorsFor(
  texts: string[],
  context: (sentence: string) => string,
  embedder: Embedder,
  onProgress?: (done: number, total: number) => void,
): Promise<(PassageVectors | null)[]> {
  // Slices of the server's thread: the sentences of a document of megabytes take a second.
  const slicer = new Slicer();
  const sentences: string[][] = [];
  for (const text of texts) {
    await slicer.maybeYield();
    sentences.push(embedder.reads(text) ? splitSentences(text) : []);
  }
  const unique = [...new Set(sentences.flat())];
  // Read in context for choosing among sentences; alone for the passage's vector, which the
  // shared title would otherwise pull towards every other passage of the same document.
  const vectors = await embedder.embed([...unique.map(context), ...unique], { as: 'passage', onProgress });
  const index = new Map(unique.map((s, i) => [s, i]));
  const second = await secondVectorsFor(texts, sentences, context, embedder);
  const made: (PassageVectors | null)[] = [];
  for (const [k, list] of sentences.entries()) {
    await slicer.maybeYield();
    const at = list.map((s) => index.get(s)!);
    made.push(
      list.length === 0
        ? null
        : {
            passage: meanVector(at.map((i) => vectors[unique.length + i]!)),
            sentences: at.map((i) => vectors[i]!),
            second: second[k] ?? null,
          },
    );
  }
  return made;
}

/**
 * The second model's vectors of the passages' sentences in context, for the passages it reads
 * (`sentences`, each passage's, as the first model splits them); null for the others.
 */
export async function secondVectorsFor(
  texts: string[],
  sentences: string[][],
  context: (sentence: string) => string,
  embedder: Embedder,
): Promise<(number[][] | null)[]> {
  const second = embedder.second;
  if (!second) return texts.map(() => null);
  const read = sentences.map((list, k) => (list.length && second.reads(texts[k]!) ? list : null));
  const unique = [...new Set(read.flatMap((list) => list ?? []))];
  const vectors = await second.embed(unique.map(context), { as: 'passage' });
  const index = new Map(unique.map((s, i) => [s, vectors[i]!]));
  return read.map((list) => list?.map((s) => index.get(s)!) ?? null);
}

/** Each sentence of an item, as it is embedded: with the item's title and its heading. */
export async function contextFor(title: string, body: string): Promise<(sentence: string) => string> {
  const headings = await headingsOf(body);
  return (sentence) => inContext(sentence, title, headings.get(sentence) ?? '');
}
