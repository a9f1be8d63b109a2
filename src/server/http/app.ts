import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { createCodeDelivery, type DeliverCode } from '../auth/delivery';
import { registerAuthRoutes } from '../auth/routes';
import { seedQueryingAppProjects } from '../projects/seed';
import { ensureSuperAdmin } from '../users/bootstrap';
import { createGateway, type ChatServer } from '../realtime/gateway';
import { socketEvictions } from '../realtime/evictions';
import { registerChatHandlers } from '../realtime/chat-handlers';
import { registerConversationRoutes } from '../conversations/routes';
import { registerWhatsAppRoutes } from '../channels/whatsapp/routes';
import { attachRedisAdapter } from '../realtime/redis-adapter';
import { registerErrorHandler } from './errors';
import { logSerializers } from './log-redaction';
import { registerOriginGuard } from './origin-guard';
import { collectRoutes, type RouteEntry } from './route-list';
import { registerHealthRoutes } from './readiness';
import { registerSecurityHeaders } from './security-headers';
import { registerStaticShell } from './static-shell';
import { registerAdminRoutes } from './admin-routes';
import { startEmbedder } from '../knowledge/index/embeddings';
import { SearchIndex } from '../knowledge/index/search-index';
import { registerFileRoutes } from '../knowledge/files/route';
import { registerKnowledgeRoutes } from '../knowledge/routes';
import { createIngestion } from '../knowledge/ingestion';
import type { IngestionWorker } from '../knowledge/worker';
import { registerTtsRoute, registerVoiceStatusRoute } from '../voice/route';
import { modelsDownloading, registerModelRoutes } from '../models/routes';
import { modelsCacheDir } from '../models/transformers';
import { createVoiceService } from '../voice/service';

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
  /** How connectors reach the web; tests pass one that answers from local recordings. */
  fetch?: typeof fetch;
}

export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<DishServer> {
  const app = Fastify({
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

  const routes = collectRoutes(app);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { db } = database;
  app.log.info({ database: database.kind }, 'database ready');
  await seedQueryingAppProjects(db);
  await ensureSuperAdmin(db, config.SUPERADMIN_EMAIL, config.SUPERADMIN_PASSWORD, app.log);

  // JSON only (multipart where a route says so): a text/plain body is a 415, not a string to guess at.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart);
  await registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerOriginGuard(app, config.ALLOWED_ORIGINS);
  // The socket server exists before the routes, so logout and block can close sockets.
  const io = createGateway(app.server, db, app.log);
  const evictions = socketEvictions(io);
  registerAuthRoutes(app, {
    db,
    config,
    deliverCode: overrides.deliverCode ?? createCodeDelivery(config, app.log),
    evictions,
  });
  const embedding = await startEmbedder(
    {
      modelsDir: config.MODELS_DIR,
      model: config.EMBEDDING_MODEL,
      allowRemote: config.ALLOW_REMOTE_MODELS,
      cacheDir: modelsCacheDir(config),
      remoteHost: config.HF_ENDPOINT,
    },
    app.log,
  );
  const index = await SearchIndex.open(db, embedding.embedder, app.log);
  // After a change of model, or once a downloaded one is ready, passages are embedded while the server answers.
  let backfill = index.backfill(app.log);
  let closed = false;
  let takingUp = Promise.resolve();
  void embedding.downloading?.then((embedder) => {
    if (closed) return;
    takingUp = index.useEmbedder(embedder, app.log).then(
      () => void (backfill = index.backfill(app.log)),
      (error: unknown) =>
        app.log.error({ err: error }, 'the downloaded embedding model could not be taken up'),
    );
  });
  const ingestion = createIngestion(config, {
    db,
    index,
    log: app.log,
    databaseKind: database.kind,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  });
  const { worker, sandbox } = ingestion;
  registerKnowledgeRoutes(app, {
    db,
    worker,
    sandbox,
    maxUploadFiles: config.MAX_UPLOAD_FILES,
    dataDir: config.DATA_DIR,
  });
  registerFileRoutes(app, db);
  registerConversationRoutes(app, db);
  registerAdminRoutes(app, db, evictions);
  const voice = createVoiceService(config, app.log);
  registerTtsRoute(app, voice.ttsDir);
  registerVoiceStatusRoute(app, voice);
  registerModelRoutes(app, db, () => [voice.modelStatus(), embedding.status()]);
  const servesApp = await registerStaticShell(app, config.STATIC_DIR);
  if (!servesApp)
    app.log.warn({ dir: config.STATIC_DIR }, 'no built app found; serving the API only (run npm run build)');

  const llm = config.LLM_BASE_URL
    ? { baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL }
    : undefined;
  // PGlite runs one query at a time on this thread: interleaving questions there only slows each.
  const answeringConcurrency = database.kind === 'pglite' ? 1 : 4;
  registerChatHandlers(io, { db, index, log: app.log, llm, voice, answeringConcurrency });
  await registerWhatsAppRoutes(app, config, { db, index, log: app.log, llm, voice, answeringConcurrency });
  const redis = config.REDIS_URL ? await attachRedisAdapter(io, config.REDIS_URL, app.log) : undefined;
  let closing: Promise<void> | undefined;
  registerHealthRoutes(app, {
    databaseKind: database.kind,
    log: app.log,
    checks: {
      process: () => (closing ? 'shutting down' : null),
      database: async () => {
        await db.execute(sql`SELECT 1`);
        return null;
      },
      ...(redis ? { redis: async () => ((await redis.ping()) === 'PONG' ? null : 'not answering') } : {}),
      models: () => modelsDownloading([voice.modelStatus(), embedding.status()]),
    },
  });

  const close = () =>
    (closing ??= (async () => {
      // The callback runs once the HTTP server has closed; the returned promise does not wait for it.
      await new Promise<void>((resolve, reject) => {
        io.close(() => resolve()).catch(reject);
      });
      await app.close();
      await ingestion.stop();
      closed = true;
      await takingUp;
      await backfill.stop();
      await redis?.detach();
      await database.close();
    })());

  worker.start();
  return { app, io, database, index, worker, routes, close };
}
