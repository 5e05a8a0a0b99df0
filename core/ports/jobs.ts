/**
 * Where jobs live: the row by id (written by compare-and-set on `version`), the outbox of side
 * effects a change still owes, and the attribute index behind GET /jobs's exact filters.
 * Adapter: sinks/cassandra/jobs.ts. In-memory double: test/doubles/job-store.ts.
 */
import type { JobRecord } from '../jobs/job.ts';

/** A change's side effects that are not yet known to be done (written before it, removed after them). */
export interface OutboxEntry {
  job_id: string;
  version: number;
  effects: string[];
  created_at: Date;
  /** The updated_at the change moved the job from (null for a creation, or an entry written before it was kept). */
  previous_updated_at: Date | null;
}

export type JobAttribute = 'external_id' | 'isrc' | 'end_user' | 'batch';

/** The attribute values a job is indexed under (GET /jobs's exact filters). */
export function attributesOf(job: JobRecord): [JobAttribute, string][] {
  const entries: [JobAttribute, string | null][] = [
    ['external_id', job.external_id],
    ['isrc', job.isrc],
    ['end_user', job.end_user_id],
    ['batch', job.batch_id],
  ];
  return entries.filter((e): e is [JobAttribute, string] => e[1] !== null);
}

export interface JobStore {
  /** Inserts the job if no row has its id; false when one already does. */
  insert(job: JobRecord): Promise<boolean>;
  get(jobId: string): Promise<JobRecord | null>;
  getMany(jobIds: string[]): Promise<JobRecord[]>;
  /** Writes `next` only if the stored row is still at `expectedVersion`. */
  replace(next: JobRecord, expectedVersion: number): Promise<boolean>;
  addOutbox(jobId: string, version: number, effects: string[], previousUpdatedAt: Date | null): Promise<void>;
  removeOutbox(jobId: string, version: number): Promise<void>;
  /** The pending entry of one change, or null when its effects all ran. */
  outboxEntry(jobId: string, version: number): Promise<OutboxEntry | null>;
  outboxOlderThan(cutoff: Date): Promise<OutboxEntry[]>;
  indexAttributes(job: JobRecord): Promise<void>;
  /** The ids of jobs with this attribute value, at most `limit` of them. */
  jobIdsBy(orgId: string, attribute: JobAttribute, value: string, limit: number): Promise<string[]>;
}
