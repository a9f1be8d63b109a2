import { trustFunction, type ProxyTrust } from './proxy-trust';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** A model's text prefix: as given, spaces included; `none` says there is none. */
const prefix = z
  .string()
  .max(100)
  .transform((value) => (value === 'none' ? '' : value))
  .optional();

const schema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /**
   * What this process does: `web` serves people (HTTP, sockets, answers), `worker` works the
   * ingestion queue, `all` both. Several processes share one PostgreSQL database (DATABASE_URL).
   */
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'must be all, web or worker' }).default('all'),
  STATIC_DIR: z.string().min(1).default('./dist/app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPERADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  SUPERADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters long' }).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  SMTP_FROM: z.string().min(3).default('DISH <no-reply@dish.local>'),
  SMS_WEBHOOK_URL: url(['http:', 'https:']).optional(),
  /** Origins besides the server's own that may send state-changing requests (comma-separated). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /**
   * The proxies in front of the server (Fastify's `trustProxy`): their addresses (comma-separated
   * addresses, CIDR ranges, `loopback`, `linklocal` or `uniquelocal`), trusted only when the
   * request comes from one of them; or a number of hops, trusted from any address. The client
   * address is read from the right of X-Forwarded-For past the trusted proxies, so entries a
   * client writes itself are never taken. `true` is one hop, `false` none.
   */
  TRUST_PROXY: z
    .string()
    .transform((v, ctx): ProxyTrust => {
      if (/^(true|yes)$/i.test(v)) return 1;
      if (/^(false|no|)$/i.test(v.trim())) return 0;
      if (/^\d{1,2}$/.test(v.trim())) return Number(v);
      const list = v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      try {
        trustFunction(list);
        return list;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message:
            "must be the proxies' addresses (comma-separated, CIDR ranges allowed), a number of proxy hops, true (one) or false (none)",
        });
        return z.NEVER;
      }
    })
    .default(0),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Sign-in throttle: attempts per account and place (3× per address) in 15 minutes before 429. */
  AUTH_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(10),
  /** First slow-down delay after 3 failures; it doubles with each further failure, up to 4 s. */
  AUTH_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** Accounts one address may register in an hour (a school or office shares one address). */
  AUTH_MAX_REGISTRATIONS: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Requests one project API key may make in a minute (counted in the database, across processes). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Seconds between ingestion runs ("the next DB update"); 0 runs only when forced. */
  INGEST_INTERVAL: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(0)
    .max(86_400)
    .default(900),
  /** Hours after which a crawled web source is crawled again on the schedule; 0 never. */
  RECRAWL_HOURS: z.coerce.number({ error: 'must be a number of hours' }).min(0).max(8760).default(24),
  /** Let the crawler fetch private and loopback addresses (tests serve sites on 127.0.0.1). */
  CRAWL_ALLOW_PRIVATE: bool.default(false),
  /** Where offline models live (DECISIONS §4). */
  MODELS_DIR: z.string().min(1).default('../shared/models'),
  /**
   * The sentence-embedding model: a folder under MODELS_DIR in Transformers.js layout, else a Hub
   * id. Multilingual by default (DECISIONS §4): Hindi and English questions meet across languages.
   */
  EMBEDDING_MODEL: z.string().min(1).default('multilingual-e5-small'),
  /**
   * What the model expects before a question and before a searched text, used exactly as given
   * (known for the e5 family and MiniLM: model-prefixes.ts); `none` for nothing.
   */
  EMBEDDING_QUERY_PREFIX: prefix,
  EMBEDDING_PASSAGE_PREFIX: prefix,
  /**
   * A second sentence-embedding model whose similarity of a Latin sentence is averaged with the
   * first's, each on its own scale (docs/chat.md, "Two models"); `none` for none, and none when it
   * is EMBEDDING_MODEL. Its prefixes are its family's (model-prefixes.ts).
   */
  EMBEDDING_SECOND_MODEL: z.string().min(1).default('all-MiniLM-L6-v2'),
  /** Fetch models missing from MODELS_DIR from the Hub, into DATA_DIR/models (off: offline installs, tests). */
  ALLOW_REMOTE_MODELS: bool.default(true),
  /** The Hugging Face Hub's address (a mirror, or a local server in tests). */
  HF_ENDPOINT: url(['http:', 'https:']).default('https://huggingface.co'),
  /** An OpenAI-compatible endpoint that writes answers from the retrieved passages (optional). */
  LLM_BASE_URL: url(['http:', 'https:']).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** An OpenAI-compatible speech-to-text endpoint (POST <url>/audio/transcriptions); else Whisper from MODELS_DIR. */
  STT_BASE_URL: url(['http:', 'https:']).optional(),
  STT_API_KEY: z.string().min(1).optional(),
  STT_MODEL: z.string().min(1).default('whisper-1'),
  /** The Whisper model: a folder under MODELS_DIR in Transformers.js layout. */
  WHISPER_MODEL: z.string().min(1).default('whisper-base'),
  /** Minutes without a voice question after which the Whisper model is unloaded (0: kept loaded). */
  WHISPER_IDLE_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes' })
    .min(0)
    .max(24 * 60)
    .default(5),
  /** Speaking rate of the spoken answers, in words per minute (eSpeak NG). */
  TTS_VOICE_RATE: z.coerce
    .number({ error: 'must be a number of words per minute' })
    .int()
    .min(80)
    .max(450)
    .default(170),
  /** Spoken answers are cached under DATA_DIR/tts up to this size; the least recently used go first. */
  TTS_CACHE_MB: z.coerce.number({ error: 'must be a number of megabytes' }).int().min(1).default(1024),
  /** Most files one Add Data upload may carry (SPEC §9). */
  MAX_UPLOAD_FILES: z.coerce.number().int().min(1).max(500).default(50),
  /** Heap of each worker thread that reads an uploaded or fetched file; a file needing more fails. */
  PARSE_MEMORY_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int()
    .min(32)
    .max(8192)
    .default(256),
  /**
   * Files read at once by one process, each in a worker thread of PARSE_MEMORY_MB: more wait their
   * turn. Each adds up to about PARSE_MEMORY_MB and a core, taken from the people asking.
   */
  PARSE_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(16).default(1),
  /** Seconds one file may take to read before its worker thread is stopped. */
  PARSE_TIMEOUT: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(1)
    .max(3600)
    .default(120),
  /** Lease of an item in work, renewed while it lives: a dead worker's item is taken again after this. */
  INGEST_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(2)
    .max(3600)
    .default(30),
  /**
   * WhatsApp Business Cloud API (channels/whatsapp): the channel is on when the first four are set.
   * The verify token answers Meta's webhook check; the app secret signs every delivery.
   */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, { error: 'must be at least 8 characters long' }).optional(),
  WHATSAPP_APP_SECRET: z.string().min(8, { error: 'must be at least 8 characters long' }).optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{1,30}$/, { error: 'must be the number id Meta shows (digits)' })
    .optional(),
  /** The Graph API's versioned base address (tests point it at a local server). */
  WHATSAPP_GRAPH_URL: url(['http:', 'https:']).default('https://graph.facebook.com/v24.0'),
  /** The project whose knowledge answers WhatsApp questions, and that they are recorded in. */
  WHATSAPP_PROJECT: z.string().min(1).default('dish'),
  /** The number people write to, international digits (the header's Chat with us link to wa.me). */
  WHATSAPP_DISPLAY_NUMBER: z
    .string()
    .transform((v) => v.replace(/[\s()+-]/g, ''))
    .pipe(z.string().regex(/^\d{6,15}$/, { error: 'must be a phone number in international form' }))
    .optional(),
});

/** The settings that together turn the WhatsApp channel on. */
const WHATSAPP_REQUIRED = [
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
] as const;

export type Config = z.infer<typeof schema>;

/** Every environment variable the server reads (README's Configuration table lists each one). */
export const CONFIG_VARIABLES = Object.keys(schema.shape);

/** Parses the environment; every bad variable is named with what is wrong with it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(defined);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  if (Boolean(config.SUPERADMIN_EMAIL) !== Boolean(config.SUPERADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD must be set together',
    );
  }
  const whatsapp = WHATSAPP_REQUIRED.filter((name) => config[name] !== undefined);
  if (whatsapp.length > 0 && whatsapp.length < WHATSAPP_REQUIRED.length) {
    const missing = WHATSAPP_REQUIRED.filter((name) => config[name] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: must be set too, to turn WhatsApp on (${whatsapp.join(', ')} set)`,
    );
  }
  if (config.ROLE !== 'all' && !config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  ROLE: ${config.ROLE} needs DATABASE_URL (the embedded database belongs to one process, which must be all)`,
    );
  }
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    STATIC_DIR: path.resolve(config.STATIC_DIR),
    MODELS_DIR: path.resolve(config.MODELS_DIR),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
