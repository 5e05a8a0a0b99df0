/** In-memory UsageStore for unit tests. */

import type { UsageStore } from '../../core/ports/usage.ts';
import type { Usage } from '../../schemas/generated/api/usage.ts';

export class MemoryUsageStore implements UsageStore {
  readonly apiCalls = new Map<string, number>();

  async countApiCall(orgId: string): Promise<void> {
    this.apiCalls.set(orgId, (this.apiCalls.get(orgId) ?? 0) + 1);
  }

  async get(orgId: string): Promise<Usage> {
    return {
      org_id: orgId,
      period: 'all_time',
      total_jobs: 0,
      completed_jobs: 0,
      total_duration_seconds: 0,
      jobs_by_language: {},
      api_calls: this.apiCalls.get(orgId) ?? 0,
    };
  }
}
