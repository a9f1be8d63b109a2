import { InferenceSession } from 'onnxruntime-node';
import { ONNX_SETTINGS, transformers } from '../models/transformers';
import type { AsrPipeline, LoadAsr } from './asr';
import { tokensOutsideScript } from './whisper-script';

/**
 * Tokens one recording may produce: Whisper reads 30 s windows, about 150 words of speech at
 * most; a decoder caught in a loop (as Whisper base is on some Hindi) stops here.
 */
const MAX_NEW_TOKENS = 224;
/** No four tokens twice in one window: what a loop repeats, speech rarely does. */
const NO_REPEAT_NGRAM = 4;

type GenerateOptions = Record<string, unknown> & { inputs: unknown; max_new_tokens: number };

/** The parts of a Transformers.js ASR pipeline this server reaches into (not in its public types). */
interface WhisperInternals {
  processor: (audio: Float32Array) => Promise<{ input_features: unknown }>;
  tokenizer: {
    get_vocab(): Map<string, number>;
    batch_decode(sequences: unknown, options: { skip_special_tokens: boolean }): string[];
  };
  model: {
    /** The inputs `generate` keeps of what it is given; `encoder_outputs` is not among them. */
    forward_params: string[];
    generation_config: {
      decoder_start_token_id: number;
      lang_to_id?: Record<string, number>;
      suppress_tokens?: number[];
    };
    /** Runs the encoder once: what `generate` does first when not given `encoder_outputs`. */
    _prepare_encoder_decoder_kwargs_for_generation(options: {
      inputs_tensor: unknown;
      model_inputs: { input_features: unknown };
      model_input_name: 'input_features';
      generation_config: unknown;
    }): Promise<{ encoder_outputs: unknown }>;
    generate(options: GenerateOptions): Promise<{ tolist(): (number | bigint)[][] }>;
  };
}

/**
 * Loads the pipeline with Transformers.js, offline unless remote models are allowed (MODELS.md).
 * Transformers.js 4.3.1 decodes as English unless told the language, so when the caller does not
 * know it, it is detected first: the likeliest of the `languages` tokens after Whisper's start
 * token (one decoding step, every other token suppressed), so that English with an Indian accent
 * is not taken for Urdu. Text in a language with a script of its own is kept to that script
 * (whisper-script.ts).
 *
 * A recording of one window (up to 30 s: every recording from the browser) is encoded once for
 * both the detection and the transcription: the encoder is about a third of the work, and running
 * it twice made every voice question half a second slower. Longer ones (WhatsApp notes) go through
 * the pipeline's overlapping windows, their language detected on the first.
 */
export const loadTransformersAsr: LoadAsr = async (model, options) => {
  const { pipeline } = await transformers(options);
  const asr = await withoutEncoderArena(() =>
    pipeline('automatic-speech-recognition', model.id, {
      device: 'cpu',
      dtype: model.dtype,
      session_options: { extra: ONNX_SETTINGS },
      ...(options.progress ? { progress_callback: options.progress } : {}),
    }),
  );
  const whisper = asr as unknown as WhisperInternals;
  const config = whisper.model.generation_config;
  // Lets `generate` take the encoder's output instead of computing it again.
  if (!whisper.model.forward_params.includes('encoder_outputs'))
    whisper.model.forward_params.push('encoder_outputs');
  const languageOf = new Map(
    (options.languages ?? [])
      .map((code) => [config.lang_to_id?.[`<|${code}|>`], code] as const)
      .filter((entry): entry is readonly [number, string] => entry[0] !== undefined),
  );
  const vocab = whisper.tokenizer.get_vocab();
  // Every token but the candidate languages' is suppressed for the one detecting step.
  const notALanguage = [...vocab.values()].filter((id) => !languageOf.has(id));
  const outsideScript = new Map<string, number[]>();

  async function encode(audio: Float32Array) {
    const { input_features } = await whisper.processor(audio);
    const { encoder_outputs } = await whisper.model._prepare_encoder_decoder_kwargs_for_generation({
      inputs_tensor: input_features,
      model_inputs: { input_features },
      model_input_name: 'input_features',
      generation_config: config,
    });
    return { inputs: input_features, encoder_outputs };
  }

  async function spokenLanguage(encoded: { inputs: unknown; encoder_outputs: unknown }) {
    if (languageOf.size < 2) return languageOf.values().next().value;
    const [sequence] = (
      await whisper.model.generate({
        ...encoded,
        decoder_input_ids: [config.decoder_start_token_id],
        max_new_tokens: 1,
        suppress_tokens: notALanguage,
      })
    ).tolist();
    return languageOf.get(Number(sequence?.at(-1)));
  }

  /** What keeps a language's text in its script, on top of the model's own suppressed tokens. */
  function decoding(language: string | undefined) {
    if (language && !outsideScript.has(language))
      outsideScript.set(language, tokensOutsideScript(vocab, language));
    const suppress = language ? (outsideScript.get(language) ?? []) : [];
    return {
      ...(language ? { language } : {}),
      max_new_tokens: MAX_NEW_TOKENS,
      no_repeat_ngram_size: NO_REPEAT_NGRAM,
      ...(suppress.length ? { suppress_tokens: [...(config.suppress_tokens ?? []), ...suppress] } : {}),
    };
  }

  const transcribe: AsrPipeline = async (audio, asrOptions) => {
    if (asrOptions.chunk_length_s) {
      const language = asrOptions.language ?? (await spokenLanguage(await encode(audio)));
      return asr(audio, { ...asrOptions, ...decoding(language) });
    }
    const encoded = await encode(audio);
    const language = asrOptions.language ?? (await spokenLanguage(encoded));
    const sequences = await whisper.model.generate({
      ...encoded,
      task: asrOptions.task,
      return_timestamps: false,
      ...decoding(language),
    });
    const [text] = whisper.tokenizer.batch_decode(sequences, { skip_special_tokens: true });
    return { text: text ?? '' };
  };
  return transcribe;
};

/**
 * The options a Whisper session is made with: the encoder's without ONNX Runtime's memory arena.
 * The arena keeps the largest activations a session ever needed; the encoder's (a 30 s window's
 * attention) are about 190 MB it would hold between recordings. The encoder runs once per
 * recording: without its arena one recording takes no longer, five at once about a tenth longer.
 * The decoder keeps its arena: it runs once per token, and without it a recording took 1.8 times
 * as long (docs/performance.md, "the first start, and Whisper's encoder").
 */
export function sessionOptionsFor(
  file: unknown,
  options: InferenceSession.SessionOptions | undefined,
): InferenceSession.SessionOptions | undefined {
  return typeof file === 'string' && /(^|[\\/])encoder_model[^\\/]*\.onnx$/.test(file)
    ? { ...options, enableCpuMemArena: false }
    : options;
}

/**
 * Runs `load` with every ONNX session made through `sessionOptionsFor`. Transformers.js takes one
 * set of session options for all of a model's files, so this is the one place the encoder's can
 * differ; the thread holding Whisper loads nothing else meanwhile (whisper-thread.ts).
 */
async function withoutEncoderArena<T>(load: () => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(InferenceSession, 'create');
  const create = InferenceSession.create.bind(InferenceSession) as (
    file: string,
    options?: InferenceSession.SessionOptions,
  ) => Promise<InferenceSession>;
  InferenceSession.create = ((file: string, options?: InferenceSession.SessionOptions) =>
    create(file, sessionOptionsFor(file, options))) as typeof InferenceSession.create;
  try {
    return await load();
  } finally {
    if (own) Object.defineProperty(InferenceSession, 'create', own);
  }
}
