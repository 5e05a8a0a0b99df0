/**
 * Where jobs live: the row by id (written by compare-and-set on `version`) and the outbox of side
 * effects a change still owes.
 * Adapter: sinks/cassandra/jobs.ts. In-memory double: test/doubles/job-ports.ts.
 */
import type { PreviousPlace } from '../jobs/feed-filters.ts';
import type { JobRecord } from '../jobs/job.ts';

/** A change's side effects that are not yet known to be done (written before it, removed after them). */
export interface OutboxEntry {
  job_id: string;
  version: number;
  effects: string[];
  created_at: Date;
  /** Where the change moved the job from (null for a creation, or an entry written before it was kept). */
  previous: PreviousPlace | null;
}

export interface JobStore {
  /** Inserts the job if no row has its id; false when one already does. */
  insert(job: JobRecord): Promise<boolean>;
  get(jobId: string): Promise<JobRecord | null>;
  getMany(jobIds: string[]): Promise<JobRecord[]>;
  /** Writes `next` only if the stored row is still at `expectedVersion`. */
  replace(next: JobRecord, expectedVersion: number): Promise<boolean>;
  addOutbox(jobId: string, version: number, effects: string[], previous: PreviousPlace | null): Promise<void>;
  removeOutbox(jobId: string, version: number): Promise<void>;
  /** The pending entry of one change, or null when its effects all ran. */
  outboxEntry(jobId: string, version: number): Promise<OutboxEntry | null>;
  outboxOlderThan(cutoff: Date): Promise<OutboxEntry[]>;
}
