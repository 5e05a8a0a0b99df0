/**
 * The change feed index: jobs by (organisation, day, updated_at), each row carrying the job's
 * summary as it was at that moment (JSON). A page reads one slice of a day partition at a time and
 * nothing else, so its cost depends neither on how many jobs the organisation has nor on the jobs
 * table.
 */
import { dayOf, daysSince } from '../../core/jobs/feed-days.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { type JobSummary, summaryOf } from '../../core/jobs/summary.ts';
import type { FeedPosition, FeedRow, JobFeed } from '../../core/ports/feed.ts';
import type { CassandraClient } from './client.ts';

/** The summary's timestamps, read back as dates. */
const DATE_KEYS = new Set([
  'created_at',
  'updated_at',
  'review_gate_at',
  'review_approved_at',
  'transcript_completed_at',
  'completed_at',
  'failed_at',
]);

export const encodeSummary = (summary: JobSummary): string => JSON.stringify(summary);

export function decodeSummary(text: string): JobSummary {
  return JSON.parse(text, (key, value) =>
    DATE_KEYS.has(key) && typeof value === 'string' ? new Date(value) : value,
  ) as JobSummary;
}

/**
 * A row's summary, or null when it has none (indexed before summaries were kept) or one that does
 * not parse: either way the reader reads the job itself rather than failing the page.
 */
export function readSummary(value: unknown): JobSummary | null {
  if (typeof value !== 'string') return null;
  try {
    return decodeSummary(value);
  } catch {
    return null;
  }
}

const rowOf = (r: Record<string, unknown>): FeedRow => ({
  updated_at: r.updated_at as Date,
  job_id: String(r.job_id),
  summary: readSummary(r.summary),
});

/** Organisations whose day lists are kept; the oldest kept is dropped beyond this. */
const DAY_LISTS_KEPT = 10_000;

export class CassandraJobFeed implements JobFeed {
  /** Each organisation's day partitions as read at a moment (core/jobs/feed-days.ts says why that is enough). */
  private readonly dayLists = new Map<string, { days: string[]; readAt: Date }>();
  /** The (organisation, day) partitions this process has recorded in job_feed_days. */
  private readonly recordedDays = new Set<string>();

  constructor(
    private readonly db: CassandraClient,
    private readonly now = () => new Date(),
  ) {}

  /**
   * Indexes the job at its current updated_at and drops its previous row, in one unlogged batch:
   * one round trip, and when both rows share a day partition (almost always) they change together.
   * The day is recorded only the first time this process writes to it (recording it again is a
   * no-op write; readers skip stale rows anyway).
   */
  async record(job: JobRecord, previousUpdatedAt: Date | null): Promise<void> {
    const day = dayOf(job.updated_at);
    const statements = [
      {
        query: 'INSERT INTO job_feed (org_id, day, updated_at, job_id, summary) VALUES (?, ?, ?, ?, ?)',
        params: [job.org_id, day, job.updated_at, job.job_id, encodeSummary(summaryOf(job))],
      },
    ];
    if (previousUpdatedAt && previousUpdatedAt.getTime() !== job.updated_at.getTime()) {
      statements.push({
        query: 'DELETE FROM job_feed WHERE org_id = ? AND day = ? AND updated_at = ? AND job_id = ?',
        params: [job.org_id, dayOf(previousUpdatedAt), previousUpdatedAt, job.job_id],
      });
    }
    const dayKey = `${job.org_id}/${day}`;
    await Promise.all([
      this.db.batch(statements, { prepare: true, logged: false }),
      this.recordedDays.has(dayKey)
        ? null
        : this.db.execute('INSERT INTO job_feed_days (org_id, day) VALUES (?, ?)', [job.org_id, day]).then(() => {
            if (this.recordedDays.size >= DAY_LISTS_KEPT) this.recordedDays.clear();
            this.recordedDays.add(dayKey);
          }),
    ]);
  }

  /** Up to `limit` feed rows after `from`, in (updated_at, job_id) order, across day partitions. */
  async scan(orgId: string, from: FeedPosition, limit: number): Promise<FeedRow[]> {
    const fromDay = dayOf(from.updated_at);
    const days = (await this.daysOf(orgId)).filter((day) => day >= fromDay);
    const out: FeedRow[] = [];
    for (const day of days) {
      const remaining = limit - out.length;
      if (remaining <= 0) break;
      const sameDay = day === dayOf(from.updated_at);
      const rows = !sameDay
        ? await this.db.execute(
            'SELECT updated_at, job_id, summary FROM job_feed WHERE org_id = ? AND day = ? LIMIT ?',
            [orgId, day, remaining],
          )
        : from.job_id === null
          ? await this.db.execute(
              'SELECT updated_at, job_id, summary FROM job_feed WHERE org_id = ? AND day = ? AND updated_at > ? LIMIT ?',
              [orgId, day, from.updated_at, remaining],
            )
          : await this.db.execute(
              'SELECT updated_at, job_id, summary FROM job_feed WHERE org_id = ? AND day = ? AND (updated_at, job_id) > (?, ?) LIMIT ?',
              [orgId, day, from.updated_at, from.job_id, remaining],
            );
      for (const r of rows.rows) out.push(rowOf(r));
    }
    return out;
  }

  /** The organisation's day partitions: read once, then extended by the days that may have appeared since. */
  private async daysOf(orgId: string): Promise<string[]> {
    const now = this.now();
    const kept = this.dayLists.get(orgId);
    if (kept) return daysSince(kept.days, kept.readAt, now);
    const result = await this.db.execute('SELECT day FROM job_feed_days WHERE org_id = ?', [orgId]);
    const days = result.rows.map((r) => r.day as string);
    if (this.dayLists.size >= DAY_LISTS_KEPT) this.dayLists.delete(this.dayLists.keys().next().value!);
    this.dayLists.set(orgId, { days, readAt: now });
    return days;
  }
}
