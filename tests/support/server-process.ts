/**
 * A DISH server in a process of its own, started as `npm run serve` does, for tests that kill it
 * (kill -9), stop it (SIGTERM), run several side by side, or measure it (its peak RSS, which the
 * test runner's own memory would blur).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SUPER_ENV } from './admin';

export interface ServerProcess {
  url: string;
  pid: number;
  /** The process's resident memory now, in bytes (Linux VmRSS). */
  rss(): number;
  /** Kills it at once, as a crash or an OOM killer would, and waits for it to be gone. */
  kill(): Promise<void>;
  /** Stops it with SIGTERM and waits. */
  stop(): Promise<void>;
}

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  /** Modules node loads before the server (`--import`), e.g. the chat bench's event-loop probe. */
  preload: string[] = [],
): Promise<ServerProcess> {
  // PGlite in DATA_DIR and no Redis unless `env` names them (tests/server/deploy does): the
  // same directory is opened again after a kill.
  const { DATABASE_URL: _none, REDIS_URL: _alone, ...parent } = process.env;
  const imports = preload.flatMap((module) => ['--import', module]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports, 'src/server/compose/main.ts'], {
    env: {
      ...parent,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: `${dataDir}/no-app`,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      AUTH_SLOWDOWN_MS: '1',
      // No test reaches the internet: models come from MODELS_DIR or, in the tests of downloading, a local hub.
      ALLOW_REMOTE_MODELS: 'false',
      ...SUPER_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr?.on('data', (c: Buffer) => (out = (out + c.toString()).slice(-4000)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (c: Buffer) => {
      out = (out + c.toString()).slice(-4000);
      const match = /DISH is running at (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
  });
  const gone = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => c.once('exit', () => r()));
  return {
    url,
    pid: child.pid!,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    async kill() {
      child.kill('SIGKILL');
      await gone(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await gone(child);
    },
  };
}
