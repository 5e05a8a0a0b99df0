/** The routes without authentication: language list, health, and the withdrawn POST /align. */
import type { FastifyInstance } from 'fastify';
import { cached } from '../../core/cached.ts';
import { apiError } from '../../core/errors.ts';
import { LANGUAGES } from '../../core/languages.ts';
import type { LanguageList } from '../../schemas/generated/api/language-list.ts';
import { type ComponentName, checkHealth, type Probe } from '../health.ts';
import { errors, ref } from './schemas.ts';

export interface PublicRouteOptions {
  version: string;
  probes: Record<ComponentName, Probe>;
  /** True once the process has been asked to stop: it answers not-ready while it finishes its work. */
  draining: () => boolean;
}

/** How long one round of dependency probes answers GET /health: any request rate costs at most one round a second. */
export const HEALTH_CACHE_MS = 1000;

const languageList: LanguageList = {
  languages: LANGUAGES.map(({ name, family }) => ({ name, family })),
  total: LANGUAGES.length,
};

export default async function publicRoutes(app: FastifyInstance, options: PublicRouteOptions): Promise<void> {
  const currentHealth = cached(() => checkHealth(options.version, options.probes), HEALTH_CACHE_MS);
  app.get(
    '/languages',
    {
      config: { auth: false },
      schema: {
        summary: 'The 48 accepted languages',
        tags: ['reference'],
        response: { 200: ref('language-list.json') },
      },
    },
    async () => languageList,
  );

  app.get(
    '/health',
    {
      config: { auth: false },
      schema: {
        summary: 'Readiness: 200 while this gateway can serve (Cassandra and Redis up, not draining)',
        description:
          'Every dependency is reported. Kafka, the schema registry and the engine being down makes status degraded but leaves the gateway ready: submissions wait in the outbox and reads need none of them.',
        tags: ['operations'],
        response: { 200: ref('health.json'), 503: ref('health.json') },
      },
    },
    async (_request, reply) => {
      const { health, ready } = await currentHealth();
      return reply.status(ready && !options.draining() ? 200 : 503).send(health);
    },
  );

  app.get(
    '/health/live',
    {
      config: { auth: false },
      schema: {
        summary: 'Liveness: 200 while the process answers at all; probes no dependency',
        tags: ['operations'],
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['status'],
            properties: { status: { type: 'string', enum: ['alive'] } },
          },
        },
      },
    },
    async () => ({ status: 'alive' as const }),
  );

  // Withdrawn: 410 for every request, before authentication or validation (spec, Versioning rule 2).
  // Answered from onRequest, ahead of every body check (even a QUERY without Content-Type), so the
  // body is never parsed.
  const gone = () => apiError('GONE_001', 'align_endpoint');
  app.register(async (withdrawn) => {
    withdrawn.addHook('onRequest', async () => {
      throw gone();
    });
    withdrawn.all(
      '/align',
      {
        config: { auth: false },
        schema: {
          summary: 'Withdrawn. Use align at submission or POST /jobs/{job_id}/align',
          tags: ['jobs'],
          response: errors(410),
          hide: false,
        },
      },
      async () => {
        throw gone();
      },
    );
  });
}
