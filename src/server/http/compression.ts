import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** JSON answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

/** application/json and its +json kinds (problem+json, the manifest's), with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:;|$)/;

/**
 * Routes whose bytes go out as stored, whatever their type: uploaded files and spoken answers are
 * streamed with ranges and a content-length, and the built app has its brotli and gzip copies made at
 * build time (static-shell.ts), so nothing is compressed twice or per request.
 */
const AS_STORED = [/^\/files\//, /^\/tts\//, /^\/\*$/];

/**
 * Compresses the API's JSON answers above COMPRESS_THRESHOLD (brotli or gzip, as the client
 * accepts; `Vary: Accept-Encoding`) with @fastify/compress. Register before the routes: it hooks
 * each route as it is added. Request bodies are never decompressed (no route takes them compressed).
 * Socket.IO answers outside Fastify, and hijacked answers (the project API's event stream) skip
 * the hook, so neither is touched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (AS_STORED.some((pattern) => pattern.test(route.url))) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: JSON_TYPE,
  });
}
