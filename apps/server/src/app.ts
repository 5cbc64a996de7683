import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { MESSAGES } from '@voxa/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Deps } from './deps';
import { buildContext } from './http/authenticate';
import { registerErrorHandler } from './http/error-handler';
import { fastifyTrustProxy } from './http/trust-proxy';
import { registerJobs, registerModules, registerServiceModules, socketIdentity } from './modules';
import { createConverter } from './platform/dcm2niix';
import { createQueue } from './platform/queue';
import type { Db } from './platform/db';
import { createRecognitionRunner } from './modules/recognition/runner';
import { startBuiltinWorker } from './modules/inference/builtin-worker/builtin-worker';
import { createChatClient } from './platform/llm';
import { createMailer, type Mailer } from './platform/mail';
import { withRawBodies, withServicesHost } from './http/openapi';
import { attachRealtime } from './platform/realtime';
import { loadServerKeys } from './platform/server-keys';
import { createStorage } from './platform/storage';
import { requestLogEntry } from './http/request-log';
import { nulRefusingHook } from './http/refuse-nul';
import { registerCors } from './http/cors';
import { cutConnectionsAfterGrace } from './http/shutdown';
import { DICOMWEB_CHALLENGES, dicomwebRoutes } from './modules/dicomweb/routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The adapters the services run on (tests reach them here). */
    deps: Deps;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** Replaces the configured mailer (tests capture mail). */
  mailer?: Mailer;
  /** Runs the background jobs in this process too (the `serve` and `worker` roles); default true. */
  workers?: boolean;
  /** Where the log goes instead of standard output (tests read it). */
  logStream?: { write(line: string): void };
}

/** Builds the whole HTTP app (API under /api and /svc, SPA elsewhere, socket.io) without listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, mailer, workers = true, logStream } = options;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      serializers: { req: requestLogEntry },
      ...(logStream && { stream: logStream }),
    },
    bodyLimit: config.BODY_LIMIT,
    // A loaded machine starts plugins slowly; the default 10 s failed test servers started side by side.
    pluginTimeout: 60_000,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // The spec writes some paths with a trailing slash (`/label/study/{id}/`): both forms are the same route.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const realtime = attachRealtime({
    server: app.server,
    redisUrl: config.REDIS_URL,
    redisPrefix: config.QUEUE_PREFIX,
    authenticate: (token) => socketIdentity(db, token),
  });
  // Before the HTTP server closes: its clients reconnect (to another process, when there is one).
  app.addHook('preClose', async () => realtime.disconnectAll());
  app.addHook('preClose', async () => cutConnectionsAfterGrace(app.server, config.SHUTDOWN_GRACE_MS));
  app.addHook('onClose', async () => realtime.close());
  const queue = createQueue({
    db,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    onError: (error, jobId) => app.log.error({ err: error, jobId }, 'job failed'),
  });
  const converter = createConverter(config.DCM2NIIX_BINARY, app.log, {
    forceNative: config.DCM2NIIX_FORCE_NATIVE === 'on',
  });
  // Workers stop taking jobs before the database and the converter go.
  app.addHook('onClose', async () => {
    await queue.close();
    await converter.close();
  });
  const adapters = {
    config,
    db,
    realtime,
    keys: await loadServerKeys(db, config.APP_SECRET),
    storage: await createStorage(config.DATA_DIR),
    queue,
    converter,
    log: app.log,
    mailer:
      mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.DATA_DIR,
        log: app.log,
      }),
    llm: config.LLM_URL
      ? createChatClient({
          url: config.LLM_URL,
          apiKey: config.LLM_API_KEY,
          model: config.LLM_MODEL,
          timeoutMs: config.LLM_TIMEOUT_MS,
        })
      : null,
  };
  const deps: Deps = { ...adapters, recognition: createRecognitionRunner(adapters) };
  app.addHook('onClose', async () => deps.recognition.close());
  app.decorate('deps', deps);
  if (workers) {
    const stopSchedule = registerJobs(deps);
    app.addHook('onClose', async () => stopSchedule());
    if (config.AI_BUILTIN_WORKER === 'on') {
      const builtin = await startBuiltinWorker(deps, { threads: config.AI_BUILTIN_WORKER_THREADS });
      app.addHook('onClose', async () => builtin.stop());
    }
  }
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Voxa API', version: '1' }, servers: [{ url: '/api' }] },
    transform: jsonSchemaTransform,
    transformObject: (doc) =>
      'openapiObject' in doc ? withRawBodies(withServicesHost(doc.openapiObject)) : doc.swaggerObject,
  });
  const identify = async (req: FastifyRequest, reply: FastifyReply) => {
    if (config.MAINTENANCE) return reply.status(503).send({ message: MESSAGES.maintenance });
    req.ctx = await buildContext(req, db, config);
  };
  // The rate limit's counters are shared through Redis; its connection closes with the server.
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 })
    : undefined;
  app.addHook('onClose', async () => {
    await rateLimitRedis?.quit().catch(() => undefined);
  });
  await app.register(
    async (api) => {
      await api.register(fastifyRateLimit, {
        global: false,
        ...(rateLimitRedis && { redis: rateLimitRedis }),
        errorResponseBuilder: (_req, context) => ({
          statusCode: 429,
          message: MESSAGES.tooManyLogins,
          ttl: context.ttl,
        }),
      });
      api.addHook('onRequest', identify);
      api.addHook('preValidation', nulRefusingHook(422));
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      registerModules(api, deps);
    },
    { prefix: '/api' },
  );
  // The spec's "services host": the same server and rules, its own prefix (DESIGN.md).
  await app.register(
    async (svc) => {
      svc.addHook('onRequest', identify);
      svc.addHook('preValidation', nulRefusingHook(422));
      registerServiceModules(svc, deps);
    },
    { prefix: '/svc' },
  );
  // DICOMweb (PS3.18) for DICOM peers and viewers: the same identification and rules, its own root.
  await app.register(
    async (dicomweb) => {
      // A viewer's preflight is answered before identification; its 401s name both ways to sign in.
      registerCors(dicomweb, config.DICOMWEB_CORS_ORIGINS);
      dicomweb.addHook('onRequest', identify);
      dicomweb.addHook('preValidation', nulRefusingHook(400));
      dicomweb.addHook('onSend', async (_req, reply, payload) => {
        if (reply.statusCode === 401) reply.header('www-authenticate', DICOMWEB_CHALLENGES);
        return payload;
      });
      dicomwebRoutes(dicomweb, deps);
    },
    { prefix: '/dicom-web' },
  );
  await registerWeb(app, config);
  return app;
}

/** The built SPA: static assets, /version.json, and index.html for every other page path. */
async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const indexFile = path.join(config.WEB_DIST, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn(`no web build at ${config.WEB_DIST}; run "npm run build" to serve the app`);
  const index = built
    ? (await readFile(indexFile, 'utf8')).replace(
        '</head>',
        `<meta name="voxa-base-domain" content="${config.BASE_DOMAIN}"></head>`,
      )
    : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // Ours, below: `send`'s own 'max-age=0' would replace it.
      cacheControl: false,
      // Hashed bundles never change; version.json, sw.js and the rest must be re-checked.
      setHeaders: (res, file) =>
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing bundle under /assets is a 404, not the app page: a stale tab must see its chunk fail.
    const isPage = req.method === 'GET' && !/^\/(api|svc|dicom-web|socket\.io|assets)(\/|$)/.test(req.url);
    if (!isPage || !index) return reply.status(404).send({ message: 'Not found.' });
    return reply.type('text/html').header('cache-control', 'no-cache').send(index);
  });
}
