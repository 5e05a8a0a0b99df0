/**
 * In-memory doubles of the ports the job writer runs on (core/ports), for unit tests of the code
 * around them: the same contracts as the Cassandra and Kafka adapters (compare-and-set on version,
 * an outbox keyed by change, usage applied once per job and metric), nothing more.
 */
import { JobWriter } from '../../core/app/job-writer.ts';
import { type FeedFilter, filtersOf, type PreviousPlace } from '../../core/jobs/feed-filters.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import { outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import { summaryOf } from '../../core/jobs/summary.ts';
import type { BatchRecord, BatchStore } from '../../core/ports/batches.ts';
import type { FeedPosition, FeedRow, JobFeed, ListedFeedRow } from '../../core/ports/feed.ts';
import type { JobStore, OutboxEntry } from '../../core/ports/jobs.ts';
import type { MessageOf, Publisher, TopicKey } from '../../core/ports/publisher.ts';
import { minuteOf, type Timer, type Timers } from '../../core/ports/timers.ts';
import type { UsageDelta, UsageLedger } from '../../core/ports/usage.ts';

const copy = <T>(value: T): T => structuredClone(value);
const outboxKey = (e: OutboxEntry) => `${e.job_id}:${e.version}:${e.created_at.getTime()}`;

export class MemoryJobStore implements JobStore {
  readonly rows = new Map<string, JobRecord>();
  /** Entries by change and the moment they were written, as the buckets hold them. */
  readonly outbox = new Map<string, OutboxEntry>();
  /** The sweep checkpoint and its lease. */
  private sweep: { bucket: number; owner: string; until: Date } | null = null;

  constructor(private readonly now: () => Date = () => new Date()) {}

  async insert(job: JobRecord): Promise<boolean> {
    if (this.rows.has(job.job_id)) return false;
    this.rows.set(job.job_id, copy(job));
    return true;
  }
  async get(jobId: string): Promise<JobRecord | null> {
    const row = this.rows.get(jobId);
    return row ? copy(row) : null;
  }
  async getMany(jobIds: string[]): Promise<JobRecord[]> {
    return jobIds.flatMap((id) => (this.rows.has(id) ? [copy(this.rows.get(id)!)] : []));
  }
  async replace(next: JobRecord, expectedVersion: number): Promise<boolean> {
    if (this.rows.get(next.job_id)?.version !== expectedVersion) return false;
    this.rows.set(next.job_id, copy(next));
    return true;
  }
  async addOutbox(
    jobId: string,
    version: number,
    effects: string[],
    previous: PreviousPlace | null,
  ): Promise<OutboxEntry> {
    const entry = {
      job_id: jobId,
      version,
      effects: [...effects],
      created_at: this.now(),
      previous: previous && { ...previous },
    };
    this.outbox.set(outboxKey(entry), entry);
    return copy(entry);
  }
  async removeOutbox(entry: OutboxEntry): Promise<void> {
    this.outbox.delete(outboxKey(entry));
  }
  async outboxEntry(jobId: string, version: number): Promise<OutboxEntry | null> {
    const entry = [...this.outbox.values()].find((e) => e.job_id === jobId && e.version === version);
    return entry ? copy(entry) : null;
  }
  async outboxBucket(bucket: number): Promise<OutboxEntry[]> {
    return [...this.outbox.values()].filter((e) => outboxBucketOf(e.created_at) === bucket).map(copy);
  }
  async outboxCheckpoint(): Promise<number | null> {
    return this.sweep?.bucket ?? null;
  }
  async claimOutboxSweep(owner: string, now: Date, until: Date, start: number): Promise<number | null> {
    if (this.sweep && this.sweep.owner !== owner && +this.sweep.until > +now) return null;
    this.sweep = { bucket: this.sweep?.bucket ?? start, owner, until };
    return this.sweep.bucket;
  }
  async advanceOutboxSweep(owner: string, bucket: number, until: Date): Promise<boolean> {
    if (this.sweep?.owner !== owner) return false;
    this.sweep = { bucket, owner, until };
    return true;
  }
}

/**
 * The feed and its filter feeds in one list: a row holds the job's summary at one updated_at, and
 * a filter's feed is the rows whose summary has that value, as the Cassandra tables hold them.
 */
export class MemoryJobFeed implements JobFeed {
  readonly rows: (FeedRow & { org_id: string })[] = [];

  /** The rows a page lists once every change has settled: each job's latest. */
  get current(): (FeedRow & { org_id: string })[] {
    return this.rows.filter((r) => r.superseded_at === null);
  }

  async record(job: JobRecord, previous: PreviousPlace | null): Promise<void> {
    const at = (r: { job_id: string; updated_at: Date }, t: Date) => r.job_id === job.job_id && +r.updated_at === +t;
    if (previous && +previous.updated_at !== +job.updated_at) {
      for (const row of this.rows) if (at(row, previous.updated_at)) row.superseded_at = job.updated_at;
    }
    if (!this.rows.some((r) => at(r, job.updated_at))) {
      const summary = summaryOf(job);
      this.rows.push({
        org_id: job.org_id,
        updated_at: job.updated_at,
        job_id: job.job_id,
        summary: () => summary,
        listRow: null,
        superseded_at: null,
      });
    }
  }
  /** The double stores no rendered rows, so a page always reads the summaries. */
  async scanListRows(orgId: string, from: FeedPosition, limit: number, filter?: FeedFilter): Promise<ListedFeedRow[]> {
    return (await this.scan(orgId, from, limit, filter)).map(({ updated_at, job_id, listRow, superseded_at }) => ({
      updated_at,
      job_id,
      listRow,
      superseded_at,
    }));
  }
  async scan(orgId: string, from: FeedPosition, limit: number, filter?: FeedFilter): Promise<FeedRow[]> {
    const inFilter = (r: FeedRow) =>
      !filter || filtersOf(r.summary()!).some((f) => f.name === filter.name && f.value === filter.value);
    return this.rows
      .filter((r) => r.org_id === orgId && inFilter(r))
      .filter(
        (r) =>
          +r.updated_at > +from.updated_at ||
          (from.job_id !== null && +r.updated_at === +from.updated_at && r.job_id > from.job_id),
      )
      .sort((a, b) => +a.updated_at - +b.updated_at || (a.job_id < b.job_id ? -1 : 1))
      .slice(0, limit)
      .map(({ updated_at, job_id, summary, listRow, superseded_at }) => ({
        updated_at,
        job_id,
        summary,
        listRow,
        superseded_at,
      }));
  }
}

export class MemoryTimers implements Timers {
  readonly scheduled: Timer[] = [];
  private readonly checkpoints = new Map<string, string>();

  async schedule(timer: Timer): Promise<void> {
    const same = (t: Timer) => t.job_id === timer.job_id && t.kind === timer.kind && +t.due_at === +timer.due_at;
    if (!this.scheduled.some(same)) this.scheduled.push({ ...timer });
  }
  async inMinute(minute: string): Promise<Timer[]> {
    return this.scheduled.filter((t) => minuteOf(t.due_at) === minute);
  }
  async remove(timer: Timer): Promise<void> {
    const i = this.scheduled.findIndex((t) => t.job_id === timer.job_id && t.kind === timer.kind);
    if (i >= 0) this.scheduled.splice(i, 1);
  }
  async checkpoint(name: string): Promise<string | null> {
    return this.checkpoints.get(name) ?? null;
  }
  async advance(name: string, minute: string): Promise<void> {
    this.checkpoints.set(name, minute);
  }
}

export class MemoryUsageLedger implements UsageLedger {
  readonly totals = new Map<string, number>();
  private readonly applied = new Set<string>();

  async apply(delta: UsageDelta): Promise<void> {
    const once = `${delta.jobId}:${delta.metric}`;
    if (this.applied.has(once)) return;
    this.applied.add(once);
    const key = `${delta.orgId}:${delta.metric}`;
    this.totals.set(key, (this.totals.get(key) ?? 0) + delta.amount);
  }
}

export class MemoryBatchStore implements BatchStore {
  readonly rows = new Map<string, BatchRecord>();

  async insert(batch: BatchRecord): Promise<void> {
    if (!this.rows.has(batch.batch_id)) this.rows.set(batch.batch_id, copy(batch));
  }
  async get(batchId: string): Promise<BatchRecord | null> {
    const row = this.rows.get(batchId);
    return row ? copy(row) : null;
  }
  async markCompleted(batchId: string, completedAt: Date): Promise<void> {
    const row = this.rows.get(batchId);
    if (row) this.rows.set(batchId, { ...row, completed_at: completedAt, complete_event_sent: true });
  }
}

export class MemoryPublisher implements Publisher {
  readonly sent: { topic: TopicKey; key: string; message: unknown }[] = [];

  async publish<K extends TopicKey>(topic: K, key: string, message: MessageOf<K>): Promise<void> {
    this.sent.push({ topic, key, message: copy(message) });
  }

  on<K extends TopicKey>(topic: K): MessageOf<K>[] {
    return this.sent.filter((s) => s.topic === topic).map((s) => s.message as MessageOf<K>);
  }
}

/** The job writer over a fresh set of these stores, as the use cases' unit tests need it. */
export function memoryJobWriter(jobs: JobStore = new MemoryJobStore()) {
  const stores = {
    jobs,
    feed: new MemoryJobFeed(),
    timers: new MemoryTimers(),
    usage: new MemoryUsageLedger(),
    batches: new MemoryBatchStore(),
    publisher: new MemoryPublisher(),
  };
  const writer = new JobWriter({
    config: { reviewSecret: 'unit-review-secret' },
    logger: { warn: () => {} },
    ...stores,
  });
  return { ...stores, writer };
}
