/** Usage counters per organisation: one partition holds every metric, so GET /usage is one read. */

import type { UsageDelta, UsageLedger, UsageStore } from '../../core/ports/usage.ts';
import type { Usage } from '../../schemas/generated/api/usage.ts';
import type { CassandraClient } from './client.ts';

const LANGUAGE_PREFIX = 'language:';
const LEDGER_TTL_SECONDS = 30 * 24 * 3600;

export class CassandraUsageStore implements UsageStore, UsageLedger {
  constructor(private readonly db: CassandraClient) {}

  async countApiCall(orgId: string): Promise<void> {
    await this.db.execute("UPDATE usage_counters SET value = value + 1 WHERE org_id = ? AND metric = 'api_calls'", [
      orgId,
    ]);
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
      api_calls: metric.get('api_calls') ?? 0,
    };
  }
}
