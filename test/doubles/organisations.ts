/** In-memory OrganisationStore for unit tests of the code around the store. */
import type { RomanisationForm } from '../../core/jobs/submission.ts';
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
  /** The jobs holding a credit. */
  readonly charged = new Set<string>();

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
  async chargeJobs(orgId: string, jobIds: string[]): Promise<string[] | null> {
    const org = this.orgs.get(orgId);
    if (!org) return null;
    const missing = jobIds.filter((id) => !this.charged.has(id));
    if (missing.length === 0) return [];
    if (org.credits <= 0 || org.credits < missing.length) return null;
    org.credits -= missing.length;
    for (const id of missing) this.charged.add(id);
    return missing;
  }
  async refundJobs(orgId: string, jobIds: string[]): Promise<void> {
    const org = this.orgs.get(orgId);
    if (!org) return;
    for (const id of jobIds) if (this.charged.delete(id)) org.credits += 1;
  }
  async setLimits(orgId: string, limits: Record<string, number>): Promise<void> {
    const org = this.orgs.get(orgId);
    if (org) org.limits = { ...org.limits, ...limits };
  }
  async setPlan(orgId: string, plan: Plan): Promise<void> {
    const org = this.orgs.get(orgId);
    if (org) org.plan = plan;
  }
  async setRomanisation(orgId: string, form: RomanisationForm): Promise<void> {
    const org = this.orgs.get(orgId);
    if (org) org.romanisation = form;
  }
  async webhookSecretFor(orgId: string, keyId: string | null): Promise<string | null> {
    const keys = [...this.keys.values()]
      .filter((k) => k.org_id === orgId && (keyId === null || k.key_id === keyId))
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    return keys[0]?.webhook_secret ?? null;
  }
}
