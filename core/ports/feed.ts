/**
 * The change feed index: job ids by organisation in updated_at order, what GET /jobs pages through.
 * Adapter: sinks/cassandra/feed.ts. In-memory double: test/doubles/job-feed.ts.
 */
import type { JobRecord } from '../jobs/job.ts';

export interface FeedPosition {
  updated_at: Date;
  /** null: strictly after updated_at whatever the id (updated_since is exclusive). */
  job_id: string | null;
}

export interface JobFeed {
  /** Indexes the job at its current updated_at and drops its row at the previous one. */
  record(job: JobRecord, previousUpdatedAt: Date | null): Promise<void>;
  /** Up to `limit` positions strictly after `from`, oldest first. */
  scan(orgId: string, from: FeedPosition, limit: number): Promise<FeedPosition[]>;
}
