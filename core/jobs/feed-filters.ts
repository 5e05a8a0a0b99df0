/**
 * GET /jobs's filters, each served as a change feed of its own: the job's summary is indexed under
 * every filter value it has, at its updated_at, beside its row in the organisation's feed. A
 * filtered page then reads one slice of that value's feed, whatever the catalogue's size and
 * however few jobs match. Only `status` moves during a job's life; the others are fixed at creation.
 */
import { JOB_STATUSES, type JobStatus } from './lifecycle.ts';
import type { JobSummary } from './summary.ts';

export type FeedFilterName = 'status' | 'external_id' | 'isrc' | 'batch' | 'end_user';

export interface FeedFilter {
  name: FeedFilterName;
  value: string;
}

/** Where a change moved the job from: its rows there are dropped. status null: not known (older outbox entries). */
export interface PreviousPlace {
  updated_at: Date;
  status: JobStatus | null;
}

/** Every filter value the job answers to, as it is now. */
export function filtersOf(
  job: Pick<JobSummary, 'lifecycle' | 'external_id' | 'isrc' | 'batch_id' | 'end_user_id'>,
): FeedFilter[] {
  const values: [FeedFilterName, string | null][] = [
    ['status', job.lifecycle.status],
    ['external_id', job.external_id],
    ['isrc', job.isrc],
    ['batch', job.batch_id],
    ['end_user', job.end_user_id],
  ];
  return values.filter((v): v is [FeedFilterName, string] => v[1] !== null).map(([name, value]) => ({ name, value }));
}

/**
 * The filter values the job answered to at its previous place: the same fixed ones, and its status
 * then. With the previous status unknown, every status (deleting a row that is not there is harmless).
 */
export function previousFiltersOf(job: Parameters<typeof filtersOf>[0], previous: PreviousPlace): FeedFilter[] {
  const fixed = filtersOf(job).filter((f) => f.name !== 'status');
  const was = previous.status === null ? JOB_STATUSES : [previous.status];
  return [...fixed, ...was.map((value) => ({ name: 'status' as const, value }))];
}
