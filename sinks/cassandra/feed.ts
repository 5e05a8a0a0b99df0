/**
 * The change feed index: jobs by (organisation, hour bucket, updated_at), each row carrying the job's
 * summary as it was at that moment (JSON), and the same per filter value (job_feed_by_filter). A
 * page reads one slice of an hour's partition at a time and nothing else, so its cost depends neither
 * on how many jobs the organisation has, nor on how many match a filter, nor on the jobs table.
 */
import { bucketsSince, feedBucketOf } from '../../core/jobs/feed-days.ts';
import { type FeedFilter, filtersOf, type PreviousPlace, previousFiltersOf } from '../../core/jobs/feed-filters.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import type { ListRowRendering } from '../../core/jobs/list-rows.ts';
import { type JobSummary, summaryOf } from '../../core/jobs/summary.ts';
import type { FeedPosition, FeedRow, JobFeed, ListedFeedRow } from '../../core/ports/feed.ts';
import type { CassandraClient } from './client.ts';

export const encodeSummary = (summary: JobSummary): string => JSON.stringify(summary);

const asDate = (value: unknown): Date | null => (typeof value === 'string' ? new Date(value) : null);

/**
 * A stored summary, its timestamps read back as dates. They are converted at their known places
 * rather than by a JSON.parse reviver, which visits every value: a page decodes 51 summaries, and
 * the reviver made that four times as slow.
 */
export function decodeSummary(text: string): JobSummary {
  const summary = JSON.parse(text) as JobSummary;
  summary.created_at = asDate(summary.created_at)!;
  summary.updated_at = asDate(summary.updated_at)!;
  const l = summary.lifecycle;
  l.review_gate_at = asDate(l.review_gate_at);
  l.review_approved_at = asDate(l.review_approved_at);
  l.transcript_completed_at = asDate(l.transcript_completed_at);
  l.completed_at = asDate(l.completed_at);
  if (l.error) l.error.failed_at = asDate(l.error.failed_at)!;
  return summary;
}

/**
 * A row's summary, or null when it has none (indexed before summaries were kept), one that does
 * not parse, or one written before summaries counted the job's degradations: in each case the
 * reader reads the job itself rather than failing the page or showing a count it does not know.
 */
export function readSummary(value: unknown): JobSummary | null {
  if (typeof value !== 'string') return null;
  try {
    const summary = decodeSummary(value);
    return typeof summary.degraded_count === 'number' ? summary : null;
  } catch {
    return null;
  }
}

const listedRowOf = (r: Record<string, unknown>): ListedFeedRow => ({
  updated_at: r.updated_at as Date,
  job_id: String(r.job_id),
  listRow:
    typeof r.list_row === 'string' && typeof r.list_row_key === 'string'
      ? { json: r.list_row, key: r.list_row_key }
      : null,
  superseded_at: (r.superseded_at as Date | null) ?? null,
});

/** A stored row; its summary is decoded on first use. */
function rowOf(r: Record<string, unknown>): FeedRow {
  let summary: JobSummary | null | undefined;
  return {
    ...listedRowOf(r),
    summary: () => {
      summary ??= readSummary(r.summary);
      return summary;
    },
  };
}

const LISTED_COLUMNS = 'updated_at, job_id, list_row, list_row_key, superseded_at';

/** Bucket lists kept (organisations and filter values); the oldest kept is dropped beyond this. */
const DAY_LISTS_KEPT = 10_000;
/**
 * A kept list grows by every hour since it was read, each a slice to ask for even when empty, so
 * one older than this is read again rather than extended.
 */
const DAY_LIST_KEPT_MS = 3_600_000;

/** One feed's partitions: the organisation's, or one filter value's. */
interface FeedTable {
  /** Keeps its day list apart from every other feed's. */
  key: string;
  rows: string;
  days: string;
  /** The WHERE clause naming the feed, without the day, and its values. */
  where: string;
  params: unknown[];
}

const feedOf = (orgId: string, filter?: FeedFilter): FeedTable =>
  filter
    ? {
        key: `${orgId}|${filter.name}|${filter.value}`,
        rows: 'job_feed_by_filter',
        days: 'job_feed_filter_days',
        where: 'org_id = ? AND filter = ? AND value = ?',
        params: [orgId, filter.name, filter.value],
      }
    : { key: orgId, rows: 'job_feed', days: 'job_feed_days', where: 'org_id = ?', params: [orgId] };

/** The columns naming a feed, for an INSERT or DELETE. */
const columnsOf = (filter?: FeedFilter) => (filter ? ['org_id', 'filter', 'value'] : ['org_id']);

export class CassandraJobFeed implements JobFeed {
  /**
   * Each feed's partitions (hour buckets; the column keeps its first name, `day`) as read at a
   * moment (core/jobs/feed-days.ts says why that is enough).
   */
  private readonly dayLists = new Map<string, { days: string[]; readAt: Date }>();
  /** The (feed, day) partitions this process has recorded in a day list. */
  private readonly recordedDays = new Set<string>();

  constructor(
    private readonly db: CassandraClient,
    /**
     * How rows are rendered for GET /jobs when written. null writes rows without one: migration
     * 006's data step runs before 007 adds the columns.
     */
    private readonly rendering: ListRowRendering | null,
    private readonly now = () => new Date(),
  ) {}

  /**
   * Indexes the job at its current updated_at, in its organisation's feed and in the feed of each
   * filter value it has, and marks its rows at the previous place superseded by the new one: one
   * unlogged batch, one round trip. The old rows are kept (a page lists them until the new one has
   * settled), so a move writes no tombstone. Marking a place that holds no row (a previous status
   * not known) leaves a row with no summary, which no page lists: its job has moved on. A bucket is
   * added to a feed's list only the first time this process writes to it (adding it again is a
   * no-op write; readers skip empty buckets anyway).
   */
  async record(job: JobRecord, previous: PreviousPlace | null): Promise<void> {
    const day = feedBucketOf(job.updated_at);
    const summarised = summaryOf(job);
    const summary = encodeSummary(summarised);
    const values: Record<string, unknown> = { day, updated_at: job.updated_at, job_id: job.job_id, summary };
    if (this.rendering) {
      Object.assign(values, { list_row: this.rendering.forStorage(summarised), list_row_key: this.rendering.key });
    }
    const feeds: (FeedFilter | undefined)[] = [undefined, ...filtersOf(job)];
    const statements: { query: string; params: unknown[] }[] = [];
    const newDays: string[] = [];
    for (const filter of feeds) {
      const feed = feedOf(job.org_id, filter);
      const columns = columnsOf(filter);
      const names = [...columns, ...Object.keys(values)];
      statements.push({
        query: `INSERT INTO ${feed.rows} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
        params: [...feed.params, ...Object.values(values)],
      });
      const dayKey = `${feed.key}|${day}`;
      if (!this.recordedDays.has(dayKey)) {
        newDays.push(dayKey);
        statements.push({
          query: `INSERT INTO ${feed.days} (${columns.join(', ')}, day) VALUES (${columns.map(() => '?').join(', ')}, ?)`,
          params: [...feed.params, day],
        });
      }
    }
    if (previous && previous.updated_at.getTime() !== job.updated_at.getTime()) {
      for (const filter of [undefined, ...previousFiltersOf(job, previous)]) {
        const feed = feedOf(job.org_id, filter);
        statements.push({
          query: `UPDATE ${feed.rows} SET superseded_at = ? WHERE ${feed.where} AND day = ? AND updated_at = ? AND job_id = ?`,
          params: [job.updated_at, ...feed.params, feedBucketOf(previous.updated_at), previous.updated_at, job.job_id],
        });
      }
    }
    await this.db.batch(statements, { prepare: true, logged: false });
    if (this.recordedDays.size + newDays.length > DAY_LISTS_KEPT) this.recordedDays.clear();
    for (const dayKey of newDays) this.recordedDays.add(dayKey);
  }

  async scan(orgId: string, from: FeedPosition, limit: number, filter?: FeedFilter): Promise<FeedRow[]> {
    return (await this.slices(`${LISTED_COLUMNS}, summary`, orgId, from, limit, filter)).map(rowOf);
  }

  async scanListRows(orgId: string, from: FeedPosition, limit: number, filter?: FeedFilter): Promise<ListedFeedRow[]> {
    return (await this.slices(LISTED_COLUMNS, orgId, from, limit, filter)).map(listedRowOf);
  }

  /** Up to `limit` rows after `from`, in (updated_at, job_id) order, across bucket partitions. */
  private async slices(
    columns: string,
    orgId: string,
    from: FeedPosition,
    limit: number,
    filter?: FeedFilter,
  ): Promise<Record<string, unknown>[]> {
    const feed = feedOf(orgId, filter);
    const fromDay = feedBucketOf(from.updated_at);
    const days = (await this.daysOf(feed)).filter((day) => day >= fromDay);
    const select = `SELECT ${columns} FROM ${feed.rows} WHERE ${feed.where} AND day = ?`;
    const out: Record<string, unknown>[] = [];
    for (const day of days) {
      const remaining = limit - out.length;
      if (remaining <= 0) break;
      const rows =
        day !== fromDay
          ? await this.db.execute(`${select} LIMIT ?`, [...feed.params, day, remaining])
          : from.job_id === null
            ? await this.db.execute(`${select} AND updated_at > ? LIMIT ?`, [
                ...feed.params,
                day,
                from.updated_at,
                remaining,
              ])
            : await this.db.execute(`${select} AND (updated_at, job_id) > (?, ?) LIMIT ?`, [
                ...feed.params,
                day,
                from.updated_at,
                from.job_id,
                remaining,
              ]);
      out.push(...rows.rows);
    }
    return out;
  }

  /** A feed's bucket partitions: read once, then extended by the buckets that may have appeared since. */
  private async daysOf(feed: FeedTable): Promise<string[]> {
    const now = this.now();
    const kept = this.dayLists.get(feed.key);
    if (kept && now.getTime() - kept.readAt.getTime() < DAY_LIST_KEPT_MS)
      return bucketsSince(kept.days, kept.readAt, now);
    const result = await this.db.execute(`SELECT day FROM ${feed.days} WHERE ${feed.where}`, feed.params);
    const days = result.rows.map((r) => r.day as string);
    this.dayLists.delete(feed.key);
    if (this.dayLists.size >= DAY_LISTS_KEPT) this.dayLists.delete(this.dayLists.keys().next().value!);
    this.dayLists.set(feed.key, { days, readAt: now });
    return days;
  }
}
