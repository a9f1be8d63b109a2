import type { FastifyBaseLogger } from 'fastify';
import type { LlmSettings } from './llm-composer';

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
    const response = await fetch(`${settings.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        temperature: 0,
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: text },
        ],
      }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000),
    });
    if (!response.ok) throw new Error(`the endpoint answered ${response.status}`);
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === 'string' && content.trim() ? content.trim().slice(0, 2000) : null;
  } catch (error) {
    log.warn({ err: error }, 'the question could not be translated; it is searched as asked');
    return null;
  }
}
