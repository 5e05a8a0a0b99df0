/**
 * Usage totals per organisation (GET /usage). A job's contribution to a total is applied at most
 * once per (job, metric), so a redone side effect never counts twice.
 * Adapter: sinks/cassandra/usage.ts. In-memory double: test/doubles/usage.ts.
 */
import type { Usage } from '../../schemas/generated/api/usage.ts';

export interface UsageDelta {
  orgId: string;
  jobId: string;
  metric: 'total_jobs' | 'completed_jobs' | 'duration_ms' | `language:${string}`;
  amount: number;
}

/** What the gateway reads and counts. */
export interface UsageStore {
  countApiCall(orgId: string): Promise<void>;
  get(orgId: string): Promise<Usage>;
}

/** What a job change adds to the totals. */
export interface UsageLedger {
  apply(delta: UsageDelta): Promise<void>;
}
