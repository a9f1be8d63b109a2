import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routes } from '../../shared/api/routes';
import { serverMessages } from '../../shared/messages';
import type { Db } from '../db/client';
import { requireUser } from '../http/current-user';
import { parseRange } from '../http/ranges';
import { rawRoute, route } from '../http/typed-route';
import type { VoiceService } from './service';
import { TTS_FILE } from './tts';

/** The names never change what they hold (they are the hash of it): cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /api/voice: whether a recorded question can be heard now, so that the chat disables its
 * microphone instead of letting a person speak a question nobody will hear. Public, like the
 * health check: it says nothing about the server but that.
 */
export function registerVoiceStatusRoute(
  app: FastifyInstance,
  voice: Pick<VoiceService, 'unavailable'>,
): void {
  route(app, routes.voiceStatus, ({ reply }) => {
    // Availability changes (a model is put in place, a download ends): never cached.
    reply.header('cache-control', 'no-store');
    return { available: voice.unavailable() === null };
  });
}

/**
 * POST /api/voice/warm: a signed-in person has started recording; the speech model is loaded (or
 * kept) meanwhile, so the question is not held up by a model unloaded while idle. Answers at once.
 */
export function registerVoiceWarmRoute(
  app: FastifyInstance,
  db: Db,
  voice: Pick<VoiceService, 'unavailable' | 'warm'>,
): void {
  route(app, routes.warmVoice, async ({ request, body }) => {
    await requireUser(db, request);
    body();
    voice.warm();
    return { available: voice.unavailable() === null };
  });
}

/**
 * GET /tts/<sha256>.mp3: the spoken answers under DATA_DIR/tts, as audio/mpeg with range
 * requests (206) for players that seek, and long-lived caching. Any other name is a 404, so no
 * path can reach outside the folder. A name missing from the folder is asked of `restore` (the
 * database, where another process saved it) before it is a 404.
 */
export function registerTtsRoute(
  app: FastifyInstance,
  dir: string,
  restore: (name: string) => Promise<boolean> = () => Promise.resolve(false),
): void {
  rawRoute<{ Params: { name: string } }>(app, routes.tts, async (request, reply) => {
    const { name } = request.params;
    if (!TTS_FILE.test(name)) return notFound(reply);
    const file = path.join(dir, name);
    const onDisk = () => stat(file).catch(() => null);
    let info = await onDisk();
    if (!info?.isFile() && (await restore(name))) info = await onDisk();
    if (!info?.isFile()) return notFound(reply);

    const etag = `"${name.slice(0, 64)}"`;
    reply
      .header('content-type', 'audio/mpeg')
      .header('accept-ranges', 'bytes')
      .header('cache-control', IMMUTABLE)
      .header('etag', etag)
      .header('last-modified', info.mtime.toUTCString());
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();

    const size = info.size;
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply
        .status(416)
        .type('application/json; charset=utf-8')
        .header('content-range', `bytes */${size}`)
        .send({ message: 'Range not satisfiable.' });
    }
    if (range) {
      const [start, end] = range;
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .header('content-length', end - start + 1)
        .send(createReadStream(file, { start, end }));
    }
    return reply.header('content-length', size).send(createReadStream(file));
  });
}

function notFound(reply: FastifyReply) {
  return reply.status(404).header('cache-control', 'no-cache').send({ message: serverMessages.notFound });
}
