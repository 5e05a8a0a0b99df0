/** POST /jobs/{job_id}/align (spec); the rules live in gateway/jobs/align-job.ts, shared with the studio. */
import type { FastifyInstance } from 'fastify';
import { alignJob } from '../../core/app/align-job.ts';
import { principalOf } from '../types.ts';
import { ownJob } from './jobs.ts';
import { AUTHENTICATED_ERRORS, errors } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

export default async function alignRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  const { services } = options;

  app.post<{ Params: { job_id: string } }>(
    '/jobs/:job_id/align',
    {
      config: { meter: 'submit', requires: 'alignment' },
      schema: {
        summary: 'Align a transcript-only job, or re-align an aligned one',
        tags: ['jobs'],
        security: [{ bearer: [] }],
        response: { ...AUTHENTICATED_ERRORS, ...errors(402, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { statusCode, body } = await alignJob(services, principal.org, () =>
        ownJob(services, principal.org.org_id, request.params.job_id),
      );
      return reply.status(statusCode).send(body);
    },
  );
}
