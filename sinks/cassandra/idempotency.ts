/**
 * Idempotency-Key records, per organisation, for IDEMPOTENCY_KEY_LIFETIME_MS (every write carries it as
 * its TTL; the table's default is only a backstop). The first request claims the
 * key with a lightweight transaction, so exactly one of any number of concurrent identical requests
 * (across gateway processes) does the work. A claim left pending by a crashed gateway can be taken
 * over after a lease.
 */
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../../core/policy.ts';
import type { IdempotencyOutcome, IdempotencyStore } from '../../core/ports/idempotency.ts';
import type { CassandraClient } from './client.ts';

export const PENDING_LEASE_MS = 60_000;
const LIFETIME_S = IDEMPOTENCY_KEY_LIFETIME_MS / 1000;

export class CassandraIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: CassandraClient) {}

  async claim(orgId: string, key: string, requestHash: string, now = new Date()): Promise<IdempotencyOutcome> {
    const inserted = await this.db.execute(
      "INSERT INTO idempotency_keys (org_id, idem_key, request_hash, state, claimed_at) VALUES (?, ?, ?, 'pending', ?) IF NOT EXISTS USING TTL ?",
      [orgId, key, requestHash, now, LIFETIME_S],
    );
    if (inserted.wasApplied()) return { kind: 'claimed', claimedAt: now };
    const row = inserted.first();
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done')
      return { kind: 'replay', statusCode: row.status_code as number, response: row.response as string };
    const claimedAt = row.claimed_at as Date;
    if (now.getTime() - claimedAt.getTime() < PENDING_LEASE_MS) return { kind: 'in_flight' };
    const takeover = await this.db.execute(
      "UPDATE idempotency_keys USING TTL ? SET claimed_at = ? WHERE org_id = ? AND idem_key = ? IF state = 'pending' AND claimed_at = ?",
      [LIFETIME_S, now, orgId, key, claimedAt],
    );
    return takeover.wasApplied() ? { kind: 'claimed', claimedAt: now } : { kind: 'in_flight' };
  }

  async complete(orgId: string, key: string, statusCode: number, response: string): Promise<void> {
    await this.db.execute(
      "UPDATE idempotency_keys USING TTL ? SET state = 'done', status_code = ?, response = ? WHERE org_id = ? AND idem_key = ?",
      [LIFETIME_S, statusCode, response, orgId, key],
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
