import { Slicer } from '../../threads/cooperative';
import { looksLikeHeading, paragraphTexts, sentencesOf } from './chunker';

/**
 * What a sentence is about beyond its own words: the document's title and the heading it sits
 * under. "Control + Home: moves focus to the first cell in the first row." means little alone;
 * read as part of the Grid pattern's keyboard section it answers "what keys take me to the top
 * left cell of a data grid?". Sentences are embedded with this context in front, so the
 * question's cosine to them measures the sentence in its place (docs/chat.md).
 */

const MAX_FRAME_WORDS = 16;

/**
 * Each sentence of an item's text, mapped to the heading above it (a paragraph of one short
 * unpunctuated line; a sentence that appears twice keeps the first).
 */
export async function headingsOf(body: string, slicer = new Slicer()): Promise<Map<string, string>> {
  const under = new Map<string, string>();
  let heading = '';
  for (const paragraph of paragraphTexts(body)) {
    // A body of megabytes takes the server's thread for a second read at once.
    await slicer.maybeYield();
    const sentences = sentencesOf(paragraph);
    if (sentences.length === 0) continue;
    if (sentences.length === 1 && looksLikeHeading(sentences[0]!)) {
      heading = sentences[0]!;
      continue;
    }
    for (const s of sentences) if (!under.has(s)) under.set(s, heading);
  }
  return under;
}

/**
 * The text embedded for a sentence: "title — heading: sentence", leaving out what repeats. A
 * long title is cut, so that the sentence keeps the model's 256 word pieces.
 */
export function inContext(sentence: string, title: string, heading: string): string {
  const bare = (t: string) => t.replace(/[.:]$/, '');
  const frame = [...new Set([title, heading].map(bare))]
    .filter((t) => t && t !== bare(sentence))
    .map((t) => t.split(/\s+/).slice(0, MAX_FRAME_WORDS).join(' '));
  return frame.length ? `${frame.join(' — ')}: ${sentence}` : sentence;
}
