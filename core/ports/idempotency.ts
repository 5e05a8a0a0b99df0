/**
 * Idempotency-Key records per organisation, for the spec's 24 hours. The first request claims the
 * key, so exactly one of any number of concurrent identical requests (across gateway processes) does
 * the work; a claim left pending by a crashed gateway can be taken over after a lease.
 * Adapter: sinks/cassandra/idempotency.ts.
 */

export type IdempotencyOutcome =
  | { kind: 'claimed'; claimedAt: Date }
  | { kind: 'replay'; statusCode: number; response: string }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

export interface IdempotencyStore {
  claim(orgId: string, key: string, requestHash: string, now?: Date): Promise<IdempotencyOutcome>;
  complete(orgId: string, key: string, statusCode: number, response: string): Promise<void>;
  /** Gives the key up after a failed first request, so that a retry can claim it. */
  release(orgId: string, key: string): Promise<void>;
}
