/** POST /jobs/{job_id}/approve (spec): approval by API key, with optional corrections. Read meter. */
import type { FastifyInstance } from 'fastify';
import { approveJob } from '../../core/app/approve-job.ts';
import { parseApprovalBody } from '../../core/review/edits.ts';
import { principalOf } from '../types.ts';
import { ownJob } from './jobs.ts';
import { AUTHENTICATED_ERRORS, errors, ref } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

export default async function approveRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  app.post<{ Params: { job_id: string } }>(
    '/jobs/:job_id/approve',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'Approve a job held for review, optionally with corrected lines',
        description:
          'Body (optional): {lines?: string[], transliterated_lines?: string[]}. Timings are re-derived. ' +
          'Responses: transcript gate {job_id, status, stage, lines_edited, transliteration_lines_edited, aligning, message}; ' +
          'aligned gate {…, alignment?: realigned | word_timings_dropped | line_timings_unchanged}; ' +
          'already approved {job_id, status, already_approved: true, stage}.',
        tags: ['review'],
        security: [{ bearer: [] }],
        response: {
          200: ref('approval.json'),
          ...AUTHENTICATED_ERRORS,
          ...errors(400, 404, 409, 502),
        },
      },
    },
    async (request) => {
      const job = await ownJob(options.services, principalOf(request).org.org_id, request.params.job_id);
      return approveJob(options.services, job, parseApprovalBody(request.body), 'api');
    },
  );
}
