/**
 * Issue 15: the route table in src/shared/api is the REST contract. Every route the server
 * registers (Fastify's own list) is in the table, and every entry of the table is registered.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes, routeKey } from '../../../src/shared/api/routes';
import { startTestServer, type TestServer } from '../../support/server';
import { whatsAppEnv } from '../../support/whatsapp';

let t: TestServer;
let staticDir: string;

beforeAll(async () => {
  // A built app and WhatsApp on (a Graph address nothing is sent to), so the routes registered only with them are registered too.
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'dish-contract-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>DISH</title>');
  t = await startTestServer({ STATIC_DIR: staticDir, ...whatsAppEnv('http://127.0.0.1:9/v24.0') });
});

afterAll(async () => {
  await t?.stop();
  await rm(staticDir, { recursive: true, force: true });
});

describe('the REST contract', () => {
  // Fastify answers HEAD for every GET route by itself; those are not calls anyone declares.
  const registered = () =>
    [
      ...new Set(t.server.routes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`)),
    ].sort();

  it('every registered route is in the table', () => {
    const table = new Set(allRoutes.map(routeKey));
    expect(registered().filter((key) => !table.has(key))).toEqual([]);
  });

  it('every route in the table is registered', () => {
    const live = new Set(registered());
    expect(allRoutes.map(routeKey).filter((key) => !live.has(key))).toEqual([]);
  });
});
