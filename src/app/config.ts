/** Build-time settings of the browser app (Vite exposes VITE_* variables; see README). */
export const appConfig = {
  /** The messaging app's chat link behind the header's Chat with us button. */
  chatWithUsUrl: (import.meta.env.VITE_CHAT_WITH_US_URL as string | undefined) || 'https://wa.me/',
  /** Spoken answers are played from here plus the answer's audioPath (DECISIONS §4: `<server>/tts/`). */
  ttsBaseUrl: (import.meta.env.VITE_TTS_BASE_URL as string | undefined) || '/tts/',
};
