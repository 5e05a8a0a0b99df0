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
  /** Inserts the job if no row has its id; false when one already does (one this insert did not write). */
  insert(job: JobRecord): Promise<boolean>;
  get(jobId: string): Promise<JobRecord | null>;
  getMany(jobIds: string[]): Promise<JobRecord[]>;
  /**
   * Writes `next` only if the stored row is still at `expectedVersion`; false when another write got
   * there first. True when the row holds `next` itself, as after a write sent twice.
   */
  replace(next: JobRecord, expectedVersion: number): Promise<boolean>;
  /** Records a change's effects as owed, in the outbox bucket of this moment (core/jobs/outbox-buckets.ts). */
  addOutbox(jobId: string, version: number, effects: string[], previous: PreviousPlace | null): Promise<OutboxEntry>;
  /** Clears one entry once its effects ran (or the change never landed). */
  removeOutbox(entry: OutboxEntry): Promise<void>;
  /** The pending entry of one change, or null when its effects all ran. */
  outboxEntry(jobId: string, version: number): Promise<OutboxEntry | null>;
  /** The entries still in one outbox bucket. */
  outboxBucket(bucket: number): Promise<OutboxEntry[]>;
  /**
   * The sweep checkpoint (the first bucket no sweep has finished) with the lease that lets one
   * sweeper at a time walk from it. Returns the checkpoint when `owner` holds the lease until
   * `until` (it was free, expired at `now`, or already `owner`'s); null while another sweeper
   * holds it. `start`: the checkpoint to begin at if none was ever recorded.
   */
  claimOutboxSweep(owner: string, now: Date, until: Date, start: number): Promise<number | null>;
  /** Moves the checkpoint to `bucket` and extends the lease, while `owner` still holds it; false once it does not. */
  advanceOutboxSweep(owner: string, bucket: number, until: Date): Promise<boolean>;
  /** The checkpoint as it stands (for the unswept gauge); null when none was ever recorded. */
  outboxCheckpoint(): Promise<number | null>;
}
