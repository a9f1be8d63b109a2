import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

/** The message loadConfig throws for this environment (fails the test when it does not throw). */
function failure(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe('loadConfig defaults', () => {
  it('runs with an empty environment', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      ROLE: 'all',
      DATA_DIR: path.resolve('data'),
      STATIC_DIR: path.resolve('dist/app'),
      LOG_LEVEL: 'info',
      SMTP_FROM: 'DISH <no-reply@dish.local>',
      ALLOWED_ORIGINS: [],
      TRUST_PROXY: 0,
      SESSION_DAYS: 30,
      AUTH_MAX_FAILURES: 10,
      AUTH_SLOWDOWN_MS: 250,
      AUTH_MAX_REGISTRATIONS: 20,
      API_KEY_REQUESTS_PER_MINUTE: 60,
      INGEST_INTERVAL: 900,
      INGEST_LEASE_SECONDS: 30,
      PARSE_MEMORY_MB: 256,
      PARSE_CONCURRENCY: 1,
      PARSE_TIMEOUT: 120,
      RECRAWL_HOURS: 24,
      CRAWL_ALLOW_PRIVATE: false,
      MODELS_DIR: path.resolve('../shared/models'),
      EMBEDDING_MODEL: 'multilingual-e5-small',
      EMBEDDING_SECOND_MODEL: 'all-MiniLM-L6-v2',
      ALLOW_REMOTE_MODELS: true,
      HF_ENDPOINT: 'https://huggingface.co',
      MAX_UPLOAD_FILES: 50,
      LLM_MODEL: 'gpt-4o-mini',
      STT_MODEL: 'whisper-1',
      WHISPER_MODEL: 'whisper-base',
      WHISPER_IDLE_MINUTES: 5,
      TTS_VOICE_RATE: 170,
      TTS_CACHE_MB: 1024,
      WHATSAPP_GRAPH_URL: 'https://graph.facebook.com/v24.0',
      WHATSAPP_PROJECT: 'dish',
    });
  });

  it('takes a model’s prefixes as given, spaces kept, and none for nothing', () => {
    const config = loadConfig({
      EMBEDDING_QUERY_PREFIX: 'Represent this question: ',
      EMBEDDING_PASSAGE_PREFIX: 'none',
    });
    expect(config.EMBEDDING_QUERY_PREFIX).toBe('Represent this question: ');
    expect(config.EMBEDDING_PASSAGE_PREFIX).toBe('');
    expect(loadConfig({}).EMBEDDING_QUERY_PREFIX).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SUPERADMIN_EMAIL: '', SUPERADMIN_PASSWORD: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SUPERADMIN_EMAIL).toBeUndefined();
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).not.toHaveProperty('PATH');
  });
});

describe('loadConfig with values', () => {
  it('reads and converts every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'var/dish',
      STATIC_DIR: '/srv/dish',
      DATABASE_URL: 'postgres://dish:secret@db:5432/dish',
      REDIS_URL: 'rediss://cache:6380',
      ROLE: 'web',
      LOG_LEVEL: 'warn',
      SUPERADMIN_EMAIL: 'root@example.org',
      SUPERADMIN_PASSWORD: 'long enough',
      SMTP_URL: 'smtps://mail.example.org:465',
      SMTP_FROM: 'Hub <hub@example.org>',
      SMS_WEBHOOK_URL: 'https://sms.example.org/send',
      ALLOWED_ORIGINS: ' https://a.example.org , ,https://b.example.org',
      TRUST_PROXY: 'yes',
      SESSION_DAYS: '7',
      AUTH_MAX_FAILURES: '3',
      AUTH_SLOWDOWN_MS: '0',
      AUTH_MAX_REGISTRATIONS: '5',
      API_KEY_REQUESTS_PER_MINUTE: '30',
      INGEST_INTERVAL: '60',
      RECRAWL_HOURS: '0',
      CRAWL_ALLOW_PRIVATE: 'true',
      MODELS_DIR: '/models',
      EMBEDDING_MODEL: 'gte-small',
      EMBEDDING_SECOND_MODEL: 'none',
      ALLOW_REMOTE_MODELS: '0',
      HF_ENDPOINT: 'http://hub.local:8080',
      MAX_UPLOAD_FILES: '5',
      PARSE_CONCURRENCY: '2',
      LLM_BASE_URL: 'http://llm.local/v1',
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'local-model',
      STT_BASE_URL: 'http://stt.local/v1',
      STT_API_KEY: 'sk-stt',
      STT_MODEL: 'whisper-large-v3',
      WHISPER_MODEL: 'whisper-tiny',
      WHISPER_IDLE_MINUTES: '0',
      TTS_VOICE_RATE: '150',
      TTS_CACHE_MB: '200',
      WHATSAPP_VERIFY_TOKEN: 'verify me please',
      WHATSAPP_APP_SECRET: '1222e786b144d0e85b9f365372d93676',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
      WHATSAPP_PHONE_NUMBER_ID: '277321005464405',
      WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9999/v24.0',
      WHATSAPP_PROJECT: 'blimey',
      WHATSAPP_DISPLAY_NUMBER: '+1 (555) 095-3877',
    });
    expect(config).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('var/dish'),
      STATIC_DIR: '/srv/dish',
      DATABASE_URL: 'postgres://dish:secret@db:5432/dish',
      REDIS_URL: 'rediss://cache:6380',
      ROLE: 'web',
      LOG_LEVEL: 'warn',
      SUPERADMIN_EMAIL: 'root@example.org',
      SUPERADMIN_PASSWORD: 'long enough',
      SMTP_URL: 'smtps://mail.example.org:465',
      SMTP_FROM: 'Hub <hub@example.org>',
      SMS_WEBHOOK_URL: 'https://sms.example.org/send',
      ALLOWED_ORIGINS: ['https://a.example.org', 'https://b.example.org'],
      TRUST_PROXY: 1,
      SESSION_DAYS: 7,
      AUTH_MAX_FAILURES: 3,
      AUTH_SLOWDOWN_MS: 0,
      AUTH_MAX_REGISTRATIONS: 5,
      API_KEY_REQUESTS_PER_MINUTE: 30,
      INGEST_INTERVAL: 60,
      INGEST_LEASE_SECONDS: 30,
      PARSE_MEMORY_MB: 256,
      PARSE_CONCURRENCY: 2,
      PARSE_TIMEOUT: 120,
      RECRAWL_HOURS: 0,
      CRAWL_ALLOW_PRIVATE: true,
      MODELS_DIR: '/models',
      EMBEDDING_MODEL: 'gte-small',
      EMBEDDING_SECOND_MODEL: 'none',
      ALLOW_REMOTE_MODELS: false,
      HF_ENDPOINT: 'http://hub.local:8080',
      MAX_UPLOAD_FILES: 5,
      LLM_BASE_URL: 'http://llm.local/v1',
      LLM_API_KEY: 'sk-test',
      LLM_MODEL: 'local-model',
      STT_BASE_URL: 'http://stt.local/v1',
      STT_API_KEY: 'sk-stt',
      STT_MODEL: 'whisper-large-v3',
      WHISPER_MODEL: 'whisper-tiny',
      WHISPER_IDLE_MINUTES: 0,
      TTS_VOICE_RATE: 150,
      TTS_CACHE_MB: 200,
      WHATSAPP_VERIFY_TOKEN: 'verify me please',
      WHATSAPP_APP_SECRET: '1222e786b144d0e85b9f365372d93676',
      WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
      WHATSAPP_PHONE_NUMBER_ID: '277321005464405',
      WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9999/v24.0',
      WHATSAPP_PROJECT: 'blimey',
      WHATSAPP_DISPLAY_NUMBER: '15550953877',
    });
  });

  it('refuses WhatsApp half set up, naming what is missing', () => {
    expect(failure({ WHATSAPP_VERIFY_TOKEN: 'verify me please' })).toMatch(
      /WHATSAPP_APP_SECRET, WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID: must be set too/,
    );
  });

  it.each([
    ['true', 1],
    ['1', 1],
    ['yes', 1],
    ['2', 2],
    ['false', 0],
    ['0', 0],
    ['no', 0],
  ])('reads TRUST_PROXY=%s as %s proxy hops', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(expected);
  });

  it("reads TRUST_PROXY as the proxies' addresses when it lists them", () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
  });

  it('accepts postgresql:// as well as postgres://', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/dish' }).DATABASE_URL).toBe(
      'postgresql://localhost/dish',
    );
  });
});

const TRUST_PROXY_MESSAGE =
  "must be the proxies' addresses (comma-separated, CIDR ranges allowed), a number of proxy hops, true (one) or false (none)";

describe('loadConfig refuses bad values, naming the variable', () => {
  it.each([
    ['PORT', 'abc', 'must be a port number'],
    ['PORT', '70000', ''],
    ['PORT', '-1', ''],
    ['PORT', '80.5', ''],
    ['DATABASE_URL', 'mysql://db/dish', 'must be a URL starting with postgres:// or postgresql://'],
    ['DATABASE_URL', 'not a url', 'must be a URL starting with postgres:// or postgresql://'],
    ['REDIS_URL', 'http://cache:6379', 'must be a URL starting with redis:// or rediss://'],
    ['ROLE', 'both', 'must be all, web or worker'],
    ['LOG_LEVEL', 'loud', ''],
    ['SMTP_URL', 'http://mail.example.org', 'must be a URL starting with smtp:// or smtps://'],
    ['SMTP_FROM', 'ab', ''],
    ['SMS_WEBHOOK_URL', 'ftp://sms.example.org', 'must be a URL starting with http:// or https://'],
    ['TRUST_PROXY', 'maybe', TRUST_PROXY_MESSAGE],
    ['TRUST_PROXY', '10.0.0.300', TRUST_PROXY_MESSAGE],
    ['TRUST_PROXY', '10.0.0.0/40', TRUST_PROXY_MESSAGE],
    ['SESSION_DAYS', '0', ''],
    ['SESSION_DAYS', '366', ''],
    ['AUTH_MAX_FAILURES', 'ten', ''],
    ['AUTH_SLOWDOWN_MS', '10001', ''],
    ['AUTH_MAX_REGISTRATIONS', '0', ''],
    ['API_KEY_REQUESTS_PER_MINUTE', '0', ''],
    ['INGEST_INTERVAL', 'hourly', 'must be a number of seconds'],
    ['INGEST_INTERVAL', '-5', ''],
    ['RECRAWL_HOURS', 'daily', 'must be a number of hours'],
    ['CRAWL_ALLOW_PRIVATE', 'maybe', 'must be true or false'],
    ['MAX_UPLOAD_FILES', '0', ''],
    ['STT_BASE_URL', 'ftp://stt.local', 'must be a URL starting with http:// or https://'],
    ['TTS_VOICE_RATE', 'fast', 'must be a number of words per minute'],
    ['TTS_VOICE_RATE', '20', ''],
    ['TTS_CACHE_MB', 'lots', 'must be a number of megabytes'],
    ['TTS_CACHE_MB', '0', ''],
  ])('%s=%s', (name, value, message) => {
    const text = failure({ [name]: value });
    const lines = text.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^  ${name}: \\S`));
    if (message) expect(lines[1]).toBe(`  ${name}: ${message}`);
  });

  it('refuses a bad super admin email or a short password', () => {
    expect(failure({ SUPERADMIN_EMAIL: 'root', SUPERADMIN_PASSWORD: 'long enough' })).toBe(
      'Invalid configuration:\n  SUPERADMIN_EMAIL: must be an email address',
    );
    expect(failure({ SUPERADMIN_EMAIL: 'root@example.org', SUPERADMIN_PASSWORD: '1234567' })).toBe(
      'Invalid configuration:\n  SUPERADMIN_PASSWORD: must be at least 8 characters long',
    );
  });

  it('names every bad variable at once', () => {
    const text = failure({ PORT: 'abc', TRUST_PROXY: 'maybe', REDIS_URL: 'x' });
    expect(text).toContain('  PORT: must be a port number');
    expect(text).toContain(`  TRUST_PROXY: ${TRUST_PROXY_MESSAGE}`);
    expect(text).toContain('  REDIS_URL: must be a URL starting with redis:// or rediss://');
    expect(text.split('\n')).toHaveLength(4);
  });
});

describe('SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD', () => {
  const together = 'Invalid configuration:\n  SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD must be set together';

  it('must be set together', () => {
    expect(failure({ SUPERADMIN_EMAIL: 'root@example.org' })).toBe(together);
    expect(failure({ SUPERADMIN_PASSWORD: 'long enough' })).toBe(together);
    expect(failure({ SUPERADMIN_EMAIL: 'root@example.org', SUPERADMIN_PASSWORD: '' })).toBe(together);
  });

  it('may both be left out', () => {
    const config = loadConfig({});
    expect(config.SUPERADMIN_EMAIL).toBeUndefined();
    expect(config.SUPERADMIN_PASSWORD).toBeUndefined();
  });
});

describe('ROLE', () => {
  it('web and worker need DATABASE_URL: the embedded database belongs to one process', () => {
    for (const role of ['web', 'worker'])
      expect(failure({ ROLE: role })).toBe(
        `Invalid configuration:\n  ROLE: ${role} needs DATABASE_URL (the embedded database belongs to one process, which must be all)`,
      );
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: 'postgres://db/dish' }).ROLE).toBe('worker');
    expect(loadConfig({ ROLE: 'all' }).ROLE).toBe('all');
  });
});
