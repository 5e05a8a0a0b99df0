/**
 * Organisations, plans, API keys and limit overrides: the types, the rules, and the port that
 * stores them (Cassandra in the service, an in-memory double in unit tests).
 */

import type { RomanisationForm } from './jobs/submission.ts';

export const PLANS = ['full', 'transcript'] as const;
export type Plan = (typeof PLANS)[number];

export const SCOPES = ['all', 'transcript-only'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Organisation {
  org_id: string;
  name: string;
  plan: Plan;
  credits: number;
  /** Per-organisation meter overrides, keyed `<meter>.<window>` (e.g. `read.minute`). */
  limits: Record<string, number>;
  /** The romanisation of a job that does not choose one. */
  romanisation: RomanisationForm;
  created_at: Date;
}

export interface ApiKeyRecord {
  key_id: string;
  key_hash: string;
  org_id: string;
  scope: Scope;
  webhook_secret: string;
  status: 'active' | 'revoked';
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
}

/** What an authenticated request knows about its caller. */
export interface Principal {
  org: Organisation;
  key: ApiKeyRecord;
}

export interface KeyWithOrganisation {
  key: ApiKeyRecord;
  /** Null if the organisation is gone (the key is then refused). */
  org: Organisation | null;
}

/** The key, then its organisation: two reads, for stores that keep nothing between requests. */
export async function keyWithOrganisation(
  store: Pick<OrganisationStore, 'findKeyByHash' | 'getOrganisation'>,
  keyHash: string,
): Promise<KeyWithOrganisation | null> {
  const key = await store.findKeyByHash(keyHash);
  return key ? { key, org: await store.getOrganisation(key.org_id) } : null;
}

/**
 * A key and its organisation as a gateway keeps them in memory, with the organisation's version
 * (core/ports/tenancy-versions.ts) they were read under. Nothing is read: whoever serves them must
 * confirm that version before acting on them.
 */
export interface KeptCredentials {
  /** Null when the key and its organisation are not both kept, under one version. */
  kept(keyHash: string): { found: KeyWithOrganisation; version: number } | null;
}

export interface OrganisationStore {
  createOrganisation(org: Organisation): Promise<void>;
  getOrganisation(orgId: string): Promise<Organisation | null>;
  createKey(key: ApiKeyRecord, keyPrefix: string): Promise<void>;
  findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** What authentication reads on every request: the key and its organisation (keyWithOrganisation). */
  findKeyWithOrganisation(keyHash: string): Promise<KeyWithOrganisation | null>;
  revokeKey(keyHash: string, at: Date): Promise<boolean>;
  /** Adds (or with a negative n removes) credits atomically; returns the new balance. */
  addCredits(orgId: string, n: number): Promise<number>;
  /**
   * Takes one credit for each of the jobs not charged before, atomically, if the balance is above 0
   * and covers them: the ids this call charged (a job an earlier attempt charged is not charged
   * again), or null when the balance does not cover them.
   */
  chargeJobs(orgId: string, jobIds: string[]): Promise<string[] | null>;
  /** Gives back the credit of each of the jobs that holds one; the others are skipped. */
  refundJobs(orgId: string, jobIds: string[]): Promise<void>;
  setLimits(orgId: string, limits: Record<string, number>): Promise<void>;
  setPlan(orgId: string, plan: Plan): Promise<void>;
  setRomanisation(orgId: string, form: RomanisationForm): Promise<void>;
  /**
   * The webhook_secret that signs deliveries for work a key submitted. Without a key id (records
   * from before keys were recorded), the organisation's oldest key. Null when the organisation has none.
   */
  webhookSecretFor(orgId: string, keyId: string | null): Promise<string | null>;
}

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function keyIsUsable(key: ApiKeyRecord, now: Date): boolean {
  if (key.status !== 'active') return false;
  return key.expires_at === null || key.expires_at.getTime() > now.getTime();
}
