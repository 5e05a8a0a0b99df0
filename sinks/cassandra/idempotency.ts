/**
 * Idempotency-Key records, per organisation, for IDEMPOTENCY_KEY_LIFETIME_MS (every write carries it as
 * its TTL; the table's default is only a backstop). The first request claims the
 * key with a lightweight transaction, so exactly one of any number of concurrent identical requests
 * (across gateway processes) does the work. A claim left pending by a crashed gateway can be taken
 * over after a lease.
 *
 * Each claim writes its own claim_id. The client sends a statement that timed out once more
 * (client.ts), and the second try finds the first one's row; the id tells that row, which this
 * request holds, from another request's, which it must wait for.
 */
import { randomUUID } from 'node:crypto';
import cassandra from 'cassandra-driver';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../../core/policy.ts';
import type { IdempotencyOutcome, IdempotencyStore } from '../../core/ports/idempotency.ts';
import type { CassandraClient } from './client.ts';

export const PENDING_LEASE_MS = 60_000;
const LIFETIME_S = IDEMPOTENCY_KEY_LIFETIME_MS / 1000;

export class CassandraIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: CassandraClient) {}

  async claim(orgId: string, key: string, requestHash: string, now = new Date()): Promise<IdempotencyOutcome> {
    const claimId = cassandra.types.Uuid.fromString(randomUUID());
    const inserted = await this.db.execute(
      "INSERT INTO idempotency_keys (org_id, idem_key, request_hash, state, claimed_at, claim_id) VALUES (?, ?, ?, 'pending', ?, ?) IF NOT EXISTS USING TTL ?",
      [orgId, key, requestHash, now, claimId, LIFETIME_S],
    );
    const row = inserted.first();
    if (inserted.wasApplied() || holds(row, claimId)) return { kind: 'claimed', claimedAt: now };
    if (row.request_hash !== requestHash) return { kind: 'mismatch' };
    if (row.state === 'done')
      return { kind: 'replay', statusCode: row.status_code as number, response: row.response as string };
    const claimedAt = row.claimed_at as Date;
    if (now.getTime() - claimedAt.getTime() < PENDING_LEASE_MS) return { kind: 'in_flight' };
    const takeover = await this.db.execute(
      "UPDATE idempotency_keys USING TTL ? SET claimed_at = ?, claim_id = ? WHERE org_id = ? AND idem_key = ? IF state = 'pending' AND claimed_at = ? AND claim_id = ?",
      [LIFETIME_S, now, claimId, orgId, key, claimedAt, row.claim_id ?? null],
    );
    return takeover.wasApplied() || holds(takeover.first(), claimId)
      ? { kind: 'claimed', claimedAt: now }
      : { kind: 'in_flight' };
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

/** Whether a claim's "not applied" found its own pending row: the same claim sent twice. */
function holds(row: cassandra.types.Row | null, claimId: cassandra.types.Uuid): boolean {
  return row?.state === 'pending' && row.claim_id instanceof cassandra.types.Uuid && row.claim_id.equals(claimId);
}
