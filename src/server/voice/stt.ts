import type { ModelStatus } from '../../shared/admin/models';
import type { PreparedRecording } from './codecs';

/** Speech to text, by whichever engine this server has (DECISIONS §4 Voice). */
export interface Transcriber {
  /** 'openai-compatible' or 'transformers.js'. */
  readonly kind: string;
  /** Null when it can take recordings; else why not, for the log and the admin (never shown to the user). */
  unavailable(): string | null;
  /** The engine as the admin's Models line shows it. */
  status(): Omit<ModelStatus, 'purpose'>;
  /**
   * A person has started recording: have the engine ready by the time the recording ends (a model
   * unloaded while idle takes a second or more to load). Never throws.
   */
  warm?(): void;
  /** The recording's words. Throws a VoiceError with a sentence for the user when it cannot. */
  transcribe(recording: PreparedRecording, options?: { language?: string }): Promise<string>;
}
