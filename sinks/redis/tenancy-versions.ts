/** Organisation versions (core/ports/tenancy-versions.ts) as Redis counters, shared by every gateway. */
import type { Redis } from 'ioredis';
import type { TenancyVersions } from '../../core/ports/tenancy-versions.ts';
import { organisationKey } from './keys.ts';

/** The counter's key; the meter script reads it too (RedisMeter.consumeIfCurrent). */
export function tenancyVersionKey(prefix: string, orgId: string): string {
  return organisationKey(prefix, orgId, 'tenancy-version');
}

export class RedisTenancyVersions implements TenancyVersions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(orgId: string): string {
    return tenancyVersionKey(this.prefix, orgId);
  }

  async current(orgId: string): Promise<number> {
    return Number((await this.redis.get(this.key(orgId))) ?? 0);
  }

  async bump(orgId: string): Promise<void> {
    await this.redis.incr(this.key(orgId));
  }
}
