/** Facts about a batch derived from its jobs. */
import type { JobRecord } from './job.ts';

/** When the last job of a finished batch reached its terminal state. */
export function batchFinishedAt(jobs: readonly JobRecord[]): Date {
  return new Date(
    Math.max(...jobs.map((j) => (j.lifecycle.completed_at ?? j.lifecycle.error?.failed_at ?? j.updated_at).getTime())),
  );
}
