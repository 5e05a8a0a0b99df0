/**
 * Aligning an existing job (spec, POST /jobs/{job_id}/align), shared by the API route and the
 * studio: align a transcript-only job (202, in the background, no new job.complete), or re-align an
 * aligned one synchronously when its text changed or its timings come from an older aligner (200
 * realigned), else 200 unchanged. A failed re-alignment writes nothing.
 */

import { ApiError, apiError } from '../errors.ts';
import type { JobRecord } from '../jobs/job.ts';
import { lineTextHash } from '../jobs/line-text.ts';
import { publicReason } from '../ports/engine.ts';
import { lockName } from '../ports/locks.ts';
import type { Organisation } from '../tenancy.ts';
import type { JobServices } from './job-services.ts';
import { realign } from './realign.ts';

/** What aligning a job reads and writes. */
export type AlignJobDeps = Pick<JobServices, 'writer' | 'engine' | 'locks'> & {
  storage: Pick<JobServices['storage'], 'exists'>;
};

export async function alignJob(
  services: AlignJobDeps,
  org: Organisation,
  loadJob: () => Promise<JobRecord>,
): Promise<{ statusCode: 200 | 202; body: Record<string, unknown> }> {
  // The plan is checked before the job is looked up: PAY_002 whatever the id.
  if (org.plan !== 'full') {
    throw apiError('PAY_002', 'alignment');
  }
  const job = await loadJob();
  const l = job.lifecycle;
  if (l.review_gate !== null) throw apiError('ALN_002');
  if (l.status === 'processing' && l.stage === 'aligning') throw apiError('ALN_004', 'running');
  if (!job.results || l.status === 'processing') throw apiError('ALN_001');
  if (l.status === 'failed') throw apiError('ALN_003', 'job_failed');
  if (!job.audio_key || !(await services.storage.exists(job.audio_key))) {
    throw apiError('ALN_005');
  }

  if (!l.align_requested) {
    // Stored, the request is queued: the sweeper publishes it if Kafka fails now.
    await services.writer.change(
      job.job_id,
      (j) =>
        j.lifecycle.status === 'complete' && !j.lifecycle.align_requested
          ? { event: { type: 'align_requested', at: new Date() } }
          : null,
      undefined,
      { effectsMayWait: true },
    );
    return {
      statusCode: 202,
      body: {
        job_id: job.job_id,
        status: 'queued',
        message: 'Alignment queued. Poll GET /jobs/{job_id}; no new job.complete webhook is sent for this work.',
      },
    };
  }

  const lines = job.lines ?? [];
  const current = await services.engine.alignerVersion().catch((error: unknown) => {
    throw apiError('ALN_003', 'engine_unavailable', publicReason(error)).with({ cause: error });
  });
  const unchanged = job.alignment?.text_sha256 === lineTextHash(lines) && job.alignment?.aligner_version === current;
  if (unchanged) {
    return {
      statusCode: 200,
      body: {
        job_id: job.job_id,
        status: 'complete',
        realigned: false,
        reason: 'unchanged',
        message: 'The text and the aligner are unchanged since the last alignment; nothing was redone.',
      },
    };
  }
  const lock = await services.locks.acquire(lockName.realignment(job.job_id));
  if (!lock) throw apiError('ALN_004', 'running');
  try {
    const realigned = await realign(services.engine, job, lines);
    const timed = realigned.lines;
    const changed = await services.writer.change(
      job.job_id,
      (j) => (j.version === job.version ? { patch: { lines: timed, alignment: realigned.alignment } } : null),
      undefined,
      { effectsMayWait: true },
    );
    if (!changed?.changed) throw apiError('ALN_004', 'changed_meanwhile');
    const withTimes = timed.filter((line) => line.start !== null).length;
    return {
      statusCode: 200,
      body: {
        job_id: job.job_id,
        status: 'complete',
        realigned: true,
        lines: timed.length,
        words: timed.reduce((n, line) => n + (line.words?.length ?? 0), 0),
        coverage: realigned.alignment.coverage ?? (timed.length ? withTimes / timed.length : 0),
      },
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw apiError('ALN_003', 'no_usable_result', publicReason(error)).with({ cause: error });
  } finally {
    await lock.release();
  }
}
