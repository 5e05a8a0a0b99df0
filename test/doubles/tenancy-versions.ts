/** In-memory TenancyVersions for unit tests of the code that keeps credentials under them. */
import type { TenancyVersions } from '../../core/ports/tenancy-versions.ts';

export class MemoryVersions implements TenancyVersions {
  readonly versions = new Map<string, number>();
  broken = false;
  /** How many times current() was asked. */
  reads = 0;

  async current(orgId: string) {
    this.reads++;
    if (this.broken) throw new Error('redis is down');
    return this.versions.get(orgId) ?? 0;
  }

  async bump(orgId: string) {
    this.versions.set(orgId, (this.versions.get(orgId) ?? 0) + 1);
  }
}
