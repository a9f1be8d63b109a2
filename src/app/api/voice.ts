import { VOICE_STATUS_PATH, voiceStatus, type VoiceStatus } from '../../shared/chat/voice';
import { apiRequest } from './client';

export const voiceApi = {
  /** Whether the server can hear a recorded question now. */
  status: async (): Promise<VoiceStatus> => voiceStatus.parse(await apiRequest<unknown>(VOICE_STATUS_PATH)),
};
