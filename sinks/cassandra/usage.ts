/** Usage counters per organisation: one partition holds every metric, so GET /usage is one read. */
import type { Usage } from '../../schemas/generated/api/usage.ts';
import type { CassandraClient } from './client.ts';

export interface UsageStore {
  countApiCall(orgId: string): Promise<void>;
  get(orgId: string): Promise<Usage>;
}

const LANGUAGE_PREFIX = 'language:';

export class CassandraUsageStore implements UsageStore {
  constructor(private readonly db: CassandraClient) {}

  async countApiCall(orgId: string): Promise<void> {
    await this.db.execute("UPDATE usage_counters SET value = value + 1 WHERE org_id = ? AND metric = 'api_calls'", [
      orgId,
    ]);
  }

  async get(orgId: string): Promise<Usage> {
    const rows = (await this.db.execute('SELECT metric, value FROM usage_counters WHERE org_id = ?', [orgId])).rows;
    const metric = new Map(rows.map((r) => [r.metric as string, Number(r.value)]));
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
