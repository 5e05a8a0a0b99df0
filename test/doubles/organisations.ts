/** In-memory OrganisationStore for unit tests of the code around the store. */
import {
  type ApiKeyRecord,
  type KeyWithOrganisation,
  keyWithOrganisation,
  type Organisation,
  type OrganisationStore,
  type Plan,
} from '../../core/tenancy.ts';

export class MemoryOrganisationStore implements OrganisationStore {
  readonly orgs = new Map<string, Organisation>();
  readonly keys = new Map<string, ApiKeyRecord>();

  async createOrganisation(org: Organisation): Promise<void> {
    if (!this.orgs.has(org.org_id)) this.orgs.set(org.org_id, structuredClone(org));
  }
  async getOrganisation(orgId: string): Promise<Organisation | null> {
    const org = this.orgs.get(orgId);
    return org ? structuredClone(org) : null;
  }
  async createKey(key: ApiKeyRecord): Promise<void> {
    this.keys.set(key.key_hash, { ...key });
  }
  findKeyWithOrganisation(keyHash: string): Promise<KeyWithOrganisation | null> {
    return keyWithOrganisation(this, keyHash);
  }

  async findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const key = this.keys.get(keyHash);
    return key ? { ...key } : null;
  }
  async revokeKey(keyHash: string, at: Date): Promise<boolean> {
    const key = this.keys.get(keyHash);
    if (!key) return false;
    this.keys.set(keyHash, { ...key, status: 'revoked', revoked_at: at });
    return true;
  }
  async addCredits(orgId: string, n: number): Promise<number> {
    const org = this.orgs.get(orgId);
    if (!org) throw new Error(`no organisation ${orgId}`);
    org.credits += n;
    return org.credits;
  }
  async spendCredits(orgId: string, n: number): Promise<boolean> {
    const org = this.orgs.get(orgId);
    if (!org || org.credits <= 0 || org.credits < n) return false;
    org.credits -= n;
    return true;
  }
  async setLimits(orgId: string, limits: Record<string, number>): Promise<void> {
    const org = this.orgs.get(orgId);
    if (org) org.limits = { ...org.limits, ...limits };
  }
  async setPlan(orgId: string, plan: Plan): Promise<void> {
    const org = this.orgs.get(orgId);
    if (org) org.plan = plan;
  }
  async webhookSecretFor(orgId: string, keyId: string | null): Promise<string | null> {
    const keys = [...this.keys.values()]
      .filter((k) => k.org_id === orgId && (keyId === null || k.key_id === keyId))
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    return keys[0]?.webhook_secret ?? null;
  }
}
