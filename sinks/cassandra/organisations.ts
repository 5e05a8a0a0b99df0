/** OrganisationStore on Cassandra. Credits are kept in the credit ledger (credit-ledger.ts). */

import { randomUUID } from 'node:crypto';
import type { RomanisationForm } from '../../core/jobs/submission.ts';
import {
  type ApiKeyRecord,
  type KeyWithOrganisation,
  keyWithOrganisation,
  type Organisation,
  type OrganisationStore,
  type Plan,
  type Scope,
} from '../../core/tenancy.ts';
import type { CassandraClient } from './client.ts';
import { CreditLedger, jobCreditEntry } from './credit-ledger.ts';

type Row = Record<string, unknown>;

function toOrganisation(row: Row, credits: number): Organisation {
  const limits = (row.limits as Record<string, number> | null) ?? {};
  return {
    org_id: row.org_id as string,
    name: row.name as string,
    plan: row.plan as Plan,
    credits,
    limits: { ...limits },
    // Organisations from before the setting had the standard form.
    romanisation: (row.romanisation as RomanisationForm | null) ?? 'standard',
    created_at: row.created_at as Date,
  };
}

function toKey(row: Row): ApiKeyRecord {
  return {
    key_id: row.key_id as string,
    key_hash: row.key_hash as string,
    org_id: row.org_id as string,
    scope: row.scope as Scope,
    webhook_secret: row.webhook_secret as string,
    status: row.status as 'active' | 'revoked',
    created_at: row.created_at as Date,
    expires_at: (row.expires_at as Date | null) ?? null,
    revoked_at: (row.revoked_at as Date | null) ?? null,
  };
}

export class CassandraOrganisationStore implements OrganisationStore {
  private readonly ledger: CreditLedger;

  constructor(private readonly db: CassandraClient) {
    this.ledger = new CreditLedger(db);
  }

  async createOrganisation(org: Organisation): Promise<void> {
    // The balance first: an organisation is never readable without one.
    await this.ledger.open(org.org_id, org.credits);
    await this.db.execute(
      'INSERT INTO organisations (org_id, name, plan, limits, romanisation, created_at) VALUES (?, ?, ?, ?, ?, ?) IF NOT EXISTS',
      [org.org_id, org.name, org.plan, org.limits, org.romanisation, org.created_at],
    );
  }

  async getOrganisation(orgId: string): Promise<Organisation | null> {
    const [result, credits] = await Promise.all([
      this.db.execute('SELECT * FROM organisations WHERE org_id = ?', [orgId]),
      this.ledger.balance(orgId),
    ]);
    const row = result.first();
    return row ? toOrganisation(row, credits) : null;
  }

  async createKey(key: ApiKeyRecord, keyPrefix: string): Promise<void> {
    await this.db.execute(
      `INSERT INTO api_keys (key_hash, key_id, org_id, scope, webhook_secret, status, created_at, expires_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        key.key_hash,
        key.key_id,
        key.org_id,
        key.scope,
        key.webhook_secret,
        key.status,
        key.created_at,
        key.expires_at,
        key.revoked_at,
      ],
    );
    await this.db.execute(
      'INSERT INTO api_keys_by_org (org_id, key_id, key_hash, key_prefix, scope, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [key.org_id, key.key_id, key.key_hash, keyPrefix, key.scope, key.created_at],
    );
  }

  findKeyWithOrganisation(keyHash: string): Promise<KeyWithOrganisation | null> {
    return keyWithOrganisation(this, keyHash);
  }

  async findKeyByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = (await this.db.execute('SELECT * FROM api_keys WHERE key_hash = ?', [keyHash])).first();
    return row ? toKey(row) : null;
  }

  async revokeKey(keyHash: string, at: Date): Promise<boolean> {
    const result = await this.db.execute(
      "UPDATE api_keys SET status = 'revoked', revoked_at = ? WHERE key_hash = ? IF EXISTS",
      [at, keyHash],
    );
    return result.wasApplied();
  }

  async addCredits(orgId: string, n: number): Promise<number> {
    if (!(await this.getOrganisation(orgId))) throw new Error(`no organisation ${orgId}`);
    const grant = await this.ledger.record(orgId, [`grant/${randomUUID()}`], n, () => true);
    return grant?.balance ?? (await this.ledger.balance(orgId));
  }

  async chargeJobs(orgId: string, jobIds: string[]): Promise<string[] | null> {
    const entries = jobIds.map(jobCreditEntry);
    const charged = await this.ledger.record(orgId, entries, -1, (balance, sum) => balance > 0 && balance + sum >= 0);
    return charged && jobIds.filter((_, i) => charged.recorded.includes(entries[i] as string));
  }

  async refundJobs(orgId: string, jobIds: string[]): Promise<void> {
    await this.ledger.erase(orgId, jobIds.map(jobCreditEntry));
  }

  async setLimits(orgId: string, limits: Record<string, number>): Promise<void> {
    await this.db.execute('UPDATE organisations SET limits = limits + ? WHERE org_id = ?', [limits, orgId]);
  }

  async webhookSecretFor(orgId: string, keyId: string | null): Promise<string | null> {
    const rows = keyId
      ? (
          await this.db.execute('SELECT key_hash, created_at FROM api_keys_by_org WHERE org_id = ? AND key_id = ?', [
            orgId,
            keyId,
          ])
        ).rows
      : (await this.db.execute('SELECT key_hash, created_at FROM api_keys_by_org WHERE org_id = ?', [orgId])).rows;
    const oldest = rows.sort((a, b) => (a.created_at as Date).getTime() - (b.created_at as Date).getTime())[0];
    if (!oldest) return null;
    return (await this.findKeyByHash(oldest.key_hash as string))?.webhook_secret ?? null;
  }

  async setPlan(orgId: string, plan: Plan): Promise<void> {
    await this.db.execute('UPDATE organisations SET plan = ? WHERE org_id = ?', [plan, orgId]);
  }

  async setRomanisation(orgId: string, form: RomanisationForm): Promise<void> {
    await this.db.execute('UPDATE organisations SET romanisation = ? WHERE org_id = ?', [form, orgId]);
  }
}
