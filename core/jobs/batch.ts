/** Facts about a batch derived from its jobs: its status (spec, GET /batch/{id}) and when it finished. */
import type { Batch } from '../../schemas/generated/api/batch.ts';
import type { JobRecord } from './job.ts';

export type BatchStatus = Batch['status'];

/** The status of a finished batch: partial when any of its jobs failed, else complete. */
export function finishedBatchStatus(jobs: readonly Pick<JobRecord, 'lifecycle'>[]): 'partial' | 'complete' {
  return jobs.some((j) => j.lifecycle.status === 'failed') ? 'partial' : 'complete';
}

export interface BatchProgress {
  status: BatchStatus;
  completed: number;
  failed: number;
  pending: number;
}

/**
 * How far a batch of `jobCount` jobs has come, from those of its jobs that exist: queued until one
 * has started, in progress while any is not terminal, then partial or complete.
 */
export function batchProgress(jobCount: number, jobs: readonly JobRecord[]): BatchProgress {
  const completed = jobs.filter((j) => j.lifecycle.status === 'complete').length;
  const failed = jobs.filter((j) => j.lifecycle.status === 'failed').length;
  const pending = jobCount - completed - failed;
  const started = jobs.some((j) => j.transcription_attempt > 0 || j.lifecycle.stage !== 'transcribing');
  const status = pending > 0 ? (started ? 'in_progress' : 'queued') : finishedBatchStatus(jobs);
  return { status, completed, failed, pending };
}

/** When the last job of a finished batch reached its terminal state. */
export function batchFinishedAt(jobs: readonly JobRecord[]): Date {
  return new Date(
    Math.max(...jobs.map((j) => (j.lifecycle.completed_at ?? j.lifecycle.error?.failed_at ?? j.updated_at).getTime())),
  );
}
