/**
 * The change feed index: job summaries by organisation in updated_at order, what GET /jobs pages
 * through, and one such feed per filter value (core/jobs/feed-filters.ts).
 * Adapter: sinks/cassandra/feed.ts. In-memory double: test/doubles/job-ports.ts.
 */
import type { FeedFilter, PreviousPlace } from '../jobs/feed-filters.ts';
import type { JobRecord } from '../jobs/job.ts';
import type { JobSummary } from '../jobs/summary.ts';

export interface FeedPosition {
  updated_at: Date;
  /** null: strictly after updated_at whatever the id (updated_since is exclusive). */
  job_id: string | null;
}

/** A row of the feed as a page serves it when it was stored rendered: a job at one updated_at. */
export interface ListedFeedRow {
  updated_at: Date;
  job_id: string;
  /**
   * The row as GET /jobs shows it (JSON), rendered when written, and the key of the presentation it
   * was rendered under (core/jobs/list-rows.ts); null when it was not stored rendered.
   */
  listRow: { json: string; key: string } | null;
  /** The updated_at of the row that replaced this one when the job changed; null while it is the job's latest. */
  superseded_at: Date | null;
}

/** A row of the feed with what a list row shows of the job at that moment. */
export interface FeedRow extends ListedFeedRow {
  /**
   * The job as of this row, decoded when asked for. null on rows indexed before summaries were
   * kept: the reader reads the job instead.
   */
  summary(): JobSummary | null;
}

export interface JobFeed {
  /**
   * Indexes the job's summary at its current updated_at, in the organisation's feed and in the feed
   * of each filter value it has, and marks its rows at `previous` superseded by the new updated_at
   * (null: a new job). Nothing is deleted: a page hides a superseded row once its successor shows.
   */
  record(job: JobRecord, previous: PreviousPlace | null): Promise<void>;
  /** Up to `limit` rows strictly after `from`, oldest first: of the organisation's feed, or of one filter value's. */
  scan(orgId: string, from: FeedPosition, limit: number, filter?: FeedFilter): Promise<FeedRow[]>;
  /** As scan, without the summaries: a page served from stored rows reads half the bytes. */
  scanListRows(orgId: string, from: FeedPosition, limit: number, filter?: FeedFilter): Promise<ListedFeedRow[]>;
}
