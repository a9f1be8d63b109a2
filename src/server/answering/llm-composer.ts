import type { FastifyBaseLogger } from 'fastify';
import { splitSentences } from '../knowledge/index/chunker';
import { contentWords, type ComposedAnswer } from './composer';
import type { Passage } from './retrieval';
import { chatCompletion, type LlmSettings } from './llm-client';

const SYSTEM_PROMPT =
  'You answer questions for DISH, a knowledge base of assistive solutions for people with disabilities. ' +
  'Use ONLY the numbered passages given. Every sentence you write must be supported by a passage. ' +
  'If the passages do not answer the question, reply exactly: NOT_IN_KNOWLEDGE_BASE. ' +
  'Write plain, short sentences in the language of the question. Do not add advice of your own.';

/** Share of a sentence's content words that must appear in one passage for it to count as supported. */
const SUPPORT = 0.6;

/**
 * Writes the answer with an OpenAI-compatible chat endpoint from the same passages the
 * extractive composer uses, then keeps only the sentences that a passage supports (DECISIONS §4).
 * Null when the endpoint fails or nothing it wrote is supported: the caller falls back.
 */
export async function composeWithLlm(
  settings: LlmSettings,
  query: string,
  passages: Passage[],
  log: FastifyBaseLogger,
): Promise<ComposedAnswer | null> {
  if (passages.length === 0) return null;
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n');
  let text: string;
  try {
    text = await chatCompletion(settings, SYSTEM_PROMPT, `Passages:\n\n${numbered}\n\nQuestion: ${query}`);
  } catch (error) {
    log.warn({ err: error }, 'the language model could not write the answer; using the extractive composer');
    return null;
  }
  if (text.includes('NOT_IN_KNOWLEDGE_BASE')) return null;

  const used = new Set<number>();
  const kept = splitSentences(text.replace(/\[\d+\]/g, ' ')).filter((sentence) => {
    const words = contentWords(sentence);
    if (words.length === 0) return false;
    const support = passages.findIndex((p) => {
      const own = new Set(contentWords(p.text));
      return words.filter((w) => own.has(w)).length / words.length >= SUPPORT;
    });
    if (support >= 0) used.add(support);
    return support >= 0;
  });
  if (kept.length === 0) return null;
  const links = [...used]
    .sort((a, b) => a - b)
    .flatMap((i) => (passages[i]?.url ? [{ url: passages[i].url, title: passages[i].title }] : []))
    .filter((link, i, all) => all.findIndex((l) => l.url === link.url) === i);
  const sources = links.length ? `\n\n**Sources**\n\n${links.map((l) => `- ${l.url}`).join('\n')}` : '';
  return { answer: `${kept.join(' ')}${sources}`, links, found: true };
}
