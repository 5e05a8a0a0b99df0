/** Organisation versions (core/ports/tenancy-versions.ts) as Redis counters, shared by every gateway. */
import type { Redis } from 'ioredis';
import type { TenancyVersions } from '../../core/ports/tenancy-versions.ts';

export class RedisTenancyVersions implements TenancyVersions {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(orgId: string): string {
    return `${this.prefix}:tenancy-version:${orgId}`;
  }

  async current(orgId: string): Promise<number> {
    return Number((await this.redis.get(this.key(orgId))) ?? 0);
  }

  async bump(orgId: string): Promise<void> {
    await this.redis.incr(this.key(orgId));
  }
}
