/** Usage counters per organisation: one partition holds every metric, so GET /usage is one read. */

import type { UsageDelta, UsageLedger, UsageStore } from '../../core/ports/usage.ts';
import type { Usage } from '../../schemas/generated/api/usage.ts';
import type { CassandraClient } from './client.ts';

const LANGUAGE_PREFIX = 'language:';
const LEDGER_TTL_SECONDS = 30 * 24 * 3600;

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
        { prepare: true },
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
   * ledger row's insert are one conditional batch on one partition, so they happen together or not.
   */
  async apply(delta: UsageDelta): Promise<void> {
    // '~' sorts after every total name, so GET /usage reads the totals without the ledger.
    const ledger = `~ledger:${delta.jobId}:${delta.metric}`;
    for (;;) {
      const current = (
        await this.db.execute('SELECT value FROM usage_totals WHERE org_id = ? AND name = ?', [
          delta.orgId,
          delta.metric,
        ])
      ).first();
      const totalUpdate = current
        ? {
            query: 'UPDATE usage_totals SET value = ? WHERE org_id = ? AND name = ? IF value = ?',
            params: [Number(current.value) + delta.amount, delta.orgId, delta.metric, current.value],
          }
        : {
            query: 'INSERT INTO usage_totals (org_id, name, value) VALUES (?, ?, ?) IF NOT EXISTS',
            params: [delta.orgId, delta.metric, delta.amount],
          };
      const result = await this.db.batch(
        [
          totalUpdate,
          {
            query: `INSERT INTO usage_totals (org_id, name, value) VALUES (?, ?, ?) IF NOT EXISTS USING TTL ${LEDGER_TTL_SECONDS}`,
            params: [delta.orgId, ledger, delta.amount],
          },
        ],
        { prepare: true },
      );
      if (result.wasApplied()) return;
      const seen = await this.db.execute('SELECT value FROM usage_totals WHERE org_id = ? AND name = ?', [
        delta.orgId,
        ledger,
      ]);
      if (seen.first()) return; // counted before
    }
  }

  async get(orgId: string): Promise<Usage> {
    const [counters, totals] = await Promise.all([
      this.db.execute('SELECT metric, value FROM usage_counters WHERE org_id = ?', [orgId]),
      this.db.execute("SELECT name, value FROM usage_totals WHERE org_id = ? AND name < '~'", [orgId]),
    ]);
    const metric = new Map([
      ...counters.rows.map((r): [string, number] => [r.metric as string, Number(r.value)]),
      ...totals.rows.map((r): [string, number] => [r.name as string, Number(r.value)]),
    ]);
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
