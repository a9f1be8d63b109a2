import type { FastifyBaseLogger } from 'fastify';
import { splitSentences } from '../knowledge/index/chunker';
import { contentWords, escapeMarkdown, linkOf, type ComposedAnswer } from './composer';
import { wordingFor } from './messages';
import type { Passage } from './retrieval';
import { chatCompletion, type LlmSettings } from './llm-client';

const SYSTEM_PROMPT =
  'You answer questions for DISH, a knowledge base of assistive solutions for people with disabilities. ' +
  'Use ONLY the numbered passages given. Every sentence you write must be supported by a passage. ' +
  'If the passages do not answer the question, reply exactly: NOT_IN_KNOWLEDGE_BASE. ' +
  'Answer first, in one or two plain, short sentences, in the language of the question; at most 120 words. ' +
  'Do not add advice of your own.';

/** Share of a sentence's content words that must appear in one passage for it to count as supported. */
const SUPPORT = 0.6;
/** Passages the model reads: those the extractive answer quotes, then the best ranked. */
const PASSAGES = 6;

/**
 * Writes the answer with an OpenAI-compatible chat endpoint from the passages the extractive
 * composer chose, then keeps only the sentences that a passage supports (DECISIONS §4), and
 * cites those passages the same way. Null when the endpoint fails, says the passages do not
 * answer, or nothing it wrote is supported: the caller keeps the extractive answer.
 */
export async function composeWithLlm(
  settings: LlmSettings,
  query: string,
  passages: Passage[],
  log: FastifyBaseLogger,
  extractive: ComposedAnswer,
  language = 'en',
): Promise<ComposedAnswer | null> {
  const chosen = [...new Set([...(extractive.quoted ?? []), ...passages])].slice(0, PASSAGES);
  if (chosen.length === 0) return null;
  const numbered = chosen.map((p, i) => `[${i + 1}] ${p.title}\n${p.text}`).join('\n\n');
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
    const support = chosen.findIndex((p) => {
      const own = new Set(contentWords(p.text));
      return words.filter((w) => own.has(w)).length / words.length >= SUPPORT;
    });
    if (support >= 0) used.add(support);
    return support >= 0;
  });
  if (kept.length === 0) return null;
  const links = [...used]
    .sort((a, b) => a - b)
    .flatMap((i) => {
      const link = chosen[i] ? linkOf(chosen[i]) : null;
      return link ? [link] : [];
    })
    .filter((link, i, all) => all.findIndex((l) => l.url === link.url) === i);
  const sources = links
    .map((l) => `${wordingFor(language).source}: [${escapeMarkdown(l.title ?? l.url)}](${l.url})`)
    .join('\n\n');
  return {
    answer: `${kept.join(' ')}${sources ? `\n\n${sources}` : ''}`,
    links,
    outcome: 'answer',
    found: true,
    ...(extractive.confidence === undefined ? {} : { confidence: extractive.confidence }),
  };
}
