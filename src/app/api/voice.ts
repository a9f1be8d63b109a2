import { chatRoutes as routes } from '../../shared/api/chat';
import type { VoiceStatus } from '../../shared/chat/voice';
import { call } from './client';

export const voiceApi = {
  /** Whether the server can hear a recorded question now. */
  status: (): Promise<VoiceStatus> => call(routes.voiceStatus),
  /** A recording has started: the server readies its speech model while the person speaks. */
  warm: (): Promise<VoiceStatus> => call(routes.warmVoice, { body: {} }),
};
