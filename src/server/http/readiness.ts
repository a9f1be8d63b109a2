import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { routes } from '../../shared/api/routes';
import type { Db } from '../db/client';
import { route } from './typed-route';

/** One part the process needs: resolves with null when it is ready, else a short public reason. */
export type ReadinessCheck = () => Promise<string | null> | string | null;

/** A part that does not answer within this long is not ready (a load balancer's own timeout is short). */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * GET /api/health answers 200 while the process lives; GET /api/ready answers 200 when every
 * check passes and 503 otherwise (while starting to drain, a model still downloading, the
 * database or Redis out of reach), with each check's state. The reasons are for an operator and
 * say no more than which part is missing: the details (addresses, errors) go to the log. Every
 * process is checked for stopping and for its database; `checks` are its other parts.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  options: {
    database: { db: Db; kind: string };
    /** True from the moment the process starts to stop. */
    stopping: () => boolean;
    checks: Record<string, ReadinessCheck>;
    log: FastifyBaseLogger;
  },
): void {
  const checks: Record<string, ReadinessCheck> = {
    process: () => (options.stopping() ? 'shutting down' : null),
    database: async () => {
      await options.database.db.execute(sql`SELECT 1`);
      return null;
    },
    ...options.checks,
  };
  route(app, routes.health, ({ reply }) => {
    void reply.header('cache-control', 'no-store');
    return { ok: true, database: options.database.kind };
  });
  route(app, routes.ready, async ({ reply }) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const state = await settle(check).catch((error: unknown) => {
          options.log.warn({ err: error, check: name }, 'readiness check failed');
          return 'not reachable';
        });
        return [name, state ?? 'ready'] as const;
      }),
    );
    const ready = entries.every(([, state]) => state === 'ready');
    void reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { ready, checks: Object.fromEntries(entries) };
  });
}

function settle(check: ReadinessCheck): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([Promise.resolve().then(check), timeout]).finally(() => clearTimeout(timer));
}
