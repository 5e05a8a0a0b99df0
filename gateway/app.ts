/**
 * Assembles the gateway: shared schemas, the error/route/auth/meter plugins, request logging and
 * the API routes under /api/v1. Dependencies come in through GatewayDeps so tests can pass doubles
 * for the code around them and the real adapters everywhere else.
 */
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { JobServices } from '../core/app/job-services.ts';
import type { Config } from '../core/config.ts';
import type { Logger } from '../core/logger.ts';
import { BODY_DEADLINE_MS, MAX_UPLOAD_BYTES } from '../core/policy.ts';
import type { Meter } from '../core/ports/meter.ts';
import type { Passwords } from '../core/ports/passwords.ts';
import type { UsageStore } from '../core/ports/usage.ts';
import type { StudioUserStore } from '../core/studio-users.ts';
import type { KeptCredentials, OrganisationStore } from '../core/tenancy.ts';
import { apiSchemas } from '../schemas/catalog.ts';
import type { ComponentName, Probe } from './health.ts';
import metricsPlugin, { type MetricsOptions } from './observability/metrics.ts';
import { describeApi, type OpenApiDocument } from './openapi/describe.ts';
import assetRoutes from './pages/assets.ts';
import reviewPages from './pages/review.ts';
import studioPages from './pages/studio.ts';
import auth from './plugins/auth.ts';
import bodyGuard, { type BodyGuardOptions } from './plugins/body-guard.ts';
import errors from './plugins/errors.ts';
import meters from './plugins/meters.ts';
import routeTable from './plugins/routes.ts';
import alignRoutes from './routes/align.ts';
import approveRoutes from './routes/approve.ts';
import batchRoutes from './routes/batch.ts';
import downloadRoutes from './routes/downloads.ts';
import jobRoutes from './routes/jobs.ts';
import publicRoutes from './routes/public.ts';
import transcribeRoutes from './routes/transcribe.ts';
import usageRoutes from './routes/usage.ts';
import webhookTestRoutes from './routes/webhook-test.ts';
import webhookRoutes from './routes/webhooks.ts';
import { validatorCompiler } from './validation.ts';
import './types.ts';

export interface GatewayDeps {
  config: Config;
  logger: Logger;
  orgs: OrganisationStore;
  /** Credentials kept in memory, confirmed by the meter on bodyless reads (plugins/auth.ts). */
  keptCredentials?: KeptCredentials;
  meter: Meter;
  usage: UsageStore;
  probes: Record<ComponentName, Probe>;
  /** True once the gateway has been asked to stop: GET /health answers 503 while it drains. */
  draining?: () => boolean;
  /** The job routes' stores; null in unit tests of the gateway's plumbing. */
  jobServices: JobServices | null;
  /** Studio accounts; the studio is served when present. */
  studioUsers?: StudioUserStore;
  /** How studio passwords are checked; required with studioUsers. */
  passwords?: Passwords;
  /** GET /metrics; absent in unit tests of the gateway's plumbing. */
  metrics?: MetricsOptions;
  /** Request-body bounds; the policy's unless a test shortens them. */
  bodyLimits?: BodyGuardOptions;
}

export const API_PREFIX = '/api/v1';

export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Long path parameters reach the routes, whose schemas refuse them in the error shape (not a bare 414).
    routerOptions: { maxParamLength: 2048 },
    trustProxy: deps.config.trustProxy,
    // A backstop behind the body guard's own 408: Node answers a request still incomplete after this.
    requestTimeout: BODY_DEADLINE_MS + 30_000,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || crypto.randomUUID(),
  });

  for (const schema of apiSchemas) app.addSchema(schema);
  app.setValidatorCompiler(validatorCompiler(apiSchemas));

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Verse lyrics transcription and alignment API',
        version: deps.config.version,
        description: 'Asynchronous lyrics transcription, romanisation, translation and timed lyrics. See README.md.',
      },
      servers: [{ url: deps.config.baseUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.title ?? `def-${i}`) },
    transformObject: (generated) =>
      describeApi((generated as { openapiObject: unknown }).openapiObject as OpenApiDocument) as object,
  });

  // The API reference at /docs: Swagger UI over the OpenAPI document, served from the package (no
  // CDN, works offline) and open to all, like the document it renders.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: false };
      route.schema = { ...route.schema, hide: true };
    });
    // The package's own CSP (hashes of its inline scripts), framed by nobody, and without
    // upgrade-insecure-requests, which would break the page on a plain-http development gateway.
    docs.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-frame-options', 'DENY').header('x-content-type-options', 'nosniff');
      return payload;
    });
    await docs.register(swaggerUi, {
      routePrefix: '/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
      staticCSP: true,
      transformStaticCSP: (header) =>
        header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(' upgrade-insecure-requests;', ''),
    });
  });

  await app.register(bodyGuard, deps.bodyLimits ?? {});
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 22, headerPairs: 50 },
  });
  await app.register(errors);
  await app.register(routeTable);
  await app.register(auth, { orgs: deps.orgs, kept: deps.keptCredentials });
  await app.register(meters, { meter: deps.meter });

  app.addHook('onResponse', async (request, reply) => {
    const org = request.principal?.org.org_id;
    request.log.info(
      {
        req_id: request.id,
        org_id: org ?? null,
        method: request.method,
        route: request.routeOptions.url ?? null,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        latency_ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
    if (org) await deps.usage.countApiCall(org).catch((err) => request.log.warn({ err }, 'api_calls not counted'));
  });

  const jobOptions = deps.jobServices && {
    services: deps.jobServices,
    orgs: deps.orgs,
    meter: deps.meter,
    cursorSecret: deps.config.cursorSecret,
    reviewSecret: deps.config.reviewSecret,
    baseUrl: deps.config.baseUrl,
  };
  // Pages (outside the API prefix): the editor's assets and the token-authenticated review page.
  if (deps.metrics) await app.register(metricsPlugin, deps.metrics);
  await app.register(assetRoutes);
  if (jobOptions) await app.register(reviewPages, jobOptions);
  if (jobOptions && deps.studioUsers && deps.passwords)
    await app.register(studioPages, { ...jobOptions, studioUsers: deps.studioUsers, passwords: deps.passwords });

  await app.register(
    async (api) => {
      await api.register(publicRoutes, {
        version: deps.config.version,
        probes: deps.probes,
        draining: deps.draining ?? (() => false),
      });
      await api.register(usageRoutes, { usage: deps.usage });
      if (jobOptions) {
        await api.register(transcribeRoutes, jobOptions);
        await api.register(batchRoutes, jobOptions);
        await api.register(jobRoutes, jobOptions);
        await api.register(downloadRoutes, jobOptions);
        await api.register(alignRoutes, jobOptions);
        await api.register(approveRoutes, jobOptions);
        await api.register(webhookTestRoutes, jobOptions);
        await api.register(webhookRoutes, jobOptions);
      }
      api.get('/openapi.json', { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  return app;
}
