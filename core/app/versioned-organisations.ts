/**
 * The organisation store as authentication reads it on every request (findKeyWithOrganisation):
 * a key and its organisation are kept in memory and served while the organisation's version
 * (TenancyVersions) stands still, so a request costs one counter read instead of two record reads. Every change goes
 * through here and moves the version after it is stored, so a revoked key, new credits or new
 * limits take effect at the next request on every gateway.
 *
 * The version is read before the record it guards: a change that lands in between moves the
 * version past the one kept, and the next request reads the record again. A key is kept only once
 * its organisation is known (its first use reads it straight through), for the same reason. If
 * the version cannot be read, records are read straight through. KEEP_MS bounds how long a record
 * may be kept even so, should a version move ever be lost (a change made while Redis was down).
 *
 * kept() hands out the kept records with the version they were kept under, reading nothing: a
 * metered read confirms that version inside its meter call (Meter.consumeIfCurrent), so it pays
 * one Redis round trip for both instead of two.
 */

import type { RomanisationForm } from '../jobs/submission.ts';
import type { TenancyVersions } from '../ports/tenancy-versions.ts';
import {
  type ApiKeyRecord,
  type KeptCredentials,
  type KeyWithOrganisation,
  keyWithOrganisation,
  type Organisation,
  type OrganisationStore,
  type Plan,
} from '../tenancy.ts';

const KEEP_MS = 60_000;
/** Entries kept per kind; the oldest is dropped beyond this. */
const MAX_ENTRIES = 50_000;

interface Kept<T> {
  value: T;
  version: number;
  at: number;
}

class Shelf<T> {
  private readonly entries = new Map<string, Kept<T>>();

  get(id: string, version: number, now: number): T | undefined {
    const kept = this.peek(id, now);
    return kept && kept.version === version ? kept.value : undefined;
  }

  /** The entry whatever its version, while it is young enough to be served at all. */
  peek(id: string, now: number): Kept<T> | undefined {
    const kept = this.entries.get(id);
    return kept && now - kept.at < KEEP_MS ? kept : undefined;
  }

  put(id: string, value: T, version: number, now: number): void {
    this.entries.delete(id);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { value, version, at: now });
  }
}

export class VersionedOrganisationStore implements OrganisationStore, KeptCredentials {
  private readonly keys = new Shelf<ApiKeyRecord>();
  private readonly orgs = new Shelf<Organisation | null>();
  /** A key's organisation never changes, so it is remembered once seen. */
  private readonly orgOfKey = new Map<string, string>();

  constructor(
    private readonly inner: OrganisationStore,
    private readonly versions: TenancyVersions,
    private readonly now = () => Date.now(),
  ) {}

  /** The organisation's version, or null when it cannot be read (then nothing is kept or served). */
  private async version(orgId: string): Promise<number | null> {
    try {
      return await this.versions.current(orgId);
    } catch {
      return null;
    }
  }

  /**
   * The key and its organisation under one version read: served from memory while the version
   * stands still, otherwise read through and kept under the version read before the records.
   */
  async findKeyWithOrganisation(keyHash: string): Promise<KeyWithOrganisation | null> {
    const orgId = this.orgOfKey.get(keyHash);
    const version = orgId === undefined ? null : await this.version(orgId);
    if (orgId !== undefined && version !== null) {
      const now = this.now();
      const key = this.keys.get(keyHash, version, now);
      const org = this.orgs.get(orgId, version, now);
      if (key !== undefined && org !== undefined) return key ? { key, org } : null;
    }
    const found = await keyWithOrganisation(this.inner, keyHash);
    if (found) {
      if (this.orgOfKey.size >= MAX_ENTRIES) this.orgOfKey.delete(this.orgOfKey.keys().next().value!);
      this.orgOfKey.set(keyHash, found.key.org_id);
      if (version !== null && orgId === found.key.org_id) {
        this.keys.put(keyHash, found.key, version, this.now());
        this.orgs.put(found.key.org_id, found.org, version, this.now());
      }
    }
    return found;
  }

  kept(keyHash: string): { found: KeyWithOrganisation; version: number } | null {
    const orgId = this.orgOfKey.get(keyHash);
    if (orgId === undefined) return null;
    const now = this.now();
    const key = this.keys.peek(keyHash, now);
    const org = this.orgs.peek(orgId, now);
    // Kept by one read-through, under one version: a key and organisation kept under different
    // versions were never seen together.
    if (!key || !org?.value || key.version !== org.version) return null;
    return { found: { key: key.value, org: org.value }, version: key.version };
  }

  findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    return this.inner.findKeyByHash(keyHash);
  }

  getOrganisation(orgId: string): Promise<Organisation | null> {
    return this.inner.getOrganisation(orgId);
  }

  createOrganisation(org: Organisation): Promise<void> {
    return this.inner.createOrganisation(org);
  }

  createKey(key: ApiKeyRecord, keyPrefix: string): Promise<void> {
    return this.inner.createKey(key, keyPrefix);
  }

  webhookSecretFor(orgId: string, keyId: string | null): Promise<string | null> {
    return this.inner.webhookSecretFor(orgId, keyId);
  }

  async revokeKey(keyHash: string, at: Date): Promise<boolean> {
    const key = await this.inner.findKeyByHash(keyHash);
    const revoked = await this.inner.revokeKey(keyHash, at);
    // A version that cannot be moved fails the revocation loudly: other gateways could keep the
    // key for KEEP_MS, so the operator must hear it and revoke again (revoking twice is harmless).
    if (key) await this.versions.bump(key.org_id);
    return revoked;
  }

  async addCredits(orgId: string, n: number): Promise<number> {
    const balance = await this.inner.addCredits(orgId, n);
    await this.versions.bump(orgId);
    return balance;
  }

  async chargeJobs(orgId: string, jobIds: string[]): Promise<string[] | null> {
    const charged = await this.inner.chargeJobs(orgId, jobIds);
    // The credits are taken, and the jobs that took them must still be created: a version that
    // cannot be moved only leaves a kept balance stale, and the kept balance is never what decides
    // (it answers the early check; the atomic charge decides), for KEEP_MS at most.
    if (charged?.length) await this.versions.bump(orgId).catch(() => undefined);
    return charged;
  }

  async refundJobs(orgId: string, jobIds: string[]): Promise<void> {
    await this.inner.refundJobs(orgId, jobIds);
    await this.versions.bump(orgId).catch(() => undefined);
  }

  async setLimits(orgId: string, limits: Record<string, number>): Promise<void> {
    await this.inner.setLimits(orgId, limits);
    await this.versions.bump(orgId);
  }

  async setPlan(orgId: string, plan: Plan): Promise<void> {
    await this.inner.setPlan(orgId, plan);
    await this.versions.bump(orgId);
  }

  async setRomanisation(orgId: string, form: RomanisationForm): Promise<void> {
    await this.inner.setRomanisation(orgId, form);
    await this.versions.bump(orgId);
  }
}
