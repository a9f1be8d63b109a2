/** Build-time settings of the browser app (Vite exposes VITE_* variables; see README). */
export const appConfig = {
  /** Spoken answers are played from here plus the answer's audioPath (DECISIONS §4: `<server>/tts/`). */
  ttsBaseUrl: (import.meta.env.VITE_TTS_BASE_URL as string | undefined) || '/tts/',
};

/** Where a spoken answer is played from: the text-to-speech base address plus its audioPath. */
export function ttsUrl(audioPath: string): string {
  return new URL(audioPath, new URL(appConfig.ttsBaseUrl, location.href)).href;
}
