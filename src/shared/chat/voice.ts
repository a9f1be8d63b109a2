import { z } from 'zod';

/** Where the app asks whether this server can answer voice questions. */
export const VOICE_STATUS_PATH = '/api/voice';

/**
 * Where the app says a person has started recording a question, so that a speech model the
 * server unloaded while idle is loaded while they speak rather than after.
 */
export const VOICE_WARM_PATH = '/api/voice/warm';

/** The answer: whether a recorded question can be heard now. Parsed by the app, never cast. */
export const voiceStatus = z.object({ available: z.boolean() });
export type VoiceStatus = z.infer<typeof voiceStatus>;

/**
 * What a user is told when the server cannot hear questions (no speech model): beside the disabled
 * microphone, and as the answer to a voice question that came anyway. Why (a missing model, a
 * failed download) is the server owner's business: it goes to the log and the question's history.
 */
export const VOICE_UNAVAILABLE_MESSAGE =
  'Voice questions are not available right now. You can type your question.';
