import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('the server process', () => {
  it('refuses to start with a clear message per bad variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/compose/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' },
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT: must be a port number');
    expect(stderr).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
    expect(stderr).toContain('SMTP_URL: must be a URL');
  });

  it('starts, answers, and exits cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-proc-'));
    // PGlite and no Redis: this is the process on its own, whatever services the suite has.
    const { DATABASE_URL: _ignored, REDIS_URL: _alone, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/compose/main.ts'], {
      env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    });
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const match = out.match(/DISH is running at (http:\/\/\S+)/);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', () => reject(new Error(`exited early: ${out}`)));
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      checks: { process: 'ready', database: 'ready', models: 'ready' },
    });
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(0);
    expect(out).toContain('shutting down');
    await rm(dataDir, { recursive: true, force: true });
  });
});
