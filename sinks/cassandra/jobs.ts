/**
 * Jobs in Cassandra: the row by id, compare-and-set on `version`, and the outbox of pending side
 * effects in time buckets (core/jobs/outbox-buckets.ts).
 */

import cassandra from 'cassandra-driver';
import type { PreviousPlace } from '../../core/jobs/feed-filters.ts';
import type { JobRecord } from '../../core/jobs/job.ts';
import type { FailureStage, JobStage, JobStatus, ReviewDelivery, ReviewStage } from '../../core/jobs/lifecycle.ts';
import { outboxBucketOf } from '../../core/jobs/outbox-buckets.ts';
import type { RomanisationForm } from '../../core/jobs/submission.ts';
import type { JobStore, OutboxEntry } from '../../core/ports/jobs.ts';
import type { CassandraClient } from './client.ts';
import { shardOf } from './shards.ts';

type Row = Record<string, unknown>;

/** Partitions per outbox bucket. */
const OUTBOX_SHARDS = 4;

const json = <T>(value: unknown): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : null);
const date = (value: unknown): Date | null => (value instanceof Date ? value : null);

export const outboxShard = (jobId: string): number => shardOf(jobId, OUTBOX_SHARDS);

export const outboxEntryOf = (row: Row): OutboxEntry => ({
  job_id: String(row.job_id),
  version: row.version as number,
  effects: JSON.parse(row.effects as string) as string[],
  created_at: row.created_at as Date,
  previous: previousPlace(date(row.previous_updated_at), (row.previous_status as JobStatus | null) ?? null),
});

const previousPlace = (updatedAt: Date | null, status: JobStatus | null): PreviousPlace | null =>
  updatedAt ? { updated_at: updatedAt, status } : null;

export function toJobRecord(row: Row): JobRecord {
  const errorStage = row.error_stage as FailureStage | null;
  return {
    job_id: String(row.job_id),
    org_id: row.org_id as string,
    version: row.version as number,
    lifecycle: {
      status: row.status as JobStatus,
      stage: row.stage as JobStage,
      align_requested: Boolean(row.align_requested),
      review_required: Boolean(row.review_required),
      review_stage: (row.review_stage as ReviewStage | null) ?? null,
      review_gate: (row.review_gate as ReviewStage | null) ?? null,
      review_gate_at: date(row.review_gate_at),
      review_approved_at: date(row.review_approved_at),
      transcript_completed_at: date(row.transcript_completed_at),
      completed_at: date(row.completed_at),
      error: errorStage
        ? {
            stage: errorStage,
            message: (row.error_message as string) ?? '',
            failed_at: date(row.failed_at) ?? new Date(0),
          }
        : null,
      aligning_existing: Boolean(row.aligning_existing),
    },
    language: row.language as string,
    word_align_requested: Boolean(row.word_align_requested),
    // Jobs from before the choice were written in the standard form.
    romanisation: (row.romanisation as RomanisationForm | null) ?? 'standard',
    review_delivery: (row.review_delivery as ReviewDelivery | null) ?? null,
    external_id: (row.external_id as string | null) ?? null,
    isrc: (row.isrc as string | null) ?? null,
    batch_id: (row.batch_id as string | null) ?? null,
    end_user_id: (row.end_user_id as string | null) ?? null,
    end_user_external_id: (row.end_user_external_id as string | null) ?? null,
    key_id: (row.key_id as string | null) ?? null,
    review_nonce: (row.review_nonce as string | null) ?? null,
    review_token_sha256: (row.review_token_sha256 as string | null) ?? null,
    webhook_url: (row.webhook_url as string | null) ?? null,
    audio_source: row.audio_source as JobRecord['audio_source'],
    audio_url: (row.audio_url as string | null) ?? null,
    audio_key: (row.audio_key as string | null) ?? null,
    audio_format: (row.audio_format as string | null) ?? null,
    original_filename: (row.original_filename as string | null) ?? 'audio',
    created_at: row.created_at as Date,
    updated_at: row.updated_at as Date,
    duration_seconds: (row.duration_seconds as number | null) ?? null,
    transcription_attempt: (row.transcription_attempt as number | null) ?? 0,
    transcription_started_at: date(row.transcription_started_at),
    alignment_attempt: (row.alignment_attempt as number | null) ?? 0,
    alignment_started_at: date(row.alignment_started_at),
    results: json(row.results),
    lines: json(row.lines),
    second_opinion: json(row.second_opinion),
    alignment: json(row.alignment),
    degraded: json(row.degraded) ?? [],
  };
}

/** Every column but the key, from a record. */
function columns(job: JobRecord): Record<string, unknown> {
  const l = job.lifecycle;
  return Object.fromEntries([
    ['org_id', job.org_id],
    ['version', job.version],
    ['status', l.status],
    ['stage', l.stage],
    ['language', job.language],
    ['align_requested', l.align_requested],
    ['word_align_requested', job.word_align_requested],
    ['romanisation', job.romanisation],
    ['review_required', l.review_required],
    ['review_stage', l.review_stage],
    ['review_delivery', job.review_delivery],
    ['review_gate', l.review_gate],
    ['review_gate_at', l.review_gate_at],
    ['review_approved_at', l.review_approved_at],
    ['aligning_existing', l.aligning_existing],
    ['external_id', job.external_id],
    ['isrc', job.isrc],
    ['batch_id', job.batch_id],
    ['end_user_id', job.end_user_id],
    ['end_user_external_id', job.end_user_external_id],
    ['key_id', job.key_id],
    ['review_nonce', job.review_nonce],
    ['review_token_sha256', job.review_token_sha256],
    ['webhook_url', job.webhook_url],
    ['audio_source', job.audio_source],
    ['audio_url', job.audio_url],
    ['audio_key', job.audio_key],
    ['audio_format', job.audio_format],
    ['original_filename', job.original_filename],
    ['created_at', job.created_at],
    ['updated_at', job.updated_at],
    ['transcript_completed_at', l.transcript_completed_at],
    ['completed_at', l.completed_at],
    ['duration_seconds', job.duration_seconds],
    ['error_stage', l.error?.stage ?? null],
    ['error_message', l.error?.message ?? null],
    ['failed_at', l.error?.failed_at ?? null],
    ['transcription_attempt', job.transcription_attempt],
    ['transcription_started_at', job.transcription_started_at],
    ['alignment_attempt', job.alignment_attempt],
    ['alignment_started_at', job.alignment_started_at],
    ['results', job.results ? JSON.stringify(job.results) : null],
    ['lines', job.lines ? JSON.stringify(job.lines) : null],
    ['second_opinion', job.second_opinion ? JSON.stringify(job.second_opinion) : null],
    ['alignment', job.alignment ? JSON.stringify(job.alignment) : null],
    ['degraded', JSON.stringify(job.degraded)],
  ]);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface JobStoreOptions {
  /** The clock outbox entries are stamped by (a benchmark moves it through simulated days). */
  now?: () => Date;
  /** Names the sweep checkpoint: one per outbox walk (a test walks its own). */
  sweep?: string;
}

export class CassandraJobStore implements JobStore {
  private readonly now: () => Date;
  private readonly sweep: string;

  constructor(
    private readonly db: CassandraClient,
    options: JobStoreOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.sweep = options.sweep ?? 'sweep';
  }

  async insert(job: JobRecord): Promise<boolean> {
    const cols = columns(job);
    const names = Object.keys(cols);
    const cql = `INSERT INTO jobs (job_id, ${names.join(', ')}) VALUES (?, ${names.map(() => '?').join(', ')}) IF NOT EXISTS`;
    return (await this.db.execute(cql, [job.job_id, ...Object.values(cols)])).wasApplied() || this.holds(job);
  }

  async get(jobId: string): Promise<JobRecord | null> {
    if (!UUID.test(jobId)) return null;
    const row = (await this.db.execute('SELECT * FROM jobs WHERE job_id = ?', [jobId])).first();
    return row ? toJobRecord(row) : null;
  }

  async getMany(jobIds: string[]): Promise<JobRecord[]> {
    const rows = await Promise.all(jobIds.map((id) => this.get(id)));
    return rows.filter((j): j is JobRecord => j !== null);
  }

  /** Writes `next` only if the stored row is still at `expectedVersion`. */
  async replace(next: JobRecord, expectedVersion: number): Promise<boolean> {
    const cols = columns(next);
    const cql = `UPDATE jobs SET ${Object.keys(cols)
      .map((n) => `${n} = ?`)
      .join(', ')} WHERE job_id = ? IF version = ?`;
    const result = await this.db.execute(cql, [...Object.values(cols), next.job_id, expectedVersion]);
    return result.wasApplied() || this.holds(next);
  }

  /**
   * Whether the row holds exactly `job`: a compare-and-set answered "not applied" may have been
   * this very write. The driver sends a statement that timed out once more through another
   * coordinator (client.ts), and the second try finds the first one's row. Taken for a lost race,
   * that write's side effects would never run, and its job would wait at its stage for good. Read at
   * serial consistency, so a write still in its Paxos round is completed first and seen.
   */
  private async holds(job: JobRecord): Promise<boolean> {
    const row = (
      await this.db.execute('SELECT * FROM jobs WHERE job_id = ?', [job.job_id], {
        consistency: cassandra.types.consistencies.localSerial,
      })
    ).first();
    if (!row || row.version !== job.version) return false;
    const stored = columns(toJobRecord(row));
    return Object.entries(columns(job)).every(([name, value]) => sameValue(value, stored[name]));
  }

  /**
   * The entry goes into its bucket's partition (one of OUTBOX_SHARDS, so a bucket's writes spread
   * over replicas) and into the job's own index, which finds it by change (outboxEntry).
   */
  async addOutbox(
    jobId: string,
    version: number,
    effects: string[],
    previous: PreviousPlace | null,
  ): Promise<OutboxEntry> {
    const entry: OutboxEntry = { job_id: jobId, version, effects, created_at: this.now(), previous };
    await this.writeOutbox(entry);
    return entry;
  }

  /** Writes an entry at its own created_at (migration 009 moves older entries with it). */
  async writeOutbox(entry: OutboxEntry): Promise<void> {
    const { job_id: jobId, version, effects, previous } = entry;
    const bucket = outboxBucketOf(entry.created_at);
    await this.db.batch(
      [
        {
          query:
            'INSERT INTO job_outbox_entries (bucket, shard, job_id, version, created_at, effects, previous_updated_at, previous_status) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
          params: [
            bucket,
            outboxShard(jobId),
            jobId,
            version,
            entry.created_at,
            JSON.stringify(effects),
            previous?.updated_at ?? null,
            previous?.status ?? null,
          ],
        },
        {
          query: 'INSERT INTO job_outbox_index (job_id, version, created_at) VALUES (?, ?, ?)',
          params: [jobId, version, entry.created_at],
        },
      ],
      { prepare: true, logged: false },
    );
  }

  /** Both deletions land where nothing reads again: a bucket behind the checkpoint, or the job's own index. */
  async removeOutbox(entry: OutboxEntry): Promise<void> {
    await this.db.batch(
      [
        {
          query:
            'DELETE FROM job_outbox_entries WHERE bucket = ? AND shard = ? AND job_id = ? AND version = ? AND created_at = ?',
          params: [
            outboxBucketOf(entry.created_at),
            outboxShard(entry.job_id),
            entry.job_id,
            entry.version,
            entry.created_at,
          ],
        },
        {
          query: 'DELETE FROM job_outbox_index WHERE job_id = ? AND version = ? AND created_at = ?',
          params: [entry.job_id, entry.version, entry.created_at],
        },
      ],
      { prepare: true, logged: false },
    );
  }

  /** The pending entry of one change, or null when its effects all ran. */
  async outboxEntry(jobId: string, version: number): Promise<OutboxEntry | null> {
    const places = await this.db.execute('SELECT created_at FROM job_outbox_index WHERE job_id = ? AND version = ?', [
      jobId,
      version,
    ]);
    for (const place of places.rows) {
      const createdAt = place.created_at as Date;
      const row = (
        await this.db.execute(
          'SELECT * FROM job_outbox_entries WHERE bucket = ? AND shard = ? AND job_id = ? AND version = ? AND created_at = ?',
          [outboxBucketOf(createdAt), outboxShard(jobId), jobId, version, createdAt],
        )
      ).first();
      if (row) return outboxEntryOf(row);
    }
    return null;
  }

  async outboxBucket(bucket: number): Promise<OutboxEntry[]> {
    const out: OutboxEntry[] = [];
    for (let shard = 0; shard < OUTBOX_SHARDS; shard++) {
      const rows = await this.db.execute('SELECT * FROM job_outbox_entries WHERE bucket = ? AND shard = ?', [
        bucket,
        shard,
      ]);
      out.push(...rows.rows.map(outboxEntryOf));
    }
    return out;
  }

  async outboxCheckpoint(): Promise<number | null> {
    const row = await this.sweepRow();
    return row ? row.bucket : null;
  }

  private async sweepRow(): Promise<{ bucket: number; owner: string | null; lease_until: Date } | null> {
    const row = (
      await this.db.execute('SELECT bucket, owner, lease_until FROM job_outbox_checkpoint WHERE name = ?', [this.sweep])
    ).first();
    // A bigint reads back as a Long.
    return row
      ? {
          bucket: Number(String(row.bucket)),
          owner: (row.owner as string | null) ?? null,
          lease_until: (row.lease_until as Date | null) ?? new Date(0),
        }
      : null;
  }

  async claimOutboxSweep(owner: string, now: Date, until: Date, start: number): Promise<number | null> {
    const row = await this.sweepRow();
    if (!row) {
      const created = await this.db.execute(
        'INSERT INTO job_outbox_checkpoint (name, bucket, owner, lease_until) VALUES (?, ?, ?, ?) IF NOT EXISTS',
        [this.sweep, start, owner, until],
      );
      return created.wasApplied() ? start : null;
    }
    if (row.owner !== owner && row.lease_until.getTime() > now.getTime()) return null;
    // Taken only as it was read: of two sweepers that both saw the lease lapse, one gets it.
    const taken = await this.db.execute(
      'UPDATE job_outbox_checkpoint SET owner = ?, lease_until = ? WHERE name = ? IF owner = ? AND bucket = ?',
      [owner, until, this.sweep, row.owner, row.bucket],
    );
    return taken.wasApplied() ? row.bucket : null;
  }

  async advanceOutboxSweep(owner: string, bucket: number, until: Date): Promise<boolean> {
    const moved = await this.db.execute(
      'UPDATE job_outbox_checkpoint SET bucket = ?, lease_until = ? WHERE name = ? IF owner = ?',
      [bucket, until, this.sweep, owner],
    );
    return moved.wasApplied();
  }
}
