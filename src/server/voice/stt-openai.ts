import { VoiceError, voiceMessages } from './errors';
import type { PreparedRecording } from './codecs';
import type { Transcriber } from './stt';

export interface OpenAiSttSettings {
  /** For example https://api.openai.com/v1; `/audio/transcriptions` is added. */
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * An OpenAI-compatible transcription endpoint (`POST {base}/audio/transcriptions`, multipart
 * with `file` and `model`): OpenAI itself, or a self-hosted whisper server that speaks the same API.
 * The recording goes as the MP3 that arrived, the smallest form of it.
 */
export function openAiTranscriber(settings: OpenAiSttSettings): Transcriber {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  const doFetch = settings.fetch ?? fetch;
  return {
    kind: 'openai-compatible',
    unavailable: () => null,
    status: () => ({ model: `${settings.model} at ${settings.baseUrl}`, state: 'ready' }),
    async transcribe(recording: PreparedRecording, options = {}) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(recording.mp3)], { type: 'audio/mpeg' }), 'question.mp3');
      form.append('model', settings.model);
      form.append('response_format', 'json');
      if (options.language) form.append('language', options.language);
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs ?? 60_000),
        });
      } catch (error) {
        throw new VoiceError(voiceMessages.engineFailed, `${endpoint}: ${(error as Error).message}`);
      }
      const body = await response.text();
      if (!response.ok)
        throw new VoiceError(
          voiceMessages.engineFailed,
          `${endpoint} answered ${response.status}: ${body.slice(0, 300)}`,
        );
      let text: unknown;
      try {
        text = (JSON.parse(body) as { text?: unknown }).text;
      } catch {
        text = undefined;
      }
      if (typeof text !== 'string')
        throw new VoiceError(
          voiceMessages.engineFailed,
          `${endpoint} answered without a text: ${body.slice(0, 300)}`,
        );
      return text.trim();
    },
  };
}
