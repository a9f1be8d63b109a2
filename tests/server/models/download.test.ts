import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS_PATH, modelsAnswer, type ModelStatus } from '../../../src/shared/admin/models';
import { VOICE_STATUS_PATH } from '../../../src/shared/chat/voice';
import { SUPER_ENV, signInSuper } from '../../support/admin';
import { startModelHub } from '../../support/model-hub';
import { startTestServer, type TestServer } from '../../support/server';
import { sharedPath } from '../../support/shared';

/**
 * Models on an install that has none: fetched from the Hub (here a local server speaking its
 * protocol, serving the real weights of ../shared/models) into DATA_DIR/models, in the
 * background for Whisper, with the admin told how far it got and voice offered once it is ready.
 */
let hub: Awaited<ReturnType<typeof startModelHub>>;
let emptyModels: string;
beforeAll(async () => {
  hub = await startModelHub({
    'onnx-community/whisper-base': sharedPath('models', 'whisper-base'),
    'Xenova/multilingual-e5-small': sharedPath('models', 'multilingual-e5-small'),
    'Xenova/all-MiniLM-L6-v2': sharedPath('models', 'all-MiniLM-L6-v2'),
  });
  emptyModels = await mkdtemp(path.join(os.tmpdir(), 'dish-no-models-'));
});
afterAll(async () => {
  await hub.stop();
  await rm(emptyModels, { recursive: true, force: true });
});

const downloading = (hubUrl: string, dataDir?: string) => ({
  ...SUPER_ENV,
  MODELS_DIR: emptyModels,
  ALLOW_REMOTE_MODELS: 'true',
  HF_ENDPOINT: hubUrl,
  INGEST_INTERVAL: '0',
  ...(dataDir ? { DATA_DIR: dataDir } : {}),
});

async function modelLine(t: TestServer): Promise<Record<ModelStatus['purpose'], ModelStatus>> {
  const admin = await signInSuper(t);
  const answer = await admin.get(MODELS_PATH);
  expect(answer.status).toBe(200);
  const { models } = modelsAnswer.parse(answer.body);
  return Object.fromEntries(models.map((m) => [m.purpose, m])) as Record<ModelStatus['purpose'], ModelStatus>;
}

const voiceAvailable = async (t: TestServer) =>
  ((await (await fetch(t.url + VOICE_STATUS_PATH)).json()) as { available: boolean }).available;

describe('models fetched from the Hub on first start', () => {
  it('downloads them into DATA_DIR/models in the background, offers voice once Whisper is ready, and a restart needs no Hub', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dish-downloads-'));
    // A line so slow that nothing arrives: the server answers all the same, on full text.
    hub.hold();
    const t = await startTestServer(downloading(hub.url, dataDir));
    try {
      expect((await fetch(t.url + '/api/health')).status).toBe(200);
      expect((await modelLine(t))['sentence embeddings']).toMatchObject({
        model: 'Xenova/multilingual-e5-small',
        state: 'downloading',
      });
      expect(t.server.index.usesVectors).toBe(false);
      // Alive, but not ready for a load balancer to send people to while its models download.
      const ready = await fetch(t.url + '/api/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        ready: false,
        checks: {
          database: 'ready',
          models: expect.stringMatching(/Xenova\/multilingual-e5-small downloading/) as unknown,
        },
      });
      hub.release();
      await expect
        .poll(async () => (await modelLine(t))['sentence embeddings'].state, {
          timeout: 60_000,
          interval: 250,
        })
        .toBe('ready');
      expect(t.server.index.usesVectors).toBe(true);
      // The second embedding model came with the first, into the same thread.
      expect(t.server.index.embedder?.second?.model).toMatch(/all-MiniLM-L6-v2/);
      expect(hub.requests).toContain('/Xenova/all-MiniLM-L6-v2/resolve/main/onnx/model_quantized.onnx');
      await expect.poll(() => voiceAvailable(t), { timeout: 60_000, interval: 250 }).toBe(true);
      expect((await fetch(t.url + '/api/ready')).status).toBe(200);
      expect((await modelLine(t))['speech recognition']).toEqual({
        purpose: 'speech recognition',
        model: 'onnx-community/whisper-base',
        state: 'ready',
      });
      expect(hub.requests).toContain(
        '/onnx-community/whisper-base/resolve/main/onnx/encoder_model_quantized.onnx',
      );
      expect(existsSync(path.join(dataDir, 'models', 'onnx-community', 'whisper-base'))).toBe(true);
    } finally {
      await t.stop();
    }

    // Again on the same data, with the Hub down: everything comes from the cache.
    const asked = hub.requests.length;
    const again = await startTestServer(downloading('http://127.0.0.1:9', dataDir));
    try {
      await expect.poll(() => voiceAvailable(again), { timeout: 60_000, interval: 250 }).toBe(true);
      // Read from the cache before the server answers: vectors from the first question.
      expect(again.server.index.usesVectors).toBe(true);
      expect(again.server.index.embedder?.second?.model).toMatch(/all-MiniLM-L6-v2/);
      expect((await modelLine(again))['sentence embeddings'].state).toBe('ready');
      expect(hub.requests.length).toBe(asked);
    } finally {
      await again.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('with the Hub down: the server starts, voice is not offered, and the admin is told why', async () => {
    const down = await startModelHub({});
    down.fail();
    const t = await startTestServer(downloading(down.url));
    try {
      expect(await voiceAvailable(t)).toBe(false);
      await expect
        .poll(async () => (await modelLine(t))['sentence embeddings'].state, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe('unavailable');
      expect((await modelLine(t))['sentence embeddings'].reason).toMatch(/Xenova\/multilingual-e5-small/);
      await expect
        .poll(async () => (await modelLine(t))['speech recognition'].state, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe('unavailable');
      expect((await modelLine(t))['speech recognition'].reason).toMatch(/onnx-community\/whisper-base/);
      expect(t.server.index.usesVectors).toBe(false);
    } finally {
      await t.stop();
      await down.stop();
    }
  }, 60_000);
});
