/**
 * Idempotency-Key records, per organisation, for 24 hours (table TTL). The first request claims the
 * key with a lightweight transaction, so exactly one of any number of concurrent identical requests
 * (across gateway processes) does the work. A claim left pending by a crashed gateway can be taken
 * over after a lease.
 */
import type { IdempotencyOutcome, IdempotencyStore } from '../../core/ports/idempotency.ts';
import type { CassandraClient } from './client.ts';

export const PENDING_LEASE_MS = 60_000;

export class CassandraIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: CassandraClient) {}

  async claim(orgId: string, key: string, requestHash: string, now = new Date()): Promise<IdempotencyOutcome> {
    const inserted = await this.db.execute(
      "INSERT INTO idempotency_keys (org_id, idem_key, request_hash, state, claimed_at) VALUES (?, ?, ?, 'pending', ?) IF NOT EXISTS",
      [orgId, key, requestHash, now],
    );
    if (inserted.wasApplied()) return { kind: 'claimed', claimedAt: now };
    const row = inserted.first();
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done')
      return { kind: 'replay', statusCode: row.status_code as number, response: row.response as string };
    const claimedAt = row.claimed_at as Date;
    if (now.getTime() - claimedAt.getTime() < PENDING_LEASE_MS) return { kind: 'in_flight' };
    const takeover = await this.db.execute(
      "UPDATE idempotency_keys SET claimed_at = ? WHERE org_id = ? AND idem_key = ? IF state = 'pending' AND claimed_at = ?",
      [now, orgId, key, claimedAt],
    );
    return takeover.wasApplied() ? { kind: 'claimed', claimedAt: now } : { kind: 'in_flight' };
  }

  async complete(orgId: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.db.execute(
      "UPDATE idempotency_keys SET state = 'done', status_code = ?, response = ? WHERE org_id = ? AND idem_key = ?",
      [statusCode, response, orgId, key],
    );
  }

  /** Gives the key back after a request that created nothing, so a retry can run. */
  async release(orgId: string, key: string): Promise<void> {
    await this.db.execute("DELETE FROM idempotency_keys WHERE org_id = ? AND idem_key = ? IF state = 'pending'", [
      orgId,
      key,
    ]);
  }
}
