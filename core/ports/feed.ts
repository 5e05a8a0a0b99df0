/**
 * The change feed index: job ids by organisation in updated_at order, what GET /jobs pages through.
 * Adapter: sinks/cassandra/feed.ts. In-memory double: test/doubles/job-feed.ts.
 */
import type { JobRecord } from '../jobs/job.ts';
import type { JobSummary } from '../jobs/summary.ts';

export interface FeedPosition {
  updated_at: Date;
  /** null: strictly after updated_at whatever the id (updated_since is exclusive). */
  job_id: string | null;
}

/** A row of the feed: a job at one updated_at, with what a list row shows of it at that moment. */
export interface FeedRow {
  updated_at: Date;
  job_id: string;
  /** null on rows indexed before summaries were kept: the reader reads the job instead. */
  summary: JobSummary | null;
}

export interface JobFeed {
  /** Indexes the job, with its summary, at its current updated_at and drops its row at the previous one. */
  record(job: JobRecord, previousUpdatedAt: Date | null): Promise<void>;
  /** Up to `limit` rows strictly after `from`, oldest first. */
  scan(orgId: string, from: FeedPosition, limit: number): Promise<FeedRow[]>;
}
