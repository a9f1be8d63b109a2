import type { FastifyBaseLogger } from 'fastify';
import { chatCompletion, type LlmSettings } from './llm-client';

const PROMPT =
  'Translate the user message into English. Reply with the translation only, without quotes or notes. ' +
  'Keep names of products, laws and organisations as they are.';

/**
 * Translates a question into English with the configured OpenAI-compatible endpoint, so that a
 * question in Hindi finds English passages. Null when there is no translator or it fails.
 */
export async function translateToEnglish(
  settings: LlmSettings | undefined,
  text: string,
  log: FastifyBaseLogger,
): Promise<string | null> {
  if (!settings) return null;
  try {
    const content = (await chatCompletion(settings, PROMPT, text)).trim();
    return content ? content.slice(0, 2000) : null;
  } catch (error) {
    log.warn({ err: error }, 'the question could not be translated; it is searched as asked');
    return null;
  }
}
