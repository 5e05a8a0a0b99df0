/**
 * The hosted review page (spec, Review page): GET /review/{job_id}?token=…, plus the calls its
 * editor makes with the same token (audio, romanisation, approval). A wrong token gets a page that
 * shows nothing of any job (404); an expired one says so (410). The token is the only credential:
 * it is 256 bits and checked against its stored hash.
 */

import type { FastifyInstance, FastifyReply } from 'fastify';
import { approveJob } from '../../core/app/approve-job.ts';
import { apiError, notFound } from '../../core/errors.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { parseEditorApprovalBody } from '../../core/review/edits.ts';
import { checkReviewToken, type TokenCheck } from '../../core/review/tokens.ts';
import type { JobRouteOptions } from '../routes/transcribe.ts';
import { sendAudio } from './audio.ts';
import { jobOfPath, romaniseEdited } from './editor-calls.ts';
import { editorPage, noticePage } from './editor-view.ts';

type TokenQuery = { Params: { job_id: string }; Querystring: { token?: string } };

/** Headers for every page: no framing, no referrer (the URL carries the token), same-origin scripts only. */
export function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self'; media-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    )
    .header('cache-control', 'private, no-store');
}

const tokenQuery = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

export default async function reviewPages(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  const { services } = options;

  async function withToken(
    jobId: string,
    token: string | undefined,
  ): Promise<{ job: JobRecord | null; check: TokenCheck }> {
    const job = await jobOfPath(services, jobId);
    if (!job) return { job: null, check: 'invalid' };
    return { job, check: checkReviewToken(job, token ?? '', new Date()) };
  }

  /** For the editor's calls: the job, or the spec's error shape. */
  async function authorised(jobId: string, token: string | undefined): Promise<JobRecord> {
    const { job, check } = await withToken(jobId, token);
    if (!job || check === 'invalid') throw notFound('Review link');
    if (check === 'expired') throw apiError('GONE_001', 'review_link');
    return job;
  }

  const endpoints = (jobId: string, token: string) => {
    const q = `?token=${encodeURIComponent(token)}`;
    return {
      audio: `/review/${jobId}/audio${q}`,
      romanise: `/review/${jobId}/romanise${q}`,
      approve: `/review/${jobId}/approve${q}`,
    };
  };

  app.get<TokenQuery>(
    '/review/:job_id',
    { config: { auth: false }, schema: { hide: true, querystring: tokenQuery } },
    async (request, reply) => {
      pageHeaders(reply).type('text/html; charset=utf-8');
      const { job, check } = await withToken(request.params.job_id, request.query.token);
      if (!job || check === 'invalid') {
        return reply
          .status(404)
          .send(
            noticePage('Review link not valid', 'This review link is not valid. Ask the sender for the current link.'),
          );
      }
      if (check === 'expired') {
        return reply
          .status(410)
          .send(noticePage('Review link expired', 'This review link has expired. Ask the sender for a new one.'));
      }
      return reply.send(
        editorPage(job, { title: 'Review lyrics', endpoints: endpoints(job.job_id, request.query.token!) }),
      );
    },
  );

  app.get<TokenQuery>(
    '/review/:job_id/audio',
    { config: { auth: false }, schema: { hide: true, querystring: tokenQuery } },
    async (request, reply) => {
      const job = await authorised(request.params.job_id, request.query.token);
      return sendAudio(request, reply, services.storage, job);
    },
  );

  app.post<TokenQuery & { Body: { lines?: unknown } }>(
    '/review/:job_id/romanise',
    { config: { auth: false }, schema: { hide: true, querystring: tokenQuery } },
    async (request) => {
      const job = await authorised(request.params.job_id, request.query.token);
      return romaniseEdited(services, { orgs: options.orgs, meter: options.meter }, job, request.body);
    },
  );

  app.post<TokenQuery>(
    '/review/:job_id/approve',
    { config: { auth: false }, schema: { hide: true, querystring: tokenQuery } },
    async (request) => {
      const job = await authorised(request.params.job_id, request.query.token);
      return approveJob(services, job, parseEditorApprovalBody(request.body), 'page');
    },
  );
}
