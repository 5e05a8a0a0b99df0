/** POST /batch and GET /batch/{batch_id}. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authoriseFeatures, checkCredits, createJobs } from '../../core/app/create-jobs.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { derivedUuid, newUuid, UUID_PATTERN } from '../../core/ids.ts';
import { batchFinishedAt, batchProgress } from '../../core/jobs/batch.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { presentBatchJob } from '../../core/jobs/present.ts';
import { isHttpsUrl, parseSubmission, type SubmissionInput } from '../../core/jobs/submission.ts';
import { MAX_BATCH_JOBS } from '../../core/policy.ts';
import type { BatchRecord } from '../../core/ports/batches.ts';
import type { Batch } from '../../schemas/generated/api/batch.ts';
import { probeWithinBudget } from '../jobs/audio-probe.ts';
import { requestHash, withIdempotency } from '../jobs/idempotency.ts';
import { principalOf } from '../types.ts';
import { AUTHENTICATED_ERRORS, errors, ref } from './schemas.ts';
import type { JobRouteOptions } from './transcribe.ts';

/** Shape A (an array) or shape B ({jobs, webhook_url?}). */
function jobsOf(body: unknown): { jobs: unknown[]; webhookUrl: unknown } | null {
  if (Array.isArray(body)) return { jobs: body, webhookUrl: undefined };
  if (body && typeof body === 'object' && Array.isArray((body as { jobs?: unknown }).jobs)) {
    const b = body as { jobs: unknown[]; webhook_url?: unknown };
    return { jobs: b.jobs, webhookUrl: b.webhook_url };
  }
  return null;
}

/** The meter is checked for N before anything is created; a malformed batch costs nothing and gets its 400. */
const batchCost = (request: FastifyRequest) => {
  const n = jobsOf(request.body)?.jobs.length ?? 0;
  return n >= 1 && n <= MAX_BATCH_JOBS ? n : 0;
};

function parseBatch(body: unknown): { inputs: SubmissionInput[]; webhookUrl: string | null } {
  const shape = jobsOf(body);
  if (!shape) throw invalid('The body must be an array of jobs, or an object with a jobs array');
  if (!Array.isArray(body)) {
    const extra = Object.keys(body as object).filter((k) => k !== 'jobs' && k !== 'webhook_url');
    if (extra.length > 0) throw invalid(`${extra[0]!.slice(0, 40)} is not a known field`);
  }
  if (shape.jobs.length < 1 || shape.jobs.length > MAX_BATCH_JOBS)
    throw invalid(`A batch has 1 to ${MAX_BATCH_JOBS} jobs (got ${shape.jobs.length})`);
  let webhookUrl: string | null = null;
  if (shape.webhookUrl !== undefined && shape.webhookUrl !== null) {
    if (typeof shape.webhookUrl !== 'string' || !isHttpsUrl(shape.webhookUrl))
      throw invalid('webhook_url must be a valid https:// URL');
    webhookUrl = shape.webhookUrl;
  }
  const inputs = shape.jobs.map((job, i) => {
    try {
      return parseSubmission(job, 'batch');
    } catch (error) {
      if (error instanceof Error) error.message = `jobs[${i}]: ${error.message}`;
      throw error;
    }
  });
  return { inputs, webhookUrl };
}

export function batchStatus(batch: BatchRecord, jobs: JobRecord[]): Batch {
  const { status, completed, failed, pending } = batchProgress(batch.job_ids.length, jobs);
  const finishedAt = pending === 0 && jobs.length > 0 ? batchFinishedAt(jobs) : null;
  return {
    batch_id: batch.batch_id,
    status,
    job_count: batch.job_ids.length,
    completed,
    failed,
    pending,
    created_at: batch.created_at.toISOString(),
    completed_at: (batch.completed_at ?? finishedAt)?.toISOString() ?? null,
    jobs: [],
  };
}

export default async function batchRoutes(app: FastifyInstance, options: JobRouteOptions): Promise<void> {
  const { services, orgs } = options;

  app.post(
    '/batch',
    {
      config: { meter: 'submit', cost: batchCost },
      schema: {
        summary: 'Submit 1 to 20 songs by audio_url',
        tags: ['jobs'],
        security: [{ bearer: [] }],
        response: { 202: ref('batch-accepted.json'), ...AUTHENTICATED_ERRORS, ...errors(400, 402, 403, 408, 409, 413) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const orgId = principal.org.org_id;
      const { inputs, webhookUrl } = parseBatch(request.body);
      authoriseFeatures(principal, inputs);
      return withIdempotency(services.idempotency, request, reply, orgId, requestHash(request.body), async (key) => {
        // A replay was answered from its record above, whatever the balance now; a new batch needs
        // its credits. The only outbound calls come after every cheap check.
        checkCredits(principal, inputs.length);
        await probeWithinBudget(
          inputs.map((i) => i.audio_url!),
          services.outbound,
          options.meter,
          orgId,
        );
        const batchId = key ? derivedUuid(orgId, 'batch', key) : newUuid();
        const jobKey = key ? `${key}#batch` : null;
        const jobIds = inputs.map((_, i) => (jobKey ? derivedUuid(orgId, 'job', jobKey, String(i)) : newUuid()));
        await services.batches.insert({
          batch_id: batchId,
          org_id: orgId,
          job_ids: jobIds,
          webhook_url: webhookUrl,
          key_id: principal.key.key_id,
          created_at: new Date(),
          completed_at: null,
          complete_event_sent: false,
        });
        const stored = await services.batches.get(batchId);
        const ids = stored?.job_ids ?? jobIds;
        await createJobs(
          services,
          orgs,
          principal,
          inputs.map((input) => ({ input, audio: { source: 'url' as const, url: input.audio_url! } })),
          { idempotencyKey: null, batchId, jobIds: ids },
        );
        return {
          statusCode: 202,
          body: {
            batch_id: batchId,
            job_count: inputs.length,
            status: 'queued',
            message: `${inputs.length} jobs queued`,
          },
        };
      });
    },
  );

  app.get<{ Params: { batch_id: string } }>(
    '/batch/:batch_id',
    {
      config: { meter: 'read' },
      schema: {
        summary: 'A batch and its jobs',
        tags: ['jobs'],
        security: [{ bearer: [] }],
        response: { 200: ref('batch.json'), ...AUTHENTICATED_ERRORS, ...errors(404) },
      },
    },
    async (request) => {
      const orgId = principalOf(request).org.org_id;
      const { batch_id: batchId } = request.params;
      const batch = UUID_PATTERN.test(batchId) ? await services.batches.get(batchId) : null;
      if (!batch || batch.org_id !== orgId) throw notFound('Batch');
      const jobs = await services.jobs.getMany(batch.job_ids);
      const byId = new Map(jobs.map((j) => [j.job_id, j]));
      const status = batchStatus(batch, jobs);
      const ctx = { baseUrl: options.baseUrl, reviewSecret: options.reviewSecret, endUser: null };
      status.jobs = batch.job_ids.flatMap((id) => {
        const job = byId.get(id);
        return job ? [presentBatchJob(job, ctx)] : [];
      });
      return status;
    },
  );
}
