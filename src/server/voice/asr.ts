/**
 * What a Whisper model is and how a speech-recognition pipeline is loaded and called: the terms
 * that finding a model (stt-whisper.ts) and the loaders (in the process, or in a thread of its own)
 * share, kept apart so that neither imports the other.
 */
import type { DownloadProgress, ModelSource } from '../models/transformers';

/** The ONNX files a Transformers.js Whisper model is made of, without their dtype suffix. */
export const PARTS = ['encoder_model', 'decoder_model_merged'] as const;
type Part = (typeof PARTS)[number];
/** Quantized (q8) weights first, as MODELS.md recommends on CPU; full precision when only those exist. */
export const DTYPES = [
  ['q8', '_quantized'],
  ['fp32', ''],
] as const;
type Dtype = (typeof DTYPES)[number][0];

/** A Whisper model as Transformers.js loads it. */
export interface WhisperModel {
  /** The id passed to Transformers.js: a folder under MODELS_DIR, or a Hub id when downloading. */
  id: string;
  /** Where it was found; null when it is to be downloaded (ALLOW_REMOTE_MODELS). */
  dir: string | null;
  dtype: Record<Part, Dtype>;
}

/** What a loaded speech-recognition pipeline is called with (a Transformers.js ASR pipeline). */
export type AsrPipeline = ((
  audio: Float32Array,
  options: { language?: string; task: 'transcribe'; return_timestamps: false; chunk_length_s?: number },
) => Promise<{ text: string } | { text: string }[]>) & {
  /** Frees the model (ends its thread); the pipeline is not called after this. */
  dispose?: () => Promise<void>;
};

export type LoadAsr = (
  model: WhisperModel,
  options: ModelSource & {
    progress?: DownloadProgress['callback'];
    /** The languages a recording is told apart among, when the caller does not say which. */
    languages?: readonly string[];
  },
) => Promise<AsrPipeline>;
