import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  RestartingThread,
  ThreadClient,
  ThreadStopped,
  type ClientOptions,
  type ThreadDeath,
} from '../../../../src/server/threads/rpc';
import { startThread } from '../../../../src/server/threads/start';
import type { FixtureApi, FixtureEvents } from './fixtures/calls-thread';

const ENTRY = new URL('./fixtures/calls-thread', import.meta.url);
type Client = ThreadClient<FixtureApi, FixtureEvents>;

const started: Client[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((client) => client.close()));
});

async function start(options: Partial<ClientOptions<FixtureEvents>> & { data?: unknown } = {}) {
  const client = await ThreadClient.start<FixtureApi, FixtureEvents>(ENTRY, {
    name: 'the fixture thread',
    ...options,
  });
  started.push(client);
  return client;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error as Error & Record<string, unknown>,
  );

describe('ThreadClient', () => {
  it('settles each of several calls in flight with its own answer, as each comes', async () => {
    const client = await start();
    const settled: string[] = [];
    const calls = (
      [
        ['slow', 60],
        ['quick', 5],
        ['middle', 30],
      ] as const
    ).map(([value, ms]) =>
      client.call('later', [ms, value]).then((answer) => {
        settled.push(answer);
        return answer;
      }),
    );
    expect(await Promise.all(calls)).toEqual(['slow', 'quick', 'middle']);
    expect(settled).toEqual(['quick', 'middle', 'slow']);
  });

  it('rebuilds a thrown error with its name, message, code and own fields, and the thread goes on', async () => {
    const client = await start();
    const error = await failure(client.call('refuse', [3]));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('QuotaError');
    expect(error.message).toBe('Only 3 allowed.');
    expect(error.code).toBe('EQUOTA');
    expect(error.limit).toBe(3);
    expect(error.retryable).toBe(false);
    // An object field may not be cloneable: it stays in the thread.
    expect(error).not.toHaveProperty('socket');
    expect(await client.call('count', [])).toBe(1);
    const plain = await failure(client.call('rejectPlain', []));
    expect(plain.message).toBe('[object Set]');
  });

  it('gives errors the class its owner rebuilds them as', async () => {
    class Refused extends Error {}
    const client = await start({
      revive: (remote) => Object.assign(new Refused(remote.message), { limit: remote.fields.limit }),
    });
    const error = await failure(client.call('refuse', [2]));
    expect(error).toBeInstanceOf(Refused);
    expect(error.limit).toBe(2);
  });

  it('fails a call to a method the thread does not serve, and one whose arguments cannot be copied', async () => {
    const client = await start();
    const missing = await failure(client.call('toString' as 'count', []));
    expect(missing.message).toBe('The thread serves no method "toString".');
    const uncloneable = await failure(client.call('later', [1, (() => 'x') as unknown as string]));
    expect(uncloneable.name).toBe('DataCloneError');
    expect(await client.call('later', [1, 'still here'])).toBe('still here');
  });

  it('moves transferred buffers both ways', async () => {
    const client = await start();
    const samples = new Float32Array([1, 2, 3]);
    const doubled = await client.call('double', [samples], [samples.buffer]);
    // Moved, not copied: the caller's buffer is now empty.
    expect(samples.byteLength).toBe(0);
    expect([...doubled]).toEqual([2, 4, 6]);
  });

  it('passes the events the thread tells to their handler', async () => {
    const seen: number[] = [];
    const client = await start({ on: { progress: ({ done }) => seen.push(done) } });
    expect(await client.call('progress', [3])).toBe(3);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('fails the calls in flight when it is shut down, and every call after', async () => {
    const client = await start();
    const calls = [client.call('hang', []), client.call('later', [10_000, 'never'])].map(failure);
    await client.close();
    for (const error of await Promise.all(calls)) {
      expect(error).toBeInstanceOf(ThreadStopped);
      expect(error.message).toBe('the fixture thread was shut down');
    }
    expect(client.alive).toBe(false);
    await expect(client.call('count', [])).rejects.toThrow('the fixture thread was shut down');
    await client.ended;
  });

  it('fails the calls in flight with a given reason when shut down with one', async () => {
    const client = await start();
    const call = failure(client.call('hang', []));
    await client.close(new Error('The reader is shut down.'));
    expect((await call).message).toBe('The reader is shut down.');
  });

  it('with endWaitMs, is asked to end itself and ends after the work under way, never in it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dish-thread-end-'));
    try {
      const patient = await start({ endWaitMs: 10_000 });
      const call = failure(patient.call('busy', [300, path.join(dir, 'patient')]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await patient.close();
      expect((await call).message).toBe('the fixture thread was shut down');
      expect(existsSync(path.join(dir, 'patient'))).toBe(true);

      // Without it, the thread is ended where it is: the work is cut off.
      const hasty = await start();
      void failure(hasty.call('busy', [300, path.join(dir, 'hasty')]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await hasty.close();
      expect(existsSync(path.join(dir, 'hasty'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('with endWaitMs, a thread that never yields is ended from outside once that time is up', async () => {
    const client = await start({ endWaitMs: 100 });
    void failure(client.call('busy', [60_000, '/nonexistent/never']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Within the test's 5 s, though the work would hold the thread for a minute.
    await client.close();
    expect(client.alive).toBe(false);
  });

  it('fails the calls in flight when the thread dies, with what killed it', async () => {
    const deaths: ThreadDeath[] = [];
    const client = await start({
      died: (death) => {
        deaths.push(death);
        return new Error(`died: ${death.error?.message ?? death.exitCode}`);
      },
    });
    const calls = [client.call('hang', []), client.call('crash', [])].map(failure);
    for (const error of await Promise.all(calls)) expect(error.message).toBe('died: the fixture broke');
    expect(deaths).toHaveLength(1);
    expect(deaths[0]!.loading).toBe(false);
    await client.ended;
    await expect(client.call('count', [])).rejects.toThrow('died: the fixture broke');
  });

  it('says by default that the thread stopped, and its exit code', async () => {
    const client = await start();
    const error = await failure(client.call('exit', [3]));
    expect(error).toBeInstanceOf(ThreadStopped);
    expect(error.message).toBe('the fixture thread stopped (exit 3)');
    expect((error as unknown as ThreadStopped).exitCode).toBe(3);
    const crashed = await start();
    const broke = await failure(crashed.call('crash', []));
    expect(broke.message).toBe('the fixture thread failed: the fixture broke');
    expect((broke.cause as Error).message).toBe('the fixture broke');
  });

  it('rejects its start with the error the thread met while loading, and ends the thread', async () => {
    const error = await failure(start({ data: { failLoad: true } }));
    expect(error.message).toBe('No model here.');
    expect(error.code).toBe('ENOMODEL');
  });

  it('fails the calls sent while loading with the loading error, when used without waiting', async () => {
    const worker = await startThread(ENTRY, { data: { failLoad: true } });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const client = new ThreadClient<FixtureApi>(worker, { name: 'the fixture thread' });
    const error = await failure(client.call('count', []));
    expect(error.message).toBe('No model here.');
    await expect(client.ready).rejects.toThrow('No model here.');
    await exited;
  });
});

describe('RestartingThread', () => {
  it('starts a fresh thread for the call after the thread died, or after it was stopped', async () => {
    const thread = new RestartingThread(() => start());
    expect(await thread.call('count', [])).toBe(1);
    expect(await thread.call('count', [])).toBe(2);
    const first = await thread.client();
    const error = await failure(thread.call('crash', []));
    expect(error).toBeInstanceOf(ThreadStopped);
    await first.ended;
    // A new thread, counting from 1 again.
    expect(await thread.call('count', [])).toBe(1);
    expect(await thread.client()).not.toBe(first);
    await thread.stop();
    expect(await thread.call('count', [])).toBe(1);
    await thread.stop();
  });

  it('sends a call made as soon as the thread died to a new one', async () => {
    const thread = new RestartingThread(() => start());
    const again = thread.call('crash', []).catch(() => thread.call('count', []));
    expect(await again).toBe(1);
    await thread.stop();
  });

  it('fails the call whose thread cannot start, and tries again at the next', async () => {
    let starts = 0;
    const thread = new RestartingThread(() => start(++starts === 1 ? { data: { failLoad: true } } : {}));
    await expect(thread.call('count', [])).rejects.toThrow('No model here.');
    expect(await thread.call('count', [])).toBe(1);
    expect(starts).toBe(2);
    await thread.stop();
  });
});
