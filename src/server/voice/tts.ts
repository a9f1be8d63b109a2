import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten';
import { detectLanguage } from '../knowledge/index/language';
import { encodeMp3 } from './codecs';
import { Serial, Slicer } from '../threads/cooperative';
import { speechText } from './speech-text';
import { pruneCache, touch } from './tts-cache';
import type { SpokenStore } from './tts-store';

/** eSpeak NG's own speaking rate in words per minute, a little slower than its default 175. */
export const DEFAULT_RATE = 170;
/** Mono speech at 22050 Hz: 64 kbit/s is clear and keeps a minute of answer under 0.5 MB. */
export const TTS_KBPS = 64;
const FALLBACK_VOICE = 'en-us';
/** Detected ISO 639-1 codes whose eSpeak voice goes by another name. */
const VOICE_ALIASES: Record<string, string> = { en: 'en-us', zh: 'cmn', no: 'nb' };
/** The file names the speaker writes and the route serves: sha256 hex and .mp3. */
export const TTS_FILE = /^[0-9a-f]{64}\.mp3$/;

interface Engine {
  worker: ESpeakNGWorker;
  sampleRate: number;
  /** The language names eSpeak has voices for ('en-us', 'hi', 'cmn', …). */
  languages: Set<string>;
}

let engine: Promise<Engine> | undefined;
/** eSpeak keeps its voice and rate between calls: one synthesis at a time. */
const engineTurn = new Serial();

/** eSpeak NG compiled to WebAssembly, loaded once per process (about 0.2 s; it reads 24 MB of data). */
export function loadEspeak(): Promise<Engine> {
  engine ??= (async () => {
    const { default: load } = await import('@echogarden/espeak-ng-emscripten');
    const module = await load();
    const worker = new module.eSpeakNGWorker();
    const languages = new Set(
      worker.list_voices().flatMap((v) => v.languages.map((l) => l.name.toLowerCase())),
    );
    return { worker, sampleRate: worker.get_samplerate(), languages };
  })();
  engine.catch(() => (engine = undefined));
  return engine;
}

/** The eSpeak voice for a language code: its own where eSpeak has one, else US English. */
export function voiceFor(language: string, languages: ReadonlySet<string>): string {
  const code = language.toLowerCase();
  if (!code) return FALLBACK_VOICE;
  const name = VOICE_ALIASES[code] ?? code;
  if (languages.has(name)) return name;
  return [...languages].find((l) => l.startsWith(`${name}-`)) ?? FALLBACK_VOICE;
}

export interface SpeakerSettings {
  /** Where the MP3 files go (DATA_DIR/tts). */
  dir: string;
  rate?: number | undefined;
  /** The folder is kept under this size, least recently used answers going first. */
  maxBytes?: number | undefined;
  /**
   * Where every process finds the answers (the database): each one made is saved there before
   * it is named to anyone, and a file missing here is fetched from there (`restore`).
   */
  store?: SpokenStore | undefined;
}

/** Pruning lists the whole folder: at most once a minute. */
const PRUNE_EVERY_MS = 60_000;

export interface SpokenAnswer {
  /** `<sha256>.mp3` under the speaker's directory. */
  file: string;
  voice: string;
  /** False when the file was already there. */
  synthesized: boolean;
}

/**
 * Spoken answers: the answer's markdown as plain speech, in the voice of its language, synthesized
 * by eSpeak NG at 22050 Hz and encoded to MP3. Files are named by the sha256 of what they say and
 * how (voice, rate, bit rate, text), so the same answer is synthesized once.
 */
export class Speaker {
  private readonly rate: number;
  private readonly pending = new Map<string, Promise<SpokenAnswer>>();
  private readonly restoring = new Map<string, Promise<boolean>>();
  private lastPrune = -Infinity;

  constructor(private readonly settings: SpeakerSettings) {
    this.rate = settings.rate ?? DEFAULT_RATE;
  }

  get dir(): string {
    return this.settings.dir;
  }

  /** The answer spoken, or null when it has nothing to say aloud. `language` is a hint (the question's). */
  async speak(markdown: string, language = ''): Promise<SpokenAnswer | null> {
    const text = speechText(markdown);
    if (!/[\p{L}\p{N}]/u.test(text)) return null;
    const { languages } = await loadEspeak();
    const voice = voiceFor(detectLanguage(text) || language, languages);
    const hash = createHash('sha256').update(`${voice}\n${this.rate}\n${TTS_KBPS}\n${text}`).digest('hex');
    const file = `${hash}.mp3`;
    const cached = path.join(this.settings.dir, file);
    if (existsSync(cached)) {
      await touch(cached);
      const { store } = this.settings;
      // Made here before; the database may have let it go since, and other processes need it.
      if (store && !(await store.touch(file))) await store.save(file, await readFile(cached));
      return { file, voice, synthesized: false };
    }
    let job = this.pending.get(file);
    if (!job) {
      job = this.write(file, voice, text).finally(() => this.pending.delete(file));
      this.pending.set(file, job);
    }
    return job;
  }

  private async write(file: string, voice: string, text: string): Promise<SpokenAnswer> {
    const { pcm, sampleRate } = await synthesize(text, voice, this.rate);
    const mp3 = await encodeMp3(pcm, sampleRate, TTS_KBPS);
    await this.place(file, mp3);
    // Saved before the answer names it, so that whichever process the player asks can serve it.
    await this.settings.store?.save(file, mp3);
    this.prune(file);
    return { file, voice, synthesized: true };
  }

  /**
   * Fetches `file` (a TTS_FILE name) from the store into the folder when this process lacks it:
   * true when it is there now. Requests for the same name at once share one fetch.
   */
  restore(file: string): Promise<boolean> {
    const { store } = this.settings;
    if (!store || !TTS_FILE.test(file)) return Promise.resolve(false);
    let job = this.restoring.get(file);
    if (!job) {
      job = (async () => {
        const mp3 = await store.load(file);
        if (!mp3) return false;
        await this.place(file, mp3);
        this.prune(file);
        return true;
      })().finally(() => this.restoring.delete(file));
      this.restoring.set(file, job);
    }
    return job;
  }

  /** Written aside and renamed, so a half-written file is never served. */
  private async place(file: string, mp3: Uint8Array): Promise<void> {
    await mkdir(this.settings.dir, { recursive: true });
    const partial = path.join(this.settings.dir, `.${file}.${randomUUID()}.part`);
    try {
      await writeFile(partial, mp3);
      await rename(partial, path.join(this.settings.dir, file));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  private prune(justWritten: string): void {
    const { maxBytes, dir, store } = this.settings;
    if (maxBytes === undefined || performance.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = performance.now();
    void pruneCache(dir, maxBytes, justWritten).catch(() => undefined);
    // The database copy is kept under the same size (the answer just saved is the newest there).
    void store?.prune(maxBytes).catch(() => undefined);
  }
}

/**
 * Text to 16-bit mono PCM, a sentence at a time with the event loop served in between (a long
 * answer takes about a second of synthesis; no sentence holds the thread for long).
 */
export async function synthesize(
  text: string,
  voice: string,
  rate = DEFAULT_RATE,
): Promise<{ pcm: Int16Array; sampleRate: number }> {
  const { worker, sampleRate } = await loadEspeak();
  return engineTurn.run(async () => {
    if (worker.set_voice(voice) !== 0 && worker.set_voice(FALLBACK_VOICE) !== 0)
      throw new Error(`eSpeak NG has no voice ${voice}`);
    worker.set_rate(rate);
    const chunks: Int16Array[] = [];
    const slicer = new Slicer();
    for (const piece of speechPieces(text)) {
      worker.synthesize(piece, (samples) => {
        if (samples?.length) chunks.push(Int16Array.from(samples));
      });
      await slicer.maybeYield();
    }
    const pcm = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      pcm.set(chunk, at);
      at += chunk.length;
    }
    return { pcm, sampleRate };
  });
}

/** Longest piece synthesized in one call: about 10 s of speech, some 40 ms of work. */
const MAX_PIECE = 160;

/** Sentences, with long ones cut at commas, so each synthesis call stays short. */
export function speechPieces(text: string): string[] {
  const pieces: string[] = [];
  for (const sentence of text.split(/(?<=[.!?।॥。！？])\s+/u)) {
    if (sentence.length <= MAX_PIECE) {
      if (sentence.trim()) pieces.push(sentence);
      continue;
    }
    let current = '';
    for (const part of sentence.split(/(?<=[,;:])\s+/)) {
      if (current && current.length + part.length > MAX_PIECE) {
        pieces.push(current);
        current = '';
      }
      current = current ? `${current} ${part}` : part;
    }
    if (current) pieces.push(current);
  }
  return pieces;
}
