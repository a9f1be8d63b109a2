import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { logSerializers } from './log-redaction';

/** The Fastify instance of every DISH process, web or worker: its log, proxy trust and limits. */
export function createFastify(config: Config): FastifyInstance {
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
    },
    // TRUST_PROXY hops, as Fastify's numeric trustProxy (its types only take the function form).
    trustProxy: config.TRUST_PROXY > 0 ? (_address, hop) => hop < config.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
    // On close, idle keep-alive connections go at once; requests in flight are answered first.
    forceCloseConnections: 'idle',
  });
}
