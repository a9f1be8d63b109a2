import { atom } from 'jotai';
import { voiceApi } from '../api/voice';
import { store } from './store';

/**
 * Whether the server can hear voice questions: false when it has no speech model (the microphone
 * is then disabled, with a sentence saying so), null until it has said. Unknown counts as
 * available: a server that cannot be asked cannot answer typed questions either, and the
 * connection notice says so.
 */
export const voiceAvailableAtom = atom<boolean | null>(null);

/** Asks the server; each chat page asks again, as a model can arrive while the server runs. */
export async function loadVoiceStatus(): Promise<void> {
  try {
    store.set(voiceAvailableAtom, (await voiceApi.status()).available);
  } catch (error) {
    console.info('Voice status unknown:', error instanceof Error ? error.message : error);
  }
}

/**
 * A recording has started: the server loads its speech model meanwhile if it unloaded it while
 * idle. Only a hint: whatever happens, the recording goes on and its question is sent.
 */
export function warmSpeechModel(): void {
  voiceApi.warm().catch(() => undefined);
}
