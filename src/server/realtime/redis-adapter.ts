import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { Server } from 'socket.io';

/** With REDIS_URL, rooms and broadcasts span every server process behind the load balancer. */
export async function attachRedisAdapter(
  io: Server,
  url: string,
  log: FastifyBaseLogger,
): Promise<{ ping(): Promise<unknown>; detach(): Promise<void> }> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err: unknown) => log.error({ err }, 'redis error'));
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub));
  log.info('socket.io uses the Redis adapter');
  return {
    ping: () => pub.ping(),
    async detach() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
