import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { annotationRoutes } from './annotations/routes.ts';
import { installAsyncChannels } from './async/plugin.ts';
import { asyncFeature } from './async/routes.ts';
import { chartRoutes } from './charts/routes.ts';
import { chartDataRoutes } from './charts-data/routes.ts';
import { closeContext, createContext } from './context.ts';
import { cssTemplateRoutes } from './css-templates/routes.ts';
import { dashboardRoutes } from './dashboards/routes.ts';
import { databaseRoutes } from './databases/routes.ts';
import { datasourceRoutes } from './datasets/datasourceRoutes.ts';
import { datasetRoutes } from './datasets/routes.ts';
import { embeddedRoutes } from './embedded/routes.ts';
import { exploreRoutes } from './explore/routes.ts';
import { logFeature } from './logs/routes.ts';
import { type Config, loadConfig } from './platform/config.ts';
import { healthRoutes } from './platform/health.ts';
import { installBodyGuards, installErrorHandling } from './platform/http.ts';
import {
  type MetadataStore,
  migrateToLatest,
  openMetadataStore,
} from './platform/metadata/store.ts';
import { installSecurityHeaders } from './platform/securityHeaders.ts';
import { queryRoutes } from './queries/routes.ts';
import { reportsFeature } from './reports/routes.ts';
import { rlsRoutes } from './rls/routes.ts';
import { savedQueryRoutes } from './saved-queries/routes.ts';
import { installSecurity } from './security/plugin.ts';
import { sqlValidationRoutes } from './sql-validation/routes.ts';
import { sqllabFeature } from './sqllab/plugin.ts';
import { sqllabStateRoutes } from './sqllab-state/routes.ts';
import { webRoutes } from './web/routes.ts';

export interface BuildAppOptions {
  config?: Config;
  /** An already-open store (tests share one); otherwise one is opened and migrated. */
  store?: MetadataStore;
  /** pino logger options; `false` silences logging (tests). */
  logger?: boolean | { level: string };
}

/** Builds the whole application. It never listens: main.ts does, tests use `app.inject()`. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: typeof options.logger === 'object' ? options.logger.level : config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["x-csrftoken"]',
                '*.password',
                '*.sqlalchemy_uri',
              ],
              censor: '[redacted]',
            },
          },
    bodyLimit: config.bodyLimit,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installBodyGuards(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const ownsStore = !options.store;
  const store = options.store ?? openMetadataStore(config);
  if (ownsStore) await migrateToLatest(store);
  const ctx = createContext({ config, store, logger: app.log });

  // Registered first, so it runs after every feature's own onClose hook (they run in reverse).
  app.addHook('onClose', async () => {
    await closeContext(ctx);
    if (ownsStore) await store.close();
  });

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tessera API', version: '1.0.0', description: 'Superset-compatible REST API' },
      components: {
        securitySchemes: { jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/swagger/v1', staticCSP: true });
  app.get('/api/v1/_openapi', { schema: { hide: true } }, async () => app.swagger());

  await installSecurity(app, ctx);
  installAsyncChannels(app, ctx);
  await app.register(logFeature(ctx));
  await app.register(healthRoutes(ctx));
  await app.register(databaseRoutes(ctx));
  await app.register(datasetRoutes(ctx));
  await app.register(datasourceRoutes(ctx));
  await app.register(rlsRoutes(ctx));
  await app.register(annotationRoutes(ctx));
  await app.register(sqllabStateRoutes(ctx));
  await app.register(savedQueryRoutes(ctx));
  const sqllab = sqllabFeature(ctx);
  await app.register(sqllab.plugin);
  await app.register(queryRoutes(ctx, sqllab.runtime));
  await app.register(sqlValidationRoutes(ctx));
  await app.register(chartDataRoutes(ctx));
  await app.register(asyncFeature(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(cssTemplateRoutes(ctx));
  await app.register(chartRoutes(ctx));
  await app.register(exploreRoutes(ctx));
  await app.register(embeddedRoutes(ctx));
  await app.register(reportsFeature(ctx).plugin);
  await app.register(webRoutes(ctx));
  return app;
}
