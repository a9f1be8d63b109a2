import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { openProcessDatabase } from './database';
import {
  createCodeDelivery,
  createNoticeDelivery,
  type DeliverCode,
  type DeliverNotice,
} from '../auth/delivery';
import { registerAuthRoutes } from '../auth/routes';
import { seedQueryingAppProjects } from '../projects/seed';
import { ensureSuperAdmin } from '../users/bootstrap';
import { closeConnections, createGateway, type ChatServer } from '../realtime/gateway';
import { socketEvictions } from '../realtime/evictions';
import { Limiter } from '../answering/limiter';
import { registerChatHandlers } from '../realtime/chat-handlers';
import { registerConversationRoutes } from '../conversations/routes';
import { registerFeedbackRoutes } from '../feedback/routes';
import { registerWhatsAppRoutes } from '../channels/whatsapp/routes';
import { attachRedisAdapter } from '../realtime/redis-adapter';
import { openAskLimits } from '../answering/ask-limits';
import { createAsking } from '../answering/asking';
import { ReviewedAnswers } from '../answering/reviewed/store';
import { registerCompression } from '../http/compression';
import { registerErrorHandler } from '../http/errors';
import { registerOriginGuard } from '../http/origin-guard';
import { collectRoutes, type RouteEntry } from '../http/route-list';
import { createFastify } from '../http/fastify';
import { registerSecurityHeaders } from '../http/security-headers';
import { registerStaticShell } from '../http/static-shell';
import { registerTextGuard } from '../http/text-guard';
import { registerAdminRoutes } from './admin-routes';
import { registerProcessHealth } from './health';
import type { SearchIndex } from '../knowledge/index/search-index';
import { openSearchIndex } from '../knowledge/index/open';
import { registerFileRoutes } from '../knowledge/files/route';
import { registerKnowledgeRoutes } from '../knowledge/routes';
import { createIngestion } from '../knowledge/ingestion';
import { queueWake } from '../knowledge/wake';
import { registerProgressRoutes } from '../knowledge/progress/routes';
import { registerPromptRoutes } from '../projects/prompts-routes';
import { registerProjectApiRoutes } from '../projects/api-routes';
import { registerDocsRoutes } from '../projects/docs-routes';
import type { IngestionWorker } from '../knowledge/worker';
import { registerTtsRoute, registerVoiceStatusRoute, registerVoiceWarmRoute } from '../voice/route';
import { registerModelRoutes } from '../models/routes';
import { createVoiceService } from '../voice/service';
import { proxyTrustWarning, trustFunction } from '../proxy-trust';

export interface DishServer {
  app: FastifyInstance;
  io: ChatServer;
  database: Database;
  index: SearchIndex;
  worker: IngestionWorker;
  /** Every route registered (method and URL pattern), as Fastify reported them. */
  routes: readonly RouteEntry[];
  /** Stops accepting, lets running requests finish, then closes sockets and the database. */
  close(): Promise<void>;
}

export interface ServerOverrides {
  deliverCode?: DeliverCode;
  deliverNotice?: DeliverNotice;
  /** How connectors reach the web; tests pass one that answers from local recordings. */
  fetch?: typeof fetch;
  /** Where the log goes instead of stdout; tests read what the server logged. */
  logStream?: DestinationStream;
}

/** How long a stopping process waits for the answers in flight (a voice answer takes seconds). */
const DRAIN_MS = 15_000;

export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<DishServer> {
  const app = createFastify(config, overrides.logStream);
  const proxyWarning = proxyTrustWarning(config.TRUST_PROXY, config.HOST);
  if (proxyWarning) app.log.warn(proxyWarning);

  const routes = collectRoutes(app);

  const database = await openProcessDatabase(config, app.log);
  const { db } = database;
  await seedQueryingAppProjects(db);
  await ensureSuperAdmin(db, config.SUPERADMIN_EMAIL, config.SUPERADMIN_PASSWORD, app.log);

  // JSON only (multipart where a route says so): a text/plain body is a 415, not a string to guess at.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  // Before the routes, which it hooks as they are added: JSON answers above 1 KiB compressed.
  await registerCompression(app);
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerTextGuard(app);
  registerOriginGuard(app, config.ALLOWED_ORIGINS);
  // The socket server exists before the routes, so logout and block can close sockets.
  const io = createGateway(app.server, db, app.log, {
    allowedOrigins: config.ALLOWED_ORIGINS,
    trustProxy: trustFunction(config.TRUST_PROXY),
  });
  const evictions = socketEvictions(io);
  registerAuthRoutes(app, {
    db,
    config,
    deliverCode: overrides.deliverCode ?? createCodeDelivery(config, app.log),
    deliverNotice: overrides.deliverNotice ?? createNoticeDelivery(config, app.log),
    evictions,
  });
  // One queue for every channel's answers (chat, WhatsApp, project API): PGlite runs one query at
  // a time (in its thread), so interleaving questions there only slows each (performance.md).
  const answering = new Limiter(database.kind === 'pglite' ? 1 : 4);
  // Indexing's writes in the background give way to the questions being answered (db/give-way.ts).
  const search = await openSearchIndex(config, db, app.log, answering);
  const { index } = search;
  const ingestion = createIngestion(config, {
    db,
    index,
    log: app.log,
    databaseKind: database.kind,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  });
  const { worker, sandbox } = ingestion;
  // ROLE=web leaves the queue to the worker processes; ROLE=all works it too.
  const works = config.ROLE === 'all';
  const queue = await queueWake(database, works ? worker : null, app.log);
  registerKnowledgeRoutes(app, {
    db,
    wake: () => queue.wake(),
    sandbox,
    maxUploadFiles: config.MAX_UPLOAD_FILES,
    dataDir: config.DATA_DIR,
  });
  registerFileRoutes(app, db);
  registerConversationRoutes(app, db);
  const reviewed = new ReviewedAnswers(db, index);
  registerAdminRoutes(app, db, evictions, reviewed, index);
  registerPromptRoutes(app, { db, index });
  registerProgressRoutes(app, { db });
  const voice = createVoiceService(config, app.log, { db });
  registerTtsRoute(app, voice.ttsDir, (name) => voice.restore(name));
  registerVoiceStatusRoute(app, voice);
  registerVoiceWarmRoute(app, db, voice);
  registerFeedbackRoutes(app, { db, voice });
  const modelStatuses = () => [voice.modelStatus(), search.modelStatus()];
  registerModelRoutes(app, db, modelStatuses);
  const servesApp = await registerStaticShell(app, config.STATIC_DIR);
  if (!servesApp)
    app.log.warn({ dir: config.STATIC_DIR }, 'no built app found; serving the API only (run npm run build)');

  const llm = config.LLM_BASE_URL
    ? { baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }
    : undefined;
  // Per-user limits and one question at a time per session: in Redis when processes share it.
  const limits = await openAskLimits(config.REDIS_URL, app.log);
  // The one ask command every channel calls (chat, voice, WhatsApp, project API).
  const asking = createAsking({ db, index, log: app.log, llm, voice, answering, limits, reviewed });
  const keyRequestsPerMinute = config.API_KEY_REQUESTS_PER_MINUTE;
  registerChatHandlers(io, { db, log: app.log, asking, keyRequestsPerMinute });
  registerProjectApiRoutes(app, { db, asking, requestsPerMinute: keyRequestsPerMinute });
  registerDocsRoutes(app);
  await registerWhatsAppRoutes(app, config, { db, log: app.log, asking, voice, limits });
  const redis = config.REDIS_URL ? await attachRedisAdapter(io, config.REDIS_URL, app.log) : undefined;
  let closing: Promise<void> | undefined;
  registerProcessHealth(app, database, {
    stopping: () => closing !== undefined,
    models: modelStatuses,
    checks: redis ? { redis: async () => ((await redis.ping()) === 'PONG' ? null : 'not answering') } : {},
  });

  const close = () =>
    (closing ??= (async () => {
      // Readiness says 503 from now on; the answers being made are sent before the sockets
      // close, which makes every client reconnect, to another process behind a load balancer.
      await asking.drain(DRAIN_MS);
      await closeConnections(io, 2_000);
      // The callback runs once the HTTP server has closed; the returned promise does not wait for it.
      await new Promise<void>((resolve, reject) => {
        io.close(() => resolve()).catch(reject);
      });
      await app.close();
      await queue.close();
      await ingestion.stop();
      await search.close();
      await redis?.detach();
      await limits.close();
      await database.close();
    })());

  if (works) worker.start();
  return { app, io, database, index, worker, routes, close };
}
