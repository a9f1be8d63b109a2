import { VOICE_UNAVAILABLE_MESSAGE } from '../../shared/chat/voice';

/** SPEC §9: the longest recording the chat makes. */
export const MAX_AUDIO_MS = 30_000;
/** Timers and the MP3 encoder's padding make a full-length recording run a little over. */
export const AUDIO_SLACK_MS = 1_500;
/** 30 s at 320 kbit/s is 1.2 MB; the chat's 128 kbit/s recordings stay under 0.5 MB. */
export const MAX_AUDIO_BYTES = 2 * 1024 * 1024;

/** The sentences a voice question can be answered with when it cannot be answered (DECISIONS §3). */
export const voiceMessages = {
  noRecording: 'No recording arrived with the voice question. Please record it again.',
  notMp3: 'The recording could not be read because it is not MP3 audio. Please record your question again.',
  tooLong: `The recording is longer than ${MAX_AUDIO_MS / 1000} seconds. Please ask a shorter question.`,
  tooLarge: `The recording is too large. Voice questions can be ${MAX_AUDIO_MS / 1000} seconds long at most.`,
  silence: 'I could not hear anything in the recording. Please try again, closer to the microphone.',
  noWords: 'I could not make out any words in the recording. Please try again, closer to the microphone.',
  notAvailable: VOICE_UNAVAILABLE_MESSAGE,
  engineFailed: 'Speech recognition failed. Please try again in a moment, or type your question.',
  busy: 'Many people are asking by voice right now. Please try again in a minute, or type your question.',
} as const;

/** Why voice questions cannot be heard, for the log and the admin (the user is told {@link voiceMessages.notAvailable}). */
export const NO_ENGINE_REASON =
  'Voice questions need a speech-recognition model, and none is installed on this server.';

/** A voice question that cannot be answered; the message is the sentence to show the user. */
export class VoiceError extends Error {
  override name = 'VoiceError';

  constructor(
    message: string,
    /** What went wrong underneath, for the log and the question's history. */
    readonly detail?: string,
  ) {
    super(message);
  }
}
