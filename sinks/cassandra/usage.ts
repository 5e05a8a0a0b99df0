/**
 * Usage per organisation: exact totals (jobs, duration, completed jobs, per language) over a few
 * shards with the ledger that makes each job's delta count once, and the api_calls counter.
 */

import { USAGE_LEDGER_RETENTION_MS } from '../../core/policy.ts';
import type { UsageDelta, UsageLedger, UsageStore } from '../../core/ports/usage.ts';
import type { Usage } from '../../schemas/generated/api/usage.ts';
import type { CassandraClient } from './client.ts';
import { afterLostRace } from './contention.ts';
import { shardOf } from './shards.ts';

const LANGUAGE_PREFIX = 'language:';

/**
 * Each organisation's totals are split over this many partitions, a job's deltas always to the same
 * one: a busy organisation's compare-and-sets spread over them, and so do its ledger rows (a day's
 * jobs times their metrics, kept for the ledger's retention), so no partition grows past a few MB.
 * GET /usage reads them all in one query and adds them up.
 */
export const USAGE_SHARDS = 16;
const ALL_SHARDS = Array.from({ length: USAGE_SHARDS }, (_, i) => i);

export const usageShardOf = (jobId: string): number => shardOf(jobId, USAGE_SHARDS);

const LEDGER_TTL_SECONDS = Math.ceil(USAGE_LEDGER_RETENTION_MS / 1000);

/** How long API calls are tallied in memory before they are written, one update per organisation. */
export const API_CALL_FLUSH_MS = 1000;

export class CassandraUsageStore implements UsageStore, UsageLedger {
  /**
   * API calls counted but not yet written. A counter update on every request was a Cassandra write
   * per read, all on one hot partition per organisation; the tally turns them into one per second.
   * A gateway killed outright loses at most its last second of calls (a stopped one writes them);
   * api_calls is a statistic, and counter updates are not idempotent on retry anyway.
   */
  private readonly unwritten = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly db: CassandraClient,
    private readonly flushMs = API_CALL_FLUSH_MS,
  ) {}

  async countApiCall(orgId: string): Promise<void> {
    this.unwritten.set(orgId, (this.unwritten.get(orgId) ?? 0) + 1);
    this.flushSoon();
  }

  private flushSoon(): void {
    if (this.closed) return;
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = null;
      void this.flushApiCalls();
    }, this.flushMs).unref();
  }

  /**
   * Writes the calls tallied so far, one counter update per organisation. A failed update keeps
   * its calls for the next flush. One flush runs at a time, so no tally is written twice.
   */
  async flushApiCalls(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.unwritten.size === 0) return;
    const tally = [...this.unwritten];
    this.flushing = Promise.all(tally.map(([orgId, calls]) => this.writeApiCalls(orgId, calls))).then(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async writeApiCalls(orgId: string, calls: number): Promise<void> {
    try {
      await this.db.execute(
        "UPDATE usage_counters SET value = value + ? WHERE org_id = ? AND metric = 'api_calls'",
        [calls, orgId],
        // Sent twice, a counter would count twice: an error keeps the calls for the next flush instead.
        { prepare: true, isIdempotent: false },
      );
    } catch {
      this.flushSoon(); // the calls stay in the tally for the next flush
      return;
    }
    const left = (this.unwritten.get(orgId) ?? 0) - calls;
    if (left > 0) this.unwritten.set(orgId, left);
    else this.unwritten.delete(orgId);
  }

  /** Writes what is tallied; the gateway calls it when it stops. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    await this.flushApiCalls();
  }

  /**
   * Adds `amount` to a total unless this job already did: the total's compare-and-set and the
   * ledger row's insert are one conditional batch on the job's shard of the organisation's totals,
   * so they happen together or not. A lost race (another delta on the same shard) tries again
   * after a short jittered wait, from the value the refusal reported.
   */
  async apply(delta: UsageDelta): Promise<void> {
    const shard = usageShardOf(delta.jobId);
    // '~' sorts after every total name, so GET /usage reads the totals without the ledger.
    const ledger = `~ledger:${delta.jobId}:${delta.metric}`;
    let current: unknown = (
      await this.db.execute('SELECT value FROM usage_shards WHERE org_id = ? AND shard = ? AND name = ?', [
        delta.orgId,
        shard,
        delta.metric,
      ])
    ).first()?.value;
    for (let attempt = 1; ; attempt++) {
      const totalUpdate =
        current === undefined || current === null
          ? {
              query: 'INSERT INTO usage_shards (org_id, shard, name, value) VALUES (?, ?, ?, ?) IF NOT EXISTS',
              params: [delta.orgId, shard, delta.metric, delta.amount],
            }
          : {
              query: 'UPDATE usage_shards SET value = ? WHERE org_id = ? AND shard = ? AND name = ? IF value = ?',
              params: [Number(current) + delta.amount, delta.orgId, shard, delta.metric, current],
            };
      const result = await this.db.batch(
        [
          totalUpdate,
          {
            query:
              'INSERT INTO usage_shards (org_id, shard, name, value) VALUES (?, ?, ?, ?) IF NOT EXISTS USING TTL ?',
            params: [delta.orgId, shard, ledger, delta.amount, LEDGER_TTL_SECONDS],
          },
        ],
        { prepare: true },
      );
      if (result.wasApplied()) return;
      // A refused conditional batch returns the rows its conditions saw: the ledger row, when this
      // job counted before, and the total as it stands.
      const seen = new Map(result.rows.map((row) => [row.name as string, row.value]));
      if (seen.has(ledger)) return;
      current = seen.get(delta.metric);
      await afterLostRace(attempt);
    }
  }

  async get(orgId: string): Promise<Usage> {
    const [counters, totals] = await Promise.all([
      this.db.execute('SELECT metric, value FROM usage_counters WHERE org_id = ?', [orgId]),
      this.db.execute("SELECT name, value FROM usage_shards WHERE org_id = ? AND shard IN ? AND name < '~'", [
        orgId,
        ALL_SHARDS,
      ]),
    ]);
    const metric = new Map(counters.rows.map((r): [string, number] => [r.metric as string, Number(r.value)]));
    for (const r of totals.rows) metric.set(r.name as string, (metric.get(r.name as string) ?? 0) + Number(r.value));
    const jobsByLanguage: Record<string, number> = {};
    for (const [name, value] of metric) {
      if (name.startsWith(LANGUAGE_PREFIX)) jobsByLanguage[name.slice(LANGUAGE_PREFIX.length)] = value;
    }
    return {
      org_id: orgId,
      period: 'all_time',
      total_jobs: metric.get('total_jobs') ?? 0,
      completed_jobs: metric.get('completed_jobs') ?? 0,
      total_duration_seconds: (metric.get('duration_ms') ?? 0) / 1000,
      jobs_by_language: jobsByLanguage,
      // This gateway's own calls not yet written are counted too: a client sees its calls at once.
      api_calls: (metric.get('api_calls') ?? 0) + (this.unwritten.get(orgId) ?? 0),
    };
  }
}
