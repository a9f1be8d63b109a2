export interface LlmSettings {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
}

/**
 * One call to an OpenAI-compatible chat-completions endpoint (temperature 0): the system
 * instructions and the user's message in, the reply's text out. Throws on any failure.
 */
export async function chatCompletion(settings: LlmSettings, system: string, user: string): Promise<string> {
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
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    }),
    signal: AbortSignal.timeout(settings.timeoutMs ?? 30_000),
  });
  if (!response.ok) throw new Error(`the endpoint answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the endpoint sent no message');
  return content;
}
