/** GET /jobs/{job_id} and GET /jobs (the change feed). */
import type { FastifyInstance } from 'fastify';
import { type FeedQuery, queryFeed } from '../../core/app/feed-query.ts';
import type { JobServices } from '../../core/app/job-services.ts';
import { notFound } from '../../core/errors.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { listRowRendering } from '../../core/jobs/list-rows.ts';
import { presentJob } from '../../core/jobs/present.ts';
import { normaliseIsrc } from '../../core/jobs/submission.ts';
import { principalOf } from '../types.ts';
import { AUTHENTICATED_ERRORS, errors, ref } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

/** The one place a job is read for a caller: another organisation's job is simply not found. */
export async function ownJob(services: JobServices, orgId: string, jobId: string): Promise<JobRecord> {
  const job = await services.jobs.get(jobId);
  if (!job || job.org_id !== orgId) throw notFound('Job');
  return job;
}

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    updated_since: { type: 'string', format: 'date-time', description: 'Only jobs changed strictly after this time' },
    status: { type: 'string', enum: ['processing', 'complete', 'failed'] },
    external_id: { type: 'string', maxLength: 255 },
    isrc: { type: 'string', maxLength: 32 },
    end_user_id: { type: 'string', maxLength: 255 },
    batch_id: { type: 'string', format: 'uuid' },
    language_mismatch: {
      type: 'boolean',
      description: 'Additive: true lists only jobs whose language check heard another language than the label',
    },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    cursor: { type: 'string', maxLength: 512 },
  },
};

export default async function jobRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  const { services } = options;
  const rendering = listRowRendering(options);

  app.get<{ Params: { job_id: string } }>(
    '/jobs/:job_id',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'A job in the shape for its state',
        tags: ['jobs'],
        security: [{ bearer: [] }],
        response: { 200: ref('job.json'), ...AUTHENTICATED_ERRORS, ...errors(404) },
      },
    },
    async (request) => {
      const orgId = principalOf(request).org.org_id;
      const job = await ownJob(services, orgId, request.params.job_id);
      const endUser = job.end_user_id ? await services.endUsers.byId(orgId, job.end_user_id) : null;
      return presentJob(job, { baseUrl: options.baseUrl, reviewSecret: options.reviewSecret, endUser });
    },
  );

  app.get<{ Querystring: FeedQuery }>(
    '/jobs',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'Jobs by change time (the sync feed)',
        tags: ['jobs'],
        security: [{ bearer: [] }],
        querystring: listQuery,
        response: { 200: ref('job-list.json'), ...AUTHENTICATED_ERRORS, ...errors(400) },
      },
    },
    async (request, reply) => {
      const orgId = principalOf(request).org.org_id;
      const query = { ...request.query };
      if (query.isrc) query.isrc = normaliseIsrc(query.isrc) ?? query.isrc;
      const page = await queryFeed(services, orgId, query, { cursorSecret: options.cursorSecret, rendering });
      // The rows are JSON already (as stored, or rendered from their summary): the page is joined
      // around them rather than serialised again. The schema above still documents it.
      reply.type('application/json; charset=utf-8');
      return `{"jobs":[${page.rows.join(',')}],"has_more":${page.has_more},"next_cursor":${JSON.stringify(page.next_cursor)}}`;
    },
  );
}
