/** The parts of @echogarden/espeak-ng-emscripten (eSpeak NG compiled to WebAssembly) the server uses. */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface ESpeakNGVoice {
    name: string;
    /** For example 'gmw/en-US' or 'inc/hi'. */
    identifier: string;
    languages: { priority: number; name: string }[];
  }

  export interface ESpeakNGWorker {
    list_voices(): ESpeakNGVoice[];
    /** 0 when the voice was found. */
    set_voice(name: string): number;
    /** Words per minute. */
    set_rate(rate: number): void;
    get_rate(): number;
    get_samplerate(): number;
    /** Calls back with 16-bit mono samples at get_samplerate() Hz, synchronously, chunk by chunk. */
    synthesize(
      text: string,
      callback: (samples: Int16Array | null | undefined, events: unknown) => void,
    ): void;
  }

  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }

  const load: () => Promise<ESpeakNGModule>;
  export default load;
}
