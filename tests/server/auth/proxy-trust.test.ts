/**
 * Issue 31 item 5: with TRUST_PROXY naming the proxies, a client that reaches the port directly
 * cannot lift the limits by writing its own X-Forwarded-For; a hop count on a server listening on
 * every interface is warned about at start.
 */
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, newUser } from '../../support/http';
import { startTestServer, type TestServer } from '../../support/server';

const started: TestServer[] = [];
afterAll(() => Promise.all(started.map((t) => t.stop())));

async function start(env: Record<string, string>) {
  let log = '';
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const t = await startTestServer({ AUTH_MAX_REGISTRATIONS: '3', ...env }, { logStream });
  started.push(t);
  return { t, log: () => log };
}

/** Registrations sent with a new X-Forwarded-For each, as a client rotating addresses would. */
async function rotatingRegistrations(t: TestServer, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= count; i++) {
    const res = await new Client(t.url).post('/auth/register', newUser(), {
      'x-forwarded-for': `198.51.100.${i}`,
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it("with the proxies' addresses, counts a direct client by its own address whatever it forwards", async () => {
    // The tests connect from 127.0.0.1, which is not the proxy named here.
    const { t, log } = await start({ TRUST_PROXY: '10.0.0.0/8', LOG_LEVEL: 'info' });
    expect(await rotatingRegistrations(t, 5)).toEqual([201, 201, 201, 429, 429]);
    expect(log()).not.toContain('believes X-Forwarded-For from any address');
  });

  it('with the proxy’s address, reads the client address it forwards', async () => {
    const { t } = await start({ TRUST_PROXY: 'loopback' });
    expect(await rotatingRegistrations(t, 5)).toEqual([201, 201, 201, 201, 201]);
  });

  it('as a hop count on a server listening on every interface, is warned about at start', async () => {
    const { log } = await start({ TRUST_PROXY: '1', HOST: '0.0.0.0', LOG_LEVEL: 'info' });
    expect(log()).toContain('TRUST_PROXY=1 believes X-Forwarded-For from any address');
  });
});
