import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';
import { logSerializers } from './log-redaction';
import { trustFunction } from '../proxy-trust';

/**
 * The Fastify instance of every DISH process, web or worker: its log (to stdout, or to `logStream`
 * where a test reads it), proxy trust and limits.
 */
export function createFastify(config: Config, logStream?: DestinationStream): FastifyInstance {
  return Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
      ],
      serializers: logSerializers,
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: trustFunction(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // On close, idle keep-alive connections go at once; requests in flight are answered first.
    forceCloseConnections: 'idle',
  });
}
