import type { Config } from '../../src/server/config';
import type { DishServer } from '../../src/server/http/app';
import { nextScheduledRun } from '../../src/server/knowledge/progress/schedule';
import { registerProgressRoutes } from '../../src/server/knowledge/progress/routes';
import { registerPromptRoutes } from '../../src/server/projects/prompts-routes';
import { PROMPTS_PATH } from '../../src/shared/admin/prompts';

/**
 * The routes of issue 14 items 4 and 5, registered here until app.ts registers them itself (app.ts
 * is the lead's; the lines to add are in the issue 14 report). Once it does, this does nothing and
 * can go, with its callers' `beforeListen` argument.
 */
export function wireIssue14Routes(server: DishServer, config: Config): void {
  if (server.app.hasRoute({ method: 'GET', url: PROMPTS_PATH })) return;
  registerPromptRoutes(server.app, { db: server.database.db, index: server.index });
  // The worker starts its schedule as the server is made: close enough for tests.
  const startedAt = Date.now();
  registerProgressRoutes(server.app, {
    db: server.database.db,
    nextRunAt: () => nextScheduledRun(startedAt, config.INGEST_INTERVAL * 1000, Date.now()),
    intervalSeconds: config.INGEST_INTERVAL,
  });
}
